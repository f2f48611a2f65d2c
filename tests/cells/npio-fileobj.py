# np.save / np.load / np.savez / np.savez_compressed through file objects,
# NpzFile, np.fromfile and ndarray.tofile
import io
import tempfile
import numpy as np

b = io.BytesIO()
np.savez(b, a=np.arange(3), b=np.ones(2))
b.seek(0)
z = np.load(b)
print(repr(z))
print(z.files, 'a' in z, 'c' in z, list(z), len(z))
print(z['a'], z['b.npy'])
print(z.get('zz'), sorted(z.keys()))
try:
    z['c']
except KeyError as e:
    print(type(e).__name__, e)
z.close()
try:
    z['a']
except AttributeError as e:
    print(type(e).__name__, e)

b = io.BytesIO()
np.savez(b, *[np.arange(i) for i in range(8)])
b.seek(0)
print(repr(np.load(b)))

np.savez_compressed('npio_c', a=np.arange(1000.), b=np.eye(3), c=np.array([True, False]))
with np.load('npio_c.npz') as d:
    print(repr(d), d['a'].sum(), d['c'])
    print(d['b'])

b = io.BytesIO()
np.savez_compressed(b, np.arange(6, dtype=np.int16).reshape(2, 3), z=np.zeros(0))
b.seek(0)
d = np.load(b)
print(d.files, d['arr_0'], d['z'], d['z'].dtype)

outfile = tempfile.TemporaryFile()
np.save(outfile, np.arange(10))
_ = outfile.seek(0)
print(np.load(outfile))

with open('npio_two.npy', 'wb') as f:
    np.save(f, np.array([1, 2]))
    np.save(f, np.array([[1.5, 3]]))
with open('npio_two.npy', 'rb') as f:
    a = np.load(f)
    c = np.load(f)
    try:
        np.load(f)
    except EOFError as e:
        print('EOFError', e)
print(a, c)

with open('npio_ff.bin', 'wb') as f:
    f.write(np.arange(5.).tobytes() + b'abc')
print(np.fromfile('npio_ff.bin'))
print(np.fromfile('npio_ff.bin', count=2, offset=8))
print(np.fromfile('npio_ff.bin', count=10))
print(np.fromfile('npio_ff.bin', dtype=np.uint8, count=4, offset=40))
with open('npio_ff.bin', 'rb') as f:
    print(np.fromfile(f, count=2), f.tell())
    print(np.fromfile(f, dtype=np.int8, count=3, offset=1), f.tell())
with open('npio_ff.txt', 'w') as f:
    f.write('1 2 3\n4 5\n')
print(np.fromfile('npio_ff.txt', sep=' '), np.fromfile('npio_ff.txt', sep=' ', dtype=int, count=3))

x = np.array([[1.5, 2], [3, 4]])
x.tofile('npio_tf.txt', sep=',')
with open('npio_tf.txt') as f:
    print(repr(f.read()))
np.arange(3).tofile('npio_tf.txt', sep='\n', format='%5.2f')
with open('npio_tf.txt') as f:
    print(repr(f.read()))
np.asfortranarray(np.arange(6).reshape(2, 3)).tofile('npio_tf.bin')
print(np.fromfile('npio_tf.bin', dtype=np.int64))
x[:, ::-1].tofile('npio_tf.bin')
print(np.fromfile('npio_tf.bin').reshape(2, 2))
