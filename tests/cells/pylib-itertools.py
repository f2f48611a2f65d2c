# itertools: lazy iterators (count in a for loop with break), combinatorics, groupby, zip_longest
from itertools import *
for i in count(10, 2):
    if i > 16: break
    print(i)
print(list(islice(count(), 5)), list(islice("abcdefg", 1, 6, 2)), list(repeat("x", 3)))
print(list(chain([1, 2], "ab")), list(chain.from_iterable([[1], [2, 3]])))
print(list(product("ab", range(2))), list(product([0, 1], repeat=2)))
print(list(permutations("abc", 2)))
print(list(combinations(range(4), 2)), list(combinations_with_replacement("ab", 2)))
print(list(accumulate([1, 2, 3, 4])), list(accumulate([1, 2, 3], lambda a, b: a * b, initial=10)))
print([(k, list(g)) for k, g in groupby("aabbbc")])
print(list(zip_longest("abc", [1], fillvalue=0)), list(starmap(pow, [(2, 3), (3, 2)])))
print(list(takewhile(lambda x: x < 3, count())), list(dropwhile(lambda x: x < 3, range(6))))
print(list(pairwise("abcd")), list(islice(cycle("ab"), 5)), count(3), repeat(1, 2))
c = count()
print(next(c), next(c), next(c))
import itertools
print(list(itertools.islice(itertools.count(1.5, 0.5), 3)), list(compress("abcdef", [1, 0, 1, 0, 1, 1])))
print(list(filterfalse(lambda x: x % 2, range(10))), list(islice(range(10), 2, None)), list(islice(range(10), None)))
print([k for k, _ in groupby([1, 1, 2, 3, 3, 3])], [(k, len(list(g))) for k, g in groupby("aAbB", key=lambda c: c.lower())])
print(list(permutations(range(3))), len(list(permutations(range(5), 3))), list(combinations("abc", 0)), list(combinations("ab", 3)))
print(list(product()), list(product("ab", repeat=0)), list(product([], [1])), list(zip_longest()))
it = chain("ab", count(1))
print(next(it), next(it), next(it), next(it))
total = 0
for n in itertools.count():
    total += n
    if n == 100:
        break
print(total, list(accumulate([3, 1, 4, 1, 5], max)), list(accumulate([])))
print(list(zip(range(3), repeat("r"))) if False else [x for x in islice(zip_longest(count(), "ab"), 4)])
try:
    list(islice("abc", -1))
except ValueError as e:
    print(e)
try:
    combinations("abc")
except TypeError as e:
    print(e)
from itertools import cycle, count, islice, repeat
colors = ["r", "g"]
for i, (c, x) in enumerate(zip(cycle(colors), [10, 20, 30])):
    print(i, c, x)
print(list(zip(count(), "abc")), dict(zip("xy", count(1))), list(zip(repeat(0), range(2), "pq")))
c = count()
print(list(zip(c, "ab")), next(c))
print(list(zip()), list(zip(count(), [])), [a + b for a, b in zip(count(10), [1, 2])])
