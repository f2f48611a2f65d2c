# __future__: the imports that head real scripts (CuPy's own examples start
# with `from __future__ import annotations`), the feature records, and
# annotations naming classes defined later (kept as text, not evaluated)
from __future__ import annotations
from __future__ import division, print_function, absolute_import
import __future__
print(annotations)
print(__future__.division.getMandatoryRelease(), __future__.annotations.getOptionalRelease())
print(__future__.all_feature_names)
print(hex(__future__.generator_stop.compiler_flag))


class Node:
    value: int
    next: Node | None = None
    children: list[Node] = []

    def __init__(self, value: int, next: Node | None = None) -> None:
        self.value = value
        self.next = next

    def walk(self) -> list[int]:
        out, n = [], self
        while n is not None:
            out.append(n.value)
            n = n.next
        return out


print(Node(1, Node(2, Node(3))).walk())
print(Node.__annotations__["value"], Node.next)
print(7 / 2, 7 // 2)
