import numpy as np
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
print([fact(i) for i in range(10)])
print([fib(i) for i in range(15)])
def hanoi(n, a, b, c, moves):
    if n:
        hanoi(n - 1, a, c, b, moves)
        moves.append((a, c))
        hanoi(n - 1, b, a, c, moves)
    return moves
print(len(hanoi(5, 'A', 'B', 'C', [])), hanoi(2, 'A', 'B', 'C', []))
