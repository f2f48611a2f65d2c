import numpy as np
text = """first line
  second line
third"""
print(text)
for i, line in enumerate(text.splitlines()):
    print(i, repr(line.strip()))
para = ('implicit '
        'joined '
        'string')
print(para)
print(len(text.split('\n')))
