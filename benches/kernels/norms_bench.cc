// The fused normalization kernels through the eager path (kernels::Call):
// softmax, log_softmax, layer_norm and rms_norm over [4096, 1024] float32
// rows (the shape), batch_norm eval and train on 8x64x56x56. Bytes
// processed count one read and one write of the tensor, the traffic a fused
// kernel needs at least; BM_RowsMemcpy is that traffic as a plain copy of the
// same bytes (std::memcpy over the pool's threads, as the row kernels split
// their rows), the bandwidth a row kernel is measured against.
#include <cstring>
#include <vector>

#include <benchmark/benchmark.h>

#include "tc/kernels/caching_allocator.h"
#include "tc/kernels/eager.h"
#include "tc/kernels/thread_pool.h"
#include "tc/tensor/tensor.h"

namespace tc::kernels {
namespace {

using graph_ir::Constant;
using tensor::DType;
using tensor::Scalar;
using tensor::Shape;

Tensor Ramp(const Shape& sizes) {
  InstallCachingAllocator();
  Tensor t = Tensor::Empty(sizes, DType::kFloat32);
  float* p = t.data<float>();
  for (int64_t i = 0; i < t.numel(); ++i) p[i] = static_cast<float>((i * 7919) % 1000) / 250 - 2;
  return t;
}

void RunNorm(benchmark::State& state, const char* op, std::vector<KernelArg> args) {
  const int64_t bytes = 2 * std::get<Tensor>(args[0]).numel() * 4;
  for (auto _ : state) {
    auto r = Call(op, args);
    benchmark::DoNotOptimize(r);
  }
  state.SetBytesProcessed(state.iterations() * bytes);
}

const Constant kNone{graph_ir::None{}};

void BM_Softmax(benchmark::State& state) {
  RunNorm(state, state.range(0) ? "log_softmax" : "softmax",
          {Ramp(Shape{4096, 1024}), Constant(Scalar(int64_t{-1})), kNone});
}

void BM_LayerNorm(benchmark::State& state) {
  RunNorm(state, "layer_norm",
          {Ramp(Shape{4096, 1024}), Constant(Shape{1024}), Ramp(Shape{1024}), Ramp(Shape{1024}),
           Constant(Scalar(1e-5))});
}

void BM_RmsNorm(benchmark::State& state) {
  RunNorm(state, "rms_norm",
          {Ramp(Shape{4096, 1024}), Constant(Shape{1024}), Ramp(Shape{1024}), kNone});
}

// range(0): 1 = training (batch statistics, running-stat update).
void BM_BatchNorm(benchmark::State& state) {
  Tensor var = Ramp(Shape{64});
  for (int64_t i = 0; i < 64; ++i) var.data<float>()[i] = 1.0f + 0.01f * i;
  RunNorm(state, "batch_norm",
          {Ramp(Shape{8, 64, 56, 56}), Ramp(Shape{64}), Ramp(Shape{64}), Ramp(Shape{64}), var,
           Constant(Scalar(state.range(0) != 0)), Constant(Scalar(0.1)), Constant(Scalar(1e-5))});
}

void BM_RowsMemcpy(benchmark::State& state) {
  Tensor in = Ramp(Shape{4096, 1024});
  Tensor out = Tensor::Empty(in.sizes(), DType::kFloat32);
  const float* src = in.data<float>();
  float* dst = out.data<float>();
  for (auto _ : state) {
    // Rows of 1024 in chunks of 16 rows, as the row kernels' grain.
    ParallelFor(4096, 16, [&](int64_t b, int64_t e) {
      std::memcpy(dst + b * 1024, src + b * 1024, (e - b) * 1024 * sizeof(float));
    });
    benchmark::DoNotOptimize(dst);
  }
  state.SetBytesProcessed(state.iterations() * 2 * in.numel() * 4);
}

BENCHMARK(BM_RowsMemcpy)->UseRealTime();
BENCHMARK(BM_Softmax)->Arg(0)->Arg(1)->UseRealTime();
BENCHMARK(BM_LayerNorm)->UseRealTime();
BENCHMARK(BM_RmsNorm)->UseRealTime();
BENCHMARK(BM_BatchNorm)->Arg(0)->Arg(1)->UseRealTime();

}  // namespace
}  // namespace tc::kernels
