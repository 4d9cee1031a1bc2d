// Resampling kernels: upsample_nearest (nearest, nearest-exact),
// upsample_linear (1-3 d) and upsample_bicubic2d, with ATen's CPU index and
// weight arithmetic so results agree bit for bit. As in ATen, each output
// dim gets a table of source indices and weights (weights rounded to the
// element type, computed in its opmath type: float for float and the
// 16-bit floats, double for double), and every output element combines its
// sources dim by dim, outer dim first: t0 * w0 + t1 * w1 (linear), t0 * w0
// then += t_j * w_j (cubic). ATen takes another kernel, its channels-last
// one, for 2-d outputs with H + W <= 128 (whatever the layout) and for
// channels-last inputs with more than 3 channels: there the weights are
// products of unrounded lambdas and the four (eight) terms are summed right
// to left in vector lanes and left to right in the scalar tail of each
// pixel's channels, so this file mirrors that order where ATen takes it.
// PyTorch's AVX2 kernels are compiled with FMA and GCC contracts every
// a * b + c of this arithmetic into one fused multiply-add, so this file
// spells those out with std::fma to get the same roundings.
// Planes run in parallel.
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <type_traits>
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

// The value at output position `o` (one index per dim from dim J on) of
// the plane at `src`, combining dim J's taps as ATen's Interpolate does.
template <int J, int K, typename T, typename O>
O Combine(const T* src, const Taps<T>* taps, const int64_t* o) {
  const Taps<T>& t = taps[J];
  const int64_t* idx = &t.index[o[J] * t.taps];
  const T* w = &t.weight[o[J] * t.taps];
  auto at = [&](int j) -> O {
    if constexpr (J + 1 == K) {
      return static_cast<O>(src[idx[j]]);
    } else {
      return Combine<J + 1, K, T, O>(src + idx[j], taps, o);
    }
  };
  if (t.taps == 2) return std::fma(at(0), static_cast<O>(w[0]), at(1) * static_cast<O>(w[1]));
  O r = std::fma(at(0), static_cast<O>(w[0]), at(1) * static_cast<O>(w[1]));
  for (int j = 2; j < t.taps; ++j) r = std::fma(at(j), static_cast<O>(w[j]), r);
  return r;
}

// ATen's generic kernel: every output element from the per-dim tables.
template <typename T, int K>
void GenericResample(const T* x, T* y, const ResampleGeometry& g, ResampleMode mode) {
  using O = OpMath<T>;
  std::array<Taps<T>, K> taps;
  int64_t stride = 1;
  for (int j = K - 1; j >= 0; --j) {
    taps[j] = MakeTaps<T, O>(mode, g.in[j], g.out[j], stride, g.align_corners, g.scale[j]);
    stride *= g.in[j];
  }
  const int64_t in_plane = stride;
  int64_t out_plane = 1;
  for (int j = 0; j < K; ++j) out_plane *= g.out[j];
  const bool nearest = mode == ResampleMode::kNearest || mode == ResampleMode::kNearestExact;
  ParallelFor(g.batch * g.channels, std::max<int64_t>(1, (int64_t{1} << 15) / out_plane),
              [&](int64_t b, int64_t e) {
                for (int64_t p = b; p < e; ++p) {
                  const T* src = x + p * in_plane;
                  T* dst = y + p * out_plane;
                  int64_t o[3] = {0, 0, 0};
                  for (int64_t n = 0; n < out_plane; ++n) {
                    if (nearest) {
                      int64_t off = 0;
                      for (int j = 0; j < K; ++j) off += taps[j].index[o[j]];
                      dst[n] = src[off];
                    } else {
                      dst[n] = static_cast<T>(Combine<0, K, T, O>(src, taps.data(), o));
                    }
                    for (int j = K - 1; j >= 0 && ++o[j] == g.out[j]; --j) o[j] = 0;
                  }
                }
              });
}

// ATen's channels-last nearest kernel: per-pixel copies with float-scale indices.
template <typename T, int K>
void ChannelsLastNearest(const T* x, T* y, const ResampleGeometry& g, bool exact) {
  std::array<std::vector<int64_t>, K> idx;
  int64_t stride = 1;
  for (int j = K - 1; j >= 0; --j) {
    idx[j].resize(g.out[j]);
    for (int64_t o = 0; o < g.out[j]; ++o) {
      idx[j][o] = NearestIndex(o, g.in[j], g.out[j], g.scale[j], exact) * stride;
    }
    stride *= g.in[j];
  }
  int64_t out_plane = 1;
  for (int j = 0; j < K; ++j) out_plane *= g.out[j];
  ParallelFor(g.batch * g.channels, std::max<int64_t>(1, (int64_t{1} << 15) / out_plane),
              [&](int64_t b, int64_t e) {
                for (int64_t p = b; p < e; ++p) {
                  int64_t o[3] = {0, 0, 0};
                  for (int64_t n = 0; n < out_plane; ++n) {
                    int64_t off = 0;
                    for (int j = 0; j < K; ++j) off += idx[j][o[j]];
                    y[p * out_plane + n] = x[p * stride + off];
                    for (int j = K - 1; j >= 0 && ++o[j] == g.out[j]; --j) o[j] = 0;
                  }
                }
              });
}

// The channels-last kernel's sum of terms v[t] * w[t], fused as GCC
// contracts ATen's expressions: right to left in T (its vector lanes, float
// and double only), else left to right in opmath.
template <typename T, typename O, int N>
T SumTerms(const std::array<T, N>& v, const std::array<O, N>& w, bool vector) {
  if constexpr (std::is_floating_point_v<T>) {
    if (vector) {
      T acc = std::fma(v[N - 1], static_cast<T>(w[N - 1]), v[N - 2] * static_cast<T>(w[N - 2]));
      for (int t = N - 3; t >= 0; --t) acc = std::fma(v[t], static_cast<T>(w[t]), acc);
      return acc;
    }
  }
  O acc = std::fma(static_cast<O>(v[0]), w[0], static_cast<O>(v[1]) * w[1]);
  for (int t = 2; t < N; ++t) acc = std::fma(static_cast<O>(v[t]), w[t], acc);
  return static_cast<T>(acc);
}

// ATen's channels-last linear kernel (2-d and 3-d): weights are products of
// the opmath lambdas; channels below C - C % V (V: one 256-bit vector of T,
// the AVX2 kernels the goldens pin)
// sum their terms right to left in T, the rest left to right in opmath.
template <typename T, int K>
void ChannelsLastLinear(const T* x, T* y, const ResampleGeometry& g) {
  using O = OpMath<T>;
  struct Dim {
    std::vector<int64_t> i0, i1;
    std::vector<O> l0, l1;
  };
  std::array<Dim, K> dims;
  for (int j = 0; j < K; ++j) {
    const O scale = ComputeScale<O>(g.in[j], g.out[j], g.align_corners, g.scale[j]);
    Dim& d = dims[j];
    d.i0.resize(g.out[j]);
    d.i1.resize(g.out[j]);
    d.l0.resize(g.out[j]);
    d.l1.resize(g.out[j]);
    for (int64_t o = 0; o < g.out[j]; ++o) {
      LinearIndex<O, O>(scale, o, g.in[j], g.out[j], g.align_corners, &d.i0[o], &d.i1[o], &d.l0[o],
                        &d.l1[o], /*fused=*/true);
    }
  }
  constexpr int64_t kLanes = 32 / static_cast<int64_t>(sizeof(T));
  const int64_t vector_channels = g.channels - g.channels % kLanes;
  int64_t in_plane = 1, out_plane = 1;
  for (int j = 0; j < K; ++j) {
    in_plane *= g.in[j];
    out_plane *= g.out[j];
  }
  constexpr int kTerms = 1 << K;
  ParallelFor(g.batch * g.channels, std::max<int64_t>(1, (int64_t{1} << 14) / out_plane),
              [&](int64_t b, int64_t e) {
                for (int64_t p = b; p < e; ++p) {
                  const bool vector = p % g.channels < vector_channels;
                  const T* src = x + p * in_plane;
                  int64_t o[3] = {0, 0, 0};
                  for (int64_t n = 0; n < out_plane; ++n) {
                    // Term t takes dim j's second tap where bit (K-1-j) of t is set.
                    std::array<T, kTerms> v;
                    std::array<O, kTerms> w;
                    for (int t = 0; t < kTerms; ++t) {
                      int64_t off = 0;
                      O wt = O(1);
                      for (int j = 0; j < K; ++j) {
                        const bool second = (t >> (K - 1 - j)) & 1;
                        const Dim& d = dims[j];
                        off = off * g.in[j] + (second ? d.i1[o[j]] : d.i0[o[j]]);
                        const O l = second ? d.l1[o[j]] : d.l0[o[j]];
                        wt = j == 0 ? l : wt * l;
                      }
                      v[t] = src[off];
                      w[t] = wt;
                    }
                    y[p * out_plane + n] = SumTerms<T, O, kTerms>(v, w, vector);
                    for (int j = K - 1; j >= 0 && ++o[j] == g.out[j]; --j) o[j] = 0;
                  }
                }
              });
}

template <typename T>
absl::Status Dispatch(const Tensor& in, const Tensor& out, ResampleGeometry g, ResampleMode mode) {
  const Tensor x = Contiguous(in);
  const T* xd = x.data<T>();
  T* yd = static_cast<T*>(out.raw_data());
  const bool cl_input = g.k >= 2 && g.channels > 3 && IsChannelsLast(in);
  // ATen also takes it for 3-channel bilinear when it runs on one thread,
  // as the reference runs do.
  const bool cl_2d = g.k == 2 && (cl_input || g.out[0] + g.out[1] <= 128);
  const bool cl_linear_2d = cl_2d || (g.k == 2 && g.channels == 3);
  const bool nearest = mode == ResampleMode::kNearest || mode == ResampleMode::kNearestExact;
  auto run = [&]<int K>() {
    if (nearest && (cl_2d || (g.k == 3 && cl_input))) {
      ChannelsLastNearest<T, K>(xd, yd, g, mode == ResampleMode::kNearestExact);
    } else if constexpr (K >= 2 && !std::is_same_v<T, uint8_t>) {
      if (mode == ResampleMode::kLinear && (cl_linear_2d || (K == 3 && cl_input))) {
        ChannelsLastLinear<T, K>(xd, yd, g);
        return;
      }
      GenericResample<T, K>(xd, yd, g, mode);
    } else {
      GenericResample<T, K>(xd, yd, g, mode);
    }
  };
  if (g.k == 1) run.template operator()<1>();
  if (g.k == 2) run.template operator()<2>();
  if (g.k == 3) run.template operator()<3>();
  return absl::OkStatus();
}

absl::Status Resample(std::span<const KernelArg> args, std::span<Tensor> outs, ResampleMode mode,
                      size_t first_scale, int64_t k) {
  const Tensor& in = TensorArg(args, 0);
  ResampleGeometry g;
  g.k = k;
  g.batch = in.size(0);
  g.channels = in.size(1);
  for (int64_t j = 0; j < k; ++j) {
    g.in[j] = in.size(2 + j);
    g.out[j] = outs[0].size(2 + j);
    // The scales are the last k of the op's scale arguments.
    const size_t arg = first_scale + (mode == ResampleMode::kCubic ? 2 : 3) - k + j;
    if (std::optional<Scalar> s = OptScalarArg(args, arg)) g.scale[j] = s->to_double();
  }
  if (mode == ResampleMode::kLinear || mode == ResampleMode::kCubic)
    g.align_corners = BoolArg(args, 2);
  if (outs[0].numel() == 0) return absl::OkStatus();
  return tensor::VisitDType(in.dtype(), [&]<typename T>(TypeTag<T>) -> absl::Status {
    if constexpr (std::is_floating_point_v<Acc<T>> || std::is_same_v<T, uint8_t>) {
      if (std::is_same_v<T, uint8_t> && mode != ResampleMode::kNearest &&
          mode != ResampleMode::kNearestExact) {
        // PyTorch resamples uint8 with int16 fixed-point weights in its own
        // kernels, which tc does not have.
        return absl::UnimplementedError(
            "upsample_linear/upsample_bicubic2d of uint8 input is not supported by tc");
      }
      return Dispatch<T>(in, outs[0], g, mode);
    } else {
      return absl::InternalError("upsample: non-float input");
    }
  });
}

absl::Status UpsampleNearestKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                                   std::span<Tensor> outs) {
  const ResampleMode mode = BoolArg(args, 2) ? ResampleMode::kNearestExact : ResampleMode::kNearest;
  return Resample(args, outs, mode, 3, TensorArg(args, 0).dim() - 2);
}

absl::Status UpsampleLinearKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                                  std::span<Tensor> outs) {
  return Resample(args, outs, ResampleMode::kLinear, 3, TensorArg(args, 0).dim() - 2);
}

absl::Status UpsampleBicubic2dKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                                     std::span<Tensor> outs) {
  return Resample(args, outs, ResampleMode::kCubic, 3, 2);
}

}  // namespace

KernelFn FindUpsampleKernel(std::string_view name) {
  static constexpr std::pair<std::string_view, KernelFn> kKernels[] = {
      {"upsample_nearest", UpsampleNearestKernel},
      {"upsample_linear", UpsampleLinearKernel},
      {"upsample_bicubic2d", UpsampleBicubic2dKernel},
  };
  for (const auto& [op, fn] : kKernels) {
    if (op == name) return fn;
  }
  return nullptr;
}

}  // namespace tc::kernels
