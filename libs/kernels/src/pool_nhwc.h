// The channels-last (NHWC) pooling kernels, and the window helpers pool.cc
// shares with them. The kernels: pool.cc sends a 4-d input here
// when its output is laid out channels_last (the meta function's choice for
// an input that suggests that format), and they write that layout directly,
// looping over output pixels with the contiguous channels innermost.
#ifndef TC_KERNELS_SRC_POOL_NHWC_H_
#define TC_KERNELS_SRC_POOL_NHWC_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>

#include "absl/status/status.h"

#include "tc/tensor/tensor.h"

namespace tc::kernels {

// A 2-d pooling window: kernel, stride, padding and dilation (height,
// width).
struct PoolGeometry {
  int64_t kh, kw, sh, sw, ph, pw, dh, dw;
};

// The start of a max: -inf, or an integer type's lowest value.
template <typename C>
constexpr C Lowest() {
  if constexpr (std::is_floating_point_v<C>) {
    return -std::numeric_limits<C>::infinity();
  } else {
    return std::numeric_limits<C>::lowest();
  }
}

template <typename C>
bool IsNan(C v) {
  if constexpr (std::is_floating_point_v<C>) {
    return std::isnan(v);
  } else {
    return false;
  }
}

// Adaptive windows: [floor(o * in / out), ceil((o + 1) * in / out)).
inline int64_t AdaptiveStart(int64_t o, int64_t out, int64_t in) { return (o * in) / out; }
inline int64_t AdaptiveEnd(int64_t o, int64_t out, int64_t in) {
  return ((o + 1) * in + out - 1) / out;
}

// avg_pool2d's window for output (oh, ow) of an ih x iw plane: the rows
// [h0, h1) and columns [w0, w1) inside the plane, and the divisor
// (divisor_override, else the padded window's size with count_include_pad,
// else the clipped window's), as ATen computes them.
struct AvgWindow {
  int64_t h0, h1, w0, w1, div;
  bool empty() const { return h0 >= h1 || w0 >= w1; }
};
inline AvgWindow AvgWindowAt(const PoolGeometry& g, int64_t ih, int64_t iw, int64_t oh, int64_t ow,
                             bool count_pad, std::optional<int64_t> divisor) {
  int64_t h0 = oh * g.sh - g.ph, w0 = ow * g.sw - g.pw;
  int64_t h1 = std::min(h0 + g.kh, ih + g.ph), w1 = std::min(w0 + g.kw, iw + g.pw);
  const int64_t pool_size = (h1 - h0) * (w1 - w0);
  h0 = std::max<int64_t>(h0, 0);
  w0 = std::max<int64_t>(w0, 0);
  h1 = std::min(h1, ih);
  w1 = std::min(w1, iw);
  const int64_t div = divisor ? *divisor : (count_pad ? pool_size : (h1 - h0) * (w1 - w0));
  return AvgWindow{h0, h1, w0, w1, div};
}

// Whether `out` (4-d) is laid out channels_last and not also contiguous.
bool IsChannelsLastOutput(const tensor::Tensor& out);

// max_pool2d_with_indices, avg_pool2d and the adaptive pools into
// channels-last outputs; `x` is any 4-d input (copied channels-last
// contiguous when it is not). Values and indices are those of the
// contiguous kernels (ATen's channels-last kernels give the same), except
// the adaptive average's rounding, which follows ATen's channels-last
// kernel.
absl::Status MaxPool2dNhwc(const tensor::Tensor& x, const PoolGeometry& g,
                           const tensor::Tensor& out, const tensor::Tensor& indices);
absl::Status AvgPool2dNhwc(const tensor::Tensor& x, const PoolGeometry& g, bool count_pad,
                           std::optional<int64_t> divisor, const tensor::Tensor& out);
// `indices` is null for the average pool.
absl::Status AdaptivePool2dNhwc(const tensor::Tensor& x, const tensor::Tensor& out,
                                const tensor::Tensor* indices);

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_POOL_NHWC_H_
