# sys (version_info, float_info, getsizeof, exit), math's completed functions, time's calendar functions
import sys, math, time
print(sys.version_info >= (3, 8), sys.version_info[0], sys.version_info.major, sys.float_info.epsilon, sys.float_info.max, sys.float_info.dig)
print(sys.float_info)
print(sys.maxsize, sys.platform, type(sys.path).__name__, sys.byteorder)
print([sys.getsizeof(x) for x in [None, True, False, 0, 1, 2**40, -5, 1.5, 1j, b"ab", (), (1, 2)]])
# str: 49 + len up to CPython 3.11 (Lumen's sys.version_info), 41 + len from 3.12 on
print([sys.getsizeof(s) - (49 if sys.version_info < (3, 12) else 41) for s in ("", "abc", "x" * 100)])
sys.stdout.write("written\n"); sys.stdout.flush()
try:
    sys.exit(3)
except SystemExit as e:
    print("exit", e, e.args)
try:
    sys.exit()
except SystemExit as e:
    print("exit none", repr(str(e)))
print(math.isqrt(10**12 + 5), math.isqrt(0), math.perm(5, 2), math.perm(4), math.fsum([0.1] * 10), sum([0.1, 0.25, 0.5]))
# sum() of floats: plain additions up to 3.11, Neumaier's compensated sum from 3.12 on
print(sum([0.1] * 10) == (1.0 if sys.version_info >= (3, 12) else 0.9999999999999999), sum([1, 2.5, 3]))
print(math.fsum([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50]), math.ldexp(0.75, 4), math.frexp(12.0), math.modf(-3.25))
print(math.nextafter(1.0, 2.0), math.ulp(1.0), math.remainder(10, 3), math.cbrt(27), math.dist((0, 0), (3, 4)))
print(math.frexp(0.0), math.modf(float("inf")), math.fsum([]), math.fsum([float("inf"), 1]))
try:
    math.fsum([float("inf"), float("-inf")])
except ValueError as e:
    print(e)
t = time.gmtime(0)
print(t, t.tm_year, t[0], time.strftime("%Y-%m-%d %H:%M:%S", t), time.asctime(t))
print(time.strftime("%Y") == str(time.localtime().tm_year), time.mktime(time.localtime(1e9)) == 1e9)
print(time.gmtime(1700000000.7))
