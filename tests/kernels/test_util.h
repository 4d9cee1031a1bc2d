// Helpers shared by the kernel tests: random tensors, element access in
// double, and calls that unwrap StatusOr.
#ifndef TC_TESTS_KERNELS_TEST_UTIL_H_
#define TC_TESTS_KERNELS_TEST_UTIL_H_

#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "tc/kernels/eager.h"
#include "tc/tensor/dispatch.h"
#include "tc/tensor/tensor.h"

namespace tc::kernels::testing {

using graph_ir::Constant;
using tensor::DType;
using tensor::Scalar;
using tensor::Shape;

inline constexpr DType kAllDTypes[] = {
    DType::kBool,  DType::kUInt8,   DType::kInt8,     DType::kInt16,   DType::kInt32,
    DType::kInt64, DType::kFloat16, DType::kBFloat16, DType::kFloat32, DType::kFloat64,
};

// Sets flat row-major element i of `t` (any strides) to `v` converted.
inline void SetElement(const Tensor& t, int64_t flat, double v) {
  int64_t off = 0;
  for (int64_t d = t.dim() - 1; d >= 0; --d) {
    off += (flat % t.size(d)) * t.stride(d);
    flat /= t.size(d);
  }
  tensor::VisitDType(t.dtype(), [&]<typename T>(tensor::TypeTag<T>) {
    t.data<T>()[off] = tensor::CastValue<T>(v);
  });
}

// Random values in [lo, hi]; integers are rounded, bool is 0/1, and the
// values are exactly representable in `dtype`.
inline Tensor Random(tensor::IntSpan sizes, DType dtype, uint32_t seed, double lo = -3,
                     double hi = 3) {
  Tensor t = Tensor::Empty(sizes, dtype);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> dist(lo, hi);
  for (int64_t i = 0; i < t.numel(); ++i) {
    double v = dist(rng);
    if (dtype == DType::kBool)
      v = v > (lo + hi) / 2;
    else if (!tensor::IsFloatingPoint(dtype))
      v = std::round(v);
    SetElement(t, i, v);
  }
  return t;
}

inline std::vector<double> Values(const Tensor& t) {
  std::vector<double> v(t.numel());
  for (int64_t i = 0; i < t.numel(); ++i) v[i] = t.ElementAsDouble(i);
  return v;
}

// Relative tolerance for results stored in `dtype`.
inline double Tolerance(DType dtype) {
  switch (dtype) {
    case DType::kFloat16:
      return 2e-3;
    case DType::kBFloat16:
      return 1.6e-2;
    case DType::kFloat32:
      return 2e-6;
    case DType::kFloat64:
      return 1e-12;
    default:
      return 0;
  }
}

// Expects got == want up to the dtype's tolerance; NaNs must match.
inline void ExpectClose(double got, double want, DType dtype, const std::string& what) {
  if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(got)) << what << ": got " << got << ", want nan";
    return;
  }
  if (std::isinf(want)) {
    EXPECT_EQ(got, want) << what;
    return;
  }
  const double tol = Tolerance(dtype);
  EXPECT_LE(std::abs(got - want), tol * std::max(1.0, std::abs(want)) + 1e-300)
      << what << ": got " << got << ", want " << want;
}

inline Tensor Run1(std::string_view op, std::vector<KernelArg> args) {
  auto r = Call1(op, std::move(args));
  EXPECT_TRUE(r.ok()) << op << ": " << r.status();
  return r.ok() ? *r : Tensor();
}

inline Constant Int(int64_t v) { return Constant(Scalar(v)); }
inline Constant Float(double v) { return Constant(Scalar(v)); }
inline Constant Ints(std::initializer_list<int64_t> v) { return Constant(Shape(v)); }
inline Constant Str(const char* s) { return Constant(std::string(s)); }
inline Constant NoneArg() { return Constant(graph_ir::None{}); }

}  // namespace tc::kernels::testing

#endif  // TC_TESTS_KERNELS_TEST_UTIL_H_
