import numpy as np
def merge(iv):
    iv = sorted(iv)
    out = [list(iv[0])]
    for a, b in iv[1:]:
        if a <= out[-1][1]:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return out
print(merge([(1, 3), (2, 6), (8, 10), (15, 18), (17, 20)]))
print(merge([(5, 5)]))
