// The resampling kernels through the eager path (kernels::Call): bilinear
// and nearest upsampling x2 of 8x64x56x56 float32 (the shape), and
// im2col / col2im with a 3x3 kernel on 8x64x28x28. Bytes processed count
// the output written once.
#include <vector>

#include <benchmark/benchmark.h>

#include "tc/kernels/caching_allocator.h"
#include "tc/kernels/eager.h"
#include "tc/tensor/tensor.h"

namespace tc::kernels {
namespace {

using graph_ir::Constant;
using tensor::Shape;

// Timing does not depend on the values: a constant image.
Tensor Image(const Shape& sizes) {
  InstallCachingAllocator();
  return Tensor::Full(sizes, 0.75, tensor::DType::kFloat32);
}

void Run(benchmark::State& state, const char* op, std::vector<KernelArg> args, int64_t out) {
  for (auto _ : state) {
    auto r = Call(op, args);
    benchmark::DoNotOptimize(r);
  }
  state.SetBytesProcessed(state.iterations() * out * 4);
}

// range(0): 1 = align_corners.
void BM_UpsampleBilinearX2(benchmark::State& state) {
  Run(state, "upsample_linear",
      {Image(Shape{8, 64, 56, 56}), Constant(Shape{112, 112}),
       Constant(tensor::Scalar(state.range(0) == 1))},
      8 * 64 * 112 * 112);
}

void BM_UpsampleNearestX2(benchmark::State& state) {
  Run(state, "upsample_nearest", {Image(Shape{8, 64, 56, 56}), Constant(Shape{112, 112})},
      8 * 64 * 112 * 112);
}

void BM_Im2Col3x3(benchmark::State& state) {
  const Constant one = Constant(Shape{1, 1});
  Run(state, "im2col", {Image(Shape{8, 64, 28, 28}), Constant(Shape{3, 3}), one, one, one},
      8 * 64 * 9 * 28 * 28);
}

void BM_Col2Im3x3(benchmark::State& state) {
  const Constant one = Constant(Shape{1, 1});
  Run(state, "col2im",
      {Image(Shape{8, 64 * 9, 28 * 28}), Constant(Shape{28, 28}), Constant(Shape{3, 3}), one, one,
       one},
      8 * 64 * 28 * 28);
}

BENCHMARK(BM_UpsampleBilinearX2)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_UpsampleNearestX2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Im2Col3x3)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Col2Im3x3)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace tc::kernels
