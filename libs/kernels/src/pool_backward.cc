// The pools' backward kernels: max_pool2d_with_indices_backward and
// adaptive_max_pool2d_backward add each output's gradient into the input
// element its index names (flat within the plane, as the forward kernels
// record it; an index outside the plane is an error, not a write);
// avg_pool2d_backward and _adaptive_avg_pool2d_backward spread each
// output's gradient over its window, divided as the forward divides (the
// windows of pool_nhwc.h). Planes run in parallel (each owns its input
// plane, so no two threads add into one element); gradients are read
// through contiguous copies and written contiguous (eager lays them out as
// the meta says); 16-bit floats accumulate in float32.
#include <algorithm>
#include <atomic>
#include <optional>
#include <vector>

#include "absl/strings/str_format.h"

#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"

#include "src/compute.h"
#include "src/copy.h"
#include "src/families.h"
#include "src/kernel.h"
#include "src/pool_nhwc.h"

namespace tc::kernels {
namespace {

// The planes of a pool's input and output: count planes of ih x iw in,
// oh x ow out.
struct Planes {
  int64_t count, ih, iw, oh, ow;
};

Planes PlanesOf(const Tensor& in, const Tensor& grad) {
  const int64_t nd = in.dim();
  const int64_t ih = in.size(nd - 2), iw = in.size(nd - 1);
  return Planes{in.numel() / std::max<int64_t>(1, ih * iw), ih, iw, grad.size(nd - 2),
                grad.size(nd - 1)};
}

// Runs add(plane, gy_plane, gx_plane) over every plane in parallel with the
// gradient in float32 (double for double), then writes `out`.
template <typename Fn>
absl::Status ForEachPlane(const Tensor& grad, const Planes& p, const Tensor& out, Fn add) {
  const DType compute = grad.dtype() == DType::kFloat64 ? DType::kFloat64 : DType::kFloat32;
  const Tensor gy = Contiguous(ToDType(grad, compute));
  Tensor gx = out.dtype() == compute ? out : Tensor::Empty(out.sizes(), compute);
  auto run = [&]<typename T>(const T* gyd, T* gxd) {
    std::fill(gxd, gxd + p.count * p.ih * p.iw, T(0));
    const int64_t work = std::max<int64_t>(1, p.oh * p.ow + p.ih * p.iw);
    ParallelFor(p.count, std::max<int64_t>(1, (int64_t{1} << 14) / work),
                [&](int64_t b, int64_t e) {
                  for (int64_t q = b; q < e; ++q) {
                    add(q, gyd + q * p.oh * p.ow, gxd + q * p.ih * p.iw);
                  }
                });
  };
  if (compute == DType::kFloat64) {
    run(gy.data<double>(), gx.data<double>());
  } else {
    run(gy.data<float>(), gx.data<float>());
  }
  if (gx.raw_data() != out.raw_data()) CopyCast(gx, out);
  return absl::OkStatus();
}

// The max pools: gradient to the recorded index of each output.
absl::Status MaxBackward(const Tensor& grad, const Tensor& in, const Tensor& indices,
                         const Tensor& out) {
  const Planes p = PlanesOf(in, grad);
  const Tensor idx = Contiguous(indices);
  const int64_t* id = idx.data<int64_t>();
  std::atomic<bool> any_bad{false};
  std::atomic<int64_t> bad{0};
  TC_RETURN_IF_ERROR(ForEachPlane(grad, p, out, [&](int64_t q, const auto* gy, auto* gx) {
    const int64_t* at = id + q * p.oh * p.ow;
    for (int64_t o = 0; o < p.oh * p.ow; ++o) {
      if (at[o] < 0 || at[o] >= p.ih * p.iw) {
        bad.store(at[o]);
        any_bad.store(true);
        continue;
      }
      gx[at[o]] += gy[o];
    }
  }));
  if (any_bad.load()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("Found an invalid max index: %d (output volumes are of size %dx%d)",
                        bad.load(), p.ih, p.iw));
  }
  return absl::OkStatus();
}

// A 2-d pool's window parameters from `args` starting at `first`
// (kernel_size, stride, padding[, dilation]).
PoolGeometry ReadGeometry(std::span<const KernelArg> args, size_t first, bool dilated) {
  const Shape k = IntListArg(args, first), s0 = IntListArg(args, first + 1);
  const Shape pad = IntListArg(args, first + 2);
  const Shape s = s0.empty() ? k : s0;
  const Shape dil = dilated ? IntListArg(args, first + 3) : Shape{1};
  return PoolGeometry{k[0], k.back(), s[0], s.back(), pad[0], pad.back(), dil[0], dil.back()};
}

// max_pool2d_with_indices_backward(grad_output, self, kernel_size, stride,
// padding, dilation, ceil_mode, indices).
absl::Status MaxPool2dBackwardKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                                     std::span<Tensor> outs) {
  return MaxBackward(TensorArg(args, 0), TensorArg(args, 1), TensorArg(args, 7), outs[0]);
}

// adaptive_max_pool2d_backward(grad_output, self, indices).
absl::Status AdaptiveMaxPool2dBackwardKernel(std::span<const KernelArg> args,
                                             std::span<const TensorMeta>, std::span<Tensor> outs) {
  return MaxBackward(TensorArg(args, 0), TensorArg(args, 1), TensorArg(args, 2), outs[0]);
}

// avg_pool2d_backward(grad_output, self, kernel_size, stride, padding,
// ceil_mode, count_include_pad, divisor_override).
absl::Status AvgPool2dBackwardKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                                     std::span<Tensor> outs) {
  const Tensor& grad = TensorArg(args, 0);
  const Planes p = PlanesOf(TensorArg(args, 1), grad);
  const PoolGeometry g = ReadGeometry(args, 2, false);
  const bool count_pad = BoolArg(args, 6);
  const std::optional<int64_t> divisor = OptIntArg(args, 7);
  return ForEachPlane(grad, p, outs[0], [&](int64_t, const auto* gy, auto* gx) {
    using T = std::remove_cvref_t<decltype(*gy)>;
    for (int64_t oh = 0; oh < p.oh; ++oh) {
      for (int64_t ow = 0; ow < p.ow; ++ow) {
        const AvgWindow win = AvgWindowAt(g, p.ih, p.iw, oh, ow, count_pad, divisor);
        if (win.empty()) continue;
        const T v = gy[oh * p.ow + ow] / static_cast<T>(win.div);
        for (int64_t h = win.h0; h < win.h1; ++h) {
          for (int64_t w = win.w0; w < win.w1; ++w) gx[h * p.iw + w] += v;
        }
      }
    }
  });
}

// _adaptive_avg_pool2d_backward(grad_output, self).
absl::Status AdaptiveAvgPool2dBackwardKernel(std::span<const KernelArg> args,
                                             std::span<const TensorMeta>, std::span<Tensor> outs) {
  const Tensor& grad = TensorArg(args, 0);
  const Planes p = PlanesOf(TensorArg(args, 1), grad);
  return ForEachPlane(grad, p, outs[0], [&](int64_t, const auto* gy, auto* gx) {
    using T = std::remove_cvref_t<decltype(*gy)>;
    for (int64_t oh = 0; oh < p.oh; ++oh) {
      const int64_t h0 = AdaptiveStart(oh, p.oh, p.ih), h1 = AdaptiveEnd(oh, p.oh, p.ih);
      for (int64_t ow = 0; ow < p.ow; ++ow) {
        const int64_t w0 = AdaptiveStart(ow, p.ow, p.iw), w1 = AdaptiveEnd(ow, p.ow, p.iw);
        // Divided by the window's height, then its width, as the forward.
        const T v = gy[oh * p.ow + ow] / static_cast<T>(h1 - h0) / static_cast<T>(w1 - w0);
        for (int64_t h = h0; h < h1; ++h) {
          for (int64_t w = w0; w < w1; ++w) gx[h * p.iw + w] += v;
        }
      }
    }
  });
}

}  // namespace

KernelFn FindPoolBackwardKernel(std::string_view name) {
  static constexpr std::pair<std::string_view, KernelFn> kKernels[] = {
      {"max_pool2d_with_indices_backward", MaxPool2dBackwardKernel},
      {"avg_pool2d_backward", AvgPool2dBackwardKernel},
      {"_adaptive_avg_pool2d_backward", AdaptiveAvgPool2dBackwardKernel},
      {"adaptive_max_pool2d_backward", AdaptiveMaxPool2dBackwardKernel},
  };
  for (const auto& [op, fn] : kKernels) {
    if (op == name) return fn;
  }
  return nullptr;
}

}  // namespace tc::kernels
