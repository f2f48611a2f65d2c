# io.StringIO / io.BytesIO, print(file=), json.dump/load through them
import io, json
s = io.StringIO()
print(s.write("héllo\n"), s.write("world\nlast"), s.tell())
print(repr(s.getvalue()))
s.seek(0)
print(repr(s.readline()), repr(s.read(3)), s.tell(), repr(s.read()), repr(s.read()))
s.seek(0)
print(s.readlines())
s.seek(0)
for line in s:
    print(repr(line))
print("x", 1, 2.5, sep=",", file=s)
print(repr(s.getvalue()))
s.close()
print(s.closed)
try:
    s.write("x")
except ValueError as e:
    print(e)
with io.StringIO("a\nb\n") as f:
    print(list(f), f.closed)
print(f.closed)
b = io.BytesIO(b"abc")
print(b.read(2), b.tell(), b.write(b"XYZ"), b.getvalue())
b.seek(0, 2); print(b.tell()); b.seek(1); print(b.read())
try:
    b.write("s")
except TypeError as e:
    print(e)
try:
    io.StringIO().write(5)
except TypeError as e:
    print(e)
buf = io.StringIO()
json.dump({"a": [1, 2]}, buf, indent=1)
buf.seek(0)
print(json.load(buf), repr(buf.getvalue()))
t = io.StringIO("0123456789")
t.seek(4); t.truncate(); print(repr(t.getvalue()), t.tell())
t.writelines(["x", "y"]); print(repr(t.getvalue()))
