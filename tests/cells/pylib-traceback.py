# traceback: format_exc/print_exc of the exception being handled (frames
# from the handler down, carets), format_exception_only, format_exception
import sys
import traceback
import numpy as np
sys.stderr = sys.stdout


def inner(x):
    return 1 / x


def outer(x):
    y = x + 1
    return inner(y - 1)


def run():
    try:
        outer(0)
    except ZeroDivisionError:
        print(traceback.format_exc(), end='')
        traceback.print_exc()


run()
try:
    outer(0)
except ZeroDivisionError as e:
    lines = traceback.format_exception(e)
    print(len(lines), lines)
print(repr(traceback.format_exc()))
try:
    np.linalg.inv(np.zeros((2, 2)))
except Exception as e:
    print(traceback.format_exception_only(type(e), e))
    print(traceback.format_exception_only(e))
    print(''.join(traceback.format_exception(type(e), e, e.__traceback__ if hasattr(e, '__traceback__') else None)) == traceback.format_exc())
try:
    {}['missing']
except KeyError as e:
    print(traceback.format_exception_only(e), traceback.format_exc().splitlines()[-1])


class MyError(Exception):
    pass


try:
    raise MyError('custom')
except MyError as e:
    print(traceback.format_exception_only(e))
    traceback.print_exception(e)
try:
    raise ValueError
except ValueError as e:
    print(traceback.format_exception_only(e))
print(traceback.format_exception_only(None))
