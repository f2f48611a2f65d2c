import matplotlib.pyplot as plt
x = [1, 2, 3, 4]
plt.plot(x, [1, 4, 9, 16], 'ro')
plt.xticks(x, ['Frogs', 'Hogs', 'Bogs', 'Slogs'], rotation=45)
plt.margins(0.2) if False else None
plt.yticks([0, 5, 10, 15])
