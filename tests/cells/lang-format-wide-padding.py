# Very wide fields pad at memset speed (the fuzzer timed out on format(x, '66062919'),
# padded one fill character at a time); multi-byte fills and every alignment
s = format(2.5, '3000001')
s2 = '%3000001d|%-2000000s|' % (7, 'ab')
s3 = format('ab', '\u00e9^3000001')
s4 = '{:*<2000000}'.format('x')
print(len(s), len(s2), len(s3), len(s4), s[-3:], s2[:2], s2[-3:], s3[:2], s3[1499999:1500003], s4[:3])
print(format(-3, '0=+12'), format(3.5, '_^15'), '%-7s|%7s' % ('a', 'b'), format('x', '>3'), f'{"é":é>4}', format(-7, 'x=8'))
