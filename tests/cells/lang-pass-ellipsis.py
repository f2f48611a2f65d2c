import numpy as np
def todo():
    pass
def stub():
    ...
if True:
    pass
for i in range(2):
    pass
print(todo(), stub(), ..., Ellipsis, ... is Ellipsis)
