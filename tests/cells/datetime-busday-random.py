# random weekmasks, holidays, roll rules and offsets: busday_offset, busday_count and is_busday against NumPy
# cells: skip-gpu datetime64 is host only (CuPy has no datetime arrays)
import numpy as np
import random
random.seed(7)
masks = ['1111100', '1010100', '0000011', '1111111', '0100000', 'Mon Sun', [1, 1, 0, 1, 1, 0, 1]]
rolls = ['forward', 'backward', 'following', 'preceding', 'modifiedfollowing', 'modifiedpreceding', 'nat']
for i in range(400):
    m = random.choice(masks)
    base = np.datetime64('2000-01-01') + random.randint(-3000, 3000)
    hol = [str(base + random.randint(-400, 400)) for _ in range(random.randint(0, 40))]
    d = str(base + random.randint(-20, 20))
    off = random.choice([0, 1, -1, 2, -3, 7, -8, 15, 31, -45, 100, -250, 1000])
    roll = random.choice(rolls)
    try:
        r1 = np.busday_offset(d, off, roll=roll, weekmask=m, holidays=hol)
    except Exception as e:
        r1 = type(e).__name__
    e2 = str(base + random.randint(-600, 600))
    r2 = np.busday_count(d, e2, weekmask=m, holidays=hol)
    r3 = np.is_busday(d, weekmask=m, holidays=hol)
    print(i, r1, r2, r3)
