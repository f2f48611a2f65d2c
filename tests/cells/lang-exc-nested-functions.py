import numpy as np
def level3():
    raise IndexError('deep')
def level2():
    level3()
def level1():
    try:
        level2()
    except IndexError as e:
        print('level1 caught', e)
        return 'recovered'
print(level1())
def cleanup():
    log = []
    try:
        log.append('start')
        raise ValueError('oops')
    except ValueError:
        log.append('except')
    finally:
        log.append('finally')
    return log
print(cleanup())
