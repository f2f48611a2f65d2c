# glob, shutil and string: pattern expansion with Python's hidden-file rule, copies, moves, trees; os.open/os.write
import glob, shutil, string, os, tempfile
print(string.ascii_letters, string.digits, repr(string.punctuation), repr(string.whitespace), len(string.printable))
with tempfile.TemporaryDirectory() as td:
    os.chdir(td)
    for d in ["a", "b", "a/sub"]:
        os.makedirs(d, exist_ok=True)
    for f in ["a/x.txt", "a/y.csv", "b/z.txt", "a/sub/w.txt", "top.txt", ".hidden.txt", "a/.h.txt"]:
        fd = os.open(f, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.write(fd, f.encode())
        os.close(fd)
    print(sorted(glob.glob("*.txt")), sorted(glob.glob("*")), sorted(glob.glob(".*")))
    print(sorted(glob.glob("*/*.txt")), sorted(glob.glob("a/*")), sorted(glob.glob("*/")), sorted(glob.glob("?/s*/*.t?t")))
    print(glob.glob("nope*"), glob.glob("a/x.txt"), glob.glob("a/nothing.txt"), sorted(glob.iglob("b/*")), glob.escape("a*b?[c]"))
    print(shutil.copy("top.txt", "b"), shutil.copyfile("top.txt", "copy.txt"), os.path.getsize("copy.txt"))
    print(shutil.copy2("a/x.txt", "x2.txt"), shutil.move("x2.txt", "b"), sorted(os.listdir("b")))
    shutil.copytree("a", "c")
    print(sorted(os.listdir("c")), sorted(os.listdir("c/sub")))
    shutil.rmtree("c")
    print(os.path.exists("c"), shutil.which("sh") is not None, shutil.which("definitely-not-a-cmd"))
    try:
        shutil.rmtree("nonexistent")
    except FileNotFoundError as e:
        print(e)
    shutil.rmtree("nonexistent", ignore_errors=True)
    u = shutil.disk_usage(".")
    print(u.total > 0, u.total >= u.free)
    os.chdir("/")
