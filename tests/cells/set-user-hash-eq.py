# sets of user-class items: membership, subset and the set operators call the class's
# __hash__/__eq__ with the evaluator (crashed before: no evaluator was passed), errors propagate.
class A:
    def __init__(s, x): s.x = x
    def __eq__(s, o): return isinstance(o, A) and s.x == o.x
    def __hash__(s): return hash(s.x)
    def __repr__(s): return 'A(%d)' % s.x
a = {A(1), A(2)}
b = {A(2), A(3)}
print(A(1) in a, A(3) in a, sorted((a | b), key=lambda v: v.x), a & b, sorted(a - b, key=lambda v: v.x), sorted(a ^ b, key=lambda v: v.x))
print(a <= b, {A(2)} <= a, {A(2)} < a, a == {A(2), A(1)}, a != b, a.issubset(a | b), a.isdisjoint(b))
class B:
    def __hash__(s): return 1
    def __eq__(s, o): raise ValueError('no eq')
try:
    print(B() in {B()})
except ValueError as e:
    print('ValueError', e)
