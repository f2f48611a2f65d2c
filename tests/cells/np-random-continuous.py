# continuous distributions of np.random, RandomState and Generator bit for bit with NumPy: standard_cauchy laplace gumbel logistic lognormal rayleigh weibull pareto power chisquare standard_t f; their parameter checks
import numpy as np
names = [('standard_cauchy', ()), ('laplace', (1.0, 2.0)), ('gumbel', (0.5, 3.0)), ('logistic', (10, 1)),
         ('lognormal', (3., 1.)), ('rayleigh', (2.0,)), ('weibull', (5.,)), ('pareto', (3.,)), ('power', (5.,)),
         ('chisquare', (2,)), ('chisquare', (0.5,)), ('standard_t', (10,)), ('f', (1., 48.)), ('weibull', (0.0,))]
np.random.seed(3)
rs = np.random.RandomState(11)
rng = np.random.default_rng(5)
for name, args in names:
    print(name, getattr(np.random, name)(*args, size=3), getattr(rs, name)(*args, size=(2,)), getattr(rng, name)(*args, size=3))
print(repr(rng.laplace()), repr(np.random.gumbel(np.array([0.0, 10.0]))), rng.lognormal([0.0, 1.0], 0.5))
for name, args in (('pareto', (0,)), ('power', (-1,)), ('chisquare', (0,)), ('f', (1, 0)), ('laplace', (0, -1)), ('weibull', (-1,)), ('standard_t', (np.nan,))):
    try:
        getattr(rng, name)(*args)
    except ValueError as e:
        print(name, 'ValueError', e)
print(rng.pareto(np.nan), np.random.power(np.nan))
