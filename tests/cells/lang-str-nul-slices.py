# str slices by length, not C string: a NUL inside a str stays (s[1:] of
# 'x\x00y' was '' and re.sub dropped everything after a NUL); every slice
# form over mixed-width characters
s = "x\x00y"
print(len(s), len(s[0:]), len(s[1:]), repr(s[1:]), repr(s[::-1]), repr(s[0:3:2]))
t = "a\x00é€😀Z\x00"
for a in (None, 0, 1, -2, 5):
    for b in (None, 3, -1, 7):
        for st in (None, 1, 2, -1, -3):
            print(repr(t[a:b:st]), end=" ")
print()
import re
print(repr(re.sub("q", "", s)), re.findall("\x00", t), re.split("é", t))
