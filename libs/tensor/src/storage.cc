#include "tc/tensor/storage.h"

#include <atomic>
#include <cstdlib>

#include "tc/support/check.h"

namespace tc::tensor {
namespace {

class AlignedSystemAllocator final : public Allocator {
 public:
  void* Allocate(size_t bytes) override {
    size_t rounded = (bytes + kStorageAlignment - 1) / kStorageAlignment * kStorageAlignment;
    void* ptr = std::aligned_alloc(kStorageAlignment, rounded == 0 ? kStorageAlignment : rounded);
    TC_CHECK(ptr != nullptr) << "out of memory allocating " << bytes << " bytes";
    return ptr;
  }
  void Deallocate(void* ptr, size_t) override { std::free(ptr); }
};

std::atomic<Allocator*> default_allocator{nullptr};

}  // namespace

Allocator* SystemAllocator() {
  static AlignedSystemAllocator allocator;
  return &allocator;
}

Allocator* DefaultAllocator() {
  Allocator* a = default_allocator.load(std::memory_order_acquire);
  return a != nullptr ? a : SystemAllocator();
}

Allocator* SetDefaultAllocator(Allocator* allocator) {
  Allocator* previous = default_allocator.exchange(allocator, std::memory_order_acq_rel);
  return previous != nullptr ? previous : SystemAllocator();
}

std::shared_ptr<Storage> Storage::Create(size_t bytes, Allocator* allocator) {
  if (allocator == nullptr) allocator = DefaultAllocator();
  void* data = allocator->Allocate(bytes);
  return std::make_shared<Storage>(Key(), data, bytes, allocator, Device::CPU());
}

std::shared_ptr<Storage> Storage::Borrow(void* data, size_t bytes, Device device) {
  return std::make_shared<Storage>(Key(), data, bytes, nullptr, device);
}

std::shared_ptr<Storage> Storage::CreateMeta(size_t bytes) {
  return std::make_shared<Storage>(Key(), nullptr, bytes, nullptr, Device::Meta());
}

Storage::~Storage() {
  if (allocator_ != nullptr) allocator_->Deallocate(data_, nbytes_);
}

}  // namespace tc::tensor
