// A caching CPU allocator: freed blocks are kept in size-class buckets and
// handed out again, so eager temporaries do not pay for fresh pages (~1 us
// per 4 KiB here) on every op.
#ifndef TC_KERNELS_CACHING_ALLOCATOR_H_
#define TC_KERNELS_CACHING_ALLOCATOR_H_

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include "absl/container/flat_hash_map.h"

#include "tc/tensor/storage.h"

namespace tc::kernels {

class CachingAllocator final : public tensor::Allocator {
 public:
  struct Stats {
    int64_t allocations = 0;   // Allocate calls
    int64_t cache_hits = 0;    // served from the cache
    int64_t bytes_in_use = 0;  // size-class bytes handed out and not freed
    int64_t cached_bytes = 0;  // size-class bytes held in the cache
  };

  // `max_cached_bytes`: freed blocks beyond this go back to the system.
  explicit CachingAllocator(size_t max_cached_bytes);
  ~CachingAllocator() override;

  void* Allocate(size_t bytes) override;
  void Deallocate(void* ptr, size_t bytes) override;

  // Returns every cached block to the system.
  void EmptyCache();
  Stats stats() const;

  // The size class a request of `bytes` is served from: multiples of 64 up to
  // 1 KiB, then four classes per power of two (at most 25% waste).
  static size_t SizeClass(size_t bytes);

 private:
  // Free blocks of one size class; the classes up to 1 KiB (the many small
  // eager temporaries) by index, the larger ones by size.
  std::vector<void*>& FreeList(size_t size_class);

  static constexpr size_t kSmallClasses = 1024 / 64;

  mutable std::mutex mu_;
  size_t max_cached_bytes_;
  std::vector<void*> small_free_[kSmallClasses];
  absl::flat_hash_map<size_t, std::vector<void*>> free_;
  Stats stats_;
};

// The process-wide caching allocator (cap: TC_ALLOCATOR_CACHE_MB, default
// 2048 MiB), created on first use.
CachingAllocator* GlobalCachingAllocator();
// Makes GlobalCachingAllocator() tensor::DefaultAllocator(); done once,
// called by Call() and Interpreter::Run().
void InstallCachingAllocator();

}  // namespace tc::kernels

#endif  // TC_KERNELS_CACHING_ALLOCATOR_H_
