# oomlang.py — the language's own big allocations under an address-space
# limit (tests/oom.test): each a MemoryError that try/except catches, and the
# session goes on.  Format widths, repeats, joins: the paths a huge width from
# a fuzzer once crashed (a formatter failed without setting an error).
n = 0
def ok(cond, what):
    global n
    n += 1
    print(("ok %d - " if cond else "not ok %d - ") % n + what)

keep = [1, 2, 3]
cases = [
    ("'%r' with a 1e9 width", lambda: '%1000000000r' % ('\u00f1\U0001f600',)),
    ("the fuzzer's '%555500550r0000' % {...}", lambda: '%555500550r0000' % {'a': '\u00f1\u00fc\U0001f600', 'b': 255}),
    ("'%r' of a str with a 1e9 width", lambda: '%1000000000r' % ('\u00f1\U0001f600' * 300,)),
    ("'%s' of a dict with a 1e9 width", lambda: '%1000000000s' % {'a': 1}),
    ("format() with a 1e9 width", lambda: format('x', '>1000000000')),
    ("str.format with a 1e9 width", lambda: '{:1000000000}'.format('x')),
    ("f-string with a 1e9 width", lambda: f'{"x":<1000000000}'),
    ("bytes %% with a 1e9 width", lambda: b'%1000000000s' % (b'x',)),
    ("str * 3e9", lambda: 'ab' * 1500000000),
    ("list * 1e9", lambda: [0] * 1000000000),
    ("bytes(3e9)", lambda: bytes(3000000000)),
    ("' '.join of a big list", lambda: ' '.join(['abcdefgh'] * 300000000)),
]
for what, f in cases:
    try:
        f()
        got = 'no error'
    except MemoryError:
        got = 'MemoryError'
    except Exception as e:
        got = type(e).__name__ + ': ' + str(e)
    ok(got == 'MemoryError', what + " -> " + got)
ok(keep == [1, 2, 3], "variables intact after the failures")
print("1..%d" % n)
