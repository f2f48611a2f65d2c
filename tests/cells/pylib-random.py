# Python's random module (not numpy.random): CPython's MT19937 draws, seeding and algorithms, draw for draw
import random
random.seed(42)
print(random.random(), random.random(), random.randint(1, 100), random.randrange(10), random.randrange(0, 100, 7), random.randrange(50, 0, -3))
print(random.choice("abcdef"), random.choice([10, 20, 30]), random.uniform(1, 2), random.gauss(0, 1), random.gauss(0, 1), random.gauss(5, 2))
x = list(range(10)); random.shuffle(x); print(x)
print(random.sample(range(100), 5), random.sample("abcdefgh", 3), random.sample(range(1000), 30))
print(random.choices("abc", k=5), random.choices("abc", weights=[1, 0, 5], k=6), random.choices([1, 2, 3], cum_weights=[1, 1, 10], k=4))
print(random.getrandbits(10), random.getrandbits(40), random.normalvariate(0, 1), random.expovariate(2.0), random.triangular(0, 10, 3))
random.seed(2**40 + 5); print(random.random())
random.seed(-7); print(random.random())
random.seed(0); print(random.random())
r = random.Random(123); print(r.random(), r.randint(0, 10 ** 12))
r2 = random.Random(123); print(r2.random())
try:
    random.choice([])
except IndexError as e:
    print(e)
try:
    random.randrange(0)
except ValueError as e:
    print(e)
try:
    random.sample([1, 2], 3)
except ValueError as e:
    print(e)
print(sorted(random.sample(range(5), 5)))
