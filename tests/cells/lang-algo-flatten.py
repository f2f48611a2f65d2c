import numpy as np
def flatten(x):
    out = []
    for item in x:
        if isinstance(item, list):
            out.extend(flatten(item))
        else:
            out.append(item)
    return out
print(flatten([1, [2, [3, [4, []]]], 5]))
def depth(x):
    if not isinstance(x, list):
        return 0
    return 1 + max([depth(i) for i in x] + [0])
print(depth([1, [2, [3]]]), depth([]), depth(5))
