// The sort and topk kernels through the eager path (kernels::Call): sort of
// float32 [4096, 1024] along the last dim (stable=False, which takes
// vqsort and falls back to std::sort only for lines with equal values, and
// stable=True), topk k=16 of the same, and argsort of 16M float32 (one
// line).
#include <algorithm>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "tc/kernels/caching_allocator.h"
#include "tc/kernels/eager.h"
#include "tc/tensor/tensor.h"

namespace tc::kernels {
namespace {

// N(0, 1) floats from a fixed seed: few equal values, as in real data.
Tensor Normal(const tensor::Shape& sizes) {
  InstallCachingAllocator();
  Tensor t = Tensor::Empty(sizes, tensor::DType::kFloat32);
  std::mt19937 rng(0);
  std::normal_distribution<float> dist;
  std::generate_n(t.data<float>(), t.numel(), [&] { return dist(rng); });
  return t;
}

graph_ir::Constant C(int64_t v) { return graph_ir::Constant(tensor::Scalar(v)); }
graph_ir::Constant B(bool v) { return graph_ir::Constant(tensor::Scalar(v)); }

void RunOp(benchmark::State& state, const char* op, std::vector<KernelArg> args) {
  const int64_t items = std::get<Tensor>(args[0]).numel();
  for (auto _ : state) benchmark::DoNotOptimize(Call(op, args));
  state.SetItemsProcessed(state.iterations() * items);
}

void BM_SortRows(benchmark::State& state) {
  static const Tensor rows = Normal({4096, 1024});
  RunOp(state, "sort", {rows, C(-1), B(false), B(state.range(0) != 0)});
}

void BM_Topk16Rows(benchmark::State& state) {
  static const Tensor rows = Normal({4096, 1024});
  RunOp(state, "topk", {rows, C(16), C(-1), B(true), B(true)});
}

void BM_Argsort16M(benchmark::State& state) {
  static const Tensor flat = Normal({16 * 1024 * 1024});
  RunOp(state, "sort", {flat, C(0), B(false), B(false)});
}

BENCHMARK(BM_SortRows)->Arg(0)->Arg(1)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Topk16Rows)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Argsort16M)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tc::kernels
