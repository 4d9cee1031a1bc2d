// Storage: a refcounted, 64-byte aligned block of memory that tensor views
// share, and the Allocator it comes from. A meta storage (Device::Meta())
// has a size and no memory.
//
// The allocator is pluggable so that libs/kernels can install a caching
// allocator (fresh pages cost ~1 us per 4 KiB here) without this library
// knowing it.
#ifndef TC_TENSOR_STORAGE_H_
#define TC_TENSOR_STORAGE_H_

#include <cstddef>
#include <cstdint>
#include <memory>

#include "tc/tensor/device.h"

namespace tc::tensor {

inline constexpr size_t kStorageAlignment = 64;

class Allocator {
 public:
  virtual ~Allocator() = default;
  // Returns kStorageAlignment-aligned memory of at least `bytes` bytes (a
  // valid pointer even for 0 bytes). Aborts when the system is out of memory.
  virtual void* Allocate(size_t bytes) = 0;
  virtual void Deallocate(void* ptr, size_t bytes) = 0;
};

// Plain aligned allocation from the system.
Allocator* SystemAllocator();
// The allocator new CPU storages use; SystemAllocator() until replaced.
Allocator* DefaultAllocator();
// Replaces the default allocator; `allocator` must outlive every storage
// allocated from it. Returns the previous one.
Allocator* SetDefaultAllocator(Allocator* allocator);

class Storage {
 public:
  // `bytes` of uninitialized memory from `allocator` (DefaultAllocator() when
  // null).
  static std::shared_ptr<Storage> Create(size_t bytes, Allocator* allocator = nullptr);
  // Wraps memory the caller owns and keeps alive; never freed here.
  static std::shared_ptr<Storage> Borrow(void* data, size_t bytes, Device device = Device::CPU());
  // A meta storage of `bytes`: nothing is allocated and data() is null.
  // Every call makes a distinct object, since a fake tensor's identity
  // (what aliases what, while tracing) is its storage.
  static std::shared_ptr<Storage> CreateMeta(size_t bytes);

  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  // Null for a meta storage.
  void* data() const { return data_; }
  size_t nbytes() const { return nbytes_; }
  Device device() const { return device_; }
  // Counts in-place writes (autograd's version counter, shared by every
  // view of the storage): a tensor saved for backward and then written to
  // is detected, as PyTorch detects it.
  uint64_t version() const { return version_; }
  void BumpVersion() { ++version_; }

 private:
  // Lets make_shared reach the constructor (one allocation for the object
  // and its control block) while only Storage can name the key.
  struct Key {
    explicit Key() = default;
  };

 public:
  Storage(Key, void* data, size_t bytes, Allocator* allocator, Device device)
      : data_(data), nbytes_(bytes), allocator_(allocator), device_(device) {}

 private:
  void* data_;
  size_t nbytes_;
  Allocator* allocator_;  // null for borrowed memory
  Device device_;
  uint64_t version_ = 0;
};

}  // namespace tc::tensor

#endif  // TC_TENSOR_STORAGE_H_
