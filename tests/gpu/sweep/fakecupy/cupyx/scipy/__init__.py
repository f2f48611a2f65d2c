# fakecupy/cupyx.scipy — SciPy's modules under cupyx.scipy's names
import scipy.ndimage as ndimage  # noqa: F401
import scipy.signal as signal  # noqa: F401
import scipy.special as special  # noqa: F401
import scipy.linalg as linalg  # noqa: F401
