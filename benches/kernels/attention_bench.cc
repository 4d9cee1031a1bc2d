// The fused scaled_dot_product_attention kernel through the eager path
// (kernels::Call) at the shape: B=8, H=12, S=512, D=64 float32,
// causal (range(0) = 1) and not. Items processed count the score matrix
// entries a dense kernel computes (B * H * S * S), so causal shows half the
// work done in about half the time.
#include <vector>

#include <benchmark/benchmark.h>

#include "tc/kernels/caching_allocator.h"
#include "tc/kernels/eager.h"
#include "tc/tensor/tensor.h"

namespace tc::kernels {
namespace {

// Deterministic values in [-1, 1), shifted by `phase`.
Tensor Wave(const tensor::Shape& sizes, int64_t phase) {
  InstallCachingAllocator();
  Tensor t = Tensor::Empty(sizes, tensor::DType::kFloat32);
  float* p = t.data<float>();
  for (int64_t i = 0; i < t.numel(); ++i) {
    p[i] = static_cast<float>(((i + phase) * 7919) % 1000) / 500 - 1;
  }
  return t;
}

void BM_Sdpa(benchmark::State& state) {
  const tensor::Shape shape = {8, 12, 512, 64};
  const graph_ir::Constant none{graph_ir::None{}};
  const std::vector<KernelArg> args = {Wave(shape, 0),
                                       Wave(shape, 1),
                                       Wave(shape, 2),
                                       none,
                                       graph_ir::Constant(tensor::Scalar(state.range(0) != 0)),
                                       none,
                                       graph_ir::Constant(tensor::Scalar(false))};
  for (auto _ : state) {
    auto r = Call("scaled_dot_product_attention", args);
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations() * 8 * 12 * 512 * 512);
}
BENCHMARK(BM_Sdpa)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace tc::kernels
