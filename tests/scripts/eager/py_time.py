# The time module: the clocks' types and units, monotonicity, sleep's
# duration and its errors. Only facts that hold on every run are printed.
import time

for name in ["time", "monotonic", "perf_counter", "process_time", "thread_time"]:
    f = getattr(time, name)
    f_ns = getattr(time, name + "_ns")
    a, b = f(), f_ns()
    print(name, type(a).__name__, type(b).__name__, a >= 0, b >= 0,
          abs(a - b / 1e9) < 1.0)

# The wall clock is after 2020 and in seconds since the epoch.
print(time.time() > 1577836800, time.time_ns() > 1577836800 * 10**9)

# Monotonic clocks never go back.
ok = True
last = time.monotonic()
last_pc = time.perf_counter_ns()
for _ in range(10000):
    now = time.monotonic()
    now_pc = time.perf_counter_ns()
    ok = ok and now >= last and now_pc >= last_pc
    last, last_pc = now, now_pc
print("monotonic", ok)

# sleep(seconds): float or int, at least that long.
for secs in [0, 0.0, 0.01, 0.05, 1e-9]:
    t0 = time.perf_counter()
    r = time.sleep(secs)
    dt = time.perf_counter() - t0
    print("sleep", secs, r, dt >= secs, dt < secs + 1.0)
t0 = time.monotonic_ns()
time.sleep(0.02)
print("sleep ns", time.monotonic_ns() - t0 >= 20000000)

# process_time counts CPU time: a busy loop advances it, sleep barely does.
p0 = time.process_time()
total = 0
for i in range(200000):
    total += i * i
print("busy", total, time.process_time() > p0)


def attempt(f, *args):
    try:
        print(repr(f(*args)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


attempt(time.sleep, -1)
attempt(time.sleep, -0.5)
attempt(time.sleep, "1")
attempt(time.sleep, None)
attempt(time.sleep, float("nan"))
attempt(time.sleep)
attempt(time.sleep, 1, 2)
attempt(time.time, 1)
attempt(time.perf_counter_ns, 0)
attempt(lambda: time.nosuchclock)
