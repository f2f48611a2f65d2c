import matplotlib.pyplot as plt
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(9, 4))
ax1.bar([1, 2, 3, 4], [10, 24, 17, 8], color='tab:orange', edgecolor='k')
ax1.set_ylabel('count')
ax2.barh(['one', 'two', 'three'], [5, 3, 7])
ax2.set_xlabel('value')
