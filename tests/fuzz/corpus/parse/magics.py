%timeit -n1 -r1 x = 1
%%time
y = 2
