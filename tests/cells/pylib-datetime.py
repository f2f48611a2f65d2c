# datetime (naive): timedelta normalisation/str/repr/arithmetic, date and datetime construction, isoformat, strftime with %f, ordinals, fromisoformat, comparisons
import datetime as dtm
from datetime import datetime, date, timedelta
d = datetime(2024, 2, 29, 13, 5, 7, 123456)
print(d, repr(d), d.year, d.month, d.day, d.hour, d.minute, d.second, d.microsecond, d.weekday(), d.isoweekday())
print(d.isoformat(), d.isoformat(" "), d.isoformat(timespec="seconds"), d.strftime("%Y/%m/%d %H-%M-%S.%f %a %b %j"), d.date(), repr(d.date()))
print(repr(datetime(2024, 1, 1)), repr(datetime(2024, 1, 1, 0, 0, 5)), datetime(2024, 1, 1), date(2000, 1, 1) < date(2000, 1, 2))
t = timedelta(days=1, hours=2, minutes=3, seconds=4.5)
print(t, repr(t), t.days, t.seconds, t.microseconds, t.total_seconds(), repr(timedelta()), -t, repr(-t), abs(-t) if False else "")
print(timedelta(weeks=1), timedelta(milliseconds=1), timedelta(seconds=-1), repr(timedelta(seconds=-1)), timedelta(days=-2, hours=3), timedelta(hours=49))
print(d + t, d - t, d - datetime(2024, 1, 1), (d - datetime(2024, 1, 1)).total_seconds(), date(2024, 3, 1) - date(2024, 2, 1), date(2024, 12, 31) + timedelta(days=1))
print(t * 2, 2 * t, t / 2, t // 3, t / timedelta(hours=1), t // timedelta(hours=1), t + t - t == t, bool(timedelta()), timedelta(0) == timedelta())
print(d.replace(year=2023, day=28), date(2024, 5, 17).replace(month=6), datetime.fromisoformat("2021-03-04T05:06:07.5" + "00000"[:2]), date.fromisoformat("1999-12-31"))
print(datetime.fromordinal(738000), date.fromordinal(1), date(1, 1, 1).toordinal(), date(2024, 1, 1).toordinal(), dtm.MAXYEAR, timedelta.max, timedelta.min)
print(datetime.fromtimestamp(0) == datetime.fromtimestamp(0.0), datetime.utcfromtimestamp(86400 * 365.25), datetime(2020, 1, 1, 12).timestamp() == datetime(2020, 1, 1, 12).timestamp())
print(isinstance(datetime.now(), object), (datetime.now() - datetime.now()).days <= 0, date.today() == datetime.now().date(), sorted([date(2020, 5, 1), date(2019, 1, 1)]))
for bad in [(2023, 2, 29), (2023, 13, 1), (0, 1, 1)]:
    try:
        date(*bad)
    except ValueError as e:
        print(e)
try:
    datetime(2020, 1, 1, 24)
except ValueError as e:
    print(e)
print({date(2020, 1, 1): "x"}[date(2020, 1, 1)], datetime, timedelta(days=1, seconds=1, microseconds=1))
