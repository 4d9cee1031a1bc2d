// sort along one dim, as PyTorch's CPU kernel orders it: NaN after every
// number (first when descending), -0.0 equal to 0.0, values gathered from
// the input (NaN payloads and signed zeros kept) with int64 indices.
//
// Each line is sorted with Highway's vqsort on composite keys: an
// order-preserving unsigned image of the value in the high bits (inverted
// for descending) and the element's index in the low bits, so equal values
// come out in input order (stable) at vqsort's speed: 64-bit keys for
// values of up to 32 bits, 128-bit keys for float64 and int64.
//
// stable=False: PyTorch's CPU kernel runs std::sort over (value, index)
// pairs with a NaN-aware comparator, whose order among equal values is
// std::sort's (1-D ascending integer inputs of 32768 elements or more go to
// FBGEMM's radix sort instead, which is stable). Without equal values every
// algorithm gives the one order, so a line is sorted with vqsort first and
// sorted again with std::sort over pairs, as ATen does, only when vqsort
// found equal values next to each other; 8-bit dtypes and lines of more
// than 65536 elements go to std::sort directly (they repeat values almost
// surely). Lines are split over the pool.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "hwy/contrib/sort/vqsort.h"

#include "tc/support/status.h"

#include "compute.h"
#include "families.h"
#include "kernel.h"
#include "loop.h"

namespace tc::kernels {
namespace {

// Order-preserving unsigned images: a < b (NaN largest, -0.0 == 0.0)
// exactly when Key(a) < Key(b).
uint32_t FloatKey(float v) {
  if (std::isnan(v)) return 0xFFFFFFFFu;
  if (v == 0.0f) v = 0.0f;
  uint32_t b = std::bit_cast<uint32_t>(v);
  return (b & 0x80000000u) ? ~b : (b | 0x80000000u);
}
uint64_t DoubleKey(double v) {
  if (std::isnan(v)) return ~uint64_t{0};
  if (v == 0.0) v = 0.0;
  uint64_t b = std::bit_cast<uint64_t>(v);
  constexpr uint64_t kSign = uint64_t{1} << 63;
  return (b & kSign) ? ~b : (b | kSign);
}

template <typename T>
constexpr bool kWideKey = std::is_same_v<T, double> || std::is_same_v<T, int64_t>;

template <typename T>
uint32_t Key32(T v) {
  if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, uint8_t>) {
    return static_cast<uint32_t>(v);
  } else if constexpr (std::is_integral_v<T>) {
    return static_cast<uint32_t>(static_cast<int32_t>(v)) ^ 0x80000000u;
  } else {
    return FloatKey(static_cast<float>(v));
  }
}
template <typename T>
uint64_t Key64(T v) {
  if constexpr (std::is_same_v<T, int64_t>) {
    return static_cast<uint64_t>(v) ^ (uint64_t{1} << 63);
  } else {
    return DoubleKey(v);
  }
}

// One vqsort instance per thread: a Sorter keeps scratch space and is not
// meant to be shared by concurrent sorts.
const hwy::Sorter& ThreadSorter() {
  thread_local hwy::Sorter sorter;
  return sorter;
}

// A line of `n` elements `step` apart, read from `in` and written to the
// same places of `values` and `indices`.
template <typename T>
struct Line {
  const T* in;
  T* values;
  int64_t* indices;
  int64_t n, step;
};

// Returns whether two elements compared equal (equal keys).
template <typename T>
bool SortLineStable(const Line<T>& l, bool descending) {
  if constexpr (kWideKey<T>) {
    thread_local std::vector<hwy::uint128_t> keys;
    keys.resize(l.n);
    const uint64_t flip = descending ? ~uint64_t{0} : 0;
    for (int64_t k = 0; k < l.n; ++k) {
      keys[k].hi = Key64(l.in[k * l.step]) ^ flip;
      keys[k].lo = static_cast<uint64_t>(k);
    }
    ThreadSorter()(keys.data(), keys.size(), hwy::SortAscending());
    bool ties = false;
    for (int64_t k = 0; k < l.n; ++k) {
      const int64_t i = static_cast<int64_t>(keys[k].lo);
      l.values[k * l.step] = l.in[i * l.step];
      l.indices[k * l.step] = i;
      ties |= k > 0 && keys[k].hi == keys[k - 1].hi;
    }
    return ties;
  } else {
    thread_local std::vector<uint64_t> keys;
    keys.resize(l.n);
    const uint32_t flip = descending ? 0xFFFFFFFFu : 0;
    for (int64_t k = 0; k < l.n; ++k) {
      keys[k] = (uint64_t{Key32(l.in[k * l.step]) ^ flip} << 32) | static_cast<uint64_t>(k);
    }
    ThreadSorter()(keys.data(), keys.size(), hwy::SortAscending());
    bool ties = false;
    for (int64_t k = 0; k < l.n; ++k) {
      const int64_t i = static_cast<int64_t>(keys[k] & 0xFFFFFFFFu);
      l.values[k * l.step] = l.in[i * l.step];
      l.indices[k * l.step] = i;
      ties |= k > 0 && (keys[k] >> 32) == (keys[k - 1] >> 32);
    }
    return ties;
  }
}

// PyTorch's unstable path: std::sort of (value, index) pairs, NaN largest.
template <typename T>
void SortLinePairs(const Line<T>& l, bool descending) {
  using C = Acc<T>;
  thread_local std::vector<std::pair<C, int64_t>> pairs;
  pairs.resize(l.n);
  for (int64_t k = 0; k < l.n; ++k) pairs[k] = {static_cast<C>(l.in[k * l.step]), k};
  auto nan = [](C v) { return v != v; };  // NOLINT: NaN test, false for integers
  if (descending) {
    std::sort(pairs.begin(), pairs.end(), [&](const auto& a, const auto& b) {
      return (nan(a.first) && !nan(b.first)) || a.first > b.first;
    });
  } else {
    std::sort(pairs.begin(), pairs.end(), [&](const auto& a, const auto& b) {
      return (!nan(a.first) && nan(b.first)) || a.first < b.first;
    });
  }
  for (int64_t k = 0; k < l.n; ++k) {
    l.values[k * l.step] = l.in[pairs[k].second * l.step];
    l.indices[k * l.step] = pairs[k].second;
  }
}

template <typename T>
constexpr bool kByteSized = sizeof(T) == 1;

// Lines this long almost surely repeat a value (2^32 float32 images; the
// birthday bound), so vqsort would only come before std::sort.
constexpr int64_t kTiesLikely = 65536;

// FBGEMM's radix sort (stable) takes these in ATen's CPU build.
bool RadixSortedByTorch(const Tensor& self, bool descending) {
  return self.dim() == 1 && !descending && tensor::IsIntegral(self.dtype(), false) &&
         self.numel() >= 32768;  // at::internal::GRAIN_SIZE
}

absl::Status SortKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                        std::span<Tensor> outs) {
  const Tensor& self = TensorArg(args, 0);
  TC_ASSIGN_OR_RETURN(const int64_t dim, tensor::WrapDim(IntArg(args, 1), self.dim()));
  const bool descending = BoolArg(args, 2), stable = BoolArg(args, 3);
  if (self.numel() == 0) return absl::OkStatus();
  const int64_t n = self.dim() == 0 ? 1 : self.size(dim);
  int64_t inner = 1;
  for (int64_t d = dim + 1; d < self.dim(); ++d) inner *= self.size(d);
  const int64_t lines = self.numel() / n;
  const Tensor x = self.contiguous();
  // ATen leaves an expanded (stride 0) dim in input order.
  const bool broadcast = self.dim() > 0 && self.stride(dim) == 0;
  const bool keep_ties = stable || RadixSortedByTorch(self, descending);
  int64_t* idx = outs[1].data<int64_t>();
  tensor::VisitDType(self.dtype(), [&]<typename T>(TypeTag<T>) {
    const T* in = x.data<T>();
    T* vo = outs[0].data<T>();
    const int64_t grain = std::max<int64_t>(1, kParallelGrain / n);
    ParallelRange(lines, grain, [&](int64_t begin, int64_t end) {
      for (int64_t j = begin; j < end; ++j) {
        const int64_t base = (j / inner) * n * inner + j % inner;
        Line<T> l{in + base, vo + base, idx + base, n, inner};
        if (broadcast) {
          for (int64_t k = 0; k < n; ++k) {
            l.values[k * inner] = l.in[k * inner];
            l.indices[k * inner] = k;
          }
        } else if (keep_ties) {
          SortLineStable(l, descending);
        } else if (kByteSized<T> || n > kTiesLikely || SortLineStable(l, descending)) {
          SortLinePairs(l, descending);
        }
      }
    });
  });
  return absl::OkStatus();
}

}  // namespace

KernelFn FindSortKernel(std::string_view name) { return name == "sort" ? SortKernel : nullptr; }

}  // namespace tc::kernels
