// randn and normal_: ATen's normal_kernel. Contiguous outputs of 16 or more
// elements take the vectorised path (normal_fill): uniforms for the whole
// output, then each block of 16 becomes 8 Box-Muller pairs, and a partial
// last block is redrawn as the 16 elements ending at n. float16/bfloat16
// compute that in float but draw per block and never draw the remainder.
// Everything else (fewer than 16 elements, or a non-contiguous `self`,
// which the caller says with dense=false) takes the scalar path: one double
// Box-Muller value per element with the generator's cached sample.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "src/dispatch.h"
#include "src/kernel.h"
#include "src/random_kernels.h"
#include "src/random_normal_block.h"
#include "src/random_util.h"

namespace tc::kernels::random {
namespace {

constexpr int64_t kChunk = 2048;  // draws buffered per step

// Uniforms for n elements: 24-bit ones for float, 53-bit ones for double.
void FillUniform(CpuGenerator& g, float* d, int64_t n) {
  uint32_t w[kChunk];
  for (int64_t b = 0; b < n; b += kChunk) {
    const int64_t m = std::min(kChunk, n - b);
    g.Fill(w, static_cast<size_t>(m));
    for (int64_t i = 0; i < m; ++i) d[b + i] = Uniform24(w[i]);
  }
}

void FillUniform(CpuGenerator& g, double* d, int64_t n) {
  uint32_t w[2 * kChunk];
  for (int64_t b = 0; b < n; b += kChunk) {
    const int64_t m = std::min(kChunk, n - b);
    g.Fill(w, static_cast<size_t>(2 * m));
    for (int64_t i = 0; i < m; ++i) d[b + i] = Uniform53((uint64_t{w[2 * i]} << 32) | w[2 * i + 1]);
  }
}

// normal_fill_16 for double: libm log, cos, sin and sqrt, beside the float
// one (random_normal_block.h, vectorised).
using random::NormalBlocks16;
void NormalBlocks16(double* d, int64_t num_blocks, double mean, double std) {
  for (int64_t b = 0; b < num_blocks; ++b, d += 16) {
    for (int j = 0; j < 8; ++j) {
      const double u1 = 1.0 - d[j];
      const double u2 = d[j + 8];
      const double radius = std::sqrt(-2.0 * std::log(u1));
      const double theta = 2.0 * std::numbers::pi * u2;
      d[j] = std::fma(radius * std::cos(theta), std, mean);
      d[j + 8] = std::fma(radius * std::sin(theta), std, mean);
    }
  }
}

// The vectorised path for float and double.
template <typename F>
void Dense(CpuGenerator& g, F* d, int64_t n, F mean, F std) {
  FillUniform(g, d, n);
  NormalBlocks16(d, n / 16, mean, std);
  if (n % 16 != 0) {
    FillUniform(g, d + n - 16, 16);
    NormalBlocks16(d + n - 16, 1, mean, std);
  }
}

// float16 / bfloat16: float math in a 16-float scratch block.
template <typename T>
void DenseReduced(CpuGenerator& g, T* out, int64_t n, float mean, float std) {
  float block[16];
  auto one = [&](T* o) {
    FillUniform(g, block, 16);
    NormalBlocks16(block, 1, mean, std);
    for (int k = 0; k < 16; ++k) o[k] = T(block[k]);
  };
  for (int64_t i = 0; i + 16 <= n; i += 16) one(out + i);
  if (n % 16 != 0) one(out + n - 16);
}

}  // namespace

void Normal(CpuGenerator& g, const Tensor& out, double mean, double std, bool dense) {
  std::lock_guard<std::mutex> lock(g.mutex());
  const int64_t n = out.numel();
  VisitFloating(out.dtype(), [&]<typename T>(tensor::TypeTag<T>) {
    T* p = out.data<T>();
    if (dense && n >= 16) {
      if constexpr (std::is_same_v<T, double>) {
        Dense(g, p, n, mean, std);
      } else if constexpr (std::is_same_v<T, float>) {
        Dense(g, p, n, static_cast<float>(mean), static_cast<float>(std));
      } else {
        DenseReduced<T>(g, p, n, static_cast<float>(mean), static_cast<float>(std));
      }
      return;
    }
    for (int64_t i = 0; i < n; ++i) p[i] = FromDouble<T>(NormalDouble(g, mean, std));
  });
}

absl::Status NormalKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                          std::span<Tensor> outs) {
  Normal(tensor::CurrentCpuGenerator(), outs[0], ScalarArg(args, 1).to_double(),
         ScalarArg(args, 2).to_double(), BoolArg(args, 4));
  return absl::OkStatus();
}

absl::Status RandnKernel(std::span<const KernelArg>, std::span<const TensorMeta>,
                         std::span<Tensor> outs) {
  Normal(tensor::CurrentCpuGenerator(), outs[0], 0.0, 1.0, /*dense=*/true);
  return absl::OkStatus();
}

}  // namespace tc::kernels::random
