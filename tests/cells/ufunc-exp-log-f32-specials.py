# float32 exp and log where many lanes leave NumPy's vector core (NaN, infinities,
# zeros, negatives, past exp's range, denormal results) scattered at random through
# every block: each item's bits (a position-weighted checksum), and a few of them.
import numpy as np

rng = np.random.default_rng(11)
n = 200003
x = ((rng.random(n) - 0.5) * 240).astype(np.float32)
pick = rng.random(n)
x[pick < 0.05] = np.nan
x[(pick >= 0.05) & (pick < 0.08)] = np.inf
x[(pick >= 0.08) & (pick < 0.11)] = -np.inf
x[(pick >= 0.11) & (pick < 0.14)] = 0.0
x[(pick >= 0.14) & (pick < 0.16)] = -0.0
x[(pick >= 0.16) & (pick < 0.18)] = np.float32(1e-42)
w = np.arange(1, n + 1, dtype=np.uint64)
with np.errstate(all="ignore"):
    for f in (np.exp, np.log):
        for name, v in (("mixed", x), ("abs", np.abs(x)), ("strided", x[::3]), ("reversed", x[::-1])):
            y = f(v)
            b = y.view(np.uint32).astype(np.uint64)
            print(f.__name__, name, int((b * w[: b.size] % 1000000007).sum()), y[:6])
