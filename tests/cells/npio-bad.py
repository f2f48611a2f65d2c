# np.load refuses broken archives and files with an error, never a crash
# or a wrong array: truncated, a flipped byte, a member declaring far more
# than its deflated bytes can give, not an archive; fromfile's bad sizes
import io
import numpy as np

def attempt(label, f):
    try:
        r = f()
        print(label, 'loaded', type(r).__name__)
        if hasattr(r, 'files'):
            print([r[k].shape for k in r.files])
    except Exception as e:
        print(label, 'refused')

def archive(compress):
    b = io.BytesIO()
    (np.savez_compressed if compress else np.savez)(b, a=np.arange(100.))
    return b.getvalue()

for compress in (0, 1):
    img = archive(compress)
    attempt('whole', lambda: np.load(io.BytesIO(img)))
    attempt('truncated', lambda: np.load(io.BytesIO(img[:len(img) // 2])))
    k = 30 + 5 + 100
    bad = img[:k] + bytes([img[k] ^ 0x10]) + img[k + 1:]
    attempt('flipped', lambda: np.load(io.BytesIO(bad)))
    # the central directory's uncompressed size: 0xfefefefe bytes
    cd = img.rfind(b'PK\x01\x02')
    bomb = img[:cd + 24] + b'\xfe\xfe\xfe\xfe' + img[cd + 28:]
    attempt('declared 4 GiB', lambda: np.load(io.BytesIO(bomb)))
    # ... and fewer bytes than the member holds
    short = img[:cd + 24] + b'\x10\x00\x00\x00' + img[cd + 28:]
    attempt('declared 16 bytes', lambda: np.load(io.BytesIO(short)))

attempt('empty', lambda: np.load(io.BytesIO(b'')))
attempt('text', lambda: np.load(io.BytesIO(b'hello, world')))
attempt('npy header only', lambda: np.load(io.BytesIO(archive(0)[30 + 5:30 + 5 + 128])))

with open('npio_bad.bin', 'wb') as f:
    f.write(b'abc')
print(np.fromfile('npio_bad.bin'), np.fromfile('npio_bad.bin', dtype=np.uint8))
try:
    np.fromfile('npio_bad.bin', offset=100)
except ValueError as e:
    print('ValueError', e)
try:
    np.fromfile('npio_missing.bin')
except FileNotFoundError as e:
    print('FileNotFoundError', e)
try:
    np.save(3, np.arange(2))
except TypeError as e:
    print('TypeError', e)
