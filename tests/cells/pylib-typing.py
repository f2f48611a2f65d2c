# typing: annotations with generic aliases (typing.List[int] ...), TypeVar, cast
from typing import List, Dict, Optional, Tuple, Union, Any, Callable, TypeVar, cast, Iterable
import typing
T = TypeVar("T")
def first(xs: List[T]) -> Optional[T]:
    return xs[0] if xs else None
print(first([3, 4]), first([]))
print(List[int], Dict[str, List[float]], Optional[int], Tuple[int, ...], Union[int, str], Callable[[int], str])
print(Any, T, cast(int, "x"), typing.TYPE_CHECKING)
def g(cb: Callable[..., Any], it: Iterable[Tuple[str, int]]) -> Dict[str, int]:
    return {k: cb(v) for k, v in it}
print(g(lambda v: v * 2, [("a", 1)]))
