# __import__ and importlib.import_module: the module or its top package,
# fromlist, relative names resolved against package, and the errors
import importlib
import os

m = __import__('json')
print(m.__name__, m.dumps([1, 2]))
print(__import__('os.path') is os, __import__('os.path', fromlist=['join']) is os.path)
print(__import__('math', globals(), locals(), [], 0).sqrt(16.0))
print(importlib.import_module('os.path') is os.path, importlib.import_module('collections').deque([1]))
print(importlib.import_module('numpy').arange(3), importlib.import_module('..path', 'os.x') is os.path)
print(importlib.import_module('.path', 'os') is os.path)
importlib.invalidate_caches()

bad = [
    lambda: importlib.import_module('.x'),
    lambda: importlib.import_module(''),
    lambda: importlib.import_module(3),
    lambda: importlib.import_module('nosuch_mod'),
    lambda: importlib.import_module('...x', 'a'),
    lambda: importlib.import_module('.x', 5),
    lambda: __import__('x', level=1),
    lambda: __import__('x', globals(), level=1),
    lambda: __import__(3),
    lambda: __import__(''),
    lambda: __import__('os', level=-1),
    lambda: __import__('nosuch_mod'),
]
for f in bad:
    try:
        f()
    except (ImportError, TypeError, ValueError, KeyError, AttributeError) as e:
        print(type(e).__name__, e)
