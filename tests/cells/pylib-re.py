# re (over PCRE2): Pattern/Match API, reprs, flags, split/sub/subn with
# templates and functions, bytes patterns, positions in code points,
# Python-only syntax (\Z, {,n}, (?P<n>), possessive/atomic) and the
# re.error messages for what Python rejects but PCRE2 accepts
import re

smi = """index, name, utilization.gpu [%], memory.used [MiB]
0, NVIDIA H100 80GB HBM3, 87 %, 61234 MiB
1, NVIDIA H100 80GB HBM3, 3 %, 512 MiB
"""
row = re.compile(r'^(?P<idx>\d+), (?P<name>[^,]+), (?P<util>\d+) %, (?P<mem>\d+) MiB$', re.M)
for m in row.finditer(smi):
    print(m, m.group('idx', 'util'), m.groupdict(), m.span('mem'), m.lastgroup, m.lastindex)
print(row.groups, sorted(row.groupindex.items()), row.flags, row)
print(re.findall(r'(\d+) MiB', smi), re.findall(r'(\w+)=(\d+)', 'a=1 b=22 c'))

m = re.search(r'(\d+)-(?P<w>\w+)(x)?', 'xx 12-abc yy')
print(m, m.group(), m.group(0, 1, 'w', 3), m.groups(), m.groups('-'), m.groupdict('?'), m[2])
print(m.start(), m.end(1), m.span(3), m.pos, m.endpos, m.string, m.re, bool(m), m.regs)
print(m.expand(r'<\2|\g<1>|\g<w>|\g<0>>\t!'))
for bad in [5, 'zz', -1]:
    try:
        m.group(bad)
    except IndexError as e:
        print('IndexError', e)

print(re.match(r'(a)|(b)', 'b').lastindex, re.match('((a)b)', 'ab').lastindex, re.match('a', 'a').lastindex)
print(re.compile(r'\d').search('a1b2', 2), re.compile(r'\d').match('a1b2', 1, 2), re.compile(r'\d+').fullmatch('12a', 0, 2))
print(re.fullmatch('a|ab', 'ab'), re.match('b', 'ab'), re.search('^b', 'ab'), re.compile('^b').search('ab', 1))

print(re.split(r'(,)\s*', 'a, b,c', maxsplit=1), re.split(r'\W+', 'Words, words, words.'))
print(re.split(r'x*', 'axbc'), re.split(r'(a)|b', 'cbda'), re.split(r'\d', 'a1b2c', 1), re.split('z', 'abc'))
print(re.sub(r'(\w+)@(\w+)', r'\2 at \1', 'joe@host x@y'), re.subn('x*', '-', 'abxd'))
print(re.sub(r'\d', lambda m: str(int(m.group()) * 2), 'a1b2c3'), re.subn(r'\d', 'N', 'a1b2c3', count=2))
print(re.sub(r'(?P<a>\w)', r'<\g<a>\g<0>\1>', 'ab'), repr(re.sub('a', r'\n\t\\\.', 'a')), re.sub('(b)?c', r'[\1]', 'ac'))
print(re.sub('', '-', 'abc'), re.sub('a', '\\0', 'ba'), re.sub(r'(\d)', r'\g<1>0', 'x5'))

print(re.findall(b'[a-z]+', b'ab 12 cd'), re.sub(b'a', b'[\\g<0>]', b'cab'), re.match(b'(a)b', b'abc'))
print(re.compile(b'a', re.I), re.compile(b'\\w+').findall(b'caf\xc3\xa9 x'), re.split(b',', b'1,2'))

print(re.I, re.I | re.M, re.M | re.I, re.A | re.I, re.NOFLAG, re.DOTALL.value, int(re.VERBOSE), re.X == 64, re.I & re.M)
print(re.compile('a+b', re.IGNORECASE), re.compile('a', re.I | re.M | re.S | re.X), re.compile('a', re.A))
print(re.compile('a').flags, re.compile(b'a').flags, re.compile('(?i)a').flags, re.compile('(?x)a').flags)
print(re.compile('a') is re.compile('a'), re.compile('a') == re.compile('a'), re.compile(re.compile('a')))
re.purge()

print(re.search('(?i)A(?#note)b', 'xab'), re.compile('(?x) a b # c\n c').search('abc'), re.search('a(?i:B)', 'aB'))
print(re.search(r'a\Z', 'a\n'), re.search(r'a$', 'a\n'), re.search(r'\Aa', 'ba'), re.search('a{,2}', 'aaa'))
print(re.search(r'(?<=a)b', 'ab'), re.search(r'(?<!a)b', 'ab'), re.search(r'a++b', 'aab'), re.search(r'(?>a+)b', 'aab'))
print(re.search(r'(a)\1', 'xaa'), re.search(r'(?P<q>["\'])(.*?)(?P=q)', 'say "hi"'), re.search(r'(a)?(?(1)b|c)', 'c'))
print(re.search(r'\d+', '٣٤x'), re.search(r'\d+', '٣٤x', re.A), re.search(r'\w+', 'naïve', re.A), re.search('é', 'É', re.I))
print(re.fullmatch(r'\w+', 'héllo'), [m.span() for m in re.finditer(r'\w+', 'ünï cödé ✓ x')], re.search('é(.)', 'aéb'))
print(re.search(r'[\]a]+', 'x]a'), re.search(r'[^]]+', ']ab]'), re.search('[.]', 'a.b'), re.search(r'\x41\u00e9\101\0', 'AéA\x00') is not None)
print(re.search(r'\bfoo\b', 'a foo.'), re.search(r'\s+', 'a \t\nb'), re.findall(r'.', 'a\nb'), re.findall(r'(?s).', 'a\nb'))

print(re.escape('1.5+x (y) é_'), re.escape(b'a.b'), re.escape('a-b#c'))

errs = [r'\K', r'(?|a)', r'\Qa\E', '(', 'a)', '(?P>n)', '(?<n>a)', '(*F)', 'a(?i)', '[a', r'\x4', '*',
        'a**', r'(?P<1>a)', r'\5', r'(?R)', '(?P<n>a)(?P<n>b)', r'\h', r'\R', r'\p{L}', 'a\n(', '(?L)a', '(a(b)']
for p in errs:
    try:
        re.compile(p)
        print(repr(p), 'compiled')
    except re.error as e:
        print(repr(p), '->', e, '|', e.msg, e.pos, e.lineno, e.colno)
for a in [(r'\d', b'1'), (b'a', 'a'), (3, 'a')]:
    try:
        re.search(*a)
    except TypeError as e:
        print('TypeError', e)
for t in [r'\q', r'\g<x>', r'\5', r'\g<', '\\']:
    try:
        re.sub('(a)', t, 'a')
    except (re.error, IndexError) as e:
        print(type(e).__name__, e)
try:
    re.compile(b'a', re.U)
except ValueError as e:
    print('ValueError', e)
print(isinstance(re.error('x'), Exception), re.error('boom', 'ab(', 2))
