#include "tc/support/timer.h"

#include <thread>

#include "gtest/gtest.h"

namespace tc::support {
namespace {

TEST(TimerTest, MeasuresElapsedTime) {
  Timer timer;
  std::this_thread::sleep_for(std::chrono::milliseconds(2));
  EXPECT_GE(timer.ElapsedNanos(), 2'000'000);
}

TEST(TimerTest, ScopedTimerAccumulates) {
  int64_t total = 0;
  {
    ScopedTimer t(&total);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  int64_t first = total;
  EXPECT_GE(first, 1'000'000);
  { ScopedTimer t(&total); }
  EXPECT_GE(total, first);
}

}  // namespace
}  // namespace tc::support
