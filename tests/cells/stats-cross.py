import numpy as np
def show(f):
    try:
        r = f()
        print(repr(r))
    except IndexError as e:
        print('IndexError:', e)
    except ValueError as e:
        print('ValueError:', e)
    except TypeError as e:
        print('TypeError:', e)

x = [1, 2, 3]
y = [4, 5, 6]
print(np.cross(x, y))
x = np.array([[1, 2, 3], [4, 5, 6]])
y = np.array([[4, 5, 6], [1, 2, 3]])
print(np.cross(x, y))
print(np.cross([1.5, 0, 0], [0, 2, 0]))
print(np.cross([[1, 2, 3]], [4, 5, 6]))
print(np.cross(np.eye(3), [0, 0, 1]))
show(lambda: np.cross([1, 2, 3, 4], [4, 5, 6, 6]))
