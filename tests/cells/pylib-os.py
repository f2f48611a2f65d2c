# os.path's string functions (posixpath rules), os.environ, getenv, OSError subclasses
import os, os.path
print(os.path.join("a", "b", "/c", "d"), os.path.join("a/", "b"), os.path.join("", "x"))
for p in ["/a/b/c.txt", "a.tar.gz", ".bashrc", "/", "//x", "a/b/", "", "..a"]:
    print(repr(p), os.path.split(p), os.path.splitext(p), os.path.basename(p), os.path.dirname(p))
for p in ["a/./b/../c", "/../x", "//a//b", "///a", "", "../..", "a/.."]:
    print(repr(p), os.path.normpath(p))
print(os.sep, os.path.isabs("/x"), os.path.exists("/nonexistent"))
try:
    os.listdir("/nonexistent")
except FileNotFoundError as e:
    print("FNF", e)
try:
    os.remove("/nonexistent/x")
except OSError as e:
    print(type(e).__name__, e)
os.environ["LUMEN_T"] = "1"
print(os.environ["LUMEN_T"], os.getenv("LUMEN_T"), os.getenv("NOPE_X", "d"), os.environ.get("NOPE_X"))
print(os.environ.setdefault("LUMEN_T2", "v"), os.getenv("LUMEN_T2"))
del os.environ["LUMEN_T"]
print(os.getenv("LUMEN_T"), "LUMEN_T2" in os.environ, len(os.environ) > 0)
print(os.environ.pop("LUMEN_T2"), os.getenv("LUMEN_T2"), os.environ.pop("LUMEN_T2", "gone"))
os.environ.update({"LUMEN_U": "u"}, LUMEN_V="v")
print(os.getenv("LUMEN_U"), os.getenv("LUMEN_V"), os.environ.get("LUMEN_U"))
try:
    os.environ["LUMEN_BAD"] = 1
except TypeError as e:
    print(e)
try:
    os.path.join("a", 1)
except TypeError as e:
    print(e)
print(os.path.expanduser("~nosuchuser_xyz/a"), os.path.expanduser("x/~"), os.path.isabs("rel"), os.path.normpath("a/b/../../.."))
print(os.name, os.sep, os.linesep == "\n", os.pathsep, os.curdir, os.pardir, os.devnull)
