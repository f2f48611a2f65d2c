# np.savetxt: fmt (one, per column, a whole row), delimiter, newline, header,
# footer, comments, complex columns; to a file object and to a path
import io
import os
import tempfile
import numpy as np


def sv(X, **k):
    s = io.StringIO()
    try:
        np.savetxt(s, X, **k)
        print(repr(s.getvalue()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


x = np.array([[1.5, 2.0], [3.0, -4.25]])
sv(x)
sv(x, fmt="%d")
sv(x, fmt="%.2f", delimiter=",")
sv(x, fmt=["%.1f", "%g"])
sv(x, fmt=("%5.1f", "%-8.3e"), delimiter="|")
sv(x, fmt="%.1f %.2f")
sv(x, fmt="%.1f %.2f %f")
sv(x, fmt=["%.1f"])
sv(x, fmt=3)
sv(np.arange(3))
sv(np.arange(3), fmt="%d")
sv(np.arange(6).reshape(2, 3), fmt="%5d", header="a b\nc", footer="end\nreally", comments="// ")
sv(x, newline=";", header="h")
sv(x, newline="\r\n", fmt="%s")
sv(np.array([1 + 2j, 3 - 4j]))
sv(np.array([[1 + 2j, 3 - 4j]]), fmt="%.1f")
sv(np.array([[1 + 2j, 3 - 4j]]), fmt="%.1f%+.1fj %.1f%+.1fj")
sv(np.array([[1 + 2j, 3 - 4j]], dtype=np.complex64), fmt="%.3g")
sv(np.array(5))
sv(np.zeros((2, 2, 2)))
sv(np.array([True, False]), fmt="%d")
sv(np.arange(3, dtype=np.float32), fmt="%s")
sv(np.arange(3), fmt="%s")
sv(np.array([0.1, 1 / 3]), fmt="%r")
sv(np.array([255, 7], dtype=np.uint8), fmt="%x")
sv([[1, 2], [3, 4]], fmt="%i")
sv(np.arange(2), fmt="%d", delimiter=",", header="x")
sv(np.arange(2.0), fmt="%d%%")
sv(np.arange(4.0).reshape(2, 2)[:, ::-1], fmt="%.0f")
sv(np.array([[1.0, 2.0]]), fmt="%s %d %s")
sv(np.zeros((0, 3)))
sv(np.zeros((2, 0)), header="empty")

d = tempfile.mkdtemp()
p = os.path.join(d, "out.txt")
a = np.arange(12.0).reshape(3, 4) / 7
np.savetxt(p, a, delimiter=",", header="c0,c1,c2,c3")
with open(p) as f:
    print(f.read())
b = np.loadtxt(p, delimiter=",")
print(np.array_equal(a, b), b.dtype, b.shape)
np.savetxt(p, np.arange(5), fmt="%d")
print(repr(np.loadtxt(p, dtype=int)))
os.remove(p)
os.rmdir(d)

# binary streams get the text encoded (latin-1 unless encoding= says)
b = io.BytesIO()
np.savetxt(b, np.arange(4).reshape(2, 2), fmt="%d", header="h\u00e9")
print(b.getvalue())
b.seek(0)
print(np.loadtxt(b, dtype=int, encoding="latin1"))
b = io.BytesIO()
np.savetxt(b, np.array([0.5]), header="\u00e9", encoding="utf-8")
print(b.getvalue())
d = tempfile.mkdtemp()
p = os.path.join(d, "x.txt")
with open(p, "wb") as f:
    np.savetxt(f, np.array([1.5, 2.5]))
print(np.loadtxt(p))
os.remove(p)
os.rmdir(d)
