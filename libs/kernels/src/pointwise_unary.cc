// Unary pointwise kernels: abs neg exp log ... logical_not bitwise_not.
#include <cmath>
#include <numbers>

#include "absl/strings/str_format.h"

#include "src/compute.h"
#include "src/copy.h"
#include "src/dispatch.h"
#include "src/families.h"
#include "src/gelu_simd.h"
#include "src/kernel.h"
#include "src/loop.h"
#include "src/simd.h"

namespace tc::kernels {
namespace {

enum class U {
  kAbs,
  kNeg,
  kExp,
  kLog,
  kLog1p,
  kExpm1,
  kSqrt,
  kRsqrt,
  kSin,
  kCos,
  kTan,
  kTanh,
  kSigmoid,
  kErf,
  kRelu,
  kSilu,
  kGelu,
  kFloor,
  kCeil,
  kRound,
  kSign,
  kLogicalNot,
  kBitwiseNot,
};

// Ops whose result is floating (integer inputs are converted first).
constexpr bool FloatOnly(U k) {
  return k == U::kExp || k == U::kLog || k == U::kLog1p || k == U::kExpm1 || k == U::kSqrt ||
         k == U::kRsqrt || k == U::kSin || k == U::kCos || k == U::kTan || k == U::kTanh ||
         k == U::kSigmoid || k == U::kErf || k == U::kSilu || k == U::kGelu;
}

struct Params {
  int64_t decimals = 0;
  bool gelu_tanh = false;
};

template <U K, typename C>
inline C Apply(C x, const Params& p) {
  if constexpr (std::is_floating_point_v<C>) {
    if constexpr (K == U::kAbs) return std::abs(x);
    if constexpr (K == U::kNeg) return -x;
    if constexpr (K == U::kExp) return std::exp(x);
    if constexpr (K == U::kLog) return std::log(x);
    if constexpr (K == U::kLog1p) return std::log1p(x);
    if constexpr (K == U::kExpm1) return std::expm1(x);
    if constexpr (K == U::kSqrt) return std::sqrt(x);
    if constexpr (K == U::kRsqrt) return C(1) / std::sqrt(x);
    if constexpr (K == U::kSin) return std::sin(x);
    if constexpr (K == U::kCos) return std::cos(x);
    if constexpr (K == U::kTan) return std::tan(x);
    if constexpr (K == U::kTanh) return std::tanh(x);
    if constexpr (K == U::kSigmoid) return C(1) / (C(1) + std::exp(-x));
    if constexpr (K == U::kErf) return std::erf(x);
    if constexpr (K == U::kRelu) return x < C(0) ? C(0) : x;  // NaN and -0.0 pass through
    if constexpr (K == U::kSilu) return x / (C(1) + std::exp(-x));
    if constexpr (K == U::kGelu) {
      if (p.gelu_tanh) {
        const C k = static_cast<C>(std::numbers::sqrt2 * std::numbers::inv_sqrtpi);  // sqrt(2/pi)
        return C(0.5) * x * (C(1) + std::tanh(k * (x + C(0.044715) * x * x * x)));
      }
      return x * C(0.5) * (C(1) + std::erf(x * static_cast<C>(1.0 / std::numbers::sqrt2)));
    }
    if constexpr (K == U::kFloor) return std::floor(x);
    if constexpr (K == U::kCeil) return std::ceil(x);
    if constexpr (K == U::kRound) {
      if (p.decimals == 0) return std::nearbyint(x);
      // PyTorch: scale by 10^|decimals|, round half to even, scale back.
      C ten_pow = static_cast<C>(std::pow(10.0, std::abs(static_cast<double>(p.decimals))));
      if (p.decimals < 0) return std::nearbyint(x / ten_pow) * ten_pow;
      return std::nearbyint(x * ten_pow) / ten_pow;
    }
    if constexpr (K == U::kSign) return static_cast<C>((C(0) < x) - (x < C(0)));  // NaN -> 0
  } else if constexpr (std::is_same_v<C, bool>) {
    if constexpr (K == U::kBitwiseNot) return !x;
    return x;  // abs, relu, floor, ceil, round, sign on bool are the identity
  } else {
    if constexpr (K == U::kAbs) return x < 0 ? WrapSub(C(0), x) : x;
    if constexpr (K == U::kNeg) return WrapSub(C(0), x);
    if constexpr (K == U::kRelu) return x < 0 ? C(0) : x;
    if constexpr (K == U::kSign) return static_cast<C>((C(0) < x) - (x < C(0)));
    if constexpr (K == U::kBitwiseNot) return static_cast<C>(~x);
  }
  (void)p;
  return x;
}

template <U K>
constexpr int SimdOp() {
  using simd::UnaryOp;
  switch (K) {
    case U::kExp:
      return static_cast<int>(UnaryOp::kExp);
    case U::kLog:
      return static_cast<int>(UnaryOp::kLog);
    case U::kExpm1:
      return static_cast<int>(UnaryOp::kExpm1);
    case U::kTanh:
      return static_cast<int>(UnaryOp::kTanh);
    case U::kSigmoid:
      return static_cast<int>(UnaryOp::kSigmoid);
    case U::kSilu:
      return static_cast<int>(UnaryOp::kSilu);
    case U::kSqrt:
      return static_cast<int>(UnaryOp::kSqrt);
    case U::kRsqrt:
      return static_cast<int>(UnaryOp::kRsqrt);
    case U::kNeg:
      return static_cast<int>(UnaryOp::kNeg);
    case U::kAbs:
      return static_cast<int>(UnaryOp::kAbs);
    case U::kRelu:
      return static_cast<int>(UnaryOp::kRelu);
    default:
      return -1;
  }
}

template <U K, typename T>
void RunTyped(const Loop& loop, const Params& p) {
  using C = Acc<T>;
  // float32 erf and exact GELU: gelu_simd.cc's vector formulas (as
  // generated code computes them), strided elements one at a time through
  // the same code, so a value does not depend on the layout.
  if constexpr ((K == U::kGelu || K == U::kErf) && std::is_same_v<T, float>) {
    if (K == U::kErf || !p.gelu_tanh) {
      constexpr auto f = K == U::kErf ? &simd::Erf : &simd::GeluErf;
      if (loop.inner_contiguous()) {
        RunParallel(loop, [](char* const* ptr, const int64_t*, int64_t n) {
          f(reinterpret_cast<const float*>(ptr[1]), reinterpret_cast<float*>(ptr[0]), n);
        });
      } else {
        RunParallel(loop, [](char* const* ptr, const int64_t* s, int64_t n) {
          for (int64_t i = 0; i < n; ++i) {
            f(reinterpret_cast<const float*>(ptr[1] + i * s[1]),
              reinterpret_cast<float*>(ptr[0] + i * s[0]), 1);
          }
        });
      }
      return;
    }
  }
  if constexpr ((std::is_same_v<T, float> || std::is_same_v<T, double>)&&SimdOp<K>() >= 0) {
    if (loop.inner_contiguous()) {
      RunParallel(loop, [](char* const* ptr, const int64_t*, int64_t n) {
        simd::Unary(static_cast<simd::UnaryOp>(SimdOp<K>()), reinterpret_cast<const T*>(ptr[1]),
                    reinterpret_cast<T*>(ptr[0]), n);
      });
      return;
    }
    // Strided: the same formulas element by element (simd.h), so an
    // element's value does not depend on the layout.
    RunParallel(loop, [](char* const* ptr, const int64_t* s, int64_t n) {
      constexpr int64_t kItem = sizeof(T);
      simd::UnaryStrided(static_cast<simd::UnaryOp>(SimdOp<K>()),
                         reinterpret_cast<const T*>(ptr[1]), s[1] / kItem,
                         reinterpret_cast<T*>(ptr[0]), s[0] / kItem, n);
    });
    return;
  }
  RunParallel(loop, [&p](char* const* ptr, const int64_t* s, int64_t n) {
    char* out = ptr[0];
    const char* in = ptr[1];
    for (int64_t i = 0; i < n; ++i) {
      Store<T>(out + i * s[0], Apply<K, C>(Load<T>(in + i * s[1]), p));
    }
  });
}

template <U K>
absl::Status UnaryKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                         std::span<Tensor> outs) {
  Tensor in = TensorArg(args, 0);
  const Tensor& out = outs[0];
  Params p;
  if constexpr (K == U::kRound) p.decimals = args.size() > 1 ? IntArg(args, 1) : 0;
  if constexpr (K == U::kGelu) {
    auto mode = args.size() > 1 ? OptStringArg(args, 1) : std::nullopt;
    p.gelu_tanh = mode && *mode == "tanh";
  }
  if constexpr (K == U::kLogicalNot) {
    Loop loop(out.sizes(), {&out, &in});
    tensor::VisitDType(in.dtype(), [&]<typename T>(TypeTag<T>) {
      RunParallel(loop, [](char* const* ptr, const int64_t* s, int64_t n) {
        for (int64_t i = 0; i < n; ++i) {
          *reinterpret_cast<bool*>(ptr[0] + i * s[0]) = Load<T>(ptr[1] + i * s[1]) == Acc<T>(0);
        }
      });
    });
    return absl::OkStatus();
  }
  in = ToDType(in, out.dtype());
  Loop loop(out.sizes(), {&out, &in});
  if constexpr (FloatOnly(K)) {
    VisitFloating(out.dtype(), [&]<typename T>(TypeTag<T>) { RunTyped<K, T>(loop, p); });
  } else {
    tensor::VisitDType(out.dtype(), [&]<typename T>(TypeTag<T>) { RunTyped<K, T>(loop, p); });
  }
  return absl::OkStatus();
}

}  // namespace

KernelFn FindUnaryKernel(std::string_view name) {
  static const std::pair<std::string_view, KernelFn> kTable[] = {
      {"abs", UnaryKernel<U::kAbs>},
      {"neg", UnaryKernel<U::kNeg>},
      {"exp", UnaryKernel<U::kExp>},
      {"log", UnaryKernel<U::kLog>},
      {"log1p", UnaryKernel<U::kLog1p>},
      {"expm1", UnaryKernel<U::kExpm1>},
      {"sqrt", UnaryKernel<U::kSqrt>},
      {"rsqrt", UnaryKernel<U::kRsqrt>},
      {"sin", UnaryKernel<U::kSin>},
      {"cos", UnaryKernel<U::kCos>},
      {"tan", UnaryKernel<U::kTan>},
      {"tanh", UnaryKernel<U::kTanh>},
      {"sigmoid", UnaryKernel<U::kSigmoid>},
      {"erf", UnaryKernel<U::kErf>},
      {"relu", UnaryKernel<U::kRelu>},
      {"silu", UnaryKernel<U::kSilu>},
      {"gelu", UnaryKernel<U::kGelu>},
      {"floor", UnaryKernel<U::kFloor>},
      {"ceil", UnaryKernel<U::kCeil>},
      {"round", UnaryKernel<U::kRound>},
      {"sign", UnaryKernel<U::kSign>},
      {"logical_not", UnaryKernel<U::kLogicalNot>},
      {"bitwise_not", UnaryKernel<U::kBitwiseNot>},
  };
  for (const auto& [n, fn] : kTable) {
    if (n == name) return fn;
  }
  return nullptr;
}

}  // namespace tc::kernels
