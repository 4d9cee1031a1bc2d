// linalg_vector_norm, computed as ATen's CPU norm kernel computes it on one
// thread, so the bits match PyTorch's:
//
// - A dtype= different from the input's converts the input first (ATen's
//   make_reduction does self.to(dtype)); then 16-bit floats accumulate in
//   float, float and double in themselves, and the result is rounded once.
// - ord == 2 over one reduced, contiguous iteration dim (is_reduce_lastdim)
//   of float, double or bfloat16 takes ATen's vectorized row loop
//   (ReduceNormKernel's fast path in its AVX2 build; the AVX512 build does
//   not register norm_stub): lanes of 8 float / 4 double accumulators, added
//   in lane order, then the leftover elements. How GCC compiled that loop is
//   part of the result: the lanes add rounded squares; the float leftover
//   adds 4 rounded squares when there are at least 4 and fuses the rest
//   (fma); the double leftover is all fma; bfloat16 reads 16 values per step
//   into the 8 float lanes and adds its leftover as rounded squares
//   (read from libtorch_cpu.so's disassembly, checked against torch).
// - Any other case is binary_kernel_reduce: per output, one accumulator
//   walks the reduced elements in TensorIterator's order (SumIterationDims)
//   with NormTwoOps / NormOneOps / NormZeroOps / AbsMaxOps / AbsMinOps /
//   NormOps (|x|^p summed, then ^(1/p), p in the accumulator's type).
#include <cmath>
#include <limits>
#include <vector>

#include "tc/kernels/sum_order.h"

#include "src/compute.h"
#include "src/dispatch.h"
#include "src/families.h"
#include "src/kernel.h"
#include "src/sum_cascade.h"

namespace tc::kernels {
namespace {

// One row of ATen's fast path: `n` contiguous values at `p`, in kLanes
// accumulators; of the leftover, the first kRounded values (when there are
// that many) add rounded squares, the rest fused ones.
template <typename T, int kLanes, int kRounded>
T FastRowOf(const T* p, int64_t n) {
  T acc[kLanes] = {};
  const int64_t main = n - n % kLanes;
  int64_t d = 0;
  for (; d < main; d += kLanes) {
    for (int j = 0; j < kLanes; ++j) acc[j] = acc[j] + p[d + j] * p[d + j];
  }
  T b = acc[0];
  for (int j = 1; j < kLanes; ++j) b = b + acc[j];
  if constexpr (kRounded > 0) {
    if (n - d >= kRounded) {
      for (int64_t e = d + kRounded; d < e; ++d) b = b + p[d] * p[d];
    }
  }
  for (; d < n; ++d) b = std::fma(p[d], p[d], b);
  return std::sqrt(b);
}

float FastRow(const float* p, int64_t n) { return FastRowOf<float, 8, 4>(p, n); }
double FastRow(const double* p, int64_t n) { return FastRowOf<double, 4, 0>(p, n); }

float FastRow(const BFloat16* p, int64_t n) {
  float acc[8] = {};
  const int64_t main = n - n % 16;
  int64_t d = 0;
  for (; d < main; d += 16) {
    for (int j = 0; j < 8; ++j) {
      const float v = static_cast<float>(p[d + j]);
      acc[j] = acc[j] + v * v;
    }
    for (int j = 0; j < 8; ++j) {
      const float v = static_cast<float>(p[d + 8 + j]);
      acc[j] = acc[j] + v * v;
    }
  }
  float b = acc[0];
  for (int j = 1; j < 8; ++j) b = b + acc[j];
  for (; d < n; ++d) {
    const float v = static_cast<float>(p[d]);
    b = b + v * v;
  }
  return std::sqrt(b);
}

// ATen's max_impl / min_impl: NaN wins.
template <typename C>
C MaxNan(C a, C b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<C>::quiet_NaN();
  return std::max(a, b);
}
template <typename C>
C MinNan(C a, C b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<C>::quiet_NaN();
  return std::min(a, b);
}

enum class NormKind { kZero, kOne, kTwo, kInf, kNegInf, kP };

NormKind KindOf(double ord) {
  if (ord == 0) return NormKind::kZero;
  if (ord == 1) return NormKind::kOne;
  if (ord == 2) return NormKind::kTwo;
  if (ord == std::numeric_limits<double>::infinity()) return NormKind::kInf;
  if (ord == -std::numeric_limits<double>::infinity()) return NormKind::kNegInf;
  return NormKind::kP;
}

// The reduction of one output element (binary_kernel_reduce's ops).
template <typename C>
struct NormAcc {
  NormKind kind;
  C p;
  C acc;

  NormAcc(NormKind k, C ord)
      : kind(k), p(ord), acc(k == NormKind::kNegInf ? std::numeric_limits<C>::infinity() : C(0)) {}

  void Add(C x) {
    switch (kind) {
      case NormKind::kZero:
        acc = acc + (x == C(0) ? C(0) : C(1));
        break;
      case NormKind::kOne:
        acc = acc + std::abs(x);
        break;
      case NormKind::kTwo:
        acc = acc + x * x;
        break;
      case NormKind::kInf:
        acc = MaxNan(acc, std::abs(x));
        break;
      case NormKind::kNegInf:
        acc = MinNan(acc, std::abs(x));
        break;
      case NormKind::kP:
        acc = acc + std::pow(std::abs(x), p);
        break;
    }
  }
  C Result() const {
    if (kind == NormKind::kTwo) return std::sqrt(acc);
    if (kind == NormKind::kP) return std::pow(acc, C(1) / p);
    return acc;
  }
};

// Steps through the reduced iteration dims (fastest first) of one output.
template <typename T, typename F>
void WalkReduced(const T* base, const std::vector<SumIterDim>& red, F&& f) {
  std::vector<int64_t> idx(red.size(), 0);
  int64_t off = 0;
  while (true) {
    f(base[off]);
    size_t k = 0;
    for (; k < red.size(); ++k) {
      off += red[k].in;
      if (++idx[k] < red[k].size) break;
      off -= red[k].in * red[k].size;
      idx[k] = 0;
    }
    if (k == red.size()) return;
  }
}

template <typename T>
void NormAll(const Tensor& in, const std::vector<SumIterDim>& dims, double ord, const Tensor& out) {
  using C = Acc<T>;
  std::vector<SumIterDim> red, kept;
  for (const SumIterDim& d : dims) (d.out == 0 ? red : kept).push_back(d);
  const bool fast =
      KindOf(ord) == NormKind::kTwo && red.size() == 1 && red[0].in == 1 &&
      (std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, BFloat16>);
  const T* src = in.data<T>();
  T* dst = out.data<T>();
  // Each output element: its input and output offsets, kept dims fastest first.
  std::vector<int64_t> idx(kept.size(), 0);
  int64_t in_off = 0, out_off = 0;
  while (true) {
    if (fast) {
      if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> ||
                    std::is_same_v<T, BFloat16>) {
        dst[out_off] = static_cast<T>(FastRow(src + in_off, red[0].size));
      }
    } else {
      NormAcc<C> acc(KindOf(ord), static_cast<C>(ord));
      WalkReduced(src + in_off, red, [&acc](T x) { acc.Add(static_cast<C>(x)); });
      dst[out_off] = static_cast<T>(acc.Result());
    }
    size_t k = 0;
    for (; k < kept.size(); ++k) {
      in_off += kept[k].in;
      out_off += kept[k].out;
      if (++idx[k] < kept[k].size) break;
      in_off -= kept[k].in * kept[k].size;
      out_off -= kept[k].out * kept[k].size;
      idx[k] = 0;
    }
    if (k == kept.size()) return;
  }
}

absl::Status VectorNormKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                              std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  const Tensor in = ToDTypePreserving(TensorArg(args, 0), out.dtype());
  const double ord = ScalarArg(args, 1).to_double();
  const Shape dims = IntListArg(args, 2);
  std::vector<bool> reduced(in.dim(), dims.empty());
  for (int64_t d : dims) {
    if (in.dim() > 0) reduced[tensor::WrapDim(d, in.dim()).value()] = true;
  }
  if (in.numel() == 0) {
    VisitFloating(out.dtype(), [&]<typename T>(TypeTag<T>) {
      const T fill = static_cast<T>(ord < 0 ? std::numeric_limits<float>::infinity() : 0.0f);
      for (int64_t i = 0; i < out.numel(); ++i) out.data<T>()[i] = fill;
    });
    return absl::OkStatus();
  }
  // The output's stride for each input dim (0 along reduced ones): it is
  // contiguous, with or without keepdim's size-1 dims.
  Shape out_strides(in.dim(), 0);
  int64_t stride = 1;
  for (int64_t d = in.dim() - 1; d >= 0; --d) {
    if (reduced[d]) continue;
    out_strides[d] = stride;
    stride *= in.size(d);
  }
  const std::vector<SumIterDim> iter_dims =
      SumIterationDims(in.sizes(), in.strides(), reduced, out_strides);
  VisitFloating(out.dtype(), [&]<typename T>(TypeTag<T>) { NormAll<T>(in, iter_dims, ord, out); });
  return absl::OkStatus();
}

}  // namespace

KernelFn FindVectorNormKernel(std::string_view name) {
  return name == "linalg_vector_norm" ? VectorNormKernel : nullptr;
}

}  // namespace tc::kernels
