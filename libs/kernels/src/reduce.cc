// Reductions: sum mean prod amax amin argmax argmin var.
//
// The input is split into kept and reduced dimensions; one Loop walks the
// reduced elements of any output element. Many outputs are split across the
// pool; a few large reductions are split into chunks whose partial results
// are merged in order (so argmax keeps the first index).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "absl/strings/str_format.h"

#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"

#include "src/alloc_check.h"
#include "src/compute.h"
#include "src/copy.h"
#include "src/dispatch.h"
#include "src/families.h"
#include "src/kernel.h"
#include "src/loop.h"
#include "src/simd.h"
#include "src/sum_cascade.h"

namespace tc::kernels {
namespace {

struct Plan {
  Shape kept_sizes;
  Shape kept_strides;  // input strides (elements) of the kept dims
  Tensor red_view;     // the reduced dims of output element 0
  int64_t n_out = 1;
  int64_t n_red = 1;
};

// `dims` empty means every dim.
absl::StatusOr<Plan> MakePlan(const Tensor& in, const Shape& dims) {
  std::vector<bool> reduced(in.dim(), dims.empty());
  for (int64_t d : dims) {
    auto w = tensor::WrapDim(d, in.dim());
    if (!w.ok()) return w.status();
    if (in.dim() > 0) reduced[*w] = true;
  }
  Plan plan;
  Shape red_sizes, red_strides;
  for (int64_t d = 0; d < in.dim(); ++d) {
    if (reduced[d]) {
      red_sizes.push_back(in.size(d));
      red_strides.push_back(in.stride(d));
    } else {
      plan.kept_sizes.push_back(in.size(d));
      plan.kept_strides.push_back(in.stride(d));
    }
  }
  plan.n_out = tensor::Numel(plan.kept_sizes);
  plan.n_red = tensor::Numel(red_sizes);
  plan.red_view = in.AsStrided(red_sizes, red_strides, in.storage_offset());
  return plan;
}

int64_t OutputOffset(const Plan& plan, int64_t o) {
  int64_t off = 0;
  for (int64_t d = static_cast<int64_t>(plan.kept_sizes.size()) - 1; d >= 0; --d) {
    off += (o % plan.kept_sizes[d]) * plan.kept_strides[d];
    o /= plan.kept_sizes[d];
  }
  return off;
}

// Runs make(o) -> accumulator, acc.Add(ptr, byte_stride, n, first_index),
// acc.Merge(later), finish(o, acc) for every output element.
template <typename Make, typename Finish>
void Reduce(const Plan& plan, Make make, Finish finish) {
  const Loop loop(plan.red_view.sizes(), {&plan.red_view});
  const int64_t item = static_cast<int64_t>(plan.red_view.itemsize());
  auto run = [&](auto& acc, int64_t o, int64_t begin, int64_t end) {
    int64_t idx = begin;
    loop.RunShifted(OutputOffset(plan, o) * item, begin, end,
                    [&](char* const* p, const int64_t* s, int64_t n) {
                      acc.Add(p[0], s[0], n, idx);
                      idx += n;
                    });
  };
  const int threads = NumThreads();
  if (plan.n_out < threads && plan.n_red >= 2 * kParallelGrain && !InParallelRegion()) {
    // Few outputs, long reductions: split each reduction.
    const int64_t chunks = std::min<int64_t>(threads * 4, plan.n_red / kParallelGrain);
    for (int64_t o = 0; o < plan.n_out; ++o) {
      std::vector<decltype(make(o))> parts;
      parts.reserve(chunks);
      for (int64_t c = 0; c < chunks; ++c) parts.push_back(make(o));
      ParallelFor(chunks, 1, [&](int64_t cb, int64_t ce) {
        for (int64_t c = cb; c < ce; ++c) {
          run(parts[c], o, plan.n_red * c / chunks, plan.n_red * (c + 1) / chunks);
        }
      });
      for (int64_t c = 1; c < chunks; ++c) parts[0].Merge(parts[c]);
      finish(o, parts[0]);
    }
    return;
  }
  const int64_t grain = std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(1, plan.n_red));
  ParallelFor(plan.n_out, grain, [&](int64_t ob, int64_t oe) {
    for (int64_t o = ob; o < oe; ++o) {
      auto acc = make(o);
      run(acc, o, 0, plan.n_red);
      finish(o, acc);
    }
  });
}

template <typename T>
constexpr bool kSimdType = std::is_same_v<T, float> || std::is_same_v<T, double>;

// Floats sum in double; integers in wrapping 64-bit arithmetic.
template <typename T>
struct SumAcc {
  using A = std::conditional_t<kIsFloat<T>, double, uint64_t>;
  A v = 0;
  void Add(const char* p, int64_t s, int64_t n, int64_t) {
    if constexpr (kSimdType<T>) {
      if (s == sizeof(T)) {
        v += simd::Sum(reinterpret_cast<const T*>(p), n);
        return;
      }
    }
    for (int64_t i = 0; i < n; ++i) {
      if constexpr (kIsFloat<T>) {
        v += static_cast<double>(Load<T>(p + i * s));
      } else {
        v += static_cast<uint64_t>(static_cast<int64_t>(Load<T>(p + i * s)));
      }
    }
  }
  void Merge(const SumAcc& o) { v += o.v; }
};

template <typename T>
struct ProdAcc {
  using A = std::conditional_t<kIsFloat<T>, double, uint64_t>;
  A v = 1;
  void Add(const char* p, int64_t s, int64_t n, int64_t) {
    for (int64_t i = 0; i < n; ++i) {
      if constexpr (kIsFloat<T>) {
        v *= static_cast<double>(Load<T>(p + i * s));
      } else {
        v *= static_cast<uint64_t>(static_cast<int64_t>(Load<T>(p + i * s)));
      }
    }
  }
  void Merge(const ProdAcc& o) { v *= o.v; }
};

template <typename T>
inline bool IsNan(Acc<T> x) {
  if constexpr (kIsFloat<T>) return std::isnan(x);
  return false;
}

template <typename T, bool kMax>
struct MaxAcc {
  Acc<T> best{};
  bool any = false;
  bool nan = false;
  void Take(Acc<T> x) {
    if (nan) return;
    if (IsNan<T>(x)) {
      best = x;
      nan = true;
    } else if (!any || (kMax ? x > best : x < best)) {
      best = x;
    }
    any = true;
  }
  void Add(const char* p, int64_t s, int64_t n, int64_t) {
    if constexpr (kSimdType<T>) {
      if (s == sizeof(T) && n > 0) {
        Take(simd::MaxMin(reinterpret_cast<const T*>(p), n, kMax));
        return;
      }
    }
    for (int64_t i = 0; i < n; ++i) Take(Load<T>(p + i * s));
  }
  void Merge(const MaxAcc& o) {
    if (o.any) Take(o.best);
  }
};

template <typename T, bool kMax>
struct ArgAcc {
  Acc<T> best{};
  int64_t index = -1;
  bool nan = false;
  void Take(Acc<T> x, int64_t i) {
    if (nan) return;
    if (IsNan<T>(x)) {
      best = x;
      index = i;
      nan = true;
    } else if (index < 0 || (kMax ? x > best : x < best)) {
      best = x;
      index = i;
    }
  }
  void Add(const char* p, int64_t s, int64_t n, int64_t first) {
    for (int64_t i = 0; i < n && !nan; ++i) Take(Load<T>(p + i * s), first + i);
  }
  void Merge(const ArgAcc& o) {
    if (o.index >= 0) Take(o.best, o.index);
  }
};

// Sum of squared deviations from a known mean.
template <typename T>
struct SqDevAcc {
  double mean = 0;
  double v = 0;
  void Add(const char* p, int64_t s, int64_t n, int64_t) {
    for (int64_t i = 0; i < n; ++i) {
      double d = static_cast<double>(Load<T>(p + i * s)) - mean;
      v += d * d;
    }
  }
  void Merge(const SqDevAcc& o) { v += o.v; }
};

template <typename T>
T* OutPtr(const Tensor& out) {
  return out.data<T>();
}

Shape DimsArg(std::span<const KernelArg> args, size_t i) {
  return i < args.size() ? IntListArg(args, i) : Shape{};
}

Shape OptDimArg(std::span<const KernelArg> args, size_t i) {
  auto d = i < args.size() ? OptIntArg(args, i) : std::nullopt;
  return d ? Shape{*d} : Shape{};
}

enum class R { kSum, kMean, kProd };

// Float sum and mean in ATen's order (sum_cascade.h); a mean divides the
// sum by the count in the dtype, except that float16/bfloat16 means sum in
// float32 (from converted values) and round once, as ATen's mean does.
absl::Status CascadeSumKernel(const Tensor& in, const Shape& dims, bool mean, const Tensor& out) {
  std::vector<bool> reduced(in.dim(), dims.empty());
  for (int64_t d : dims) {
    auto w = tensor::WrapDim(d, in.dim());
    if (!w.ok()) return w.status();
    if (in.dim() > 0) reduced[*w] = true;
  }
  int64_t n = 1;
  for (int64_t d = 0; d < in.dim(); ++d) n *= reduced[d] ? in.size(d) : 1;
  const bool half = out.dtype() == DType::kFloat16 || out.dtype() == DType::kBFloat16;
  if (!mean) {
    CascadeSum(in, reduced, out);
    return absl::OkStatus();
  }
  const Tensor sum = half ? Tensor::Empty(out.sizes(), DType::kFloat32) : out;
  CascadeSum(half ? ToDTypePreserving(in, DType::kFloat32) : in, reduced, sum);
  tensor::VisitDType(sum.dtype(), [&]<typename T>(TypeTag<T>) {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      const T count = static_cast<T>(n);
      T* s = sum.data<T>();
      if (sum.is_contiguous()) {
        for (int64_t e = 0; e < sum.numel(); ++e) s[e] = s[e] / count;
        return;
      }
      for (int64_t e = 0; e < sum.numel(); ++e) {
        int64_t off = 0;
        for (int64_t d = sum.dim() - 1, rem = e; d >= 0; --d) {
          off += (rem % sum.size(d)) * sum.stride(d);
          rem /= sum.size(d);
        }
        s[off] = s[off] / count;
      }
    }
  });
  if (half) CopyCast(sum, out);
  return absl::OkStatus();
}

template <R K>
absl::Status SumLikeKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                           std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  // The computation runs in the output dtype (int inputs of sum give int64;
  // dtype= converts first, as PyTorch does).
  const Tensor& self = TensorArg(args, 0);
  // The input may be a huge expanded view (stride 0): converting it copies.
  if (self.dtype() != out.dtype()) TC_RETURN_IF_ERROR(CheckAllocation(self.sizes(), out.dtype()));
  if constexpr (K != R::kProd) {
    if (HasCascadeSum(out.dtype())) {
      return CascadeSumKernel(ToDTypePreserving(self, out.dtype()), DimsArg(args, 1), K == R::kMean,
                              out);
    }
  }
  Tensor in = ToDType(self, out.dtype());
  TC_ASSIGN_OR_RETURN(const Plan plan,
                      MakePlan(in, K == R::kProd ? OptDimArg(args, 1) : DimsArg(args, 1)));
  tensor::VisitDType(out.dtype(), [&]<typename T>(TypeTag<T>) {
    T* o = OutPtr<T>(out);
    if constexpr (K == R::kProd) {
      Reduce(
          plan, [](int64_t) { return ProdAcc<T>{}; },
          [&](int64_t i, const ProdAcc<T>& a) { o[i] = static_cast<T>(static_cast<Acc<T>>(a.v)); });
    } else {
      const double count = static_cast<double>(plan.n_red);
      Reduce(
          plan, [](int64_t) { return SumAcc<T>{}; },
          [&](int64_t i, const SumAcc<T>& a) {
            if constexpr (K == R::kMean) {
              o[i] = static_cast<T>(static_cast<Acc<T>>(static_cast<double>(a.v) / count));
            } else {
              o[i] = static_cast<T>(static_cast<Acc<T>>(a.v));
            }
          });
    }
  });
  return absl::OkStatus();
}

// The plan of amax/amin/argmax/argmin, which have no value to give when
// they reduce over nothing: PyTorch's `op(): problem` error then.
absl::StatusOr<Plan> ExtremumPlan(const Tensor& in, const Shape& dims, std::string_view op,
                                  std::string_view problem) {
  TC_ASSIGN_OR_RETURN(Plan plan, MakePlan(in, dims));
  if (plan.n_red == 0 && plan.n_out > 0) {
    return absl::InvalidArgumentError(absl::StrFormat("%s(): %s", op, problem));
  }
  return plan;
}

template <bool kMax>
absl::Status AmaxKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                        std::span<Tensor> outs) {
  TC_ASSIGN_OR_RETURN(const Plan plan,
                      ExtremumPlan(TensorArg(args, 0), DimsArg(args, 1), kMax ? "amax" : "amin",
                                   "Expected reduction dim to have non-zero size."));
  const Tensor& out = outs[0];
  tensor::VisitDType(out.dtype(), [&]<typename T>(TypeTag<T>) {
    T* o = OutPtr<T>(out);
    Reduce(
        plan, [](int64_t) { return MaxAcc<T, kMax>{}; },
        [&](int64_t i, const MaxAcc<T, kMax>& a) { o[i] = static_cast<T>(a.best); });
  });
  return absl::OkStatus();
}

// Whether Loop walks `t` in another order than its logical (row-major)
// one: its dims of size > 1 all move and their strides are not
// nonincreasing (a transposed or permuted tensor), so Loop sorts them into
// memory order.
bool WalkedInMemoryOrder(const Tensor& t) {
  int64_t prev = INT64_MAX;
  bool sorted = true;
  for (int64_t d = 0; d < t.dim(); ++d) {
    if (t.size(d) == 1) continue;
    if (t.stride(d) == 0) return false;
    sorted = sorted && t.stride(d) <= prev;
    prev = t.stride(d);
  }
  return !sorted;
}

template <bool kMax>
absl::Status ArgmaxKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                          std::span<Tensor> outs) {
  // The index counts in logical order, ties and NaNs going to the first
  // (PyTorch's answer on any layout): a tensor Loop would walk in memory
  // order is read from a contiguous copy.
  const Tensor& arg = TensorArg(args, 0);
  const Tensor in = WalkedInMemoryOrder(arg) ? arg.contiguous() : arg;
  TC_ASSIGN_OR_RETURN(
      const Plan plan,
      ExtremumPlan(in, OptDimArg(args, 1), kMax ? "argmax" : "argmin",
                   "Expected reduction dim to be specified for input.numel() == 0."));
  int64_t* o = outs[0].data<int64_t>();
  tensor::VisitDType(in.dtype(), [&]<typename T>(TypeTag<T>) {
    Reduce(
        plan, [](int64_t) { return ArgAcc<T, kMax>{}; },
        [&](int64_t i, const ArgAcc<T, kMax>& a) { o[i] = a.index; });
  });
  return absl::OkStatus();
}

// var(self, dim, correction, keepdim): two passes in double.
absl::Status VarKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                       std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  const Tensor& in = TensorArg(args, 0);
  TC_ASSIGN_OR_RETURN(const Plan plan, MakePlan(in, DimsArg(args, 1)));
  auto corr = args.size() > 2 ? OptScalarArg(args, 2) : std::nullopt;
  const double correction = corr ? corr->to_double() : 1.0;
  const double n = static_cast<double>(plan.n_red);
  const double denom = std::max(0.0, n - correction);
  VisitFloating(in.dtype(), [&]<typename T>(TypeTag<T>) {
    std::vector<double> means(plan.n_out);
    Reduce(
        plan, [](int64_t) { return SumAcc<T>{}; },
        [&](int64_t i, const SumAcc<T>& a) { means[i] = a.v / n; });
    VisitFloating(out.dtype(), [&]<typename O>(TypeTag<O>) {
      O* o = OutPtr<O>(out);
      Reduce(
          plan,
          [&](int64_t i) {
            return SqDevAcc<T>{means[i], 0.0};
          },
          [&](int64_t i, const SqDevAcc<T>& a) {
            o[i] = static_cast<O>(static_cast<Acc<O>>(a.v / denom));
          });
    });
  });
  return absl::OkStatus();
}

}  // namespace

KernelFn FindReduceKernel(std::string_view name) {
  if (name == "sum") return SumLikeKernel<R::kSum>;
  if (name == "mean") return SumLikeKernel<R::kMean>;
  if (name == "prod") return SumLikeKernel<R::kProd>;
  if (name == "amax") return AmaxKernel<true>;
  if (name == "amin") return AmaxKernel<false>;
  if (name == "argmax") return ArgmaxKernel<true>;
  if (name == "argmin") return ArgmaxKernel<false>;
  if (name == "var") return VarKernel;
  return nullptr;
}

}  // namespace tc::kernels
