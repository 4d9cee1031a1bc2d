#include "tc/kernels/caching_allocator.h"

#include <bit>
#include <cstdlib>

#include "tc/support/check.h"
#include "tc/support/env.h"

namespace tc::kernels {

CachingAllocator::CachingAllocator(size_t max_cached_bytes) : max_cached_bytes_(max_cached_bytes) {}

CachingAllocator::~CachingAllocator() { EmptyCache(); }

size_t CachingAllocator::SizeClass(size_t bytes) {
  if (bytes <= 1024) return bytes == 0 ? 64 : (bytes + 63) / 64 * 64;
  // Four classes between consecutive powers of two.
  int shift = std::bit_width(bytes - 1) - 3;
  size_t step = size_t{1} << shift;
  return (bytes + step - 1) / step * step;
}

std::vector<void*>& CachingAllocator::FreeList(size_t size_class) {
  if (size_class <= 1024) return small_free_[size_class / 64 - 1];
  return free_[size_class];
}

void* CachingAllocator::Allocate(size_t bytes) {
  size_t size = SizeClass(bytes);
  {
    std::lock_guard<std::mutex> lock(mu_);
    ++stats_.allocations;
    stats_.bytes_in_use += static_cast<int64_t>(size);
    std::vector<void*>& blocks = FreeList(size);
    if (!blocks.empty()) {
      void* ptr = blocks.back();
      blocks.pop_back();
      ++stats_.cache_hits;
      stats_.cached_bytes -= static_cast<int64_t>(size);
      return ptr;
    }
  }
  void* ptr = std::aligned_alloc(tensor::kStorageAlignment, size);
  TC_CHECK(ptr != nullptr) << "out of memory allocating " << bytes << " bytes";
  return ptr;
}

void CachingAllocator::Deallocate(void* ptr, size_t bytes) {
  size_t size = SizeClass(bytes);
  {
    std::lock_guard<std::mutex> lock(mu_);
    stats_.bytes_in_use -= static_cast<int64_t>(size);
    if (static_cast<size_t>(stats_.cached_bytes) + size <= max_cached_bytes_) {
      FreeList(size).push_back(ptr);
      stats_.cached_bytes += static_cast<int64_t>(size);
      return;
    }
  }
  std::free(ptr);
}

void CachingAllocator::EmptyCache() {
  std::lock_guard<std::mutex> lock(mu_);
  for (std::vector<void*>& blocks : small_free_) {
    for (void* p : blocks) std::free(p);
    blocks.clear();
  }
  for (auto& [size, blocks] : free_) {
    for (void* p : blocks) std::free(p);
  }
  free_.clear();
  stats_.cached_bytes = 0;
}

CachingAllocator::Stats CachingAllocator::stats() const {
  std::lock_guard<std::mutex> lock(mu_);
  return stats_;
}

CachingAllocator* GlobalCachingAllocator() {
  // Leaked: storages freed during static destruction still return here.
  static CachingAllocator* allocator = [] {
    auto mb = support::GetEnvInt("TC_ALLOCATOR_CACHE_MB", 2048);
    int64_t cap = mb.ok() && *mb >= 0 ? *mb : 2048;
    return new CachingAllocator(static_cast<size_t>(cap) << 20);
  }();
  return allocator;
}

void InstallCachingAllocator() {
  static std::once_flag once;
  std::call_once(once, [] { tensor::SetDefaultAllocator(GlobalCachingAllocator()); });
}

}  // namespace tc::kernels
