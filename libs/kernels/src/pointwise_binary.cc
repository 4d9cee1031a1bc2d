// Binary pointwise kernels: arithmetic, comparisons, logical and bitwise ops.
//
// Inputs are converted to the compute dtype (the output dtype, or the
// promoted input dtype for comparisons and logical ops) and a Python number
// `other` stays unrounded in the compute type, as PyTorch's CPU kernels do.
#include <atomic>
#include <cmath>

#include "tc/support/status.h"

#include "src/alloc_check.h"
#include "src/compute.h"
#include "src/copy.h"
#include "src/families.h"
#include "src/kernel.h"
#include "src/loop.h"
#include "src/simd.h"

namespace tc::kernels {
namespace {

enum class B {
  kAdd,
  kSub,
  kMul,
  kDiv,
  kDivTrunc,
  kDivFloor,
  kRemainder,
  kPow,
  kMaximum,
  kMinimum,
  kEq,
  kNe,
  kLt,
  kLe,
  kGt,
  kGe,
  kLogicalAnd,
  kLogicalOr,
  kLogicalXor,
  kBitwiseAnd,
  kBitwiseOr,
  kBitwiseXor,
};

constexpr bool IsCompare(B k) {
  return k == B::kEq || k == B::kNe || k == B::kLt || k == B::kLe || k == B::kGt || k == B::kGe;
}
constexpr bool IsLogical(B k) {
  return k == B::kLogicalAnd || k == B::kLogicalOr || k == B::kLogicalXor;
}
constexpr bool IsIntDivision(B k) {
  return k == B::kDivTrunc || k == B::kDivFloor || k == B::kRemainder;
}

using formulas::IntDivKind;

// One element in compute type C. `zero_div` is set on integer division by 0.
template <B K, typename C>
inline auto Apply(C a, C b, C alpha, bool* zero_div) {
  if constexpr (IsCompare(K)) {
    if constexpr (K == B::kEq) return a == b;
    if constexpr (K == B::kNe) return a != b;
    if constexpr (K == B::kLt) return a < b;
    if constexpr (K == B::kLe) return a <= b;
    if constexpr (K == B::kGt) return a > b;
    if constexpr (K == B::kGe) return a >= b;
  } else if constexpr (IsLogical(K)) {
    const bool x = a != C(0), y = b != C(0);
    if constexpr (K == B::kLogicalAnd) return x && y;
    if constexpr (K == B::kLogicalOr) return x || y;
    if constexpr (K == B::kLogicalXor) return x != y;
  } else if constexpr (std::is_same_v<C, bool>) {
    // bool arithmetic runs on 0/1 and converts back with != 0.
    const int x = a, y = b, s = alpha;
    if constexpr (K == B::kAdd) return x + s * y != 0;
    if constexpr (K == B::kSub) return x - s * y != 0;
    if constexpr (K == B::kMul || K == B::kBitwiseAnd || K == B::kMinimum) return (x & y) != 0;
    if constexpr (K == B::kBitwiseOr || K == B::kMaximum) return (x | y) != 0;
    if constexpr (K == B::kBitwiseXor) return (x ^ y) != 0;
    if constexpr (K == B::kPow) return y == 0 ? true : x != 0;
    if constexpr (K == B::kDiv) return y != 0 || x != 0;
    if constexpr (IsIntDivision(K)) {
      if (y == 0) {
        *zero_div = true;
        return false;
      }
      if constexpr (K == B::kRemainder) return false;
      return x != 0;
    }
  } else if constexpr (std::is_floating_point_v<C>) {
    // One FMA, as the vector loop (simd.cc) and generated code compute it.
    if constexpr (K == B::kAdd) return std::fma(alpha, b, a);
    if constexpr (K == B::kSub) return std::fma(-alpha, b, a);
    if constexpr (K == B::kMul) return a * b;
    if constexpr (K == B::kDiv) return a / b;
    if constexpr (K == B::kDivTrunc) return std::trunc(a / b);
    if constexpr (K == B::kDivFloor) return formulas::DivFloorFloat(a, b);
    if constexpr (K == B::kRemainder) return formulas::RemainderFloat(a, b);
    if constexpr (K == B::kPow) return std::pow(a, b);
    if constexpr (K == B::kMaximum) {
      return std::isnan(a) ? a : (std::isnan(b) ? b : (a < b ? b : a));
    }
    if constexpr (K == B::kMinimum) {
      return std::isnan(a) ? a : (std::isnan(b) ? b : (b < a ? b : a));
    }
    if constexpr (K == B::kBitwiseAnd || K == B::kBitwiseOr || K == B::kBitwiseXor) return a;
  } else {
    if constexpr (K == B::kAdd) return WrapAdd(a, WrapMul(alpha, b));
    if constexpr (K == B::kSub) return WrapSub(a, WrapMul(alpha, b));
    if constexpr (K == B::kMul) return WrapMul(a, b);
    if constexpr (K == B::kDiv) return a;  // true division runs in floating types
    if constexpr (K == B::kDivTrunc) return formulas::IntDivide<IntDivKind::kTrunc>(a, b, zero_div);
    if constexpr (K == B::kDivFloor) return formulas::IntDivide<IntDivKind::kFloor>(a, b, zero_div);
    if constexpr (K == B::kRemainder) {
      return formulas::IntDivide<IntDivKind::kRemainder>(a, b, zero_div);
    }
    if constexpr (K == B::kPow) return formulas::PowInt(a, b);
    if constexpr (K == B::kMaximum) return a < b ? b : a;
    if constexpr (K == B::kMinimum) return b < a ? b : a;
    if constexpr (K == B::kBitwiseAnd) return static_cast<C>(a & b);
    if constexpr (K == B::kBitwiseOr) return static_cast<C>(a | b);
    if constexpr (K == B::kBitwiseXor) return static_cast<C>(a ^ b);
  }
}

template <B K>
constexpr int SimdOp() {
  using simd::BinaryOp;
  switch (K) {
    case B::kAdd:
      return static_cast<int>(BinaryOp::kAdd);
    case B::kSub:
      return static_cast<int>(BinaryOp::kSub);
    case B::kMul:
      return static_cast<int>(BinaryOp::kMul);
    case B::kDiv:
      return static_cast<int>(BinaryOp::kDiv);
    case B::kMaximum:
      return static_cast<int>(BinaryOp::kMaximum);
    case B::kMinimum:
      return static_cast<int>(BinaryOp::kMinimum);
    default:
      return -1;
  }
}

// True when `t` is laid out exactly as the output, both one flat array of
// out.numel() elements (contiguous, or permuted alike), no broadcasting.
bool FlatLike(const Tensor& t, const Tensor& out) {
  if (t.sizes() != out.sizes()) return false;
  if (out.is_contiguous()) return t.is_contiguous();
  return t.strides() == out.strides() && tensor::IsNonOverlappingAndDense(t.sizes(), t.strides());
}

// Runs K with compute type T (storage) writing outputs of type O.
template <B K, typename T>
bool RunTyped(const Tensor& out, const Tensor& a, const Tensor* b, const Scalar& other,
              const Scalar& alpha_s) {
  using C = Acc<T>;
  const C alpha = ScalarAs<C>(alpha_s);
  using O = std::conditional_t<IsCompare(K) || IsLogical(K), bool, T>;
  constexpr bool kSimd = (std::is_same_v<T, float> || std::is_same_v<T, double>)&&SimdOp<K>() >= 0;
  if constexpr (kSimd) {
    // Flat operands need no Loop: small ops are mostly overhead.
    if (FlatLike(a, out) && (b == nullptr || FlatLike(*b, out))) {
      constexpr auto kOp = static_cast<simd::BinaryOp>(SimdOp<K>());
      const T* pa = a.data<T>();
      T* po = out.data<T>();
      if (b != nullptr) {
        const T* pb = b->data<T>();
        ParallelRange(out.numel(), kParallelGrain, [=](int64_t lo, int64_t hi) {
          simd::Binary(kOp, pa + lo, pb + lo, alpha, po + lo, hi - lo);
        });
      } else {
        C folded = ScalarAs<C>(other);
        if constexpr (K == B::kAdd || K == B::kSub) folded = alpha * folded;
        ParallelRange(out.numel(), kParallelGrain, [=](int64_t lo, int64_t hi) {
          simd::BinaryScalar(kOp, pa + lo, folded, po + lo, hi - lo);
        });
      }
      return false;
    }
  }
  std::atomic<bool> zero_div{false};
  if (b != nullptr) {
    Loop loop(out.sizes(), {&out, &a, b});
    if constexpr (kSimd) {
      if (loop.inner_contiguous()) {
        RunParallel(loop, [alpha](char* const* p, const int64_t*, int64_t n) {
          simd::Binary(static_cast<simd::BinaryOp>(SimdOp<K>()), reinterpret_cast<const T*>(p[1]),
                       reinterpret_cast<const T*>(p[2]), alpha, reinterpret_cast<T*>(p[0]), n);
        });
        return false;
      }
    }
    RunParallel(loop, [alpha, &zero_div](char* const* p, const int64_t* s, int64_t n) {
      bool zd = false;
      for (int64_t i = 0; i < n; ++i) {
        Store<O>(p[0] + i * s[0],
                 Apply<K, C>(Load<T>(p[1] + i * s[1]), Load<T>(p[2] + i * s[2]), alpha, &zd));
      }
      if (zd) zero_div = true;
    });
  } else {
    const C bv = ScalarAs<C>(other);
    Loop loop(out.sizes(), {&out, &a});
    if constexpr (kSimd) {
      if (loop.inner_contiguous()) {
        // a + alpha * s is a single scalar operation.
        C folded = bv;
        if constexpr (K == B::kAdd || K == B::kSub) folded = alpha * bv;
        RunParallel(loop, [folded](char* const* p, const int64_t*, int64_t n) {
          simd::BinaryScalar(static_cast<simd::BinaryOp>(SimdOp<K>()),
                             reinterpret_cast<const T*>(p[1]), folded, reinterpret_cast<T*>(p[0]),
                             n);
        });
        return false;
      }
    }
    // A float a + alpha * s adds the rounded product, as the flat path
    // (and generated code) fold it.
    C b_arg = bv, alpha_arg = alpha;
    if constexpr ((K == B::kAdd || K == B::kSub) && std::is_floating_point_v<C>) {
      b_arg = alpha * bv;
      alpha_arg = C(1);
    }
    RunParallel(loop, [alpha_arg, b_arg, &zero_div](char* const* p, const int64_t* s, int64_t n) {
      bool zd = false;
      for (int64_t i = 0; i < n; ++i) {
        Store<O>(p[0] + i * s[0], Apply<K, C>(Load<T>(p[1] + i * s[1]), b_arg, alpha_arg, &zd));
      }
      if (zd) zero_div = true;
    });
  }
  return zero_div.load();
}

tensor::TypeOperand OperandOf(const Tensor& t) {
  return {t.dtype(), t.dim() == 0 ? tensor::OperandKind::kZeroDim : tensor::OperandKind::kTensor};
}

template <B K>
absl::Status BinaryKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                          std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  const Tensor& self = TensorArg(args, 0);
  const bool other_tensor = IsTensor(args, 1);
  const Scalar other = other_tensor ? Scalar() : ScalarArg(args, 1);
  Scalar alpha = 1;
  if constexpr (K == B::kAdd || K == B::kSub) {
    if (args.size() > 2) alpha = ScalarArg(args, 2);
  }
  DType compute = out.dtype();
  if constexpr (IsCompare(K) || IsLogical(K)) {
    tensor::TypeOperand ops[2] = {
        OperandOf(self), other_tensor
                             ? OperandOf(TensorArg(args, 1))
                             : tensor::TypeOperand{other.dtype(), tensor::OperandKind::kScalar}};
    compute = tensor::ResultType(ops);
  }
  if constexpr (K == B::kPow) {
    if (!other_tensor && tensor::IsIntegral(compute, true) && other.is_int() &&
        other.to_int() < 0) {
      return absl::InvalidArgumentError("Integers to negative integer powers are not allowed.");
    }
  }
  // Inputs already in the compute dtype are used as they are (no copy of
  // the Tensor handle either).
  // A conversion can outgrow the output (compare ops write bool), so the
  // copies are checked like outputs.
  Tensor a_converted, b_converted;
  const Tensor* a = &self;
  if (self.dtype() != compute) {
    TC_RETURN_IF_ERROR(CheckAllocation(self.sizes(), compute));
    a = &(a_converted = ToDType(self, compute));
  }
  const Tensor* b = nullptr;
  if (other_tensor) {
    b = &TensorArg(args, 1);
    if (b->dtype() != compute) {
      TC_RETURN_IF_ERROR(CheckAllocation(b->sizes(), compute));
      b = &(b_converted = ToDType(*b, compute));
    }
  }
  bool zero_div = tensor::VisitDType(
      compute, [&]<typename T>(TypeTag<T>) { return RunTyped<K, T>(out, *a, b, other, alpha); });
  if (zero_div) return absl::InvalidArgumentError("ZeroDivisionError");
  return absl::OkStatus();
}

// div dispatches on rounding_mode.
absl::Status DivKernel(std::span<const KernelArg> args, std::span<const TensorMeta> metas,
                       std::span<Tensor> outs) {
  auto mode = args.size() > 2 ? OptStringArg(args, 2) : std::nullopt;
  if (!mode) return BinaryKernel<B::kDiv>(args, metas, outs);
  if (*mode == "trunc") {
    // Floating trunc division of integers never reaches here: the output
    // keeps the promoted (integer) dtype.
    return BinaryKernel<B::kDivTrunc>(args, metas, outs);
  }
  if (*mode == "floor") return BinaryKernel<B::kDivFloor>(args, metas, outs);
  return absl::InvalidArgumentError(
      "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '" + *mode +
      "'");
}

}  // namespace

KernelFn FindBinaryKernel(std::string_view name) {
  static const std::pair<std::string_view, KernelFn> kTable[] = {
      {"add", BinaryKernel<B::kAdd>},
      {"sub", BinaryKernel<B::kSub>},
      {"mul", BinaryKernel<B::kMul>},
      {"div", DivKernel},
      {"floor_divide", BinaryKernel<B::kDivFloor>},
      {"remainder", BinaryKernel<B::kRemainder>},
      {"pow", BinaryKernel<B::kPow>},
      {"maximum", BinaryKernel<B::kMaximum>},
      {"minimum", BinaryKernel<B::kMinimum>},
      {"eq", BinaryKernel<B::kEq>},
      {"ne", BinaryKernel<B::kNe>},
      {"lt", BinaryKernel<B::kLt>},
      {"le", BinaryKernel<B::kLe>},
      {"gt", BinaryKernel<B::kGt>},
      {"ge", BinaryKernel<B::kGe>},
      {"logical_and", BinaryKernel<B::kLogicalAnd>},
      {"logical_or", BinaryKernel<B::kLogicalOr>},
      {"logical_xor", BinaryKernel<B::kLogicalXor>},
      {"bitwise_and", BinaryKernel<B::kBitwiseAnd>},
      {"bitwise_or", BinaryKernel<B::kBitwiseOr>},
      {"bitwise_xor", BinaryKernel<B::kBitwiseXor>},
  };
  for (const auto& [n, fn] : kTable) {
    if (n == name) return fn;
  }
  return nullptr;
}

}  // namespace tc::kernels
