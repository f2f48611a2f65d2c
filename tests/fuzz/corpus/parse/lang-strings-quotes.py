import numpy as np
a = 'single'
b = "double"
c = """triple
quoted"""
d = '''also
triple'''
print(a, b)
print(c)
print(d)
print('it\'s', "say \"hi\"")
print("tab\tseparated", 'back\\slash')
print(r'raw\nstring', R"C:\path\new")
print('line1\nline2')
print(len(c), len('\n'), len(r'\n'))
