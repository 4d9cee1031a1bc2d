# time's calendar functions (gmtime, localtime, mktime, strftime, asctime,
# ctime, struct_time), printed so that the output does not depend on the
# machine's time zone.
import time

t = time.gmtime(1700000000)
print(t)
print(t.tm_year, t[0], len(t), t.tm_wday, t.tm_yday, type(t).__name__)
print(time.strftime("%Y-%m-%d %H:%M:%S %a %b %j %%", t))
print(time.asctime(t), time.asctime((2024, 2, 9, 1, 2, 3, 4, 40, 0)))
print(time.gmtime(0))
print(time.gmtime(-86400.5))
print(time.mktime(time.localtime(1700000000.75)))
lt = time.localtime()
print(isinstance(time.timezone, int), isinstance(time.tzname, tuple), lt.tm_year > 2000)
print(time.ctime(0) == time.asctime(time.localtime(0)))
print(time.strftime("", t) == "", time.strftime("%Y") == str(lt.tm_year))
for bad in [(2024, 13, 1, 0, 0, 0, 0, 1, 0), (2024, 1, 1, 24, 0, 0, 0, 1, 0), (1, 2, 3)]:
    try:
        print(time.strftime("%Y", bad))
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
for arg in ["x", float("nan")]:
    try:
        time.gmtime(arg)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    time.strftime(5)
except TypeError as e:
    print(e)
try:
    ValueError().__suppress_context__ = 1
except TypeError as e:
    print(e)
