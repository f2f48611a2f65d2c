# with (a as x, b as y,): Python 3.10's parenthesized context managers, and parentheses that are an expression's
import contextlib
@contextlib.contextmanager
def cm(name):
    print("enter", name)
    yield name.upper()
    print("exit", name)
with (
    cm("a") as x,
    cm("b") as y,
):
    print(x, y)
with (cm("c") as z):
    print(z)
with (cm("d")):
    print("d body")
with (cm("e")) as e, cm("f") as f:
    print(e, f)
with (cm("g"), cm("h")):
    print("gh")
t = (cm("i"), cm("j"))
print(len(t))
