// The backward kernels of the ResNet-style zoo model's convolutions (batch 8,
// 3x32x32 input; tests/scripts/models/_zoo_models.py) and of the pools on
// the 8x64x56x56 activation, through the eager path: one
// convolution_backward for the input's and the weight's gradients (and each
// alone, to see which dominates), one forward for scale, and each pool's
// backward op. benches/compare_conv_backward_with_torch.py times the same
// against PyTorch.
#include <benchmark/benchmark.h>

#include "tc/kernels/caching_allocator.h"
#include "tc/kernels/eager.h"
#include "tc/tensor/tensor.h"

namespace tc::kernels {
namespace {

using graph_ir::Constant;
using tensor::DType;
using tensor::Scalar;
using tensor::Shape;

Constant L(Shape v) { return Constant(std::move(v)); }

// conv2d k x k, stride s, padding k / 2, cin -> cout on [8, cin, size, size];
// `mask`: which of grad_input, grad_weight, grad_bias; empty: the forward.
void BM_ConvBackward(benchmark::State& state, int64_t cin, int64_t cout, int64_t size, int64_t k,
                     int64_t stride, Shape mask) {
  InstallCachingAllocator();
  const int64_t out = (size + 2 * (k / 2) - k) / stride + 1;
  Tensor x = Tensor::Full(Shape{8, cin, size, size}, 0.5, DType::kFloat32);
  Tensor w = Tensor::Full(Shape{cout, cin, k, k}, 0.25, DType::kFloat32);
  Tensor gy = Tensor::Full(Shape{8, cout, out, out}, 0.125, DType::kFloat32);
  const Constant s = L({stride}), p = L({k / 2}), d = L({1}), no = Constant(Scalar(false));
  const Constant zero = L({0}), one = Constant(Scalar(int64_t{1})),
                 none = Constant(graph_ir::None{});
  for (auto _ : state) {
    auto r = mask.empty() ? Call("convolution", {x, w, none, s, p, d, no, zero, one})
                          : Call("convolution_backward",
                                 {gy, x, w, none, s, p, d, no, zero, one, Constant(mask)});
    benchmark::DoNotOptimize(r);
  }
}
#define TC_CONV_ROWS(name, cin, cout, size, k, stride)                                             \
  BENCHMARK_CAPTURE(BM_ConvBackward, name##_fwd, cin, cout, size, k, stride, Shape{})              \
      ->UseRealTime()                                                                              \
      ->Unit(benchmark::kMillisecond);                                                             \
  BENCHMARK_CAPTURE(BM_ConvBackward, name##_bwd, cin, cout, size, k, stride, Shape{1, 1, 0})       \
      ->UseRealTime()                                                                              \
      ->Unit(benchmark::kMillisecond);                                                             \
  BENCHMARK_CAPTURE(BM_ConvBackward, name##_bwd_input, cin, cout, size, k, stride, Shape{1, 0, 0}) \
      ->UseRealTime()                                                                              \
      ->Unit(benchmark::kMillisecond);                                                             \
  BENCHMARK_CAPTURE(BM_ConvBackward, name##_bwd_weight, cin, cout, size, k, stride,                \
                    Shape{0, 1, 0})                                                                \
      ->UseRealTime()                                                                              \
      ->Unit(benchmark::kMillisecond)
TC_CONV_ROWS(stem3x3_3_16, 3, 16, 32, 3, 1);
TC_CONV_ROWS(conv3x3_16_16, 16, 16, 32, 3, 1);
TC_CONV_ROWS(conv3x3s2_16_32, 16, 32, 32, 3, 2);
TC_CONV_ROWS(conv1x1s2_16_32, 16, 32, 32, 1, 2);
TC_CONV_ROWS(conv3x3_32_32, 32, 32, 16, 3, 1);

// The pools' backward ops on 8x64x56x56 (grad_output of the forward's size).
void BM_PoolBackward(benchmark::State& state, int kind) {
  InstallCachingAllocator();
  Tensor x = Tensor::Full(Shape{8, 64, 56, 56}, 0.5, DType::kFloat32);
  const Constant no = Constant(Scalar(false)), yes = Constant(Scalar(true));
  const Constant none = Constant(graph_ir::None{});
  for (auto _ : state) {
    absl::StatusOr<std::vector<Tensor>> r;
    if (kind == 0) {  // max_pool2d 3x3 stride 2 padding 1
      Tensor gy = Tensor::Full(Shape{8, 64, 28, 28}, 0.125, DType::kFloat32);
      Tensor at = Tensor::Full(Shape{8, 64, 28, 28}, Scalar(int64_t{57}), DType::kInt64);
      r = Call("max_pool2d_with_indices_backward", {gy, x, L({3}), L({2}), L({1}), L({1}), no, at});
    } else if (kind == 1) {  // avg_pool2d 2x2
      Tensor gy = Tensor::Full(Shape{8, 64, 28, 28}, 0.125, DType::kFloat32);
      r = Call("avg_pool2d_backward", {gy, x, L({2}), L({2}), L({0}), no, yes, none});
    } else {  // adaptive average to 7x7
      Tensor gy = Tensor::Full(Shape{8, 64, 7, 7}, 0.125, DType::kFloat32);
      r = Call("_adaptive_avg_pool2d_backward", {gy, x});
    }
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK_CAPTURE(BM_PoolBackward, max_pool3x3s2, 0)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PoolBackward, avg_pool2x2, 1)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PoolBackward, adaptive_avg7, 2)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tc::kernels
