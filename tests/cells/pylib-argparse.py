# argparse: CuPy's examples/ scripts' parsers (parse_args([]), sys.argv[1:]), every
# action, nargs, groups, formatter classes, CPython's usage/help layout and
# its errors (usage + 'prog: error: ...' then SystemExit(2); stderr shown on stdout here)
import sys
sys.stderr = sys.stdout
import argparse
p = argparse.ArgumentParser(description='Run k-means on the GPU. ' * 3, epilog='See the docs.')
p.add_argument('--gpu-id', '-g', default=0, type=int, help='id of the GPU to use')
p.add_argument('--n-clusters', type=int, default=2, help='number of clusters')
p.add_argument('--num', type=int, default=5000000, help='number of samples')
p.add_argument('--max-iter', '-m', type=int, default=10, help='number of iterations')
p.add_argument('--use-custom-kernel', action='store_true', default=False, help='use Elementwise kernel')
p.add_argument('--output-image', '-o', default=None, type=str, help='output image file name')
p.add_argument('-v', '--verbose', action='count', default=0)
p.add_argument('--mode', choices=['fast', 'slow'], default='fast', help='the mode (default: %(default)s)')
p.add_argument('files', nargs='*', help='input files')
p.add_argument('--pair', nargs=2, metavar=('A', 'B'), type=float)
p.add_argument('--tag', action='append', help='a tag, may repeat; a long help text that must wrap over more than one line of the help output')
p.print_help()
print(p.parse_args([]))
print(p.parse_args(args=['-g', '1', '--n-clusters=3', '-vvv', 'a.txt', 'b.txt', '--tag', 'x', '--tag=y', '--pair', '1', '2.5']))
print(p.parse_args(['--use', '--max', '7', '-o', 'out.png', '--mode', 'slow']))
print(p.parse_known_args(['--unknown', 'x', '-g2']))
ns = p.parse_args(['-m3'])
print(ns.max_iter, ns.gpu_id, vars(ns)['num'], 'num' in ns, ns == argparse.Namespace(**vars(ns)))
print(p.format_usage(), end='')
for bad in [['-g', 'x'], ['--mode', 'medium'], ['-g'], ['--pair', '1'], ['--nope'], ['--use-custom-kernel=1'], ['--n', '2']]:
    try:
        p.parse_args(bad)
    except SystemExit as e:
        print('exit', e.code)
q = argparse.ArgumentParser(prog='prog')
q.add_argument('x', type=int)
q.add_argument('y', nargs='?', default='dflt')
q.add_argument('rest', nargs='+')
print(q.parse_args(['1', '2', '3', '4']))
print(q.parse_args(['1', '3']))
try:
    q.parse_args([])
except SystemExit as e:
    print('exit', e.code)
try:
    q.parse_args(['-h'])
except SystemExit as e:
    print('exit', e.code)
r = argparse.ArgumentParser(prog='neg')
r.add_argument('--x', type=float)
r.add_argument('n', type=int)
print(r.parse_args(['-5', '--x', '-2.5']))
print(argparse.Namespace(a=1, b='x'))
import argparse
p = argparse.ArgumentParser(prog='bench', formatter_class=argparse.ArgumentDefaultsHelpFormatter,
                            description='''A benchmark.

    Indented text gets folded.''')
p.add_argument('--size', type=int, default=1024, help='problem size')
p.add_argument('--dtype', default='float32', choices=['float32', 'float64'], help='element type')
p.add_argument('--repeat', '-r', type=int, default=3, help='how many times')
p.add_argument('--const', action='store_const', const=42, dest='answer', help='store 42')
p.add_argument('--add', action='append_const', const=1, dest='ones')
p.add_argument('--ext', action='extend', nargs='+', type=int)
p.add_argument('--opt', nargs='?', const='C', default='D', help='optional value')
p.add_argument('--required-thing', required=True, metavar='THING', help='you must')
p.add_argument('--version', action='version', version='%(prog)s 1.0')
g = p.add_argument_group('device', 'Where it runs.')
g.add_argument('--device', default='cpu', help='device name')
m = p.add_mutually_exclusive_group()
m.add_argument('--fast', action='store_true', help='go fast')
m.add_argument('--slow', action='store_true', help='go slow')
p.add_argument('mode', choices=['a', 'b'], help='mode to use')
p.print_help()
print(p.parse_args(['--required-thing', 't', 'a', '--const', '--add', '--add', '--ext', '1', '2', '--ext', '3', '--opt']))
print(p.parse_args(['--required-thing=t', 'b', '--opt', 'val', '--fast', '--device', 'gpu']))
for bad in [['a'], ['--required-thing', 't', 'c'], ['--required-thing', 't', 'a', '--fast', '--slow'], ['--version'],
            ['--required-thing', 't', 'a', '--size', '1.5'], ['--required-thing', 't', 'a', '--ext']]:
    try:
        p.parse_args(bad)
    except SystemExit as e:
        print('exit', e.code)
p.set_defaults(size=7, extra='x')
print(p.get_default('size'), p.parse_args(['--required-thing', 't', 'a']))
raw = argparse.ArgumentParser(prog='raw', formatter_class=argparse.RawDescriptionHelpFormatter,
                              description='line one\n  line two indented\n', epilog='bye  now\n  ok')
raw.add_argument('-x', help='an option whose header is long', metavar='A_VERY_LONG_METAVAR_NAME')
raw.add_argument('--flag', action='store_true', help='')
raw.add_argument('--no-help')
raw.print_help()
u = argparse.ArgumentParser(prog='u', usage='%(prog)s [options] file', add_help=False)
u.add_argument('file')
u.print_help()
try:
    u.parse_args([])
except SystemExit as e:
    print('exit', e.code)
parent = argparse.ArgumentParser(add_help=False)
parent.add_argument('--seed', type=int, default=0)
child = argparse.ArgumentParser(prog='child', parents=[parent])
child.add_argument('n', type=int, nargs=2)
print(child.parse_args(['1', '2', '--seed', '5']))
child.print_usage()
long = argparse.ArgumentParser(prog='a_program_with_a_really_quite_long_name_that_goes_on_and_on_forever')
for k in range(6):
    long.add_argument('--option-number-%d' % k, metavar='VALUE')
long.add_argument('inputs', nargs='+')
long.print_usage()
sys.argv = ['script.py', '--k', '3']
s = argparse.ArgumentParser()
s.add_argument('--k', type=int, default=1)
print(s.parse_args(), s.prog)
e = argparse.ArgumentParser(prog='e', exit_on_error=False)
e.add_argument('--n', type=int)
try:
    e.parse_args(['--n', 'x'])
except argparse.ArgumentError as err:
    print('ArgumentError:', err)
try:
    p.add_argument('--size')
except argparse.ArgumentError as err:
    print('ArgumentError:', err)
for kw in [dict(action='store_true', type=int), dict(action='frobnicate'), dict(nargs=0)]:
    try:
        argparse.ArgumentParser().add_argument('--z', **kw)
    except (TypeError, ValueError) as err:
        print(type(err).__name__ + ':', err)
def positive(v):
    x = int(v)
    if x <= 0:
        raise argparse.ArgumentTypeError('%r is not positive' % v)
    return x
t = argparse.ArgumentParser(prog='t')
t.add_argument('--n', type=positive)
print(t.parse_args(['--n', '4']))
try:
    t.parse_args(['--n', '-4'])
except SystemExit as e:
    print('exit', e.code)

p = argparse.ArgumentParser(prog='p')
p.add_argument('--a', nargs='*')
p.add_argument('-b', action='count')
p.add_argument('pos', nargs='?')
cases = [[1], ['--'], ['--', '-x'], ['-'], ['-bb', '-b'], ['--a'], ['--a', 'x', 'y', '--', 'z'], ['-b=3'], ['--a=1'], ['---x'], ['-bx'], ['x', 'y'], [''], ['-1']]
for c in cases:
    try:
        print(c, p.parse_args(c))
    except SystemExit as e:
        print(c, 'exit', e.code)
    except Exception as e:
        print(c, type(e).__name__)
for bad in [lambda: p.add_argument('x', required=True), lambda: p.add_argument('--a'), lambda: p.add_argument('-c', nargs='x'), lambda: p.add_argument(), lambda: p.add_argument('--d', type='int'), lambda: p.add_argument('y', dest='z')]:
    try:
        bad()
        print('ok')
    except Exception as e:
        print(type(e).__name__, e)
