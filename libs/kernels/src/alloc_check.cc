#include "src/alloc_check.h"

#include <unistd.h>

#include <cstdint>

#include "absl/strings/str_format.h"

namespace tc::kernels {
namespace {

// Physical memory: a larger request cannot succeed (there is no swap to
// speak of) and would only thrash if overcommit let it through.
int64_t PhysicalMemoryBytes() {
  static const int64_t bytes = [] {
    long pages = sysconf(_SC_PHYS_PAGES);
    long page_size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page_size <= 0) return INT64_MAX;
    int64_t total;
    if (__builtin_mul_overflow(int64_t{pages}, int64_t{page_size}, &total)) return INT64_MAX;
    return total;
  }();
  return bytes;
}

}  // namespace

absl::Status CheckAllocation(tensor::IntSpan sizes, tensor::DType dtype) {
  int64_t bytes = static_cast<int64_t>(tensor::ItemSize(dtype));
  for (int64_t s : sizes) {
    if (s < 0) {
      return absl::InvalidArgumentError(
          absl::StrFormat("Trying to create tensor with negative dimension %d: %s", s,
                          tensor::ShapeToString(sizes)));
    }
    if (__builtin_mul_overflow(bytes, s, &bytes)) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "Storage size calculation overflowed with sizes=%s", tensor::ShapeToString(sizes)));
    }
  }
  if (bytes > PhysicalMemoryBytes()) {
    return absl::ResourceExhaustedError(absl::StrFormat(
        "DefaultCPUAllocator: can't allocate memory: you tried to allocate %d bytes.", bytes));
  }
  return absl::OkStatus();
}

}  // namespace tc::kernels
