# np.convolve / np.correlate, which the device computes by FFT where the
# data lies (irfft(rfft(a) * rfft(w)) at a 2^a 3^b 5^c length, integers
# rounded back): every mode, either argument longer, integers, float32.
# Values rounded (and -0. made 0.) as an FFT's last bits differ from
# direct sums.  tests/devsearch.test runs the FFT path on the host too.
import numpy as np
a = np.array([1.0, 2, 3, 4, 5])
v = np.array([0.5, -1, 2])
for m in ("full", "same", "valid"):
    print(m, (np.round(np.convolve(a, v, m), 10) + 0.0), (np.round(np.convolve(v, a, m), 10) + 0.0), (np.round(np.correlate(a, v, m), 10) + 0.0), (np.round(np.correlate(v, a, m), 10) + 0.0))
print(np.convolve(np.arange(6), np.array([1, 2, 3])), np.correlate(np.arange(6), np.array([1, 2])), np.convolve(np.arange(5), np.arange(5)).dtype)
f = np.arange(7, dtype=np.float32) / 3
print((np.round(np.convolve(f, f[:3]), 5) + 0.0), np.convolve(f, f[:3]).dtype, np.convolve([1, 2], [3]))
