// 2-d pooling kernels over [.., C, H, W] planes (1-d pools arrive as
// height-1 2-d pools): max with flat per-plane indices, average (padding,
// ceil_mode, count_include_pad, divisor_override) and the adaptive average
// and max pools. Each output element visits its window in row-major order
// and accumulates as ATen's CPU kernels do (float for 16-bit floats, the
// type itself otherwise; a NaN wins a max), so results agree bit for bit.
// Output rows run in parallel on the shared pool; the float32/float64 max
// and average pools run the inner columns of each output row through
// pool_simd's Highway loops. A 4-d input whose output the meta function
// lays out channels_last goes to pool_nhwc.cc, which writes that layout.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"

#include "src/compute.h"
#include "src/copy.h"
#include "src/families.h"
#include "src/kernel.h"
#include "src/pool_nhwc.h"
#include "src/pool_simd.h"

namespace tc::kernels {
namespace {

struct Planes {
  int64_t count, ih, iw, oh, ow;
};

// Max over rows [h0, h1) x cols [w0, w1) stepping (dh, dw) of one plane;
// the value and its flat index within the plane.
template <typename T>
std::pair<T, int64_t> WindowMax(const T* x, int64_t width, int64_t h0, int64_t h1, int64_t dh,
                                int64_t w0, int64_t w1, int64_t dw) {
  using C = Acc<T>;
  C best = Lowest<C>();
  int64_t at = h0 * width + w0;
  for (int64_t h = h0; h < h1; h += dh) {
    for (int64_t w = w0; w < w1; w += dw) {
      const C v = static_cast<C>(x[h * width + w]);
      if (v > best || IsNan(v)) {
        best = v;
        at = h * width + w;
      }
    }
  }
  return {static_cast<T>(best), at};
}

// The sum over rows [h0, h1) x cols [w0, w1), row by row.
template <typename T>
Acc<T> WindowSum(const T* x, int64_t width, int64_t h0, int64_t h1, int64_t w0, int64_t w1) {
  Acc<T> sum = 0;
  for (int64_t h = h0; h < h1; ++h) {
    for (int64_t w = w0; w < w1; ++w) sum += static_cast<Acc<T>>(x[h * width + w]);
  }
  return sum;
}

// Calls window(plane data, out index, oh, ow) for every output element of
// contiguous `x` (planes in parallel), with the element type dispatched;
// the meta functions have rejected bool (and integers where `floats_only`).
template <typename Window>
absl::Status ForEachOutput(const Tensor& x, const Tensor& out, bool floats_only, Window window) {
  const int64_t nd = x.dim();
  const Planes p{x.numel() / std::max<int64_t>(1, x.size(nd - 2) * x.size(nd - 1)), x.size(nd - 2),
                 x.size(nd - 1), out.size(nd - 2), out.size(nd - 1)};
  if (out.numel() == 0) return absl::OkStatus();
  return tensor::VisitDType(x.dtype(), [&]<typename T>(TypeTag<T>) -> absl::Status {
    if constexpr (std::is_same_v<T, bool>) {
      return absl::InternalError("pooling: bool input");
    } else {
      if (floats_only && !kIsFloat<T>) return absl::InternalError("pooling: integer input");
      const T* xd = x.data<T>();
      const int64_t work = std::max<int64_t>(1, p.ih * p.iw + p.oh * p.ow);
      ParallelFor(p.count, std::max<int64_t>(1, (int64_t{1} << 15) / work),
                  [&](int64_t b, int64_t e) {
                    for (int64_t plane = b; plane < e; ++plane) {
                      const T* xp = xd + plane * p.ih * p.iw;
                      for (int64_t oh = 0; oh < p.oh; ++oh) {
                        for (int64_t ow = 0; ow < p.ow; ++ow) {
                          window(xp, p, (plane * p.oh + oh) * p.ow + ow, oh, ow);
                        }
                      }
                    }
                  });
      return absl::OkStatus();
    }
  });
}

template <typename T>
T* Out(const Tensor& t) {
  return static_cast<T*>(t.raw_data());
}

PoolGeometry Geometry(std::span<const KernelArg> args, bool dilated) {
  const Shape k = IntListArg(args, 1), s0 = IntListArg(args, 2), pad = IntListArg(args, 3);
  const Shape s = s0.empty() ? k : s0;
  const Shape dil = dilated ? IntListArg(args, 4) : Shape{1};
  return PoolGeometry{k[0], k.back(), s[0], s.back(), pad[0], pad.back(), dil[0], dil.back()};
}

// Output columns [first, end) whose windows lie inside the `width` input
// columns (no padding, no clipping): the columns the row loops take.
std::pair<int64_t, int64_t> InnerColumns(const PoolGeometry& g, int64_t width, int64_t out_w) {
  const int64_t first = std::min(out_w, (g.pw + g.sw - 1) / g.sw);
  const int64_t span = (g.kw - 1) * g.dw + 1;
  const int64_t last_start = width - span + g.pw;  // ow * sw <= last_start
  const int64_t end = last_start < 0 ? first : std::clamp(last_start / g.sw + 1, first, out_w);
  return {first, end};
}

// Runs row(plane, oh) over every (plane, output row) of contiguous `x`
// [.., H, W] in parallel, for float32/float64 inputs; false otherwise.
template <typename Row>
bool ForEachFloatRow(const Tensor& x, const Tensor& out, Row row) {
  if (x.dtype() != DType::kFloat32 && x.dtype() != DType::kFloat64) return false;
  const int64_t nd = x.dim();
  const int64_t ih = x.size(nd - 2), iw = x.size(nd - 1), oh = out.size(nd - 2);
  const int64_t ow = out.size(nd - 1);
  if (ih * iw > std::numeric_limits<int32_t>::max()) return false;
  const int64_t planes = x.numel() / std::max<int64_t>(1, ih * iw);
  const int64_t work = std::max<int64_t>(1, ow * 8);
  ParallelFor(planes * oh, std::max<int64_t>(1, (int64_t{1} << 14) / work),
              [&](int64_t b, int64_t e) {
                for (int64_t r = b; r < e; ++r) row(r / oh, r % oh);
              });
  return true;
}

absl::Status MaxPool2dKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                             std::span<Tensor> outs) {
  const PoolGeometry g = Geometry(args, true);
  if (IsChannelsLastOutput(outs[0])) {
    return MaxPool2dNhwc(TensorArg(args, 0), g, outs[0], outs[1]);
  }
  const Tensor x = Contiguous(TensorArg(args, 0));
  int64_t* indices = Out<int64_t>(outs[1]);
  if (outs[0].numel() == 0) return absl::OkStatus();
  const int64_t nd = x.dim(), ih = x.size(nd - 2), iw = x.size(nd - 1);
  const int64_t out_h = outs[0].size(nd - 2), out_w = outs[0].size(nd - 1);
  // Plain variables, not a structured binding: clang 14 cannot capture one
  // in the lambdas below.
  const std::pair<int64_t, int64_t> inner_cols = InnerColumns(g, iw, out_w);
  const int64_t inner0 = inner_cols.first, inner1 = inner_cols.second;
  auto row = [&]<typename T>(const T* plane, T* out, int64_t* at, int64_t oh) {
    int64_t h0 = oh * g.sh - g.ph;
    const int64_t h1 = std::min(h0 + (g.kh - 1) * g.dh + 1, ih);
    while (h0 < 0) h0 += g.dh;
    int64_t rows[64];
    int64_t nrows = 0;
    for (int64_t h = h0; h < h1 && nrows < 64; h += g.dh) rows[nrows++] = h;
    const bool fast = nrows > 0 && (h1 - h0 + g.dh - 1) / g.dh == nrows;
    for (int64_t ow = 0; ow < out_w; ++ow) {
      if (fast && ow == inner0 && inner1 > inner0) {
        simd::MaxRow(simd::RowWindows<T>{plane, iw, rows, nrows, g.kw, g.sw, g.dw,
                                         inner0 * g.sw - g.pw, inner1 - inner0},
                     out + inner0, at + inner0);
        ow = inner1 - 1;
        continue;
      }
      int64_t w0 = ow * g.sw - g.pw;
      const int64_t w1 = std::min(w0 + (g.kw - 1) * g.dw + 1, iw);
      while (w0 < 0) w0 += g.dw;
      auto [v, idx] = WindowMax(plane, iw, h0, h1, g.dh, w0, w1, g.dw);
      out[ow] = v;
      at[ow] = idx;
    }
  };
  const bool vectorized = ForEachFloatRow(x, outs[0], [&](int64_t plane, int64_t oh) {
    const int64_t o = (plane * out_h + oh) * out_w;
    if (x.dtype() == DType::kFloat32) {
      row(x.data<float>() + plane * ih * iw, Out<float>(outs[0]) + o, indices + o, oh);
    } else {
      row(x.data<double>() + plane * ih * iw, Out<double>(outs[0]) + o, indices + o, oh);
    }
  });
  if (vectorized) return absl::OkStatus();
  return ForEachOutput(x, outs[0], false,
                       [&](const auto* xp, const Planes& p, int64_t o, int64_t oh, int64_t ow) {
                         int64_t h0 = oh * g.sh - g.ph, w0 = ow * g.sw - g.pw;
                         const int64_t h1 = std::min(h0 + (g.kh - 1) * g.dh + 1, p.ih);
                         const int64_t w1 = std::min(w0 + (g.kw - 1) * g.dw + 1, p.iw);
                         while (h0 < 0) h0 += g.dh;
                         while (w0 < 0) w0 += g.dw;
                         auto [v, at] = WindowMax(xp, p.iw, h0, h1, g.dh, w0, w1, g.dw);
                         Out<std::remove_cvref_t<decltype(*xp)>>(outs[0])[o] = v;
                         indices[o] = at;
                       });
}

// One output row of a float avg_pool2d: the inner columns through
// simd::AvgRow, the padded or clipped ones through WindowSum.
template <typename T>
void AvgRowOf(const T* plane, T* out, int64_t ih, int64_t iw, int64_t out_w, int64_t oh,
              const PoolGeometry& g, bool count_pad, std::optional<int64_t> divisor) {
  // Plain variables, not a structured binding: clang 14 cannot capture one
  // in the lambdas below.
  const std::pair<int64_t, int64_t> inner_cols = InnerColumns(g, iw, out_w);
  const int64_t inner0 = inner_cols.first, inner1 = inner_cols.second;
  // The inner columns' windows share their rows and divisor.
  const AvgWindow inner = AvgWindowAt(g, ih, iw, oh, inner0, count_pad, divisor);
  int64_t rows[64];
  const int64_t nrows = inner.h1 - inner.h0;
  for (int64_t h = inner.h0; h < inner.h1 && h - inner.h0 < 64; ++h) rows[h - inner.h0] = h;
  for (int64_t ow = 0; ow < out_w; ++ow) {
    if (nrows > 0 && nrows <= 64 && ow == inner0 && inner1 > inner0) {
      simd::AvgRow(simd::RowWindows<T>{plane, iw, rows, nrows, g.kw, g.sw, 1, inner0 * g.sw - g.pw,
                                       inner1 - inner0},
                   static_cast<T>(inner.div), out + inner0);
      ow = inner1 - 1;
      continue;
    }
    const AvgWindow win = AvgWindowAt(g, ih, iw, oh, ow, count_pad, divisor);
    out[ow] = win.empty() ? T(0)
                          : T(0) + WindowSum(plane, iw, win.h0, win.h1, win.w0, win.w1) /
                                       static_cast<T>(win.div);
  }
}

absl::Status AvgPool2dKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                             std::span<Tensor> outs) {
  const PoolGeometry g = Geometry(args, false);
  const bool count_pad = BoolArg(args, 5);
  const std::optional<int64_t> divisor = OptIntArg(args, 6);
  if (IsChannelsLastOutput(outs[0])) {
    return AvgPool2dNhwc(TensorArg(args, 0), g, count_pad, divisor, outs[0]);
  }
  const Tensor x = Contiguous(TensorArg(args, 0));
  if (outs[0].numel() == 0) return absl::OkStatus();
  const int64_t nd = x.dim(), ih = x.size(nd - 2), iw = x.size(nd - 1);
  const int64_t out_h = outs[0].size(nd - 2), out_w = outs[0].size(nd - 1);
  const bool vectorized = ForEachFloatRow(x, outs[0], [&](int64_t plane, int64_t oh) {
    const int64_t o = (plane * out_h + oh) * out_w;
    if (x.dtype() == DType::kFloat32) {
      AvgRowOf(x.data<float>() + plane * ih * iw, Out<float>(outs[0]) + o, ih, iw, out_w, oh, g,
               count_pad, divisor);
    } else {
      AvgRowOf(x.data<double>() + plane * ih * iw, Out<double>(outs[0]) + o, ih, iw, out_w, oh, g,
               count_pad, divisor);
    }
  });
  if (vectorized) return absl::OkStatus();
  return ForEachOutput(
      x, outs[0], false, [&](const auto* xp, const Planes& p, int64_t o, int64_t oh, int64_t ow) {
        using T = std::remove_cvref_t<decltype(*xp)>;
        using C = Acc<T>;
        const AvgWindow win = AvgWindowAt(g, p.ih, p.iw, oh, ow, count_pad, divisor);
        T* out = Out<T>(outs[0]);
        if (win.empty()) {
          out[o] = T(0);
          return;
        }
        const C sum = WindowSum(xp, p.iw, win.h0, win.h1, win.w0, win.w1);
        // ATen adds the quotient to a zeroed output (so -0 becomes 0).
        out[o] = static_cast<T>(C(0) + static_cast<C>(sum / static_cast<C>(win.div)));
      });
}

// Row oh of an adaptive pool over a contiguous plane, each window visited
// in row-major order; `cols` holds the windows' column starts and ends
// (computed once: the integer divisions cost more than small windows).
template <bool kMax, typename T>
void AdaptiveRow(const T* plane, const Planes& p, int64_t oh, const int64_t* cols, T* out,
                 int64_t* at) {
  using C = Acc<T>;
  const int64_t h0 = AdaptiveStart(oh, p.oh, p.ih), h1 = AdaptiveEnd(oh, p.oh, p.ih);
  for (int64_t ow = 0; ow < p.ow; ++ow) {
    const int64_t w0 = cols[2 * ow], w1 = cols[2 * ow + 1];
    if constexpr (kMax) {
      auto [v, idx] = WindowMax(plane, p.iw, h0, h1, 1, w0, w1, 1);
      out[ow] = v;
      at[ow] = idx;
    } else {
      const C sum = WindowSum(plane, p.iw, h0, h1, w0, w1);
      // Divided by the window's height, then its width, as ATen does.
      out[ow] = static_cast<T>(sum / static_cast<C>(h1 - h0) / static_cast<C>(w1 - w0));
    }
  }
}

// The adaptive pools: the mean of each window or its max and index.
absl::Status AdaptivePool2d(const Tensor& in, std::span<Tensor> outs, bool max) {
  if (IsChannelsLastOutput(outs[0])) {
    return AdaptivePool2dNhwc(in, outs[0], max ? &outs[1] : nullptr);
  }
  const Tensor x = Contiguous(in);
  const int64_t nd = x.dim();
  const Planes p{x.numel() / std::max<int64_t>(1, x.size(nd - 2) * x.size(nd - 1)), x.size(nd - 2),
                 x.size(nd - 1), outs[0].size(nd - 2), outs[0].size(nd - 1)};
  if (outs[0].numel() == 0) return absl::OkStatus();
  int64_t* at = max ? Out<int64_t>(outs[1]) : nullptr;
  std::vector<int64_t> cols(2 * p.ow);
  for (int64_t ow = 0; ow < p.ow; ++ow) {
    cols[2 * ow] = AdaptiveStart(ow, p.ow, p.iw);
    cols[2 * ow + 1] = AdaptiveEnd(ow, p.ow, p.iw);
  }
  return tensor::VisitDType(x.dtype(), [&]<typename T>(TypeTag<T>) -> absl::Status {
    if constexpr (!kIsFloat<T>) {
      return absl::InternalError("adaptive pooling: integer input");
    } else {
      const T* xd = x.data<T>();
      T* out = Out<T>(outs[0]);
      const int64_t work = std::max<int64_t>(1, p.ih * p.iw / std::max<int64_t>(1, p.oh));
      ParallelFor(
          p.count * p.oh, std::max<int64_t>(1, (int64_t{1} << 14) / work),
          [&](int64_t b, int64_t e) {
            for (int64_t r = b; r < e; ++r) {
              const T* plane = xd + (r / p.oh) * p.ih * p.iw;
              if (max) {
                AdaptiveRow<true>(plane, p, r % p.oh, cols.data(), out + r * p.ow, at + r * p.ow);
              } else {
                AdaptiveRow<false>(plane, p, r % p.oh, cols.data(), out + r * p.ow, nullptr);
              }
            }
          });
      return absl::OkStatus();
    }
  });
}

absl::Status AdaptiveAvgPool2dKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                                     std::span<Tensor> outs) {
  return AdaptivePool2d(TensorArg(args, 0), outs, false);
}

absl::Status AdaptiveMaxPool2dKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                                     std::span<Tensor> outs) {
  return AdaptivePool2d(TensorArg(args, 0), outs, true);
}

}  // namespace

KernelFn FindPoolKernel(std::string_view name) {
  static constexpr std::pair<std::string_view, KernelFn> kKernels[] = {
      {"max_pool2d_with_indices", MaxPool2dKernel},
      {"avg_pool2d", AvgPool2dKernel},
      {"_adaptive_avg_pool2d", AdaptiveAvgPool2dKernel},
      {"adaptive_max_pool2d", AdaptiveMaxPool2dKernel},
  };
  for (const auto& [op, fn] : kKernels) {
    if (op == name) return fn;
  }
  return nullptr;
}

}  // namespace tc::kernels
