// Monotonic timers (Debian's Abseil 20220623 has absl::Now but no
// steady-clock stopwatch); used for compile_times() and run timings.
#ifndef TC_SUPPORT_TIMER_H_
#define TC_SUPPORT_TIMER_H_

#include <cstdint>

namespace tc::support {

// Nanoseconds from a monotonic clock.
int64_t NowNanos();

// Measures elapsed time from construction or the last Reset().
class Timer {
 public:
  Timer() : start_(NowNanos()) {}
  void Reset() { start_ = NowNanos(); }
  int64_t ElapsedNanos() const { return NowNanos() - start_; }
  double ElapsedSeconds() const { return static_cast<double>(ElapsedNanos()) * 1e-9; }

 private:
  int64_t start_;
};

// Adds the time between construction and destruction to `*total_nanos`.
class ScopedTimer {
 public:
  explicit ScopedTimer(int64_t* total_nanos) : total_(total_nanos) {}
  ~ScopedTimer() { *total_ += timer_.ElapsedNanos(); }
  ScopedTimer(const ScopedTimer&) = delete;
  ScopedTimer& operator=(const ScopedTimer&) = delete;

 private:
  int64_t* total_;
  Timer timer_;
};

}  // namespace tc::support

#endif  // TC_SUPPORT_TIMER_H_
