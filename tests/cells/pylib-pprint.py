# pprint: CPython's line breaking at width=80 (dicts sorted, lists, tuples,
# sets, nested, long strings), pp's insertion order, depth, compact, indent
import pprint
import numpy as np
cfg = {'model': 'resnet50', 'lr': 0.001, 'batch_size': 256, 'layers': [64, 128, 256, 512],
       'augment': {'flip': True, 'crop': (224, 224), 'normalize': {'mean': [0.485, 0.456, 0.406], 'std': [0.229, 0.224, 0.225]}},
       'epochs': 90, 'tags': {'gpu', 'imagenet'}, 'note': None}
pprint.pprint(cfg)
pprint.pp(cfg)
pprint.pprint(cfg, width=40)
pprint.pprint(cfg, depth=1)
pprint.pprint(cfg, depth=2, indent=4)
pprint.pprint(list(range(40)))
pprint.pprint(list(range(40)), compact=True)
pprint.pprint(tuple(range(30)))
pprint.pprint((1,))
pprint.pprint([(i, str(i) * i) for i in range(12)])
pprint.pprint(frozenset(range(30)))
pprint.pprint(set('abcdefghijklmnopqrstuvwxyz') | {'long-' * 5})
pprint.pprint({'text': 'The quick brown fox jumps over the lazy dog. ' * 4})
pprint.pprint('A long string that goes on and on, past the eighty columns of the default width, to be split.\nSecond line.')
print(pprint.pformat({'b': 1, 'a': [1, 2]}), pprint.pformat({3: 'x', 1: 'y'}, sort_dicts=False))
print(pprint.pformat({'arr': np.arange(5), 'x': 1.5}))
print(pprint.pformat(10 ** 12, underscore_numbers=True), pprint.saferepr([1, {'a': 2}]))
r = [1, 2]
r.append(r)
print(pprint.isrecursive(r), pprint.isreadable([1, 2]), pprint.isreadable(np.arange(2)))
r.pop()  # the cycle broken: Lumen frees by reference counts
pprint.pprint({'nested': [[1, 2, 3] * 10, {'k': 'v' * 70}]})
pprint.pprint([], width=1)
pprint.pprint({}, width=1)
pp = pprint.PrettyPrinter(indent=2, width=30)
pp.pprint({'alpha': list(range(10)), 'beta': 'b'})
for kw in [dict(indent=-1), dict(width=0), dict(depth=0)]:
    try:
        pprint.PrettyPrinter(**kw)
    except ValueError as e:
        print('ValueError:', e)
