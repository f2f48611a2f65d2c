# PEP 604: X | Y of classes in annotations, isinstance/issubclass, the union's repr and __args__
import numpy as np
def scale(x: float | None = None, n: int | None = None) -> float | None:
    return None if x is None else x * (n or 1)
print(scale(), scale(2.0), scale(2.0, 3))
class Point:
    pass
u = int | str
print(u, int | None, None | float, str | bytes | None, Point | None, np.ndarray | None)
print(isinstance(3, u), isinstance("a", u), isinstance(3.0, u), isinstance(None, int | None))
print(isinstance(True, int | str), isinstance(Point(), Point | int), isinstance(np.float32(1), np.float32 | int))
print(issubclass(bool, int | str), issubclass(float, int | str), issubclass(Point, Point | None))
print((int | str).__args__, (int | None).__args__)
print(int | int, (int | str) | (str | float), int | str == str | int, (int | str) == (int | float))
print(len({int | str, str | int}))
items: list[int | float] = [1, 2.5]
def f(a: dict[str, int | None]) -> tuple[int, ...] | None:
    return tuple(v for v in a.values() if v is not None)
print(items, f({"a": 1, "b": None}))
try:
    3 | "a"
except TypeError as e:
    print("TypeError:", e)
try:
    isinstance(3, 4)
except TypeError as e:
    print("TypeError:", e)
