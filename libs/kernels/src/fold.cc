// Sliding-block kernels: im2col (copies each window into a column, zeros
// outside the padded input), col2im (adds each column back into the image,
// in ATen's loop order so overlapping sums round as PyTorch's do) and the
// Tensor.unfold view. Images (batch items) run in parallel.
#include <algorithm>
#include <type_traits>

#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"

#include "src/compute.h"
#include "src/copy.h"
#include "src/families.h"
#include "src/kernel.h"

namespace tc::kernels {
namespace {

struct Geometry {
  int64_t channels, height, width, kh, kw, dh, dw, ph, pw, sh, sw, out_h, out_w;
};

// Calls f(column offset, image offset or -1 when in padding) for every
// element of one image's column matrix, in ATen's order: column rows
// (c, ki, kj), then window rows, then window columns.
template <typename F>
void ForEachColumn(const Geometry& g, F f) {
  const int64_t rows = g.channels * g.kh * g.kw;
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t kj = r % g.kw, ki = (r / g.kw) % g.kh, c = r / g.kh / g.kw;
    for (int64_t oh = 0; oh < g.out_h; ++oh) {
      const int64_t h = oh * g.sh - g.ph + ki * g.dh;
      for (int64_t ow = 0; ow < g.out_w; ++ow) {
        const int64_t w = ow * g.sw - g.pw + kj * g.dw;
        const bool inside = h >= 0 && h < g.height && w >= 0 && w < g.width;
        f((r * g.out_h + oh) * g.out_w + ow, inside ? (c * g.height + h) * g.width + w : -1);
      }
    }
  }
}

Geometry Read(std::span<const KernelArg> args, size_t first, int64_t channels, int64_t height,
              int64_t width) {
  const Shape k = IntListArg(args, first), d = IntListArg(args, first + 1),
              p = IntListArg(args, first + 2), s = IntListArg(args, first + 3);
  Geometry g{channels, height, width, k[0], k[1], d[0], d[1], p[0], p[1], s[0], s[1], 0, 0};
  auto windows = [](int64_t in, int64_t pad, int64_t dil, int64_t ker, int64_t str) {
    return (in + 2 * pad - (dil * (ker - 1) + 1)) / str + 1;
  };
  g.out_h = windows(height, g.ph, g.dh, g.kh, g.sh);
  g.out_w = windows(width, g.pw, g.dw, g.kw, g.sw);
  return g;
}

// Runs body(source image, destination image) for each batch item, the
// element type dispatched, items in parallel.
template <typename Body>
absl::Status PerImage(const Tensor& src, const Tensor& dst, int64_t batch, int64_t src_size,
                      int64_t dst_size, Body body) {
  return tensor::VisitDType(src.dtype(), [&]<typename T>(TypeTag<T>) -> absl::Status {
    const T* s = src.data<T>();
    T* d = static_cast<T*>(dst.raw_data());
    ParallelFor(batch, 1, [&](int64_t b, int64_t e) {
      for (int64_t n = b; n < e; ++n) body(s + n * src_size, d + n * dst_size);
    });
    return absl::OkStatus();
  });
}

absl::Status Im2ColKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                          std::span<Tensor> outs) {
  const Tensor x = Contiguous(TensorArg(args, 0));
  const int64_t nd = x.dim();
  const Geometry g = Read(args, 1, x.size(nd - 3), x.size(nd - 2), x.size(nd - 1));
  const int64_t cols = g.channels * g.kh * g.kw * g.out_h * g.out_w;
  return PerImage(x, outs[0], nd == 4 ? x.size(0) : 1, g.channels * g.height * g.width, cols,
                  [&](const auto* im, auto* col) {
                    using T = std::remove_cvref_t<decltype(*im)>;
                    ForEachColumn(g, [&](int64_t o, int64_t i) { col[o] = i < 0 ? T{} : im[i]; });
                  });
}

absl::Status Col2ImKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                          std::span<Tensor> outs) {
  const Tensor x = Contiguous(TensorArg(args, 0));
  const int64_t nd = outs[0].dim();
  const Geometry g =
      Read(args, 2, outs[0].size(nd - 3), outs[0].size(nd - 2), outs[0].size(nd - 1));
  const int64_t image = g.channels * g.height * g.width;
  return PerImage(
      x, outs[0], nd == 4 ? outs[0].size(0) : 1, g.channels * g.kh * g.kw * g.out_h * g.out_w,
      image, [&](const auto* col, auto* im) {
        using T = std::remove_cvref_t<decltype(*im)>;
        std::fill(im, im + image, T{});
        ForEachColumn(g, [&](int64_t o, int64_t i) {
          if (i < 0) return;
          if constexpr (std::is_same_v<T, bool>) {
            im[i] = im[i] || col[o];
          } else {
            // One rounding per add, in T, as ATen's col2im accumulates.
            im[i] = static_cast<T>(static_cast<Acc<T>>(im[i]) + static_cast<Acc<T>>(col[o]));
          }
        });
      });
}

absl::Status UnfoldKernel(std::span<const KernelArg> args, std::span<const TensorMeta> metas,
                          std::span<Tensor> outs) {
  const Tensor& in = TensorArg(args, 0);
  outs[0] = in.AsStrided(metas[0].sizes, metas[0].strides, in.storage_offset());
  return absl::OkStatus();
}

}  // namespace

KernelFn FindFoldKernel(std::string_view name) {
  if (name == "im2col") return Im2ColKernel;
  if (name == "col2im") return Col2ImKernel;
  if (name == "unfold") return UnfoldKernel;
  return nullptr;
}

}  // namespace tc::kernels
