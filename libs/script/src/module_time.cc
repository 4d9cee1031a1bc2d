// The `time` module's clocks and sleep, native as in CPython
// (Modules/timemodule.c): each clock read in integer nanoseconds, the
// *_ns functions return those as ints, the others as float seconds
// converted as CPython's _PyTime_AsSecondsDouble does. The calendar
// functions are module_time_calendar.cc's.
#include <time.h>

#include <cerrno>
#include <cmath>
#include <cstdint>

#include "tc/script/native.h"

#include "module_unsupported.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

constexpr int64_t kNsPerSec = 1000000000;

int64_t ReadClock(clockid_t clock) {
  timespec ts;
  clock_gettime(clock, &ts);
  return static_cast<int64_t>(ts.tv_sec) * kNsPerSec + ts.tv_nsec;
}

Value Seconds(int64_t ns) {
  // Whole seconds divide exactly; otherwise ns / 1e9 in double.
  if (ns % kNsPerSec == 0) return Value::Float(static_cast<double>(ns / kNsPerSec));
  return Value::Float(static_cast<double>(ns) / 1e9);
}

// perf_counter() is the monotonic clock on Linux, as CPython 3.11 reads it.
#define TC_TIME_CLOCK(NAME, CLOCK)                                      \
  Value Time_##NAME(VM& vm, const Value&, const ArgsView& args) {       \
    if (!CheckArgCount(vm, args, "time." #NAME, 0, 0)) return {};       \
    return Seconds(ReadClock(CLOCK));                                   \
  }                                                                     \
  Value Time_##NAME##_ns(VM& vm, const Value&, const ArgsView& args) {  \
    if (!CheckArgCount(vm, args, "time." #NAME "_ns", 0, 0)) return {}; \
    return Value::Int(ReadClock(CLOCK));                                \
  }
TC_TIME_CLOCK(time, CLOCK_REALTIME)
TC_TIME_CLOCK(monotonic, CLOCK_MONOTONIC)
TC_TIME_CLOCK(perf_counter, CLOCK_MONOTONIC)
TC_TIME_CLOCK(process_time, CLOCK_PROCESS_CPUTIME_ID)
TC_TIME_CLOCK(thread_time, CLOCK_THREAD_CPUTIME_ID)
#undef TC_TIME_CLOCK

// CPython's two overflow texts: a float out of the clock's range, an int
// whose nanoseconds overflow.
constexpr char kOutOfRange[] = "timestamp out of range for platform time_t";
constexpr char kTooLarge[] = "timestamp too large to convert to C _PyTime_t";

Value Time_sleep(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "time.sleep", 1, 1)) return {};
  const Value& x = args[0];
  int64_t ns;
  if (x.is_float()) {
    double d = x.as_float();
    if (std::isnan(d)) return RaiseValueError(vm, "Invalid value NaN (not a number)");
    // _PyTime_ROUND_TIMEOUT rounds away from zero.
    double t = d * 1e9;
    t = t >= 0 ? std::ceil(t) : std::floor(t);
    if (!(t >= -9.2233720368547758e18 && t < 9.2233720368547758e18)) {
      return RaiseOverflowError(vm, kOutOfRange);
    }
    ns = static_cast<int64_t>(t);
  } else {
    int64_t secs;
    if (!ToInt(vm, x, &secs)) return {};
    if (__builtin_mul_overflow(secs, kNsPerSec, &ns)) return RaiseOverflowError(vm, kTooLarge);
  }
  if (ns < 0) return RaiseValueError(vm, "sleep length must be non-negative");
  // An absolute deadline, so a signal that interrupts the wait does not
  // lengthen it.
  int64_t deadline = ReadClock(CLOCK_MONOTONIC) + ns;
  timespec ts{static_cast<time_t>(deadline / kNsPerSec), static_cast<long>(deadline % kNsPerSec)};
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr) == EINTR) {
  }
  return Value::None();
}

constexpr MethodDef kTimeFunctions[] = {
    {"time", Time_time},
    {"time_ns", Time_time_ns},
    {"monotonic", Time_monotonic},
    {"monotonic_ns", Time_monotonic_ns},
    {"perf_counter", Time_perf_counter},
    {"perf_counter_ns", Time_perf_counter_ns},
    {"process_time", Time_process_time},
    {"process_time_ns", Time_process_time_ns},
    {"thread_time", Time_thread_time},
    {"thread_time_ns", Time_thread_time_ns},
    {"sleep", Time_sleep},
};

// CPython 3.11's names (Linux) that tc does not have.
constexpr const char* kUnsupportedNames[] = {
    "CLOCK_BOOTTIME",
    "CLOCK_MONOTONIC",
    "CLOCK_MONOTONIC_RAW",
    "CLOCK_PROCESS_CPUTIME_ID",
    "CLOCK_REALTIME",
    "CLOCK_TAI",
    "CLOCK_THREAD_CPUTIME_ID",
    "clock_getres",
    "clock_gettime",
    "clock_gettime_ns",
    "clock_settime",
    "clock_settime_ns",
    "get_clock_info",
    "pthread_getcpuclockid",
    "strptime",
    "tzset",
};

}  // namespace

bool InitTimeModule(VM&, ModuleObject* m) {
  AddFunctions(m, kTimeFunctions);
  AddTimeCalendar(m);
  AddUnsupportedNames(m, kUnsupportedNames);
  return true;
}

}  // namespace tc::script
