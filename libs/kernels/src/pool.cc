// 2-d pooling kernels over [.., C, H, W] planes (1-d pools arrive as
// height-1 2-d pools): max with flat per-plane indices, average (padding,
// ceil_mode, count_include_pad, divisor_override) and the adaptive average
// and max pools. Each output element visits its window in row-major order
// and accumulates as ATen's CPU kernels do (float for 16-bit floats, the
// type itself otherwise; a NaN wins a max), so results agree bit for bit.
// Planes run in parallel on the shared pool.
#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>

#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"

#include "src/compute.h"
#include "src/copy.h"
#include "src/families.h"
#include "src/kernel.h"

namespace tc::kernels {
namespace {

struct Planes {
  int64_t count, ih, iw, oh, ow;
};

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

absl::Status MaxPool2dKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                             std::span<Tensor> outs) {
  const Tensor x = Contiguous(TensorArg(args, 0));
  const Shape k = IntListArg(args, 1), s0 = IntListArg(args, 2), pad = IntListArg(args, 3),
              dil = IntListArg(args, 4);
  const Shape s = s0.empty() ? k : s0;
  const int64_t kh = k[0], kw = k.back(), sh = s[0], sw = s.back(), ph = pad[0], pw = pad.back(),
                dh = dil[0], dw = dil.back();
  int64_t* indices = Out<int64_t>(outs[1]);
  return ForEachOutput(x, outs[0], false,
                       [&](const auto* xp, const Planes& p, int64_t o, int64_t oh, int64_t ow) {
                         int64_t h0 = oh * sh - ph, w0 = ow * sw - pw;
                         const int64_t h1 = std::min(h0 + (kh - 1) * dh + 1, p.ih);
                         const int64_t w1 = std::min(w0 + (kw - 1) * dw + 1, p.iw);
                         while (h0 < 0) h0 += dh;
                         while (w0 < 0) w0 += dw;
                         auto [v, at] = WindowMax(xp, p.iw, h0, h1, dh, w0, w1, dw);
                         Out<std::remove_cvref_t<decltype(*xp)>>(outs[0])[o] = v;
                         indices[o] = at;
                       });
}

absl::Status AvgPool2dKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                             std::span<Tensor> outs) {
  const Tensor x = Contiguous(TensorArg(args, 0));
  const Shape k = IntListArg(args, 1), s0 = IntListArg(args, 2), pad = IntListArg(args, 3);
  const Shape s = s0.empty() ? k : s0;
  const bool count_pad = BoolArg(args, 5);
  const std::optional<int64_t> divisor = OptIntArg(args, 6);
  const int64_t kh = k[0], kw = k.back(), sh = s[0], sw = s.back(), ph = pad[0], pw = pad.back();
  return ForEachOutput(
      x, outs[0], false, [&](const auto* xp, const Planes& p, int64_t o, int64_t oh, int64_t ow) {
        using T = std::remove_cvref_t<decltype(*xp)>;
        using C = Acc<T>;
        int64_t h0 = oh * sh - ph, w0 = ow * sw - pw;
        int64_t h1 = std::min(h0 + kh, p.ih + ph), w1 = std::min(w0 + kw, p.iw + pw);
        const int64_t pool_size = (h1 - h0) * (w1 - w0);
        h0 = std::max<int64_t>(h0, 0);
        w0 = std::max<int64_t>(w0, 0);
        h1 = std::min(h1, p.ih);
        w1 = std::min(w1, p.iw);
        T* out = Out<T>(outs[0]);
        if (h0 >= h1 || w0 >= w1) {
          out[o] = T(0);
          return;
        }
        const int64_t div = divisor ? *divisor : (count_pad ? pool_size : (h1 - h0) * (w1 - w0));
        const C sum = WindowSum(xp, p.iw, h0, h1, w0, w1);
        // ATen adds the quotient to a zeroed output (so -0 becomes 0).
        out[o] = static_cast<T>(C(0) + static_cast<C>(sum / static_cast<C>(div)));
      });
}

// Adaptive windows: [floor(o * in / out), ceil((o + 1) * in / out)).
int64_t StartIndex(int64_t o, int64_t out, int64_t in) { return (o * in) / out; }
int64_t EndIndex(int64_t o, int64_t out, int64_t in) { return ((o + 1) * in + out - 1) / out; }

// The adaptive pools: the mean of each window (divided by its height, then
// its width, as ATen does), or its max and index.
absl::Status AdaptivePool2d(const Tensor& x, std::span<Tensor> outs, bool max) {
  return ForEachOutput(
      x, outs[0], true, [&](const auto* xp, const Planes& p, int64_t o, int64_t oh, int64_t ow) {
        using T = std::remove_cvref_t<decltype(*xp)>;
        using C = Acc<T>;
        const int64_t h0 = StartIndex(oh, p.oh, p.ih), h1 = EndIndex(oh, p.oh, p.ih);
        const int64_t w0 = StartIndex(ow, p.ow, p.iw), w1 = EndIndex(ow, p.ow, p.iw);
        if (max) {
          auto [v, at] = WindowMax(xp, p.iw, h0, h1, 1, w0, w1, 1);
          Out<T>(outs[0])[o] = v;
          Out<int64_t>(outs[1])[o] = at;
          return;
        }
        const C sum = WindowSum(xp, p.iw, h0, h1, w0, w1);
        Out<T>(outs[0])[o] =
            static_cast<T>(sum / static_cast<C>(h1 - h0) / static_cast<C>(w1 - w0));
      });
}

absl::Status AdaptiveAvgPool2dKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                                     std::span<Tensor> outs) {
  return AdaptivePool2d(Contiguous(TensorArg(args, 0)), outs, false);
}

absl::Status AdaptiveMaxPool2dKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                                     std::span<Tensor> outs) {
  return AdaptivePool2d(Contiguous(TensorArg(args, 0)), outs, true);
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
