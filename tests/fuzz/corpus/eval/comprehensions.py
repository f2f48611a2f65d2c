d = {k: [v*2 for v in range(k) if v % 2] for k in range(5)}
s = {x for x in 'abc'}
g = (y async for y in z) if 0 else sum(x for x in range(3))
lam = lambda *a, **k: (a, k)
print(*[1, 2], **{})
