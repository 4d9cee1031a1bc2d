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

namespace tc::kernels {
namespace {

enum class Mode { kNearest, kNearestExact, kLinear, kCubic };

// The resampled geometry: `k` trailing dims of each of `planes` planes.
struct Geometry {
  int64_t batch = 0, channels = 0, k = 0;
  std::array<int64_t, 3> in{}, out{};
  std::array<std::optional<double>, 3> scale{};
  bool align_corners = false;
};

// ATen's compute_scales_value / area_pixel_compute_scale in type O.
template <typename O>
O ComputeScale(int64_t in, int64_t out, bool align_corners, std::optional<double> scale) {
  if (align_corners) return out > 1 ? static_cast<O>(in - 1) / static_cast<O>(out - 1) : O(0);
  if (scale && *scale > 0.) return static_cast<O>(1.0 / *scale);
  return static_cast<O>(in) / static_cast<O>(out);
}

// ATen's area_pixel_compute_source_index. Whether GCC fused its multiply-add
// in PyTorch's build depends on the caller (measured against PyTorch): the
// linear and nearest tables fuse it for double only, the cubic tables and
// the channels-last kernel always (`fused`).
template <typename O>
O SourceIndex(O scale, int64_t dst, bool align_corners, bool cubic, bool fused = false) {
  if (align_corners) return scale * static_cast<O>(dst);
  const O half = static_cast<O>(0.5);
  const O src = (fused || std::is_same_v<O, double>)
                    ? std::fma(scale, static_cast<O>(dst) + half, -half)
                    : scale * (static_cast<O>(dst) + half) - half;
  return (!cubic && src < O(0)) ? O(0) : src;
}

// ATen's guard_index_and_lambda: the floor index (at most in - 1) and the
// fraction, clamped to [0, 1].
template <typename O>
void GuardIndex(O real, int64_t in, int64_t* index, O* lambda) {
  *index = std::min(static_cast<int64_t>(std::floor(static_cast<float>(real))), in - 1);
  *lambda = std::min(std::max(real - static_cast<O>(*index), O(0)), O(1));
}

// ATen's compute_source_index_and_lambda in types (W for the lambdas, O).
template <typename W, typename O>
void LinearIndex(O scale, int64_t o, int64_t in, int64_t out, bool align_corners, int64_t* i0,
                 int64_t* i1, W* l0, W* l1, bool fused = false) {
  if (out == in) {
    *i0 = *i1 = o;
    *l0 = W(1);
    *l1 = W(0);
    return;
  }
  const O real = SourceIndex<O>(scale, o, align_corners, false, fused);
  O lambda;
  GuardIndex(real, in, i0, &lambda);
  *l1 = static_cast<W>(lambda);
  *i1 = *i0 + (*i0 < in - 1 ? 1 : 0);
  *l0 = static_cast<W>(static_cast<O>(W(1)) - static_cast<O>(*l1));
}

// Keys' cubic convolution, A = -0.75 (ATen's get_cubic_upsample_coefficients).
template <typename O>
void CubicCoefficients(O t, O c[4]) {
  const O a = O(-0.75);
  // Fused where GCC fused ATen's cubic_convolution1/2 (measured).
  auto near = [a](O x) { return std::fma(a + O(2), x, -(a + O(3))) * x * x + O(1); };
  auto far = [a](O x) { return std::fma(std::fma(a, x, -(O(5) * a)), x, O(8) * a) * x - O(4) * a; };
  c[0] = far(t + O(1));
  c[1] = near(t);
  c[2] = near(O(1) - t);
  c[3] = far(O(1) - t + O(1));
}

// One output dim's sources: `taps` indices (times the dim's stride) and
// weights per output position.
template <typename T>
struct Taps {
  int taps = 1;
  std::vector<int64_t> index;  // [out][taps]
  std::vector<T> weight;       // [out][taps]
};

// The generic kernel's tables (ATen's HelperInterp*::compute_indices_weights).
template <typename T, typename O>
Taps<T> MakeTaps(Mode mode, int64_t in, int64_t out, int64_t stride, bool align_corners,
                 std::optional<double> s) {
  Taps<T> t;
  t.taps = mode == Mode::kLinear ? 2 : (mode == Mode::kCubic ? 4 : 1);
  t.index.resize(out * t.taps);
  t.weight.resize(out * t.taps, T(1));
  const O scale = ComputeScale<O>(in, out, align_corners, s);
  for (int64_t o = 0; o < out; ++o) {
    int64_t* idx = &t.index[o * t.taps];
    T* w = &t.weight[o * t.taps];
    if (mode == Mode::kNearest || mode == Mode::kNearestExact) {
      const bool exact = mode == Mode::kNearestExact;
      const O real = SourceIndex<O>(scale, o, exact ? align_corners : true, false);
      const int64_t i = exact ? static_cast<int64_t>(
                                    std::floor(static_cast<float>(static_cast<double>(real) + 0.5)))
                              : static_cast<int64_t>(std::floor(static_cast<float>(real)));
      idx[0] = std::min(i, in - 1) * stride;
    } else if (mode == Mode::kLinear) {
      LinearIndex<T, O>(scale, o, in, out, align_corners, &idx[0], &idx[1], &w[0], &w[1]);
      idx[0] *= stride;
      idx[1] *= stride;
    } else {
      O lambda, c[4];
      int64_t i;
      GuardIndex(SourceIndex<O>(scale, o, align_corners, true, /*fused=*/true), in, &i, &lambda);
      CubicCoefficients(lambda, c);
      for (int j = 0; j < 4; ++j) {
        idx[j] = std::max<int64_t>(std::min(i + j - 1, in - 1), 0) * stride;
        w[j] = static_cast<T>(c[j]);
      }
    }
  }
  return t;
}

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

template <typename T>
using OpMath = std::conditional_t<std::is_same_v<T, double>, double, float>;

// ATen's generic kernel: every output element from the per-dim tables.
template <typename T, int K>
void GenericResample(const T* x, T* y, const Geometry& g, Mode mode) {
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
  const bool nearest = mode == Mode::kNearest || mode == Mode::kNearestExact;
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

// ATen's nearest_idx / nearest_exact_idx (float scale; the channels-last
// kernel's index arithmetic).
int64_t NearestIndex(int64_t o, int64_t in, int64_t out, std::optional<double> s, bool exact) {
  if (!exact && out == in) return o;
  if (!exact && out == 2 * in) return o >> 1;
  const float scale = ComputeScale<float>(in, out, false, s);
  const double real = exact ? (static_cast<double>(o) + 0.5) * scale
                            : static_cast<double>(static_cast<float>(o) * scale);
  return std::min(static_cast<int64_t>(std::floor(static_cast<float>(real))), in - 1);
}

// ATen's channels-last nearest kernel: per-pixel copies with float-scale indices.
template <typename T, int K>
void ChannelsLastNearest(const T* x, T* y, const Geometry& g, bool exact) {
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
void ChannelsLastLinear(const T* x, T* y, const Geometry& g) {
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

// Whether `t` [N, C, spatial...] is channels-last contiguous (size-1 dims
// ignored), as ATen's is_contiguous(ChannelsLast{,3d}) says.
bool IsChannelsLast(const Tensor& t) {
  const int64_t nd = t.dim();
  std::vector<int64_t> order = {1};
  for (int64_t d = nd - 1; d >= 2; --d) order.push_back(d);
  order.push_back(0);
  int64_t expected = 1;
  for (int64_t d : order) {
    if (t.size(d) != 1 && t.stride(d) != expected) return false;
    expected *= t.size(d);
  }
  return true;
}

template <typename T>
absl::Status Dispatch(const Tensor& in, const Tensor& out, Geometry g, Mode mode) {
  const Tensor x = Contiguous(in);
  const T* xd = x.data<T>();
  T* yd = static_cast<T*>(out.raw_data());
  const bool cl_input = g.k >= 2 && g.channels > 3 && IsChannelsLast(in);
  // ATen also takes it for 3-channel bilinear when it runs on one thread,
  // as the reference runs do.
  const bool cl_2d = g.k == 2 && (cl_input || g.out[0] + g.out[1] <= 128);
  const bool cl_linear_2d = cl_2d || (g.k == 2 && g.channels == 3);
  const bool nearest = mode == Mode::kNearest || mode == Mode::kNearestExact;
  auto run = [&]<int K>() {
    if (nearest && (cl_2d || (g.k == 3 && cl_input))) {
      ChannelsLastNearest<T, K>(xd, yd, g, mode == Mode::kNearestExact);
    } else if constexpr (K >= 2 && !std::is_same_v<T, uint8_t>) {
      if (mode == Mode::kLinear && (cl_linear_2d || (K == 3 && cl_input))) {
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

absl::Status Resample(std::span<const KernelArg> args, std::span<Tensor> outs, Mode mode,
                      size_t first_scale, int64_t k) {
  const Tensor& in = TensorArg(args, 0);
  Geometry g;
  g.k = k;
  g.batch = in.size(0);
  g.channels = in.size(1);
  for (int64_t j = 0; j < k; ++j) {
    g.in[j] = in.size(2 + j);
    g.out[j] = outs[0].size(2 + j);
    // The scales are the last k of the op's scale arguments.
    const size_t arg = first_scale + (mode == Mode::kCubic ? 2 : 3) - k + j;
    if (std::optional<Scalar> s = OptScalarArg(args, arg)) g.scale[j] = s->to_double();
  }
  if (mode == Mode::kLinear || mode == Mode::kCubic) g.align_corners = BoolArg(args, 2);
  if (outs[0].numel() == 0) return absl::OkStatus();
  return tensor::VisitDType(in.dtype(), [&]<typename T>(TypeTag<T>) -> absl::Status {
    if constexpr (std::is_floating_point_v<Acc<T>> || std::is_same_v<T, uint8_t>) {
      if (std::is_same_v<T, uint8_t> && mode != Mode::kNearest && mode != Mode::kNearestExact) {
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
  const Mode mode = BoolArg(args, 2) ? Mode::kNearestExact : Mode::kNearest;
  return Resample(args, outs, mode, 3, TensorArg(args, 0).dim() - 2);
}

absl::Status UpsampleLinearKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                                  std::span<Tensor> outs) {
  return Resample(args, outs, Mode::kLinear, 3, TensorArg(args, 0).dim() - 2);
}

absl::Status UpsampleBicubic2dKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                                     std::span<Tensor> outs) {
  return Resample(args, outs, Mode::kCubic, 3, 2);
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
