// random_, randint and randperm: ATen's random_from_to_kernel,
// random_kernel and randperm_cpu. Integers come from plain modulo of one
// 32-bit draw (or one 64-bit draw for ranges of 2^28 and more), with no
// rejection, exactly as PyTorch does it.
#include <cstdlib>
#include <limits>
#include <numeric>
#include <vector>

#include "tc/tensor/dispatch.h"

#include "src/kernel.h"
#include "src/random_kernels.h"
#include "src/random_util.h"

namespace tc::kernels::random {
namespace {

template <typename T>
constexpr int Digits() {
  if constexpr (std::is_same_v<T, tensor::Half>) return 11;
  if constexpr (std::is_same_v<T, tensor::BFloat16>) return 8;
  return std::numeric_limits<T>::digits;
}

template <typename T>
T FromInt(int64_t v) {
  return CastResult<T>(v);
}
template <typename T>
int64_t ToInt(T v) {
  if constexpr (kIsReducedFloat<T>) {
    return static_cast<int64_t>(static_cast<float>(v));
  } else {
    return static_cast<int64_t>(v);
  }
}

// update_from / update_to (ATen's DistributionTemplates.h): bounds moved
// inward to integers the floating dtype represents.
template <typename T>
int64_t UpdateFrom(int64_t from) {
  const int64_t from_plus_1 = ToInt<T>(FromInt<T>(from + 1));
  if (from_plus_1 < from) {
    uint64_t f = static_cast<uint64_t>(std::llabs(from + 1));  // the meta keeps from < INT64_MAX
    int n = 0;
    while (f >>= 1) ++n;
    from = from_plus_1 + (int64_t{1} << (n - Digits<T>() + 1));
  }
  return from;
}
template <typename T>
int64_t UpdateTo(int64_t to) {
  const int64_t to_minus_1 = ToInt<T>(FromInt<T>(to - 1));
  if (to_minus_1 >= to) {
    uint64_t t = static_cast<uint64_t>(std::llabs(to - 1));
    int n = 0;
    while (t >>= 1) ++n;
    to = to_minus_1 - (int64_t{1} << (n - Digits<T>() + 1));
  }
  return to;
}

// uniform_int_from_to_distribution: (v mod range) + base in uint64.
template <typename T>
void FillFromTo(CpuGenerator& g, T* out, int64_t n, uint64_t range, int64_t base) {
  if (range >= (uint64_t{1} << 28)) {
    for (int64_t i = 0; i < n; ++i) {
      out[i] = FromInt<T>(static_cast<int64_t>(g.Random64() % range + static_cast<uint64_t>(base)));
    }
  } else {
    for (int64_t i = 0; i < n; ++i) {
      out[i] = FromInt<T>(static_cast<int64_t>(g.Random() % range + static_cast<uint64_t>(base)));
    }
  }
}

// uniform_int_distribution (random_() with no bounds).
template <typename T>
void FillDefault(CpuGenerator& g, T* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    if constexpr (std::is_same_v<T, bool>) {
      out[i] = (g.Random() & 1u) != 0;
    } else if constexpr (std::is_same_v<T, int64_t>) {
      out[i] = static_cast<int64_t>(g.Random64() % (uint64_t{1} << 63));
    } else if constexpr (std::is_same_v<T, double>) {
      out[i] = static_cast<double>(g.Random64() % ((uint64_t{1} << 53) + 1));
    } else if constexpr (std::is_integral_v<T>) {
      out[i] = static_cast<T>(g.Random() % (uint64_t{std::numeric_limits<T>::max()} + 1));
    } else {
      out[i] = FromInt<T>(static_cast<int64_t>(g.Random() % ((uint64_t{1} << Digits<T>()) + 1)));
    }
  }
}

}  // namespace

void RandomInts(CpuGenerator& g, const Tensor& out, std::optional<int64_t> from,
                std::optional<int64_t> to) {
  std::lock_guard<std::mutex> lock(g.mutex());
  const int64_t n = out.numel();
  tensor::VisitDType(out.dtype(), [&]<typename T>(tensor::TypeTag<T>) {
    T* p = out.data<T>();
    if (!from.has_value()) {
      FillDefault<T>(g, p, n);
      return;
    }
    int64_t lo = *from;
    if (to.has_value()) {
      int64_t hi = *to;
      if constexpr (kIsFloating<T>) {
        lo = UpdateFrom<T>(lo);
        hi = UpdateTo<T>(hi);
      }
      FillFromTo<T>(g, p, n, static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo), lo);
    } else if (lo != std::numeric_limits<int64_t>::min()) {
      // [from, the dtype's largest integer]: 2^digits for floating dtypes.
      int64_t to_inc;
      if constexpr (kIsFloating<T>) {
        to_inc =
            Digits<T>() >= 63 ? std::numeric_limits<int64_t>::max() : int64_t{1} << Digits<T>();
        lo = UpdateFrom<T>(lo);
      } else if constexpr (std::is_same_v<T, bool>) {
        to_inc = 1;
      } else {
        to_inc = static_cast<int64_t>(std::numeric_limits<T>::max());
      }
      FillFromTo<T>(g, p, n, static_cast<uint64_t>(to_inc) - static_cast<uint64_t>(lo) + 1, lo);
    } else {
      for (int64_t i = 0; i < n; ++i) p[i] = FromInt<T>(static_cast<int64_t>(g.Random64()));
    }
  });
}

void Randperm(CpuGenerator& g, const Tensor& out) {
  std::lock_guard<std::mutex> lock(g.mutex());
  const int64_t n = out.numel();
  std::vector<int64_t> r(static_cast<size_t>(n));
  std::iota(r.begin(), r.end(), int64_t{0});
  if (n < static_cast<int64_t>(std::numeric_limits<uint32_t>::max() / 20)) {
    // Forward Fisher-Yates with 32-bit draws.
    for (int64_t i = 0; i + 1 < n; ++i) {
      const int64_t z = static_cast<int64_t>(g.Random() % static_cast<uint64_t>(n - i));
      std::swap(r[i], r[i + z]);
    }
  } else {
    // The inside-out variant with 64-bit draws.
    for (int64_t i = 0; i < n; ++i) {
      const int64_t z = static_cast<int64_t>(g.Random64() % static_cast<uint64_t>(i + 1));
      r[i] = r[z];
      r[z] = i;
    }
  }
  tensor::VisitDType(out.dtype(), [&]<typename T>(tensor::TypeTag<T>) {
    T* p = out.data<T>();
    for (int64_t i = 0; i < n; ++i) p[i] = FromInt<T>(r[i]);
  });
}

absl::Status RandomKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                          std::span<Tensor> outs) {
  RandomInts(tensor::CurrentCpuGenerator(), outs[0], OptIntArg(args, 1), OptIntArg(args, 2));
  return absl::OkStatus();
}

absl::Status RandpermKernel(std::span<const KernelArg>, std::span<const TensorMeta>,
                            std::span<Tensor> outs) {
  Randperm(tensor::CurrentCpuGenerator(), outs[0]);
  return absl::OkStatus();
}

}  // namespace tc::kernels::random
