# json: dumps options byte for byte as CPython, loads, JSONDecodeError messages
import json
import sys
data = {"name": "Lumen", "vals": [1, 2.5, None, True, False], "nested": {"a": [], "b": {}}, "u": "héllo \"q\" \n\t\x01 😀"}
print(json.dumps(data))
print(json.dumps(data, indent=2))
print(json.dumps(data, indent="\t", sort_keys=True))
print(json.dumps(data, separators=(",", ":"), ensure_ascii=False))
print(json.dumps([1e16, 0.1, -0.0, float("inf"), float("nan"), 10**30, 1.5e-7]))
print(json.dumps({1: "a", 2.5: "b", True: "c", None: "d"}))
print(json.dumps((1, 2)), json.dumps("x"), json.dumps(None), json.dumps([]), json.dumps({}, indent=2), json.dumps([[]], indent=2))
try:
    json.dumps({(1, 2): 3})
except TypeError as e:
    print(e)
try:
    json.dumps(object)
except TypeError as e:
    print(e)
try:
    json.dumps(float("nan"), allow_nan=False)
except ValueError as e:
    # CPython 3.12 appends ": nan" (Lumen's sys.version_info is 3.11)
    print(str(e).removesuffix(": nan"), str(e).endswith(": nan") == (sys.version_info >= (3, 12)))
print(json.dumps(data, default=str, sort_keys=True)[:30])
s = json.dumps(data)
back = json.loads(s)
print(back == data, back)
print(json.loads('  {"a": [1, 2.0, -3e2, 1E3, "\\u00e9\\ud83d\\ude00"], "b": null, "c": true} '))
print(json.loads("123456789012345678901234567890"), json.loads("-0"), json.loads("NaN"), json.loads('"\\/"'))
for bad in ["", "{", "[1,]", '{"a" 1}', "[1 2]", "{'a': 1}", '"abc', "1 2", "tru", '{"a":1,}', "[\n1,\nx]"]:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print(repr(bad), "->", e)
    except ValueError as e:
        print("VE", e)
