// Channels-last pooling (see pool_nhwc.h): output pixels run in parallel;
// each gathers its window's taps (input pixel offsets and flat in-plane
// indices) once, and float32/float64 channels run through pool_simd's
// Highway loops, other dtypes through the same loops written in scalar code
// (accumulating in float for 16-bit floats, as ATen does).
#include "src/pool_nhwc.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "tc/kernels/thread_pool.h"
#include "tc/tensor/layout.h"

#include "src/compute.h"
#include "src/copy.h"
#include "src/pool_simd.h"

namespace tc::kernels {
namespace {

using tensor::Tensor;

// x itself when channels-last contiguous, else a channels-last copy.
Tensor ChannelsLastContiguous(const Tensor& x) {
  if (tensor::IsContiguousAs(x.sizes(), x.strides(), tensor::MemoryFormat::kChannelsLast)) {
    return x;
  }
  Tensor y = Tensor::EmptyStrided(x.sizes(), tensor::ChannelsLastStrides(x.sizes()), x.dtype());
  CopyCast(x, y);
  return y;
}

template <typename T>
T* Data(const Tensor& t) {
  return static_cast<T*>(t.raw_data());
}

// One output pixel's window: input pixel offsets (in elements, from the
// batch item's first pixel) and flat in-plane indices, in row-major order.
struct Taps {
  std::vector<int64_t> offsets, index;
  void Clear() {
    offsets.clear();
    index.clear();
  }
  void Add(int64_t h, int64_t w, int64_t width, int64_t channels) {
    offsets.push_back((h * width + w) * channels);
    index.push_back(h * width + w);
  }
};

struct Dims {
  int64_t n, c, ih, iw, oh, ow;
};

// Calls pixel(TypeTag<T>, batch item data, output pixel, oh, ow, taps)
// for every output pixel of channels-last `out`, in parallel.
template <typename Pixel>
absl::Status ForEachPixel(const Tensor& x_in, const Tensor& out, bool floats_only, Pixel pixel) {
  if (out.numel() == 0) return absl::OkStatus();
  const Tensor x = ChannelsLastContiguous(x_in);
  const Dims d{x.size(0), x.size(1), x.size(2), x.size(3), out.size(2), out.size(3)};
  return tensor::VisitDType(x.dtype(), [&]<typename T>(TypeTag<T> tag) -> absl::Status {
    if constexpr (std::is_same_v<T, bool>) {
      return absl::InternalError("pooling: bool input");
    } else {
      if (floats_only && !kIsFloat<T>) return absl::InternalError("pooling: integer input");
      const T* xd = x.data<T>();
      // Whole output rows per task: no per-pixel index arithmetic.
      const int64_t rows = d.n * d.oh;
      const int64_t row_work = std::max<int64_t>(1, d.ow * d.c);
      ParallelFor(rows, std::max<int64_t>(1, (int64_t{1} << 13) / row_work),
                  [&](int64_t b, int64_t e) {
                    Taps taps;
                    taps.offsets.reserve(64);
                    taps.index.reserve(64);
                    for (int64_t r = b; r < e; ++r) {
                      const T* item = xd + (r / d.oh) * d.ih * d.iw * d.c;
                      const int64_t oh = r % d.oh;
                      for (int64_t ow = 0; ow < d.ow; ++ow) {
                        taps.Clear();
                        pixel(tag, item, d, r * d.ow + ow, oh, ow, taps);
                      }
                    }
                  });
      return absl::OkStatus();
    }
  });
}

// Channel c's max over the taps and its index (NaN wins, first max kept).
template <typename T>
void MaxChannels(const T* base, const Taps& taps, int64_t first, T* out, int64_t* at,
                 int64_t channels, bool int32_indices_fit) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    if (int32_indices_fit || sizeof(T) == 8) {
      simd::MaxNhwc(simd::NhwcWindow<T>{base, taps.offsets.data(), taps.index.data(),
                                        static_cast<int64_t>(taps.offsets.size())},
                    first, out, at, channels);
      return;
    }
  }
  using C = Acc<T>;
  for (int64_t c = 0; c < channels; ++c) {
    C best = Lowest<C>();
    int64_t idx = first;
    for (size_t t = 0; t < taps.offsets.size(); ++t) {
      const C v = static_cast<C>(base[taps.offsets[t] + c]);
      if (v > best || IsNan(v)) {
        best = v;
        idx = taps.index[t];
      }
    }
    out[c] = static_cast<T>(best);
    at[c] = idx;
  }
}

// ATen's pooling kernels are built for 32-byte vectors (its AVX512 build
// does not register them), so their channels-last loops switch to scalar
// tails at multiples of 32 / sizeof(T) channels.
constexpr int64_t kAtenVectorBytes = 32;

// The channel sums over the taps divided as ATen's kernels do: avg_pool2d
// as 0 + sum / div; the adaptive average (adaptive_kw > 0) by div = kh * kw
// in ATen's vector lanes and by kh then kw in its scalar tail.
template <typename T>
void AvgChannels(const T* base, const Taps& taps, int64_t div, int64_t adaptive_kw, T* out,
                 int64_t channels) {
  using C = Acc<T>;
  const int64_t kh = adaptive_kw > 0 ? div / adaptive_kw : div;
  const int64_t kw = adaptive_kw > 0 ? adaptive_kw : 1;
  const int64_t lanes = kAtenVectorBytes / static_cast<int64_t>(sizeof(T));
  const int64_t split = adaptive_kw > 0 ? channels - channels % lanes : channels;
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    simd::AvgNhwc(
        simd::NhwcWindow<T>{base, taps.offsets.data(), taps.index.data(),
                            static_cast<int64_t>(taps.offsets.size())},
        simd::AvgDivisors<T>{static_cast<T>(div), static_cast<T>(kh), static_cast<T>(kw), split},
        out, channels);
    return;
  }
  for (int64_t c = 0; c < channels; ++c) {
    C sum = 0;
    for (int64_t off : taps.offsets) sum += static_cast<C>(base[off + c]);
    if (adaptive_kw == 0) {
      out[c] = static_cast<T>(C(0) + static_cast<C>(sum / static_cast<C>(div)));
    } else if (c < split) {
      out[c] = static_cast<T>(sum / static_cast<C>(div));
    } else {
      out[c] = static_cast<T>(sum / static_cast<C>(kh) / static_cast<C>(kw));
    }
  }
}

}  // namespace

bool IsChannelsLastOutput(const Tensor& out) {
  return out.dim() == 4 && !out.is_contiguous() &&
         tensor::IsContiguousAs(out.sizes(), out.strides(), tensor::MemoryFormat::kChannelsLast);
}

absl::Status MaxPool2dNhwc(const Tensor& x, const PoolGeometry& g, const Tensor& out,
                           const Tensor& indices) {
  const bool fits = x.size(2) * x.size(3) <= std::numeric_limits<int32_t>::max();
  int64_t* at = Data<int64_t>(indices);
  return ForEachPixel(x, out, false,
                      [&]<typename T>(TypeTag<T>, const T* base, const Dims& d, int64_t i,
                                      int64_t oh, int64_t ow, Taps& taps) {
                        int64_t h0 = oh * g.sh - g.ph, w0 = ow * g.sw - g.pw;
                        const int64_t h1 = std::min(h0 + (g.kh - 1) * g.dh + 1, d.ih);
                        const int64_t w1 = std::min(w0 + (g.kw - 1) * g.dw + 1, d.iw);
                        while (h0 < 0) h0 += g.dh;
                        while (w0 < 0) w0 += g.dw;
                        for (int64_t h = h0; h < h1; h += g.dh) {
                          for (int64_t w = w0; w < w1; w += g.dw) taps.Add(h, w, d.iw, d.c);
                        }
                        MaxChannels(base, taps, h0 * d.iw + w0, Data<T>(out) + i * d.c,
                                    at + i * d.c, d.c, fits);
                      });
}

absl::Status AvgPool2dNhwc(const Tensor& x, const PoolGeometry& g, bool count_pad,
                           std::optional<int64_t> divisor, const Tensor& out) {
  return ForEachPixel(x, out, false,
                      [&]<typename T>(TypeTag<T>, const T* base, const Dims& d, int64_t i,
                                      int64_t oh, int64_t ow, Taps& taps) {
                        const AvgWindow win =
                            AvgWindowAt(g, d.ih, d.iw, oh, ow, count_pad, divisor);
                        T* o = Data<T>(out) + i * d.c;
                        if (win.empty()) {
                          std::fill(o, o + d.c, T(0));
                          return;
                        }
                        for (int64_t h = win.h0; h < win.h1; ++h) {
                          for (int64_t w = win.w0; w < win.w1; ++w) taps.Add(h, w, d.iw, d.c);
                        }
                        AvgChannels(base, taps, win.div, 0, o, d.c);
                      });
}

absl::Status AdaptivePool2dNhwc(const Tensor& x, const Tensor& out, const Tensor* indices) {
  const bool fits = x.size(2) * x.size(3) <= std::numeric_limits<int32_t>::max();
  return ForEachPixel(
      x, out, true,
      [&]<typename T>(TypeTag<T>, const T* base, const Dims& d, int64_t i, int64_t oh, int64_t ow,
                      Taps& taps) {
        const int64_t h0 = AdaptiveStart(oh, d.oh, d.ih), h1 = AdaptiveEnd(oh, d.oh, d.ih);
        const int64_t w0 = AdaptiveStart(ow, d.ow, d.iw), w1 = AdaptiveEnd(ow, d.ow, d.iw);
        for (int64_t h = h0; h < h1; ++h) {
          for (int64_t w = w0; w < w1; ++w) taps.Add(h, w, d.iw, d.c);
        }
        T* o = Data<T>(out) + i * d.c;
        if (indices != nullptr) {
          MaxChannels(base, taps, h0 * d.iw + w0, o, Data<int64_t>(*indices) + i * d.c, d.c, fits);
        } else {
          AvgChannels(base, taps, (h1 - h0) * (w1 - w0), w1 - w0, o, d.c);
        }
      });
}

}  // namespace tc::kernels
