// Kernel throughput through the eager path (kernels::Call: meta inference,
// output allocation from the caching allocator, the kernel), against a plain
// parallel memcpy over the same thread pool as the memory-bandwidth baseline.
// Bytes processed count bytes read + written. BM_CallAdd1* measure the
// per-op overhead of the eager path on 1-element tensors.
#include <algorithm>
#include <cstring>
#include <vector>

#include <benchmark/benchmark.h>

#include "tc/graph_ir/op.h"
#include "tc/kernels/caching_allocator.h"
#include "tc/kernels/eager.h"
#include "tc/kernels/thread_pool.h"
#include "tc/tensor/layout.h"
#include "tc/tensor/tensor.h"

namespace tc::kernels {
namespace {

using tensor::DType;
using tensor::Shape;

Tensor Filled(int64_t n, double v) {
  InstallCachingAllocator();
  return Tensor::Full(Shape{n}, v, DType::kFloat32);
}

// Calls `op` on `args` once per iteration; `bytes_per_call` read + written.
void RunCall(benchmark::State& state, const char* op, std::initializer_list<KernelArg> args,
             int64_t bytes_per_call) {
  for (auto _ : state) {
    auto r = Call(op, args);
    benchmark::DoNotOptimize(r);
  }
  state.SetBytesProcessed(state.iterations() * bytes_per_call);
}

void BM_Memcpy(benchmark::State& state) {
  const int64_t n = state.range(0);
  Tensor src = Filled(n, 1.0), dst = Filled(n, 0.0);
  const char* s = static_cast<const char*>(src.raw_data());
  char* d = static_cast<char*>(dst.raw_data());
  for (auto _ : state) {
    ParallelFor(n * 4, 32768 * 4, [&](int64_t b, int64_t e) { std::memcpy(d + b, s + b, e - b); });
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * 2 * n * 4);
}

void BM_Add(benchmark::State& state) {
  const int64_t n = state.range(0);
  RunCall(state, "add", {Filled(n, 1.0), Filled(n, 2.0)}, 3 * n * 4);
}

void BM_Exp(benchmark::State& state) {
  const int64_t n = state.range(0);
  RunCall(state, "exp", {Filled(n, 0.5)}, 2 * n * 4);
}

void BM_Sum(benchmark::State& state) {
  const int64_t n = state.range(0);
  RunCall(state, "sum", {Filled(n, 0.5)}, n * 4 + 4);
}

void BM_CallAdd1(benchmark::State& state) {
  Tensor a = Filled(1, 1.0), b = Filled(1, 2.0);
  for (auto _ : state) {
    auto r = Call("add", {a, b});
    benchmark::DoNotOptimize(r);
  }
}

// The same with the OpDef looked up once and all arguments given (the
// interpreter's situation): no name lookup, no defaults to fill.
void BM_CallAdd1Preresolved(benchmark::State& state) {
  const graph_ir::OpDef& add = *graph_ir::FindOp("add");
  Tensor a = Filled(1, 1.0), b = Filled(1, 2.0);
  const KernelArg args[] = {a, b, graph_ir::Constant(tensor::Scalar(1))};
  for (auto _ : state) {
    auto r = Call(add, std::span<const KernelArg>(args));
    benchmark::DoNotOptimize(r);
  }
}

void BM_Matmul(benchmark::State& state) {
  const int64_t n = state.range(0);
  InstallCachingAllocator();
  Tensor a = Tensor::Full(Shape{n, n}, 0.5, DType::kFloat32);
  Tensor b = Tensor::Full(Shape{n, n}, 0.25, DType::kFloat32);
  RunCall(state, "mm", {a, b}, 3 * n * n * 4);
  state.counters["FLOPS"] = benchmark::Counter(
      static_cast<double>(2 * n * n * n) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}

// The convolution rows: 3x3 64->64 pad 1 on 8x64x56x56 (also
// channels_last, and as a 1x1), the 7x7 stride-2 stem 3->64 on
// 8x3x224x224, the ResNet-style zoo model's 3x3 16->16 on 8x16x32x32 and
// 32->32 on 8x32x16x16, and a 3x3 stride-2 max pool over the first's output.
void BM_Conv2d(benchmark::State& state, Shape in, Shape w, int64_t stride, int64_t pad,
               bool channels_last) {
  InstallCachingAllocator();
  Tensor x = channels_last
                 ? Tensor::EmptyStrided(in, tensor::ChannelsLastStrides(in), DType::kFloat32)
                 : Tensor::Empty(in, DType::kFloat32);
  std::fill(x.data<float>(), x.data<float>() + x.numel(), 0.5f);
  Tensor k = Tensor::Full(w, 0.25, DType::kFloat32);
  const int64_t oh = (in[2] + 2 * pad - w[2]) / stride + 1,
                ow = (in[3] + 2 * pad - w[3]) / stride + 1;
  for (auto _ : state) {
    auto r = Call("convolution",
                  {x, k, graph_ir::Constant(graph_ir::None{}), graph_ir::Constant(Shape{stride}),
                   graph_ir::Constant(Shape{pad}), graph_ir::Constant(Shape{1}),
                   graph_ir::Constant(tensor::Scalar(false)), graph_ir::Constant(Shape{0}),
                   graph_ir::Constant(tensor::Scalar(1))});
    benchmark::DoNotOptimize(r);
  }
  state.counters["FLOPS"] = benchmark::Counter(
      2.0 * in[0] * w[0] * w[1] * w[2] * w[3] * oh * ow * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_Conv2d, 3x3_64_56, Shape{8, 64, 56, 56}, Shape{64, 64, 3, 3}, 1, 1, false)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Conv2d, 3x3_64_56_cl, Shape{8, 64, 56, 56}, Shape{64, 64, 3, 3}, 1, 1, true)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Conv2d, 1x1_64_56, Shape{8, 64, 56, 56}, Shape{64, 64, 1, 1}, 1, 0, false)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Conv2d, 7x7s2_3_224, Shape{8, 3, 224, 224}, Shape{64, 3, 7, 7}, 2, 3, false)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Conv2d, 3x3_16_32, Shape{8, 16, 32, 32}, Shape{16, 16, 3, 3}, 1, 1, false)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Conv2d, 3x3_32_16, Shape{8, 32, 16, 16}, Shape{32, 32, 3, 3}, 1, 1, false)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

void BM_MaxPool2d(benchmark::State& state) {
  InstallCachingAllocator();
  Tensor x = Tensor::Full(Shape{8, 64, 56, 56}, 0.5, DType::kFloat32);
  RunCall(
      state, "max_pool2d_with_indices",
      {x, graph_ir::Constant(Shape{3}), graph_ir::Constant(Shape{2}), graph_ir::Constant(Shape{1}),
       graph_ir::Constant(Shape{1}), graph_ir::Constant(tensor::Scalar(false))},
      x.numel() * 4 + 8 * 64 * 28 * 28 * 12);
}
BENCHMARK(BM_MaxPool2d)->UseRealTime()->Unit(benchmark::kMillisecond);

BENCHMARK(BM_Memcpy)->Arg(4096)->Arg(1 << 20)->Arg(1 << 24)->UseRealTime();
BENCHMARK(BM_Add)->Arg(4096)->Arg(1 << 20)->Arg(1 << 24)->UseRealTime();
BENCHMARK(BM_Exp)->Arg(4096)->Arg(1 << 20)->Arg(1 << 24)->UseRealTime();
BENCHMARK(BM_Sum)->Arg(4096)->Arg(1 << 20)->Arg(1 << 24)->UseRealTime();
BENCHMARK(BM_CallAdd1);
BENCHMARK(BM_CallAdd1Preresolved);
BENCHMARK(BM_Matmul)->Arg(1024)->UseRealTime();

}  // namespace
}  // namespace tc::kernels

BENCHMARK_MAIN();
