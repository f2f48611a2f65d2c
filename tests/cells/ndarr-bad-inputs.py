# bad inputs of np.matrix/bmat/memmap/nditer/setflags/getfield/astype/newbyteorder: NumPy's exceptions and messages
# cells: skip-gpu cupy has no matrix, memmap or nditer
import numpy as np
calls = [
    lambda: np.matrix(np.zeros((2, 2, 2))), lambda: np.matrix(np.zeros((3, 0, 1, 2))), lambda: np.matrix(np.zeros((0, 1, 1))),
    lambda: np.matrix('1 2; 3'), lambda: np.matrix([[[1]], [[2]]]), lambda: 2 ** np.matrix('1 2; 3 4'),
    lambda: np.bmat('A, Q'), lambda: np.matrix('1 2 3') * np.matrix('1 2 3'), lambda: np.matrix('1 2; 3 4').reshape(2, 2, 2),
    lambda: np.matrix('1 2; 2 4').I,
    lambda: np.memmap('/tmp', mode='r'), lambda: np.memmap('x.dat', mode='x'), lambda: np.memmap('x.dat', mode='w+'),
    lambda: np.nditer([]), lambda: np.nditer([None]), lambda: np.nditer(np.arange(3), flags=['foo']),
    lambda: np.nditer(np.arange(3), op_flags=['bar']), lambda: np.nditer(np.arange(3), ['external_loop', 'c_index']),
    lambda: np.nditer(np.arange(3, dtype=np.int32), op_dtypes=['f8']),
    lambda: np.nditer(np.arange(3.), op_dtypes=['i4'], flags=['buffered']), lambda: np.nditer([np.arange(3), np.arange(2)]),
    lambda: np.nditer(np.zeros(0)), lambda: np.frombuffer(b'ab', dtype=np.uint8).setflags(write=True),
    lambda: np.arange(3).setflags(uic=True), lambda: np.arange(3).getfield(np.complex128),
    lambda: np.arange(3).getfield(np.int32, 6), lambda: np.arange(3).getfield(np.int32, -1),
    lambda: np.arange(3.5).astype(int, casting='same_value'), lambda: np.arange(3).astype(int, casting='x'),
    lambda: np.dtype('f8').newbyteorder('x'), lambda: np.dtype('f8').newbyteorder(3),
]
for i, f in enumerate(calls):
    try:
        f()
        print(i, 'no error')
    except Exception as e:
        print(i, type(e).__name__, e)
