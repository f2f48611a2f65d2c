# with: __enter__/__exit__ of user classes (the exception passed in, suppression), several items,
# return/break through with; contextlib.contextmanager, suppress, nullcontext

from contextlib import contextmanager, suppress, nullcontext

class Res:
    def __init__(self, name, swallow=False):
        self.name = name
        self.swallow = swallow
    def __enter__(self):
        print("enter", self.name)
        return self
    def __exit__(self, et, ev, tb):
        print("exit", self.name, et.__name__ if et else None, ev)
        return self.swallow

with Res("a") as r:
    print("body", r.name)
with Res("a"), Res("b") as b:
    print("two", b.name)
try:
    with Res("c"):
        raise ValueError("boom")
except ValueError as e:
    print("propagated", e)
with Res("d", swallow=True):
    raise KeyError("k")
print("after swallow")
def f():
    with Res("e"):
        return 5
print(f())
for i in range(3):
    with Res(str(i)):
        if i == 1:
            break

@contextmanager
def tag(name):
    print(f"<{name}>")
    try:
        yield name.upper()
    finally:
        print(f"</{name}>")

with tag("p") as t:
    print("inside", t)
try:
    with tag("q"):
        raise RuntimeError("inner")
except RuntimeError as e:
    print("caught", e)

@contextmanager
def catching():
    try:
        yield
    except ZeroDivisionError as e:
        print("handled", e)
with catching():
    1 / 0
print("continued")
with suppress(FileNotFoundError, KeyError):
    {}["x"]
print("suppressed")
with nullcontext(42) as n:
    print(n)

