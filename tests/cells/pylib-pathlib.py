# pathlib.Path: CPython's parsing, / and joinpath, name/stem/suffixes/parent/parts, file-system methods
from pathlib import Path
import os, tempfile
for s in ["a//b/./c", "", ".", "/", "//a", "///a", "a/b/", "../x", "/a/b.tar.gz", "a/.bashrc", "a/b."]:
    p = Path(s)
    print(repr(p), str(p), p.name, p.stem, p.suffix, p.suffixes, p.parent, p.parts)
p = Path("data") / "raw" / "x.csv"
print(p, "base" / Path("f"), Path("a", "b", "/c", "d"), p.joinpath("z", Path("w")), p.with_suffix(".json"), p.with_name("y.txt"), p.with_suffix(""))
print(Path("a") == Path("a/"), Path("a") < Path("b"), sorted([Path("b"), Path("a/b"), Path("a-b")]), Path("x") == "x", p.is_absolute(), Path("/q").is_absolute())
print(Path, Path.home() == Path(os.environ["HOME"]), Path.cwd() == Path(os.getcwd()))
try:
    p.with_suffix("json")
except ValueError as e:
    print(e)
with tempfile.TemporaryDirectory() as td:
    base = Path(td)
    out = base / "out" / "deep"
    out.mkdir(parents=True)
    out.mkdir(parents=True, exist_ok=True)
    try:
        out.mkdir()
    except FileExistsError as e:
        print("exists", str(e).replace(td, "TD"))
    f = out / "note.txt"
    print(f.write_text("héllo\nworld"), f.read_text(), f.exists(), f.is_file(), out.is_dir())
    (out / "b.bin").write_bytes(b"\x00\x01")
    (out / ".hid").touch()
    print((out / "b.bin").read_bytes(), sorted(x.name for x in out.iterdir()), sorted(x.name for x in out.glob("*")))
    print(sorted(str(x.relative_to(base)) if False else x.name for x in base.glob("out/*/*.txt")))
    g = f.rename(out / "renamed.txt")
    print(g.name, f.exists(), g.exists(), os.path.exists(str(g)), os.path.getsize(g))
    g.unlink(); g.unlink(missing_ok=True)
    try:
        g.unlink()
    except FileNotFoundError as e:
        print("FNF", str(e).replace(td, "TD"))
    print(Path(td).resolve() == Path(os.path.realpath(td)), Path("~").expanduser() == Path.home())
from collections import deque
d = {Path("a/b"): 1}
print(d[Path("a//b")], Path("x") in [Path("x")], len({Path("a"): 1, Path("a/"): 2}))
try:
    hash(deque())
except TypeError as e:
    print(e)
