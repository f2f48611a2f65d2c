# item() and tolist() of datetimes: datetime.date / datetime / timedelta where the unit fits, ints otherwise, None for NaT
# cells: skip-gpu datetime64 is host only (CuPy has no datetime arrays)
import numpy as np
for x in [np.datetime64('2005-02-25'), np.datetime64('2005-02'), np.datetime64('2005-02-25T03:30:15.123456'), np.datetime64('2005-02-25T03:30:15.123456789'),
          np.datetime64('NaT'), np.datetime64('-0005-01-01'), np.timedelta64(2, 'D'), np.timedelta64(-3, 'h'), np.timedelta64(5, 'ns'), np.timedelta64(2, 'Y'),
          np.timedelta64(90061001, 'ms'), np.timedelta64('NaT', 's'), np.timedelta64(7), np.timedelta64(3, '25s')]:
    print(repr(x.item()))
print(np.array(['2005-02-25', 'NaT'], 'M8[D]').tolist(), np.array([[1, 2], [3, 4]], 'm8[s]').tolist(), np.array(3, 'm8[D]').tolist())
print(np.datetime_as_string(np.array(['2005-02-25'], 'M8[D]')).tolist())
