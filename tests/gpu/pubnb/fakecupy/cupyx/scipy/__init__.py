# fakecupy/cupyx.scipy — SciPy's modules under cupyx.scipy's names (run.py --host)
import sys as _sys
import scipy.fft as fft  # noqa: F401
import scipy.linalg as linalg  # noqa: F401
import scipy.ndimage as ndimage  # noqa: F401
import scipy.signal as signal  # noqa: F401
import scipy.sparse as sparse  # noqa: F401
import scipy.special as special  # noqa: F401
import scipy.stats as stats  # noqa: F401
for _m in ("fft", "linalg", "ndimage", "signal", "sparse", "special", "stats"):
    _sys.modules["cupyx.scipy." + _m] = globals()[_m]
