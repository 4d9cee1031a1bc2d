// The resampling ops' backward kernels (upsample_nearest_backward,
// upsample_linear_backward, upsample_bicubic2d_backward): the adjoint of
// the forward's per-dim source tables (upsample_index.h), so every output
// element's gradient goes to the sources the forward read it from, times
// the product of their weights. The tables are the forward's own (the
// channels-last nearest indices where the forward takes that kernel), so
// the gradient is exact for what the forward computed. Planes run in
// parallel (each owns its input plane); weights and sums are in float32
// (double for double), 16-bit floats round once at the end.
#include <algorithm>
#include <array>
#include <vector>

#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"

#include "src/compute.h"
#include "src/copy.h"
#include "src/families.h"
#include "src/kernel.h"
#include "src/upsample_index.h"

namespace tc::kernels {
namespace {

// Adds v times the weights of dims J.. into the sources of output position
// o (one index per dim) under `dst`.
template <int J, int K, typename T>
void Scatter(T* dst, const std::array<Taps<T>, K>& taps, const int64_t* o, T v) {
  const Taps<T>& t = taps[J];
  const int64_t* idx = &t.index[o[J] * t.taps];
  const T* w = &t.weight[o[J] * t.taps];
  for (int j = 0; j < t.taps; ++j) {
    if constexpr (J + 1 == K) {
      dst[idx[j]] += v * w[j];
    } else {
      Scatter<J + 1, K, T>(dst + idx[j], taps, o, v * w[j]);
    }
  }
}

template <typename T, int K>
void Backward(const T* gy, T* gx, const ResampleGeometry& g, ResampleMode mode, bool cl_nearest) {
  std::array<Taps<T>, K> taps;
  int64_t stride = 1;
  for (int j = K - 1; j >= 0; --j) {
    if (cl_nearest) {
      taps[j].index.resize(g.out[j]);
      taps[j].weight.assign(g.out[j], T(1));
      for (int64_t o = 0; o < g.out[j]; ++o) {
        taps[j].index[o] =
            NearestIndex(o, g.in[j], g.out[j], g.scale[j], mode == ResampleMode::kNearestExact) *
            stride;
      }
    } else {
      taps[j] = MakeTaps<T, T>(mode, g.in[j], g.out[j], stride, g.align_corners, g.scale[j]);
    }
    stride *= g.in[j];
  }
  const int64_t in_plane = stride;
  int64_t out_plane = 1;
  for (int j = 0; j < K; ++j) out_plane *= g.out[j];
  ParallelFor(g.batch * g.channels,
              std::max<int64_t>(1, (int64_t{1} << 15) / std::max<int64_t>(1, out_plane)),
              [&](int64_t b, int64_t e) {
                for (int64_t p = b; p < e; ++p) {
                  T* dst = gx + p * in_plane;
                  const T* src = gy + p * out_plane;
                  std::fill(dst, dst + in_plane, T(0));
                  int64_t o[3] = {0, 0, 0};
                  for (int64_t n = 0; n < out_plane; ++n) {
                    Scatter<0, K, T>(dst, taps, o, src[n]);
                    for (int j = K - 1; j >= 0 && ++o[j] == g.out[j]; --j) o[j] = 0;
                  }
                }
              });
}

// (grad_output, output_size, input_size, exact / align_corners, scales...):
// the scales are the last k of the op's scale arguments, from `first_scale`.
absl::Status ResampleBackward(std::span<const KernelArg> args, std::span<Tensor> outs,
                              ResampleMode mode, size_t first_scale) {
  const Tensor& grad = TensorArg(args, 0);
  const Tensor& out = outs[0];
  ResampleGeometry g;
  g.k = grad.dim() - 2;
  g.batch = out.size(0);
  g.channels = out.size(1);
  const size_t scales = mode == ResampleMode::kCubic ? 2 : 3;
  for (int64_t j = 0; j < g.k; ++j) {
    g.in[j] = out.size(2 + j);
    g.out[j] = grad.size(2 + j);
    if (std::optional<Scalar> s = OptScalarArg(args, first_scale + scales - g.k + j)) {
      g.scale[j] = s->to_double();
    }
  }
  const bool nearest = mode == ResampleMode::kNearest || mode == ResampleMode::kNearestExact;
  if (!nearest) g.align_corners = BoolArg(args, 3);
  // Where the forward took ATen's channels-last nearest kernel (its own
  // index arithmetic), as upsample.cc decides it.
  const bool cl_input = g.k >= 2 && g.channels > 3 && IsChannelsLast(grad);
  const bool cl_nearest =
      nearest && ((g.k == 2 && (cl_input || g.out[0] + g.out[1] <= 128)) || (g.k == 3 && cl_input));
  if (out.numel() == 0) return absl::OkStatus();
  const DType compute = grad.dtype() == DType::kFloat64 ? DType::kFloat64 : DType::kFloat32;
  const Tensor gy = Contiguous(ToDType(grad, compute));
  Tensor gx = out.dtype() == compute ? out : Tensor::Empty(out.sizes(), compute);
  auto run = [&]<typename T>(TypeTag<T>) {
    const T* src = gy.data<T>();
    T* dst = gx.data<T>();
    if (g.k == 1) Backward<T, 1>(src, dst, g, mode, cl_nearest);
    if (g.k == 2) Backward<T, 2>(src, dst, g, mode, cl_nearest);
    if (g.k == 3) Backward<T, 3>(src, dst, g, mode, cl_nearest);
  };
  if (compute == DType::kFloat64) {
    run(TypeTag<double>{});
  } else {
    run(TypeTag<float>{});
  }
  if (gx.raw_data() != out.raw_data()) CopyCast(gx, out);
  return absl::OkStatus();
}

absl::Status UpsampleNearestBackwardKernel(std::span<const KernelArg> args,
                                           std::span<const TensorMeta>, std::span<Tensor> outs) {
  const ResampleMode mode = BoolArg(args, 3) ? ResampleMode::kNearestExact : ResampleMode::kNearest;
  return ResampleBackward(args, outs, mode, 4);
}

absl::Status UpsampleLinearBackwardKernel(std::span<const KernelArg> args,
                                          std::span<const TensorMeta>, std::span<Tensor> outs) {
  return ResampleBackward(args, outs, ResampleMode::kLinear, 4);
}

absl::Status UpsampleBicubic2dBackwardKernel(std::span<const KernelArg> args,
                                             std::span<const TensorMeta>, std::span<Tensor> outs) {
  return ResampleBackward(args, outs, ResampleMode::kCubic, 4);
}

}  // namespace

KernelFn FindUpsampleBackwardKernel(std::string_view name) {
  static constexpr std::pair<std::string_view, KernelFn> kKernels[] = {
      {"upsample_nearest_backward", UpsampleNearestBackwardKernel},
      {"upsample_linear_backward", UpsampleLinearBackwardKernel},
      {"upsample_bicubic2d_backward", UpsampleBicubic2dBackwardKernel},
  };
  for (const auto& [op, fn] : kKernels) {
    if (op == name) return fn;
  }
  return nullptr;
}

}  // namespace tc::kernels
