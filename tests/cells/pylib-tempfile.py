# tempfile and os file operations: mkdtemp, mkstemp, TemporaryDirectory, makedirs, listdir, rename, walk, chdir
import tempfile, os, json
d = tempfile.mkdtemp(prefix="lumen_", suffix=".d")
print(os.path.isdir(d), os.path.basename(d).startswith("lumen_"), d.endswith(".d"), len(os.path.basename(d)))
fd, p = tempfile.mkstemp(suffix=".txt", dir=d)
os.close(fd)
print(os.path.isfile(p), os.path.dirname(p) == d, os.path.getsize(p))
os.remove(p)
os.rmdir(d)
print(os.path.exists(d), tempfile.gettempdir())
with tempfile.TemporaryDirectory() as td:
    print(os.path.isdir(td), os.listdir(td))
    sub = os.path.join(td, "a", "b")
    os.makedirs(sub)
    os.makedirs(sub, exist_ok=True)
    try:
        os.makedirs(sub)
    except FileExistsError as e:
        print("FileExistsError", str(e).replace(td, "TD"))
    os.mkdir(os.path.join(td, "c"))
    print(sorted(os.listdir(td)))
    os.rename(os.path.join(td, "c"), os.path.join(td, "d"))
    print(sorted(os.listdir(td)), [sorted(x[1]) for x in os.walk(td)])
    old = os.getcwd()
    os.chdir(td)
    print(os.getcwd() == os.path.realpath(td), os.path.abspath("x") == os.path.join(os.path.realpath(td), "x"))
    os.chdir(old)
print(os.path.exists(td))
t = tempfile.TemporaryDirectory()
print(os.path.isdir(t.name)); t.cleanup(); print(os.path.isdir(t.name))
try:
    os.rmdir("/nonexistent_dir_x")
except FileNotFoundError as e:
    print(e)
try:
    os.rename("/nonexistent_a", "/nonexistent_b")
except OSError as e:
    print(type(e).__name__, e)
print(os.cpu_count() > 0, os.getpid() > 0, os.path.expanduser("~") == os.environ["HOME"], os.path.expanduser("~/x")[-2:])
