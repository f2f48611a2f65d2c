# hashlib over OpenSSL: the named constructors, new(name), update/digest/
# hexdigest/copy, name/digest_size/block_size, shake's length, errors
import hashlib

data = b'The quick brown fox jumps over the lazy dog'
for name in sorted(hashlib.algorithms_guaranteed):
    h = hashlib.new(name, data)
    if name.startswith('shake'):
        print(name, h.name, h.digest_size, h.block_size, h.hexdigest(16), len(h.digest(40)))
    else:
        print(name, h.name, h.digest_size, h.block_size, h.hexdigest())
        print(getattr(hashlib, name)(data).digest() == h.digest())

h = hashlib.sha256()
h.update(b'abc')
c = h.copy()
h.update(b'def')
print(h.hexdigest())
print(c.hexdigest(), hashlib.sha256(b'abc').hexdigest() == c.hexdigest())
print(hashlib.md5(string=b'').hexdigest())
print(hashlib.new('SHA1', b'x').hexdigest())
print(hashlib.md5(b'a' * 100000).hexdigest())
print(hashlib.sha1(usedforsecurity=False).name)
print(sorted(hashlib.algorithms_guaranteed) == sorted(set(hashlib.algorithms_guaranteed)))

for bad in (lambda: hashlib.new('foo'),
            lambda: hashlib.md5('text'),
            lambda: hashlib.sha1(3),
            lambda: hashlib.sha256().update('x'),
            lambda: hashlib.sha256().digest(1),
            lambda: hashlib.new(3)):
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
