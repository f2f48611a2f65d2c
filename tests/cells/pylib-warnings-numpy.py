# warnings filters decide NumPy's RuntimeWarnings (divide by zero ...)
# cells: skip-gpu CuPy does not warn on floating-point errors
import warnings
import numpy as np
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    np.array([1.0, 2.0]) / 0
    np.log(np.array([-1.0]))
    print(len(w), [str(x.message) for x in w], [x.category.__name__ for x in w])
with warnings.catch_warnings(record=True) as w:
    warnings.filterwarnings("ignore", category=RuntimeWarning)
    np.array([1.0]) / 0
    print(len(w))
warnings.filterwarnings("ignore")
print(np.array([1.0]) / 0, np.log(np.array([0.0])))
