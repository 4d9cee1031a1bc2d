#include "tc/kernels/caching_allocator.h"

#include <cstdint>

#include <gtest/gtest.h>

#include "tc/kernels/eager.h"
#include "tc/tensor/tensor.h"

namespace tc::kernels {
namespace {

TEST(CachingAllocatorTest, ReusesFreedBlocks) {
  CachingAllocator alloc(1 << 20);
  void* a = alloc.Allocate(1000);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a) % tensor::kStorageAlignment, 0u);
  alloc.Deallocate(a, 1000);
  void* b = alloc.Allocate(990);  // same size class
  EXPECT_EQ(a, b);
  auto s = alloc.stats();
  EXPECT_EQ(s.allocations, 2);
  EXPECT_EQ(s.cache_hits, 1);
  EXPECT_EQ(s.bytes_in_use, 1024);
  alloc.Deallocate(b, 990);
  EXPECT_EQ(alloc.stats().cached_bytes, 1024);
  EXPECT_EQ(alloc.stats().bytes_in_use, 0);
}

TEST(CachingAllocatorTest, DifferentClassesDoNotMix) {
  CachingAllocator alloc(1 << 20);
  void* a = alloc.Allocate(64);
  alloc.Deallocate(a, 64);
  void* b = alloc.Allocate(4096);
  EXPECT_EQ(alloc.stats().cache_hits, 0);
  alloc.Deallocate(b, 4096);
}

TEST(CachingAllocatorTest, CapReturnsBlocksToSystem) {
  CachingAllocator alloc(8192);
  void* a = alloc.Allocate(8192);
  void* b = alloc.Allocate(8192);
  alloc.Deallocate(a, 8192);
  alloc.Deallocate(b, 8192);  // over the cap: freed
  EXPECT_EQ(alloc.stats().cached_bytes, 8192);
  alloc.EmptyCache();
  EXPECT_EQ(alloc.stats().cached_bytes, 0);
}

TEST(CachingAllocatorTest, SizeClassesBoundWaste) {
  EXPECT_EQ(CachingAllocator::SizeClass(0), 64u);
  EXPECT_EQ(CachingAllocator::SizeClass(65), 128u);
  EXPECT_EQ(CachingAllocator::SizeClass(1025), 1280u);
  for (size_t n : {1u << 12, 5000u, 1u << 20, 3000000u}) {
    size_t c = CachingAllocator::SizeClass(n);
    EXPECT_GE(c, n);
    EXPECT_LE(c, n + n / 4 + 64);
    EXPECT_EQ(c % 64, 0u);
  }
}

TEST(CachingAllocatorTest, EagerTemporariesReuseMemory) {
  // The first Call installs the caching allocator as the default.
  Tensor x = Tensor::Full(std::vector<int64_t>{1000}, 1.0, tensor::DType::kFloat32);
  ASSERT_TRUE(Call1("neg", {x}).ok());
  EXPECT_EQ(tensor::DefaultAllocator(), GlobalCachingAllocator());
  auto before = GlobalCachingAllocator()->stats();
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(Call1("neg", {x}).ok());
  auto after = GlobalCachingAllocator()->stats();
  EXPECT_EQ(after.allocations - before.allocations, 10);
  EXPECT_EQ(after.cache_hits - before.cache_hits, 10);
}

}  // namespace
}  // namespace tc::kernels
