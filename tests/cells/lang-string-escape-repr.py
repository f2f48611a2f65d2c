import numpy as np
for s in ['a\nb', "'", '"', '\t', 'a\\b', "it's \"quoted\"", '\x00\x7f', 'é', '\u00e9\u4e2d']:
    print(repr(s), len(s))
