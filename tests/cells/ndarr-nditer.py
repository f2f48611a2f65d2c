# np.nditer / np.nested_iters: element views (read-only unless readwrite), orders C/F/K, multi_index,
# c_index/f_index, external_loop, op_axes, allocate, buffered op_dtypes with writeback, NumPy's errors
# cells: skip-gpu cupy has no nditer
import numpy as np
nditer = np.nditer
nested_iters = np.nested_iters
a = np.arange(6).reshape(2, 3)
for x in nditer(a):
    print(x, end=' ')
print()
for x in nditer(a.T):
    print(x, end=' ')
print()
for x in nditer(a.T.copy(order='C')):
    print(x, end=' ')
print()
for x in nditer(a, order='F'):
    print(x, end=' ')
print()
with nditer(a, op_flags=['readwrite']) as it:
    for x in it:
        x[...] = 2 * x
print(a)
it = nditer(a, flags=['multi_index'])
for x in it:
    print("%d <%s>" % (x, it.multi_index), end=' ')
print()
it = nditer(a, flags=['c_index'])
while not it.finished:
    print("%d <%d>" % (it[0], it.index), end=' ')
    is_not_finished = it.iternext()
print()
it = nditer(a, flags=['f_index'])
print([(int(x), it.index) for x in it])
for x in nditer(a, flags=['external_loop']):
    print(x, end=' ')
print()
for x in nditer(a, flags=['external_loop'], order='F'):
    print(x, end=' ')
print()
for x in nditer(a[:, :2], flags=['external_loop']):
    print(x, end=' ')
print()
b = np.arange(3)
for x, y in nditer([a, b]):
    print("%d:%d" % (x, y), end=' ')
print()

def iter_add_py(x, y, out=None):
    addop = np.add
    it = nditer([x, y, out], [], [['readonly'], ['readonly'], ['writeonly', 'allocate']])
    with it:
        for (a, b, c) in it:
            addop(a, b, out=c)
        return it.operands[2]
print(repr(iter_add_py(np.arange(3), np.arange(3) * 10)))

def outer_it(x, y, out=None):
    mulop = np.multiply
    it = nditer([x, y, out], ['external_loop'],
            [['readonly'], ['readonly'], ['writeonly', 'allocate']],
            op_axes=[list(range(x.ndim)) + [-1] * y.ndim,
                     [-1] * x.ndim + list(range(y.ndim)),
                     None])
    with it:
        for (a, b, c) in it:
            mulop(a, b, out=c)
        return it.operands[2]
print(repr(outer_it(np.arange(2) + 1, np.arange(3) + 1)))

def luf(lamdaexpr, *args, **kwargs):
    nargs = len(args)
    op = (kwargs.get('out', None),) + args
    it = nditer(op, ['buffered', 'external_loop'],
            [['writeonly', 'allocate', 'no_broadcast']] +
                            [['readonly', 'nbo', 'aligned']] * nargs,
            order=kwargs.get('order', 'K'),
            casting=kwargs.get('casting', 'safe'),
            buffersize=kwargs.get('buffersize', 0))
    while not it.finished:
        it[0] = lamdaexpr(*it[1:])
        it.iternext()
    return it.operands[0]
a = np.arange(5)
b = np.ones(5)
print(repr(luf(lambda i, j: i * i + j / 2, a, b)))
a = np.array([1, 2, 3], dtype=np.int32)
with nditer(a, [], [['writeonly', 'updateifcopy']], casting='unsafe', op_dtypes=[np.dtype('f4')]) as i:
    x = i.operands[0]
    x[:] = [-1, -2, -3]
print(repr(a), repr(x))
it = nditer(np.arange(6).reshape(2, 3), flags=['multi_index'])
print(it.multi_index, it.shape, it.ndim, it.nop, it.itersize, repr(it.value), it.finished, it.iterindex)
print(repr(next(nditer(np.arange(3)))))
with nditer(np.arange(3)) as it:
    pass
def _ro():
    for v in nditer(np.arange(3)):
        v[...] = 1
for f in [lambda: it.operands, lambda: nditer(np.arange(3), flags=['foo']), lambda: nditer(np.arange(3), op_flags=['bar']),
          lambda: nditer(np.arange(3), ['external_loop', 'multi_index']), lambda: nditer(np.arange(3, dtype=np.int32), op_dtypes=['f8']),
          lambda: nditer(np.arange(3.), op_dtypes=['i4'], flags=['buffered']), lambda: nditer([np.arange(3), np.arange(2)]),
          lambda: nditer([np.arange(3), np.zeros((2, 3))], op_flags=[['readwrite'], ['readonly']]),
          lambda: nditer(np.zeros(0)), _ro]:
    try:
        f()
        print('no error')
    except Exception as e:
        print(type(e).__name__, e)
a = np.arange(12).reshape(2, 3, 2)
i, j = nested_iters(a, [[1], [0, 2]], flags=["multi_index"])
for x in i:
    print(i.multi_index)
    for y in j:
        print('', j.multi_index, y)
i, j = nested_iters(a, [[0, 1], [2]])
for x in i:
    print([int(y) for y in j], end=' ')
print()
print([int(x) for x in nditer(np.float64(3))], len(nditer(a)))
