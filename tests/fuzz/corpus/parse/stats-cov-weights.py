# cov with fweights/aweights: NumPy's checks and their order, the weighted mean,
# the normalisation (w_sum, w_sum - ddof, w_sum - ddof*sum(w*a)/w_sum)
import numpy as np
x = np.array([[0., 1, 2, 4], [2., 1, 0, -1]])
f = [1, 2, 1, 3]
a = [0.5, 1, 2, 0.25]
print(np.cov(x, fweights=f))
print(np.cov(x, aweights=a))
print(np.cov(x, fweights=f, aweights=a))
print(np.cov(x, fweights=f, aweights=a, ddof=0))
print(np.cov(x, fweights=f, aweights=a, bias=True))
print(np.cov(x, fweights=f, ddof=2))
print(np.cov(x.T, rowvar=False, aweights=a))
print(np.cov(x[0], x[1], fweights=f))
print(np.cov(x[0], fweights=f))
# rounded: the imaginary parts of the diagonal are BLAS rounding noise (zgemm's kernel)
print(np.round(np.cov(x + 1j*x[::-1], aweights=a), 12))
print(np.cov(np.arange(20.).reshape(2,10)**1.5, aweights=np.arange(1,11)*0.3, fweights=np.arange(10)%3))
print(np.cov([1,2], ddof=3))
print(np.cov([1.,2,3], fweights=[1,0,0]))
for kw in [dict(fweights=[1,2,1.5,1]), dict(fweights=[[1,2,1,1]]), dict(fweights=[1,2,1]), dict(fweights=[1,-2,1,1]),
           dict(aweights=[[1,2,1,1]]), dict(aweights=[1,2,1]), dict(aweights=[1,-2,1,1]), dict(aweights=[0,0,0,0]),
           dict(fweights=3), dict(fweights=[1,np.nan,1,1]), dict(aweights=[1,np.nan,1,1])]:
    try: print(np.cov(x, **kw))
    except Exception as e: print(type(e).__name__, e)
