# multinomial, dirichlet, bytes (legacy and Generator), multivariate_hypergeometric
# and permuted: seeded draws and NumPy's messages for bad arguments
import numpy as np
def t(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__+':', e)
g=np.random.default_rng
R=np.random.RandomState
for name, calls in [
 ('multinomial', [(5,[0.2,0.9]),(5,[0.2,-0.1]),(-1,[0.5,0.5]),(5,0.5),(5,[[0.5,0.5]]),(5,[0.5,np.nan]),(5,[]),
                  (20,[1/6.]*6),(20,[1/6.]*6,3),(100,[1/7.]*5+[2/7.]),(20,[[1/6.]*6]*2),([[1],[2]],[0.2,0.8]),
                  ([3,4],[[0.5,0.5],[0.1,0.9]]),([3,4],[0.5,0.5],(2,2)),([3,4],[0.5,0.5],2),(100,[1.0,2.0]),
                  (5,np.array([0.5,0.50001],dtype=np.float32)),(5,[0.0,1.0],2),(0,[0.3,0.7],2),([-1,2],[0.5,0.5]), (1000,[0.01,0.99],(2,3))]),
 ('dirichlet', [([1,2],),([-1,2],),([],),([[1,2]],),([0,0],),([0,1],),([10,5,3],4),([0.05,0.02,0.01],3),([0.05,0.0],2),(5,),([0.5,0.5],(2,2))]),
 ('bytes', [(10,),(0,),(7,),(-1,)]),
]:
    for c in calls:
        print(name, c, end=' G: '); t(lambda: getattr(g(1),name)(*c))
        print(name, c, end=' L: '); t(lambda: getattr(R(1),name)(*c))
r=g(7)
for c in [([16,8,4],6),([16,8,4],6,3),([16,8,4],6,None,'count'),([16,8,4],20,4,'count'),([16,8,4],20,4),([16,8,4],30),([16,8,-4],3),([1.5,2],1),([[1,2]],1),([16,8],-1),([16,8],1.5),([5],2,None,'bad'),([],0),([],0,3),([10**9,1],2)]:
    print('mvhg', c, end=' '); t(lambda: r.multivariate_hypergeometric(*c))
x=np.arange(24).reshape(3,8)
print(r.permuted(x), r.permuted(x, axis=1), r.permuted(x, axis=0), r.permuted(x.T), r.permuted(np.asfortranarray(x)), r.permuted(np.arange(5)), r.permuted([1,2,3]))
y=x.astype(float); print(r.permuted(x, axis=1, out=y), y)
t(lambda: r.permuted(x, axis=1, out=np.zeros((2,2))))
t(lambda: r.permuted(y, out=x))
t(lambda: r.permuted(x, axis=2))
z=np.arange(60).reshape(3,4,5).transpose(2,0,1); print(r.permuted(z)); print(r.permuted(z,axis=1))
np.random.seed(3); print(np.random.multinomial(10,[0.3,0.7],3), np.random.dirichlet([1,1,1]), np.random.bytes(5))
