# hypergeometric, logseries, zipf, vonmises, the noncentral ones, negative_binomial,
# wald and triangular: legacy and Generator draws bit for bit, NumPy's checks
import numpy as np
def t(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__+':', e)
g=np.random.default_rng
R=np.random.RandomState
for name, calls in [
 ('hypergeometric', [(5,3,4),(-1,3,2),(5,-1,2),(5,3,-1),(5,3,9),(1.5,3,2),(10**10,10**10,5),(100,2,10,8),(15,15,15,8),(1000,500,300,6),([5,50],[3,40],[4,30]),(5,3,0,3),(np.array([5,7]),3,np.array([-1,2]))]),
 ('logseries', [(0.5,),(1.0,),(-0.1,),(0.0,),(np.nan,),(0.9,10),(0.999,6),([0.2,1.0],)]),
 ('zipf', [(2,),(1,),(0.5,),(np.nan,),(1.5,10),(4.0,8),([2,0.5],)]),
 ('vonmises', [(0,-1),(0,np.nan),(0,4),(0,4,5),(1,1e-9,3),(0,1e-6,3),(0.5,1e7,3),(0,[1,2])]),
 ('noncentral_f', [(3,20,3),(0,20,3),(3,0,3),(3,20,-1),(3,20,3,5),(0.5,2,1,4),(3,20,np.nan)]),
 ('noncentral_chisquare', [(3,2),(0,2),(3,-1),(3,2,5),(0.5,2,5),(3,0,3),(0.5,np.nan,2)]),
 ('negative_binomial', [(1,0.1),(0,0.5),(1,0),(1,1.5),(-1,0.5),(1,1),(1,0.1,8),(10,0.5,5),(np.nan,0.5),(1e20,1e-10),([1,2],[0.5,0])]),
 ('wald', [(3,2),(0,1),(1,0),(-1,1),(3,2,5),(1,100,4)]),
 ('triangular', [(-3,0,8),(1,0,8),(0,9,8),(2,2,2),(-3,0,8,6),([0,1],[1,1],[2,3])]),
]:
    for c in calls:
        print(name, c, end=' G: '); t(lambda: getattr(g(1),name)(*c))
        print(name, c, end=' L: '); t(lambda: getattr(R(1),name)(*c))
np.random.seed(3); print(np.random.zipf(2, 5), np.random.wald(1,2,3), np.random.hypergeometric(20,30,15,5))
