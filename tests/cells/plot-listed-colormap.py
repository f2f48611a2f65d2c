# matplotlib.colors.ListedColormap as notebooks import and use it (rapidsai's supervised-
# learning notebook imports it beside pyplot): a colormap of a list of colour specs or an
# (N, 3) / (N, 4) array, looked up in N bins, its name, N, reversed(), and as scatter's cmap.
import numpy as np
import matplotlib
matplotlib.use("Agg")
from matplotlib.colors import ListedColormap
import matplotlib.pyplot as plt

cm = ListedColormap(["red", "#00ff00", (0.0, 0.0, 1.0)])
print(cm.name, cm.N)
print(cm(0.0), cm(0.5), cm(1.0), cm(0.34))
print(cm(0), cm(2), cm(7), cm(-1))
print(cm(np.array([0.0, 0.2, 0.9])))
r = cm.reversed()
print(r.name, r.N, r(0.0))
arr = ListedColormap(np.array([[0.0, 0.5, 1.0, 0.5], [1.0, 1.0, 0.0, 1.0]]), name="two")
print(arr.name, arr.N, arr(0.25), arr(0.75))
fig, ax = plt.subplots()
sc = ax.scatter([0, 1, 2], [1, 2, 3], c=[0.0, 0.5, 1.0], cmap=cm)
plt.close(fig)
print("scatter ok")
try:
    ListedColormap(["nocolor"])(0.5)
except ValueError as e:
    print("ValueError", e)
