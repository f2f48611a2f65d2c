# str.format field names: a position is all digits (huge ones are a named error,
# not an index read before the arguments: the fuzzer found '{5555555555555555555550}');
# a name that only starts with a digit is a keyword
for f in ['{5555555555555555555550}', '{1abc}', '{2147483648}', '{99999999999999999999:>3}', '{0}{1a.b}',
          '{1}{0}', '{0[1]}{1}', '{}{1}', '{1}{}', '{00}|{01}']:
    try:
        print(repr(f.format('ab', 2, **{'1abc': 'K'})))
    except (ValueError, IndexError, KeyError) as e:
        print(type(e).__name__, e)
