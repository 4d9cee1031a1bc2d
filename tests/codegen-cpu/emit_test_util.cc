// Helpers of the emitter tests (see emit_test_util.h).
#include "emit_test_util.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "absl/strings/str_cat.h"

#include "tc/tensor/dispatch.h"
#include "tc/tensor/half.h"

namespace tc::codegen_cpu::testing {
namespace {

int64_t Offset(const Tensor& t, int64_t flat) {
  int64_t off = 0;
  for (int64_t d = t.dim() - 1; d >= 0; --d) {
    off += (flat % t.size(d)) * t.stride(d);
    flat /= t.size(d);
  }
  return off;
}

template <typename T>
double AsDouble(T v) {
  return static_cast<double>(static_cast<float>(v));
}

// Ordered integer image of a float, for ulp distances.
int64_t Ordered(double v, bool is_f64) {
  if (is_f64) {
    int64_t b;
    std::memcpy(&b, &v, 8);
    return b < 0 ? std::numeric_limits<int64_t>::min() - b : b;
  }
  const float f = static_cast<float>(v);
  int32_t b;
  std::memcpy(&b, &f, 4);
  return b < 0 ? static_cast<int64_t>(std::numeric_limits<int32_t>::min()) - b : b;
}

}  // namespace

Tensor RandomTensor(const std::vector<int64_t>& sizes, DType dtype, uint64_t seed, bool specials,
                    bool wide) {
  Tensor t = Tensor::Empty(sizes, dtype);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uni(-6.0, 6.0);
  const double kSpecial[] = {std::numeric_limits<double>::quiet_NaN(),
                             std::numeric_limits<double>::infinity(),
                             -std::numeric_limits<double>::infinity(),
                             -0.0,
                             0.0,
                             1e-40,
                             100.0,
                             -100.0,
                             1.0,
                             0.5};
  tensor::VisitDType(dtype, [&]<typename T>(tensor::TypeTag<T>) {
    T* p = t.data<T>();
    for (int64_t i = 0; i < t.numel(); ++i) {
      if constexpr (std::is_same_v<T, bool>) {
        p[i] = (rng() & 1) != 0;
      } else if constexpr (std::is_integral_v<T>) {
        if (wide) {
          p[i] = static_cast<T>(rng());
        } else {
          p[i] = static_cast<T>(static_cast<int64_t>(rng() % 21) - (std::is_signed_v<T> ? 10 : 0));
        }
      } else {
        double v = uni(rng);
        if (specials && rng() % 8 == 0) v = kSpecial[rng() % std::size(kSpecial)];
        p[i] = static_cast<T>(static_cast<float>(v));
        if constexpr (std::is_same_v<T, double>) p[i] = v;
      }
    }
  });
  return t;
}

int64_t MaxUlpDiff(const Tensor& got, const Tensor& want) {
  if (got.sizes() != want.sizes() || got.dtype() != want.dtype()) return -1;
  const bool is_float = tensor::IsFloatingPoint(got.dtype());
  const bool is_f64 = got.dtype() == DType::kFloat64;
  int64_t worst = 0;
  for (int64_t i = 0; i < got.numel(); ++i) {
    double a = 0, b = 0;
    bool exact_mismatch = false;
    tensor::VisitDType(got.dtype(), [&]<typename T>(tensor::TypeTag<T>) {
      const T x = got.data<T>()[Offset(got, i)];
      const T y = want.data<T>()[Offset(want, i)];
      if constexpr (std::is_same_v<T, double>) {
        a = x;
        b = y;
      } else if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, tensor::Half> ||
                           std::is_same_v<T, tensor::BFloat16>) {
        a = AsDouble(x);
        b = AsDouble(y);
        if constexpr (!std::is_same_v<T, float>) {
          // 16-bit floats: compare the bits (NaN payloads aside).
          exact_mismatch = !(std::isnan(a) && std::isnan(b)) && x.bits != y.bits;
        }
      } else {
        exact_mismatch = x != y;
      }
    });
    if (exact_mismatch) return -1;
    if (!is_float) continue;
    if (std::isnan(a) || std::isnan(b)) {
      if (std::isnan(a) != std::isnan(b)) return -1;
      continue;
    }
    if (std::signbit(a) != std::signbit(b) && !(a == 0 && b == 0)) return -1;
    if (a == 0 && b == 0 && std::signbit(a) != std::signbit(b)) return -1;  // -0.0 vs 0.0
    const int64_t d = std::abs(Ordered(a, is_f64) - Ordered(b, is_f64));
    worst = std::max(worst, d);
  }
  return worst;
}

std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& sizes) {
  std::vector<int64_t> s(sizes.size(), 1);
  for (int d = static_cast<int>(sizes.size()) - 2; d >= 0; --d) {
    s[d] = s[d + 1] * std::max<int64_t>(sizes[d + 1], 1);
  }
  return s;
}

Buffer MakeBuffer(std::string name, Buffer::Role role, DType dtype,
                  const std::vector<int64_t>& sizes, const std::vector<int64_t>& strides) {
  Buffer b;
  b.name = std::move(name);
  b.role = role;
  b.dtype = dtype;
  b.sizes = ConstSyms(sizes);
  b.strides = ConstSyms(strides);
  b.offset = Sym::Const(0);
  return b;
}

std::vector<Sym> LoopVars(const std::vector<int64_t>& sizes) {
  std::vector<Sym> v;
  for (size_t d = 0; d < sizes.size(); ++d) v.push_back(Sym::Var(absl::StrCat("i", d), sizes[d]));
  return v;
}

}  // namespace tc::codegen_cpu::testing
