# module names read in loops: a builtin shadowed, unshadowed, deleted
out = []
for i in range(4):
    out.append(len([0] * i))
    if i == 1:
        len = lambda s: -1          # a global now hides the builtin
    if i == 2:
        del len                     # and the builtin is back
print(out)
def reads_name():
    return abs(-3)
res = [reads_name()]
abs = lambda v: 'shadowed'
res.append(reads_name())
del abs
res.append(reads_name())
print(res)
# a global deleted and made again, read by the same function each time
def get_g():
    try:
        return gv
    except NameError as e:
        return str(e)
gv = 1
seen = [get_g()]
del gv
seen.append(get_g())
gv = 'again'
seen.append(get_g())
for k in range(3):
    globals()['gv'] = k
    seen.append(get_g())
print(seen)
# many globals made in a loop (the module dict grows and moves) while
# another name is read and written
acc = 0
for j in range(50):
    acc += j
    globals()['n%d' % j] = j
    if j % 7 == 0:
        del globals()['n%d' % (j // 2)]
print(acc, n49, sorted(k for k in globals() if k.startswith('n') and k[1:].isdigit())[:5])
# comprehension over a list it changes: iterated live, as Python does
L = [1, 2, 3, 4]
print([L.pop() for _ in L], L)
M = [1, 2]
print([M.append(v) or v for v in M if len(M) < 5], M)
