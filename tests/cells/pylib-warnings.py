# warnings: categories, filters (ignore/error/always/default with message patterns), catch_warnings(record=True)
import warnings
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    warnings.warn("rec1")
    warnings.warn("rec2", RuntimeWarning)
    warnings.warn(DeprecationWarning("as instance"))
    print(len(w), [str(x.message) for x in w], [x.category.__name__ for x in w], w[0].lineno)
    print(str(w[0]).replace(w[0].filename, "FILE"))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("default")
    for i in range(3):
        warnings.warn("once per line")
    warnings.warn("pending", PendingDeprecationWarning)
    print(len(w))
with warnings.catch_warnings(record=True) as w:
    warnings.filterwarnings("ignore", message="skip")
    warnings.filterwarnings("always")
    warnings.warn("skip this")
    warnings.warn("SKIP too")
    warnings.warn("keep this", FutureWarning)
    print([str(x.message) for x in w])
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    warnings.warn("hidden")
warnings.filterwarnings("error", message="bad.*")
try:
    warnings.warn("bad thing")
except UserWarning as e:
    print("raised", type(e).__name__, e)
try:
    warnings.warn("bad", category=int)
except TypeError as e:
    print(e)
warnings.resetwarnings()
with warnings.catch_warnings(record=True) as w:
    warnings.warn("after reset", UserWarning, stacklevel=1)
    print(len(w), w[0].category is UserWarning)
print(issubclass(RuntimeWarning, Warning) if False else isinstance(UserWarning("x"), Warning), isinstance(UserWarning("x"), Exception))
