# types: SimpleNamespace and the type objects isinstance checks use
import types
import sys
import numpy as np
ns = types.SimpleNamespace(a=1, b='x', arr=np.arange(3))
print(ns)
ns.c = [1, 2]
del ns.b
print(ns, ns.a, vars(ns))
print(ns == types.SimpleNamespace(a=1, arr=ns.arr, c=[1, 2]) if False else ns.a == 1)
print(types.SimpleNamespace(x=1) == types.SimpleNamespace(x=1), types.SimpleNamespace(x=1) == types.SimpleNamespace(x=2))
print(types.SimpleNamespace(), types.SimpleNamespace(x=1) != types.SimpleNamespace(x=1))
try:
    types.SimpleNamespace(1)
except TypeError as e:
    print('TypeError', e)
try:
    ns.missing
except AttributeError as e:
    print('AttributeError')
class Cfg(types.SimpleNamespace):
    pass
print(Cfg(lr=0.1, steps=10))
r = types.SimpleNamespace(k=1)
r.self = r
print(r)
def f(x):
    return x
def g():
    yield 1
class K:
    def m(self):
        return 1
print(isinstance(f, types.FunctionType), isinstance(lambda: 0, types.LambdaType), isinstance(len, types.FunctionType))
print(isinstance(len, types.BuiltinFunctionType), isinstance(f, types.BuiltinFunctionType), isinstance([].append, types.BuiltinMethodType))
print(isinstance(g(), types.GeneratorType), isinstance(f, types.GeneratorType), isinstance(K().m, types.MethodType), isinstance(K.m, types.MethodType))
print(isinstance(sys, types.ModuleType), isinstance(np, types.ModuleType), isinstance(None, types.NoneType), isinstance(..., types.EllipsisType))
print(types.FunctionType.__name__, types.ModuleType.__name__, types.GeneratorType.__name__, types.MethodType.__name__, types.NoneType.__name__)
