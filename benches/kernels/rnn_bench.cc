// kernels::RnnLayer, the per-layer recurrence torch.lstm / torch.gru run:
// the shape, LSTM and GRU with input 256, hidden 256, 64 steps,
// batch 32, float32, two layers (the second layer's input is the first's
// output, of the same width, so one layer timed twice is the network);
// and the recurrence alone (one layer over a 1-wide input, so the input
// projection is negligible: the fused steps with w_hh packed once).
#include <benchmark/benchmark.h>

#include "tc/kernels/caching_allocator.h"
#include "tc/kernels/rnn.h"
#include "tc/tensor/tensor.h"

namespace tc::kernels {
namespace {

using tensor::DType;
using tensor::Shape;
using tensor::Tensor;

Tensor Ramp(const Shape& sizes, float scale) {
  InstallCachingAllocator();
  Tensor t = Tensor::Empty(sizes, DType::kFloat32);
  float* p = t.data<float>();
  for (int64_t i = 0; i < t.numel(); ++i) {
    p[i] = scale * (static_cast<float>((i * 7919) % 1000) / 500 - 1);
  }
  return t;
}

void RunRnn(benchmark::State& state, RnnMode mode, int64_t gates) {
  constexpr int64_t kSteps = 64, kBatch = 32, kIn = 256, kHidden = 256;
  RnnWeights w{Ramp(Shape{gates * kHidden, kIn}, 0.06f),
               Ramp(Shape{gates * kHidden, kHidden}, 0.06f), Ramp(Shape{gates * kHidden}, 0.06f),
               Ramp(Shape{gates * kHidden}, 0.06f), Tensor()};
  const Tensor x = Ramp(Shape{kSteps, kBatch, kIn}, 1.0f);
  const Tensor h0 = Tensor::Zeros(Shape{kBatch, kHidden}, DType::kFloat32);
  Tensor out = Tensor::Empty(Shape{kSteps, kBatch, kHidden}, DType::kFloat32);
  Tensor out2 = Tensor::Empty(Shape{kSteps, kBatch, kHidden}, DType::kFloat32);
  Tensor h_n = Tensor::Empty(Shape{kBatch, kHidden}, DType::kFloat32);
  Tensor c_n = Tensor::Empty(Shape{kBatch, kHidden}, DType::kFloat32);
  for (auto _ : state) {
    const absl::Status s1 = RnnLayer(mode, w, x, h0, h0, false, out, 0, h_n, c_n);
    const absl::Status s2 = RnnLayer(mode, w, out, h0, h0, false, out2, 0, h_n, c_n);
    if (!s1.ok() || !s2.ok()) state.SkipWithError("RnnLayer failed");
    benchmark::DoNotOptimize(out2.data<float>());
  }
}

void BM_Lstm2Layers(benchmark::State& state) { RunRnn(state, RnnMode::kLstm, 4); }
void BM_Gru2Layers(benchmark::State& state) { RunRnn(state, RnnMode::kGru, 3); }

// One LSTM layer's recurrence: 64 steps of [32, 256] @ [256, 1024] plus the
// cell math (~1.07 GFLOP).
void BM_LstmRecurrence(benchmark::State& state) {
  constexpr int64_t kSteps = 64, kBatch = 32, kHidden = 256, kGates = 4 * kHidden;
  RnnWeights w{Ramp(Shape{kGates, 1}, 0.06f), Ramp(Shape{kGates, kHidden}, 0.06f),
               Ramp(Shape{kGates}, 0.06f), Ramp(Shape{kGates}, 0.06f), Tensor()};
  const Tensor x = Ramp(Shape{kSteps, kBatch, 1}, 1.0f);
  const Tensor h0 = Tensor::Zeros(Shape{kBatch, kHidden}, DType::kFloat32);
  Tensor out = Tensor::Empty(Shape{kSteps, kBatch, kHidden}, DType::kFloat32);
  Tensor h_n = Tensor::Empty(Shape{kBatch, kHidden}, DType::kFloat32);
  Tensor c_n = Tensor::Empty(Shape{kBatch, kHidden}, DType::kFloat32);
  for (auto _ : state) {
    if (!RnnLayer(RnnMode::kLstm, w, x, h0, h0, false, out, 0, h_n, c_n).ok()) {
      state.SkipWithError("RnnLayer failed");
    }
    benchmark::DoNotOptimize(out.data<float>());
  }
}

BENCHMARK(BM_Lstm2Layers)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Gru2Layers)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_LstmRecurrence)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace tc::kernels
