import numpy as np
alphabet = 'abcdefghijklmnopqrstuvwxyz'
def shift(text, k):
    out = ''
    for c in text:
        if c in alphabet:
            out += alphabet[(alphabet.index(c) + k) % 26]
        else:
            out += c
    return out
s = shift('hello, world', 3)
print(s, shift(s, -3))
