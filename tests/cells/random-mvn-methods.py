# Generator.multivariate_normal with method= svd, eigh and cholesky
import numpy as np
rng=np.random.default_rng(5)
mean=[0,1]; cov=[[1,0.5],[0.5,2]]
for m in ('svd','eigh','cholesky'):
    print(rng.multivariate_normal(mean,cov,3,method=m))
print(rng.multivariate_normal(mean,cov,(3,3),method='cholesky').shape)
print(rng.multivariate_normal(mean,[[1,2],[2,1]],2,method='eigh'))
try: rng.multivariate_normal(mean,[[1,2],[2,1]],2,method='eigh',check_valid='raise')
except Exception as e: print(type(e).__name__, e)
try: rng.multivariate_normal(mean,cov,2,method='foo')
except Exception as e: print(type(e).__name__, e)
try: rng.multivariate_normal(mean,[[1,2],[2,1]],2,method='cholesky')
except Exception as e: print(type(e).__name__, e)
print(rng.multivariate_normal(mean,cov,method='eigh'))
