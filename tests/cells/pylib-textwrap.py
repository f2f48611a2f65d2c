# textwrap: wrap/fill (hyphenated words, em-dashes, long words, max_lines and
# placeholder), shorten, dedent of a RawKernel-style source, indent, errors;
# str.expandtabs and str.splitlines(keepends) beneath them
import textwrap
t = "The quick brown fox jumps over the lazy dog; a well-known pangram, used by type-setters and self-taught   programmers\teverywhere.  Supercalifragilisticexpialidocious-words break_too."
for w in (10, 20, 33, 70):
    print(textwrap.wrap(t, w))
print(textwrap.fill(t, 30, initial_indent='* ', subsequent_indent='  '))
print(textwrap.wrap(t, 12, break_long_words=False))
print(textwrap.wrap(t, 12, break_on_hyphens=False))
print(textwrap.wrap("  leading   spaces and trailing   ", 10))
print(textwrap.wrap("  leading   spaces", 10, drop_whitespace=False))
print(textwrap.shorten("Hello  world!", width=12))
print(textwrap.shorten("Hello  world!", width=11))
print(textwrap.shorten("Hello world, this is a long sentence", width=20, placeholder="..."))
print(textwrap.wrap(t, 25, max_lines=3))
print(textwrap.wrap('', 10), textwrap.wrap('   ', 10))
try:
    textwrap.wrap('abc', 0)
except ValueError as e:
    print('ValueError', e)
try:
    textwrap.shorten('abc def', 3)
except ValueError as e:
    print('ValueError', e)
src = '''
    __global__ void k(float* x) {
        int i = threadIdx.x;
\t
        x[i] = 2 * x[i];
    }
'''
print(repr(textwrap.dedent(src)))
print(repr(textwrap.dedent("  a\n    b\n   \n  c")))
print(repr(textwrap.dedent("\ta\n  b")))
print(repr(textwrap.dedent("no indent\n  x")))
print(textwrap.indent("a\n\nb\n  c\n", "> "))
print(textwrap.indent("a\n\nb\n", "+ ", lambda line: True))
w = textwrap.TextWrapper(width=15, subsequent_indent='    ')
print(w.wrap("one two three four five six seven eight"))
print(w.fill("x-y-z aa-bb-cc well-done e-mail 123-456 foo--bar"))
print(textwrap.wrap("aa-bb-cc well-done e-mail 123-456 foo--bar a_b-cd", 6))
print(repr("a\tbc\td\n\tx".expandtabs()), repr("a\tb".expandtabs(4)), repr("ab\tc".expandtabs(tabsize=0)))
print("l1\n\nl3\r\nl4".splitlines(True), "l1\x0bl2\x0cl3".splitlines())
