#include "tc/kernels/thread_pool.h"

#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace tc::kernels {
namespace {

TEST(ThreadPoolTest, CoversRangeExactlyOnce) {
  std::vector<std::atomic<int>> hits(100000);
  ParallelFor(100000, 1000, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) hits[i]++;
  });
  for (const auto& h : hits) ASSERT_EQ(h.load(), 1);
}

TEST(ThreadPoolTest, SmallRangesRunInline) {
  std::thread::id caller = std::this_thread::get_id();
  int calls = 0;
  ParallelFor(10, 100, [&](int64_t b, int64_t e) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    EXPECT_EQ(b, 0);
    EXPECT_EQ(e, 10);
    ++calls;
  });
  EXPECT_EQ(calls, 1);
  ParallelFor(0, 1, [&](int64_t, int64_t) { ++calls; });
  EXPECT_EQ(calls, 1);
}

TEST(ThreadPoolTest, ChunksRespectGrain) {
  std::mutex mu;
  std::vector<std::pair<int64_t, int64_t>> chunks;
  ParallelFor(1000, 300, [&](int64_t b, int64_t e) {
    std::lock_guard<std::mutex> lock(mu);
    chunks.emplace_back(b, e);
  });
  if (chunks.size() > 1) {
    for (auto [b, e] : chunks) EXPECT_GE(e - b, 300);
  }
  EXPECT_LE(static_cast<int>(chunks.size()), NumThreads());
}

TEST(ThreadPoolTest, NestedCallsRunInline) {
  std::atomic<int64_t> total{0};
  ParallelFor(8, 1, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) {
      std::thread::id outer = std::this_thread::get_id();
      ParallelFor(1000, 1, [&](int64_t ib, int64_t ie) {
        EXPECT_EQ(std::this_thread::get_id(), outer);
        total += ie - ib;
      });
    }
  });
  EXPECT_EQ(total.load(), 8000);
  EXPECT_FALSE(InParallelRegion());
}

TEST(ThreadPoolTest, ManyConsecutiveJobs) {
  for (int round = 0; round < 2000; ++round) {
    std::atomic<int64_t> sum{0};
    ParallelFor(64, 1, [&](int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) sum += i;
    });
    ASSERT_EQ(sum.load(), 64 * 63 / 2);
  }
}

TEST(ThreadPoolTest, NumThreadsIsPositive) { EXPECT_GE(NumThreads(), 1); }

}  // namespace
}  // namespace tc::kernels
