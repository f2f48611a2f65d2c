import numpy as np
for s in ['123', 'abc', 'a1', '  ', 'ABC', 'Abc', '', '1.5', 'Hello World']:
    print(repr(s), s.isdigit(), s.isalpha(), s.isalnum(), s.isspace(), s.isupper(), s.islower())
