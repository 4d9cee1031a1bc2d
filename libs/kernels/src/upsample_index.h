// The index and weight arithmetic of the resampling kernels, ATen's CPU
// one (see upsample.cc): per output dim, the source indices and weights of
// each output position. Shared by upsample.cc (the forward ops) and
// upsample_backward.cc (their gradients, which must read the same sources).
#ifndef TC_KERNELS_SRC_UPSAMPLE_INDEX_H_
#define TC_KERNELS_SRC_UPSAMPLE_INDEX_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

#include "tc/tensor/tensor.h"

namespace tc::kernels {

enum class ResampleMode { kNearest, kNearestExact, kLinear, kCubic };

// The resampled geometry: `k` trailing dims of each of `planes` planes.
struct ResampleGeometry {
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
Taps<T> MakeTaps(ResampleMode mode, int64_t in, int64_t out, int64_t stride, bool align_corners,
                 std::optional<double> s) {
  Taps<T> t;
  t.taps = mode == ResampleMode::kLinear ? 2 : (mode == ResampleMode::kCubic ? 4 : 1);
  t.index.resize(out * t.taps);
  t.weight.resize(out * t.taps, T(1));
  const O scale = ComputeScale<O>(in, out, align_corners, s);
  for (int64_t o = 0; o < out; ++o) {
    int64_t* idx = &t.index[o * t.taps];
    T* w = &t.weight[o * t.taps];
    if (mode == ResampleMode::kNearest || mode == ResampleMode::kNearestExact) {
      const bool exact = mode == ResampleMode::kNearestExact;
      const O real = SourceIndex<O>(scale, o, exact ? align_corners : true, false);
      const int64_t i = exact ? static_cast<int64_t>(
                                    std::floor(static_cast<float>(static_cast<double>(real) + 0.5)))
                              : static_cast<int64_t>(std::floor(static_cast<float>(real)));
      idx[0] = std::min(i, in - 1) * stride;
    } else if (mode == ResampleMode::kLinear) {
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

template <typename T>
using OpMath = std::conditional_t<std::is_same_v<T, double>, double, float>;

// ATen's nearest_idx / nearest_exact_idx (float scale; the channels-last
// kernel's index arithmetic).
inline int64_t NearestIndex(int64_t o, int64_t in, int64_t out, std::optional<double> s,
                            bool exact) {
  if (!exact && out == in) return o;
  if (!exact && out == 2 * in) return o >> 1;
  const float scale = ComputeScale<float>(in, out, false, s);
  const double real = exact ? (static_cast<double>(o) + 0.5) * scale
                            : static_cast<double>(static_cast<float>(o) * scale);
  return std::min(static_cast<int64_t>(std::floor(static_cast<float>(real))), in - 1);
}

// Whether `t` [N, C, spatial...] is channels-last contiguous (size-1 dims
// ignored), as ATen's is_contiguous(ChannelsLast{,3d}) says.
inline bool IsChannelsLast(const tensor::Tensor& t) {
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

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_UPSAMPLE_INDEX_H_
