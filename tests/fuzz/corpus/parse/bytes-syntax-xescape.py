# \x needs two hex digits in bytes
x = b'ab\x4'
