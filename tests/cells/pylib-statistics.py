# statistics: CPython's exact sums (mean([0.1] * 10) is 0.1), medians, modes,
# quantiles, (p)variance/(p)stdev, correlation/regression, StatisticsError
from fractions import Fraction as F
from statistics import *
import statistics
print(mean([0.1]*10), mean([1,2,3,4]), mean([1,2,3]), mean([F(1,3), F(2,3)]), mean([1, 2.5]))
print(fmean([1,2,3.5]), median([3,1,2]), median([1,2,3,4]), median_low([1,2,3,4]), median_high([1,2,3,4]))
print(median_grouped([52, 52, 53, 54]), median_grouped([1, 3, 3, 5, 7], interval=2))
print(mode([1,1,2,3]), mode('aabbbc'), multimode('aabbcc'), multimode([]))
print(variance([2.75, 1.75, 1.25, 0.25, 0.5, 1.25, 3.5]), pvariance([0.0, 0.25, 0.25, 1.25, 1.5, 1.75, 2.75, 3.25]))
print(stdev([1.5, 2.5, 2.5, 2.75, 3.25, 4.75]), pstdev([1.5, 2.5, 2.5, 2.75, 3.25, 4.75]), variance([1,2,3,4]), variance([F(1,4), F(5,4), F(1,2)]))
print(quantiles([105, 129, 87, 86, 111, 111, 89, 81, 108, 92, 110, 100, 75, 105, 103, 109, 76, 119, 99, 91, 103, 129, 106, 101, 84, 111, 74, 87, 86, 103, 103, 106, 86, 111, 75, 87, 102, 121, 111, 88, 89, 101, 106, 95, 103, 107, 101, 81, 109, 104], n=10))
print(quantiles([1,2,3,4,5], n=4, method='inclusive'), geometric_mean([54, 24, 36]), harmonic_mean([40, 60]))
print(stdev([1, 2]), pstdev([1]))
print(mean([1, float('inf')]), variance([float('nan'), 1]))
from fractions import Fraction as F
print(mean(iter([1, 2])), mean((F(1, 2), 1)), mean([True, False]), fmean([1, 2], weights=[3, 1]), fmean(iter([1.0, 2.0])))
print(median_grouped([1, 2, 2, 3, 4, 4, 4, 4, 4, 5]), median_grouped([5]), median(['b', 'a', 'c']))
print(pvariance([1, 2, 3, 4], mu=2.5), variance([1.0, 2.0, 4.0], xbar=2.0), stdev([F(1), F(2), F(4)]))
print(quantiles([1, 2], n=3), quantiles(range(1, 11), n=4, method='inclusive'), mode([]) if False else 0)
print(mean([1e308, 1e308]), variance([0.1, 0.2, 0.3]), stdev([1e-300, 3e-300]))
print(correlation([1, 2, 3], [2, 4, 7]), covariance([1, 2, 3], [1, 3, 2]), linear_regression([1, 2, 3], [2, 4, 7]))
bad = [lambda: mean([]), lambda: fmean([]), lambda: median([]), lambda: mode([]), lambda: variance([1]),
       lambda: pvariance([]), lambda: stdev([1]), lambda: quantiles([1], n=4), lambda: quantiles([1, 2], n=0),
       lambda: quantiles([1, 2], method='x'), lambda: mean(['a', 'b']), lambda: harmonic_mean([-1, 2]),
       lambda: geometric_mean([]), lambda: median_low([]), lambda: fmean([1, 2], weights=[1]), lambda: mean([1, 'a'])]
for f in bad:
    try:
        print(f())
    except (StatisticsError, TypeError, ValueError) as e:
        print(type(e).__name__, e)
print(issubclass(statistics.StatisticsError, ValueError), statistics.mean([0.1] * 10), statistics.median_high([1, 3]))
