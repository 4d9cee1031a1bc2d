// Kernels of ops_pointwise_extra.cc's ops: lerp, addcmul, addcdiv, hypot,
// atan2, logit, nan_to_num, isnan, isinf, isfinite. Each uses the formula of
// ATen's CPU kernel; where ATen's compiled loop fuses a multiply and an add
// (lerp, addcmul: GCC contracts them into one FMA), std::fma gives the same
// single rounding.
#include <cmath>
#include <limits>

#include "src/compute.h"
#include "src/copy.h"
#include "src/dispatch.h"
#include "src/families.h"
#include "src/kernel.h"
#include "src/loop.h"

namespace tc::kernels {
namespace {

// An operand in the output dtype: a tensor converted, or a Python number as
// a 0-dim tensor (it broadcasts).
Tensor Operand(std::span<const KernelArg> args, size_t i, DType dtype) {
  if (IsTensor(args, i)) return ToDType(TensorArg(args, i), dtype);
  return Tensor::FromScalar(ScalarArg(args, i), dtype);
}

// ATen's lerp: the weight decides which end the result is computed from, so
// weights 0 and 1 give the ends exactly.
template <typename C>
inline C Lerp(C self, C end, C weight) {
  C diff = end - self;
  if (std::abs(weight) < C(0.5)) return std::fma(weight, diff, self);
  return std::fma(weight - C(1), diff, end);
}

absl::Status LerpKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                        std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  const DType dt = out.dtype();
  Tensor self = TensorArg(args, 0), end = TensorArg(args, 1);
  VisitFloating(dt, [&]<typename T>(TypeTag<T>) {
    using C = Acc<T>;
    if (!IsTensor(args, 2)) {
      const C w = ScalarAs<C>(ScalarArg(args, 2));
      Loop loop(out.sizes(), {&out, &self, &end});
      RunParallel(loop, [w](char* const* p, const int64_t* s, int64_t n) {
        for (int64_t i = 0; i < n; ++i) {
          Store<T>(p[0] + i * s[0], Lerp<C>(Load<T>(p[1] + i * s[1]), Load<T>(p[2] + i * s[2]), w));
        }
      });
      return;
    }
    // A 0-dim weight of another dtype is read as a number, as lerp does.
    Tensor weight = Operand(args, 2, dt);
    Loop loop(out.sizes(), {&out, &self, &end, &weight});
    RunParallel(loop, [](char* const* p, const int64_t* s, int64_t n) {
      for (int64_t i = 0; i < n; ++i) {
        Store<T>(p[0] + i * s[0], Lerp<C>(Load<T>(p[1] + i * s[1]), Load<T>(p[2] + i * s[2]),
                                          Load<T>(p[3] + i * s[3])));
      }
    });
  });
  return absl::OkStatus();
}

// addcmul: self + value * t1 * t2 (one FMA on floats); addcdiv:
// self + value * t1 / t2, left to right.
template <bool kDiv>
absl::Status AddcKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                        std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  const DType dt = out.dtype();
  Tensor self = Operand(args, 0, dt), t1 = Operand(args, 1, dt), t2 = Operand(args, 2, dt);
  const Scalar value = ScalarArg(args, 3);
  Loop loop(out.sizes(), {&out, &self, &t1, &t2});
  tensor::VisitDType(dt, [&]<typename T>(TypeTag<T>) {
    using C = Acc<T>;
    if constexpr (!std::is_same_v<C, bool>) {
      const C v = ScalarAs<C>(value);
      RunParallel(loop, [v](char* const* p, const int64_t* s, int64_t n) {
        for (int64_t i = 0; i < n; ++i) {
          C a = Load<T>(p[1] + i * s[1]), b = Load<T>(p[2] + i * s[2]),
            c = Load<T>(p[3] + i * s[3]);
          C r;
          if constexpr (kDiv) {
            r = a + v * b / c;
          } else if constexpr (std::is_floating_point_v<C>) {
            r = std::fma(v * b, c, a);
          } else {
            r = WrapAdd(a, static_cast<C>(v * b * c));
          }
          Store<T>(p[0] + i * s[0], r);
        }
      });
    }
  });
  return absl::OkStatus();
}

enum class Fp2 { kHypot, kAtan2 };

template <Fp2 K>
absl::Status Floating2Kernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                             std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  Tensor a = Operand(args, 0, out.dtype()), b = Operand(args, 1, out.dtype());
  Loop loop(out.sizes(), {&out, &a, &b});
  VisitFloating(out.dtype(), [&]<typename T>(TypeTag<T>) {
    using C = Acc<T>;
    RunParallel(loop, [](char* const* p, const int64_t* s, int64_t n) {
      for (int64_t i = 0; i < n; ++i) {
        C x = Load<T>(p[1] + i * s[1]), y = Load<T>(p[2] + i * s[2]);
        Store<T>(p[0] + i * s[0], K == Fp2::kHypot ? std::hypot(x, y) : std::atan2(x, y));
      }
    });
  });
  return absl::OkStatus();
}

// logit: log(x / (1 - x)), x first clamped to [eps, 1 - eps] when eps is
// given; x == 1 gives +inf without eps, as ATen special-cases it.
absl::Status LogitKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                         std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  Tensor in = ToDType(TensorArg(args, 0), out.dtype());
  std::optional<Scalar> eps = OptScalarArg(args, 1);
  Loop loop(out.sizes(), {&out, &in});
  VisitFloating(out.dtype(), [&]<typename T>(TypeTag<T>) {
    using C = Acc<T>;
    const bool clamp = eps.has_value() && eps->to_double() >= 0;
    const C lo = clamp ? static_cast<C>(eps->to_double()) : C(0);
    const C hi = C(1) - lo;
    RunParallel(loop, [=](char* const* p, const int64_t* s, int64_t n) {
      for (int64_t i = 0; i < n; ++i) {
        C x = Load<T>(p[1] + i * s[1]);
        C r;
        if (clamp) {
          x = x < lo ? lo : (x > hi ? hi : x);
          r = std::log(x / (C(1) - x));
        } else {
          r = x == C(1) ? std::numeric_limits<C>::infinity() : std::log(x / (C(1) - x));
        }
        Store<T>(p[0] + i * s[0], r);
      }
    });
  });
  return absl::OkStatus();
}

// The largest finite value of T (numeric_limits knows no 16-bit floats).
template <typename T>
double MaxFinite() {
  if constexpr (std::is_same_v<T, Half>) {
    return 65504.0;
  } else if constexpr (std::is_same_v<T, BFloat16>) {
    return 3.3895313892515355e38;  // 0x7f7f
  } else {
    return static_cast<double>(std::numeric_limits<T>::max());
  }
}

// nan_to_num: the replacements are converted to the dtype first (1e39 is
// inf in float32); integers and bools are copied.
absl::Status NanToNumKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                            std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  const Tensor& in = TensorArg(args, 0);
  if (!tensor::IsFloatingPoint(out.dtype())) {
    CopyCast(in, out);
    return absl::OkStatus();
  }
  std::optional<Scalar> nan = OptScalarArg(args, 1), pos = OptScalarArg(args, 2),
                        neg = OptScalarArg(args, 3);
  Loop loop(out.sizes(), {&out, &in});
  VisitFloating(out.dtype(), [&]<typename T>(TypeTag<T>) {
    using C = Acc<T>;
    auto as_t = [](double v) { return static_cast<C>(static_cast<T>(v)); };
    const C nan_v = as_t(nan ? nan->to_double() : 0.0);
    const C pos_v = as_t(pos ? pos->to_double() : MaxFinite<T>());
    const C neg_v = as_t(neg ? neg->to_double() : -MaxFinite<T>());
    RunParallel(loop, [=](char* const* p, const int64_t* s, int64_t n) {
      for (int64_t i = 0; i < n; ++i) {
        C x = Load<T>(p[1] + i * s[1]);
        if (std::isnan(x)) {
          x = nan_v;
        } else if (std::isinf(x)) {
          x = x > 0 ? pos_v : neg_v;
        }
        Store<T>(p[0] + i * s[0], x);
      }
    });
  });
  return absl::OkStatus();
}

enum class Cls { kNan, kInf, kFinite };

template <Cls K>
absl::Status ClassifyKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                            std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  const Tensor& in = TensorArg(args, 0);
  Loop loop(out.sizes(), {&out, &in});
  tensor::VisitDType(in.dtype(), [&]<typename T>(TypeTag<T>) {
    using C = Acc<T>;
    RunParallel(loop, [](char* const* p, const int64_t* s, int64_t n) {
      for (int64_t i = 0; i < n; ++i) {
        bool r = K == Cls::kFinite;  // integers are finite, never NaN or inf
        if constexpr (std::is_floating_point_v<C>) {
          C x = Load<T>(p[1] + i * s[1]);
          r = K == Cls::kNan ? std::isnan(x) : (K == Cls::kInf ? std::isinf(x) : std::isfinite(x));
        }
        *reinterpret_cast<bool*>(p[0] + i * s[0]) = r;
      }
    });
  });
  return absl::OkStatus();
}

}  // namespace

KernelFn FindExtraPointwiseKernel(std::string_view name) {
  static const std::pair<std::string_view, KernelFn> kTable[] = {
      {"lerp", LerpKernel},
      {"addcmul", AddcKernel<false>},
      {"addcdiv", AddcKernel<true>},
      {"hypot", Floating2Kernel<Fp2::kHypot>},
      {"atan2", Floating2Kernel<Fp2::kAtan2>},
      {"logit", LogitKernel},
      {"nan_to_num", NanToNumKernel},
      {"isnan", ClassifyKernel<Cls::kNan>},
      {"isinf", ClassifyKernel<Cls::kInf>},
      {"isfinite", ClassifyKernel<Cls::kFinite>},
  };
  for (const auto& [n, fn] : kTable) {
    if (n == name) return fn;
  }
  return nullptr;
}

}  // namespace tc::kernels
