# dataclasses (annotations Lumen keeps as text: int | None, list[float]): frozen + match_args, field(repr=False, init=False), MISSING, hashing
# frozen instances, FrozenInstanceError on del; a user __delattr__ with super().
from dataclasses import dataclass, field, MISSING, fields
@dataclass(frozen=True, match_args=True)
class A:
    x: int
    y: int = field(default=3, repr=False)
    z: int = field(default=0, init=False)
print(A.__match_args__, A(1), fields(A)[1].default, fields(A)[0].default is MISSING)
print({A(1): 'ok'}[A(1)])
try:
    del A(1).x
except AttributeError as e:
    print(type(e).__name__, e)
class D:
    def __delattr__(self, name):
        print('del', name)
        super().__delattr__(name)
d = D()
d.x = 1
del d.x
print(hasattr(d, 'x'))
try:
    del d.y
except AttributeError as e:
    print('AttributeError:', e)
from dataclasses import dataclass, field
import numpy as np

@dataclass
class Config:
    name: str
    size: int | None = None
    weights: list[float] = field(default_factory=list)
    arr: np.ndarray = None

c = Config('run', weights=[0.5])
print(c)
print(Config('a', 3) == Config('a', 3))
