// Storage alignment, refcounting through views, and pluggable allocators.
#include "tc/tensor/storage.h"

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

#include "gtest/gtest.h"

#include "tc/tensor/tensor.h"

namespace tc::tensor {
namespace {

bool Aligned(const void* p) { return reinterpret_cast<uintptr_t>(p) % kStorageAlignment == 0; }

TEST(StorageTest, AlignedForEverySize) {
  for (size_t bytes : {0, 1, 3, 63, 64, 65, 1000, 4096, 1 << 20}) {
    std::shared_ptr<Storage> s = Storage::Create(bytes);
    ASSERT_NE(s->data(), nullptr) << bytes;
    EXPECT_TRUE(Aligned(s->data())) << bytes;
    EXPECT_EQ(s->nbytes(), bytes);
    EXPECT_TRUE(s->device().is_cpu());
  }
  for (int d = 0; d < kNumDTypes; ++d) {
    Tensor t = Tensor::Empty(std::vector<int64_t>{3, 5}, static_cast<DType>(d));
    EXPECT_TRUE(Aligned(t.raw_data()));
  }
}

// Counts calls and checks every pointer comes back with its size.
class CountingAllocator final : public Allocator {
 public:
  void* Allocate(size_t bytes) override {
    ++allocations;
    bytes_live += bytes;
    return SystemAllocator()->Allocate(bytes);
  }
  void Deallocate(void* ptr, size_t bytes) override {
    ++deallocations;
    bytes_live -= bytes;
    SystemAllocator()->Deallocate(ptr, bytes);
  }
  int allocations = 0;
  int deallocations = 0;
  int64_t bytes_live = 0;
};

TEST(StorageTest, DefaultAllocatorIsUsedAndFreedThrough) {
  CountingAllocator counting;
  Allocator* previous = SetDefaultAllocator(&counting);
  EXPECT_EQ(DefaultAllocator(), &counting);
  {
    auto t = std::make_unique<Tensor>(Tensor::Zeros(std::vector<int64_t>{4, 4}, DType::kFloat64));
    EXPECT_EQ(counting.allocations, 1);
    EXPECT_EQ(counting.bytes_live, 128);
    // A view shares the storage and keeps it alive after `t` goes.
    Tensor view = t->AsStrided(std::vector<int64_t>{4}, std::vector<int64_t>{5}, 0);
    t.reset();
    EXPECT_EQ(counting.deallocations, 0);
    Tensor copy = view.contiguous();
    EXPECT_EQ(counting.allocations, 2);
  }
  EXPECT_EQ(counting.deallocations, 2);
  EXPECT_EQ(counting.bytes_live, 0);
  EXPECT_EQ(SetDefaultAllocator(previous), &counting);
  EXPECT_EQ(DefaultAllocator(), previous);
}

TEST(StorageTest, ExplicitAllocatorOverridesDefault) {
  CountingAllocator counting;
  { std::shared_ptr<Storage> s = Storage::Create(10, &counting); }
  EXPECT_EQ(counting.allocations, 1);
  EXPECT_EQ(counting.deallocations, 1);
}

TEST(StorageTest, BorrowedMemoryIsNotFreed) {
  std::vector<float> owned = {1, 2, 3};
  {
    std::shared_ptr<Storage> s = Storage::Borrow(owned.data(), 12, Device::CUDA(1));
    EXPECT_EQ(s->data(), owned.data());
    EXPECT_EQ(s->device(), Device::CUDA(1));
    Tensor t(s, DType::kFloat32, Shape{3}, Shape{1}, 0);
    EXPECT_EQ(t.device(), Device::CUDA(1));
  }
  EXPECT_EQ(owned[2], 3.0f);
}

}  // namespace
}  // namespace tc::tensor
