// Benchmarks for graph-ir: the text format and verifier on a large graph.
#include <string>

#include "benchmark/benchmark.h"

#include "tc/graph_ir/graph.h"
#include "tc/graph_ir/text_format.h"
#include "tc/graph_ir/verifier.h"

namespace tc::graph_ir {
namespace {

// A 10,000-node graph mixing pointwise ops with scalars, reductions and
// views, each node reading one or two earlier values.
std::string LargeGraphText(int num_nodes) {
  Graph g;
  Value* x = *g.AddInput("x", TensorMeta::Contiguous(DType::kFloat32, Shape{64, 32}));
  Value* y = *g.AddInput("y", TensorMeta::Contiguous(DType::kFloat32, Shape{64, 32}));
  Value* prev = x;
  Value* other = y;
  for (int i = 0; static_cast<int>(g.nodes().size()) < num_nodes; ++i) {
    Value* v = nullptr;
    switch (i % 8) {
      case 0:
        v = *g.Apply("add", {prev, other, Constant(Scalar(0.5))});
        break;
      case 1:
        v = *g.Apply("mul", {prev, Constant(Scalar(1.25))});
        break;
      case 2:
        v = *g.Apply("tanh", {prev});
        break;
      case 3:
        v = *g.Apply("where", {*g.Apply("gt", {prev, Constant(Scalar(0))}), prev, other});
        break;
      case 4:
        v = *g.Apply("div", {prev, other, Constant(std::string("floor"))});
        break;
      case 5: {
        Value* s = *g.Apply("sum", {prev, Constant(Shape{1}), Constant(Scalar(true))});
        v = *g.Apply("sub", {prev, s});
        break;
      }
      case 6: {
        Value* t = *g.Apply("permute", {prev, Constant(Shape{1, 0})});
        v = *g.Apply("reshape", {t, Constant(Shape{64, 32})});
        break;
      }
      default:
        v = *g.Apply("clamp", {prev, Constant(Scalar(-1e-05)), Constant(Scalar(1e5))});
        break;
    }
    other = prev;
    prev = v;
  }
  g.SetOutputs({prev});
  return g.ToString();
}

void BM_ParseVerifyPrint(benchmark::State& state) {
  const std::string text = LargeGraphText(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    auto g = ParseGraph(text);
    if (!g.ok()) {
      state.SkipWithError(std::string(g.status().message()).c_str());
      break;
    }
    absl::Status s = Verify(*g);
    if (!s.ok()) {
      state.SkipWithError(std::string(s.message()).c_str());
      break;
    }
    std::string out = PrintGraph(*g);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(text.size()));
}
BENCHMARK(BM_ParseVerifyPrint)->Arg(10000)->Unit(benchmark::kMillisecond);

void BM_InferMetaAdd(benchmark::State& state) {
  const OpDef& add = *FindOp("add");
  std::vector<MetaArg> args = {TensorMeta::Contiguous(DType::kFloat32, Shape{64, 32}),
                               TensorMeta::Contiguous(DType::kFloat32, Shape{64, 1}),
                               Constant(Scalar(1))};
  for (auto _ : state) {
    auto out = InferMeta(add, args);
    benchmark::DoNotOptimize(out);
  }
}
BENCHMARK(BM_InferMetaAdd);

}  // namespace
}  // namespace tc::graph_ir

BENCHMARK_MAIN();
