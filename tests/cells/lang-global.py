import numpy as np
counter = 0
def bump():
    global counter
    counter += 1
def read():
    return counter * 10
bump(); bump()
print(counter, read())
def shadow():
    counter = 100
    return counter
print(shadow(), counter)
def setg():
    global newvar
    newvar = 'created'
setg()
print(newvar)
