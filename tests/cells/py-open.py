# open(): text and binary files, read/readline/readlines/iteration/write/writelines/seek/tell,
# with, and CPython's errors (FileNotFoundError, IsADirectoryError, FileExistsError, closed file)

fn = "test.txt"
with open(fn, "w") as fh:
    print(fh.write("hello\n"), fh.write("wörld\nlast"))
    print(fh.closed, fh.name, fh.mode)
print(fh.closed)
with open(fn) as fh:
    print(repr(fh.read()))
with open(fn) as fh:
    print(repr(fh.readline()), repr(fh.readline()), repr(fh.readline()), repr(fh.readline()))
with open(fn, "r") as fh:
    print(fh.readlines())
with open(fn) as fh:
    for line in fh:
        print("line:", line.rstrip())
with open(fn, "a") as fh:
    fh.writelines(["\nx", "y\n"])
with open(fn) as fh:
    print(repr(fh.read(3)), repr(fh.read(4)), fh.tell())
    fh.seek(0)
    print(len(fh.read()))
with open("b.bin", "wb") as fh:
    fh.write(b"\x00\x01abc")
with open("b.bin", "rb") as fh:
    print(fh.read(), fh.read())
fh = open(fn)
data = fh.read()
fh.close()
print(len(data), data.count("\n"))
try:
    fh.read()
except ValueError as e:
    print(e)
try:
    open("missing.txt")
except FileNotFoundError as e:
    print(type(e).__name__, e, e.errno, e.filename, e.args)
except OSError:
    print("no")
try:
    open(".")
except IsADirectoryError as e:
    print(e)
try:
    open(fn, "x")
except FileExistsError as e:
    print(e)
try:
    open(fn, "rw")
except ValueError as e:
    print(e)
with open(fn, "w") as fh:
    try:
        fh.read()
    except OSError as e:
        print("OSError", e)
    try:
        fh.write(3)
    except TypeError as e:
        print(e)
import numpy as np
np.save("a.npy", np.arange(3))
print(np.load("a.npy"))

with open("lines.txt", "w") as fh:
    for i in range(5):
        fh.write(f"{i},{i * i}\n")
rows = [tuple(int(v) for v in line.split(",")) for line in open("lines.txt")]
print(rows)
total = 0
with open("lines.txt") as fh:
    header = next(fh)
    for line in fh:
        total += int(line.split(",")[1])
print(header.strip(), total)
open("missing-file.csv")
