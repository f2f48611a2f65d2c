# The 'z' option of the format mini-language (Python 3.11): a value that rounds
# to zero loses its minus sign; integers and strings refuse it
print(format(-0.0, 'z.1f'), format(-0.04, 'z.1f'), format(-0.06, 'z.1f'), format(-0.0, 'z'))
print(f'{-1e-9:z.3e}', f'{-0.0001:z.2%}', f'{-0.0:z}', format(-0.001, 'z.2g'), format(-0.0, '+z.1f'))
print(format(float('-inf'), 'z'), format(float('nan'), 'z.2f'), format(-0.004, 'z^9.2f'), format(-0.0, 'z,.2f'))
for v, s in [(-1, 'z'), (True, 'z'), (2 ** 70, 'z'), ('a', 'z'), (-1, 'z.1f')]:
    try:
        print(repr(format(v, s)))
    except ValueError as e:
        print('ValueError:', e)
