// Fused eager kernels of softmax, log_softmax, layer_norm and rms_norm over
// the contiguous last dimension(s) of a float32/float64 CPU tensor: rows are
// split over the thread pool and each row runs in one cached pass
// (norm_simd.h). Anything else (another dim, dtype, a strided input or a
// cast) declines, and the op's decomposition runs.
#include <algorithm>
#include <limits>
#include <optional>
#include <vector>

#include "tc/kernels/stream_stores.h"
#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"

#include "src/alloc_check.h"
#include "src/fused.h"
#include "src/kernel.h"
#include "src/layer_norm_backward_simd.h"
#include "src/norm_simd.h"

namespace tc::kernels {
namespace {

using Fused = absl::StatusOr<std::optional<std::vector<Tensor>>>;

// Rows per chunk of the pool: enough elements that a chunk outweighs the
// cost of handing it to a worker.
int64_t RowGrain(int64_t row_size) {
  constexpr int64_t kElements = 16384;
  return std::max<int64_t>(1, kElements / std::max<int64_t>(row_size, 1));
}

bool IsFloatOrDouble(DType dt) { return dt == DType::kFloat32 || dt == DType::kFloat64; }

// `x` is a contiguous CPU float/double tensor with elements.
bool FastInput(const Tensor& x) {
  return x.device().is_cpu() && !x.is_meta() && IsFloatOrDouble(x.dtype()) && x.numel() > 0 &&
         x.is_contiguous();
}

// An optional per-row parameter (weight, bias) usable as a plain array of
// the row's n elements: absent, or a contiguous CPU tensor of `sizes` in
// x's dtype.
bool FastParam(std::span<const KernelArg> args, size_t i, const Tensor& x, IntSpan sizes) {
  if (IsNone(args, i)) return true;
  if (!IsTensor(args, i)) return false;
  const Tensor& p = TensorArg(args, i);
  return p.device().is_cpu() && !p.is_meta() && p.dtype() == x.dtype() && p.is_contiguous() &&
         std::ranges::equal(p.sizes(), sizes);
}

template <typename T>
const T* ParamData(std::span<const KernelArg> args, size_t i) {
  return IsNone(args, i) ? nullptr : TensorArg(args, i).data<T>();
}

// The number of trailing elements `normalized_shape` covers, when x ends
// with exactly that shape; else nullopt.
std::optional<int64_t> TrailingRow(const Tensor& x, const Shape& normalized) {
  const int64_t k = static_cast<int64_t>(normalized.size());
  if (k == 0 || k > x.dim()) return std::nullopt;
  int64_t n = 1;
  for (int64_t i = 0; i < k; ++i) {
    if (x.size(x.dim() - k + i) != normalized[i]) return std::nullopt;
    n *= normalized[i];
  }
  return n;
}

// layer_norm's / rms_norm's fast path: a fast input ending in
// normalized_shape (argument 1), with parameters 2 .. last_param absent or
// fast. Sets *x and returns the row length.
std::optional<int64_t> FastRows(std::span<const KernelArg> args, size_t last_param,
                                const Tensor** x) {
  if (!IsTensor(args, 0) || !FastInput(TensorArg(args, 0))) return std::nullopt;
  *x = &TensorArg(args, 0);
  const Shape normalized = IntListArg(args, 1);
  std::optional<int64_t> n = TrailingRow(**x, normalized);
  for (size_t i = 2; n.has_value() && i <= last_param; ++i) {
    if (!FastParam(args, i, **x, normalized)) return std::nullopt;
  }
  return n;
}

absl::StatusOr<Tensor> NewLike(const Tensor& x) {
  TC_RETURN_IF_ERROR(CheckAllocation(x.sizes(), x.dtype()));
  return Tensor::Empty(x.sizes(), x.dtype());
}

// Calls fn(T*) with x's element type, float or double.
template <class F>
void WithFloatType(DType dt, F&& fn) {
  if (dt == DType::kFloat32) {
    fn(float{});
  } else {
    fn(double{});
  }
}

// softmax / log_softmax (self, dim, dtype) over the last dim.
Fused SoftmaxLike(std::span<const KernelArg> args, bool log) {
  if (!IsTensor(args, 0)) return std::nullopt;
  const Tensor& x = TensorArg(args, 0);
  if (!FastInput(x)) return std::nullopt;
  std::optional<DType> dtype = OptDTypeArg(args, 2);
  if (dtype.has_value() && *dtype != x.dtype()) return std::nullopt;
  const int64_t dim = IntArg(args, 1);
  const int64_t nd = std::max<int64_t>(x.dim(), 1);
  if (dim != -1 && dim != nd - 1) return std::nullopt;  // other dims (and bad ones) decompose
  TC_ASSIGN_OR_RETURN(Tensor out, NewLike(x));
  const int64_t n = x.dim() == 0 ? 1 : x.size(x.dim() - 1);
  const int64_t rows = x.numel() / n;
  const bool stream = UseStreamStores(out.numel() * static_cast<int64_t>(out.itemsize()));
  WithFloatType(x.dtype(), [&]<typename T>(T) {
    const T* in = x.data<T>();
    T* o = out.data<T>();
    ParallelFor(rows, RowGrain(n), [&](int64_t b, int64_t e) {
      simd::SoftmaxRows(in + b * n, o + b * n, e - b, n, log, stream);
    });
  });
  return std::vector<Tensor>{std::move(out)};
}

Fused SoftmaxFused(std::span<const KernelArg> args) { return SoftmaxLike(args, false); }
Fused LogSoftmaxFused(std::span<const KernelArg> args) { return SoftmaxLike(args, true); }

// layer_norm (input, normalized_shape, weight, bias, eps).
Fused LayerNormFused(std::span<const KernelArg> args) {
  const Tensor* input = nullptr;
  std::optional<int64_t> n = FastRows(args, 3, &input);
  if (!n.has_value()) return std::nullopt;
  const Tensor& x = *input;
  TC_ASSIGN_OR_RETURN(Tensor out, NewLike(x));
  const int64_t rows = x.numel() / *n;
  const double eps = ScalarArg(args, 4).to_double();
  const bool stream = UseStreamStores(out.numel() * static_cast<int64_t>(out.itemsize()));
  WithFloatType(x.dtype(), [&]<typename T>(T) {
    const T* in = x.data<T>();
    const T *w = ParamData<T>(args, 2), *b = ParamData<T>(args, 3);
    T* o = out.data<T>();
    ParallelFor(rows, RowGrain(*n), [&](int64_t rb, int64_t re) {
      simd::LayerNormRows(in + rb * *n, w, b, static_cast<T>(eps), o + rb * *n, re - rb, *n,
                          stream);
    });
  });
  return std::vector<Tensor>{std::move(out)};
}

// rms_norm (input, normalized_shape, weight, eps); eps None is the
// dtype's machine epsilon, as in ATen.
Fused RmsNormFused(std::span<const KernelArg> args) {
  const Tensor* input = nullptr;
  std::optional<int64_t> n = FastRows(args, 2, &input);
  if (!n.has_value()) return std::nullopt;
  const Tensor& x = *input;
  TC_ASSIGN_OR_RETURN(Tensor out, NewLike(x));
  const int64_t rows = x.numel() / *n;
  std::optional<Scalar> eps = OptScalarArg(args, 3);
  const bool stream = UseStreamStores(out.numel() * static_cast<int64_t>(out.itemsize()));
  WithFloatType(x.dtype(), [&]<typename T>(T) {
    const T e =
        eps.has_value() ? static_cast<T>(eps->to_double()) : std::numeric_limits<T>::epsilon();
    const T* in = x.data<T>();
    const T* w = ParamData<T>(args, 2);
    T* o = out.data<T>();
    ParallelFor(rows, RowGrain(*n), [&](int64_t rb, int64_t re) {
      simd::RmsNormRows(in + rb * *n, w, e, o + rb * *n, re - rb, *n, stream);
    });
  });
  return std::vector<Tensor>{std::move(out)};
}

// layer_norm_backward (grad_out, input, normalized_shape, weight, bias,
// eps, output_mask): contiguous grad_out and input alike, parameters as
// layer_norm's fast path. Rows go to the pool in fixed blocks, each adding
// its rows into its own column sums; the blocks' sums are then added in
// block order, so the parameters' gradients do not depend on the threads.
Fused LayerNormBackwardFused(std::span<const KernelArg> args) {
  if (!IsTensor(args, 0) || !IsTensor(args, 1)) return std::nullopt;
  const Tensor& dy = TensorArg(args, 0);
  const Tensor& x = TensorArg(args, 1);
  const Shape normalized = IntListArg(args, 2);
  if (!FastInput(x) || !FastInput(dy) || dy.dtype() != x.dtype() ||
      !std::ranges::equal(dy.sizes(), x.sizes())) {
    return std::nullopt;
  }
  std::optional<int64_t> row = TrailingRow(x, normalized);
  if (!row.has_value() || !FastParam(args, 3, x, normalized) ||
      !FastParam(args, 4, x, normalized)) {
    return std::nullopt;
  }
  const int64_t n = *row, rows = x.numel() / n;
  const Shape mask = IntListArg(args, 6);
  const bool want_dx = mask[0] != 0, want_dw = mask[1] != 0 && !IsNone(args, 3);
  const bool want_db = mask[2] != 0 && !IsNone(args, 4);
  std::vector<Tensor> outs;
  Tensor dx = Tensor::Empty(Shape{0}, x.dtype());
  if (want_dx) {
    TC_ASSIGN_OR_RETURN(dx, NewLike(x));
  }
  const double eps = ScalarArg(args, 5).to_double();
  const int64_t block = RowGrain(n), blocks = (rows + block - 1) / block;
  Tensor dw = Tensor::Empty(Shape{0}, x.dtype()), db = Tensor::Empty(Shape{0}, x.dtype());
  WithFloatType(x.dtype(), [&]<typename T>(T) {
    // Per-block column sums: [blocks, n] for each wanted parameter.
    std::vector<T> pw(want_dw ? blocks * n : 0, T(0)), pb(want_db ? blocks * n : 0, T(0));
    const T* w = ParamData<T>(args, 3);
    ParallelFor(blocks, 1, [&](int64_t bb, int64_t be) {
      for (int64_t k = bb; k < be; ++k) {
        const int64_t r0 = k * block, nr = std::min(block, rows - r0);
        simd::LayerNormBackwardRows(x.data<T>() + r0 * n, dy.data<T>() + r0 * n, w,
                                    static_cast<T>(eps), want_dx ? dx.data<T>() + r0 * n : nullptr,
                                    want_dw ? pw.data() + k * n : nullptr,
                                    want_db ? pb.data() + k * n : nullptr, nr, n);
      }
    });
    auto reduce = [&](const std::vector<T>& part, Tensor& out) {
      out = Tensor::Empty(normalized, x.dtype());
      T* o = out.data<T>();
      std::copy(part.begin(), part.begin() + n, o);
      for (int64_t k = 1; k < blocks; ++k) {
        for (int64_t i = 0; i < n; ++i) o[i] += part[k * n + i];
      }
    };
    if (want_dw) reduce(pw, dw);
    if (want_db) reduce(pb, db);
  });
  outs.push_back(std::move(dx));
  outs.push_back(std::move(dw));
  outs.push_back(std::move(db));
  return outs;
}

}  // namespace

FusedFn FindNormFusedKernel(std::string_view name) {
  if (name == "softmax") return SoftmaxFused;
  if (name == "log_softmax") return LogSoftmaxFused;
  if (name == "layer_norm") return LayerNormFused;
  if (name == "rms_norm") return RmsNormFused;
  if (name == "layer_norm_backward") return LayerNormBackwardFused;
  return nullptr;
}

}  // namespace tc::kernels
