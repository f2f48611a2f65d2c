import numpy as np
import matplotlib.pyplot as plt
for name, f in [('const', lambda: plt.plot([1, 1, 1])), ('big', lambda: plt.plot(np.arange(5), np.arange(5) * 1e12 + 1e15)),
                ('tiny', lambda: plt.plot(np.arange(5), np.arange(5) * 1e-12)), ('one', lambda: plt.plot([1.0]))]:
    plt.figure(); f()
    print(name, plt.gca().get_xlim(), plt.gca().get_ylim())
    plt.close()
fig, ax = plt.subplots()
ax.bar([1, 2, 3], [3, 1, 2])
print(ax.get_xlim(), ax.get_ylim())
ax.imshow(np.zeros((4, 6)))
print(ax.get_xlim(), ax.get_ylim())
fig, ax = plt.subplots()
ax.hist([1, 2, 2, 3, 3, 3], bins=3, histtype='step')
print(ax.get_xlim(), ax.get_ylim())
ax.margins(0)
print(ax.get_xlim(), ax.get_ylim())
fig, ax = plt.subplots()
ax.scatter([1, 2], [3, 5])
ax.axhline(10)
print(ax.get_xlim(), ax.get_ylim())
