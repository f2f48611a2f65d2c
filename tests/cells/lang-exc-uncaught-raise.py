import numpy as np
def validate(v):
    if v > 10:
        raise ValueError(f'value {v} is too large (max 10)')
    return v
print(validate(3))
validate(11)
