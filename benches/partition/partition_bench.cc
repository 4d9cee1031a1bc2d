// Partitioning time on a 10,000-node joint graph: a deep ReLU MLP with its
// backward, as AOTAutograd traces one (issue 14 asks < 100 ms), for both
// partitioners and a min-cut under a memory budget; counters give the
// bytes each saves.
#include <string>
#include <vector>

#include "benchmark/benchmark.h"

#include "tc/graph_ir/graph.h"
#include "tc/partition/partition.h"

namespace tc::partition {
namespace {

using graph_ir::Arg;
using graph_ir::Constant;
using graph_ir::Graph;
using graph_ir::Shape;
using graph_ir::Value;

Value* Apply(Graph& g, const char* op, std::vector<Arg> args) {
  return *g.Apply(op, std::move(args));
}

// h[i+1] = relu(h[i] @ w[i]), loss = h[L].sum(); the backward as PyTorch
// decomposes it (le + where for relu, permute + mm for each matmul): 8 nodes
// a layer.
Graph MlpJoint(int layers, int64_t batch, int64_t width) {
  Graph g;
  auto meta = [](Shape s) { return graph_ir::TensorMeta::Contiguous(tensor::DType::kFloat32, s); };
  std::vector<Value*> w;
  std::vector<Value*> h = {*g.AddInput("primals_1", meta({batch, width}))};
  for (int i = 0; i < layers; ++i) {
    w.push_back(*g.AddInput("primals_" + std::to_string(i + 2), meta({width, width})));
  }
  Value* tangent = *g.AddInput("tangents_1", meta({}));
  for (int i = 0; i < layers; ++i) h.push_back(Apply(g, "relu", {Apply(g, "mm", {h[i], w[i]})}));
  Value* loss = Apply(g, "sum", {h.back()});
  Value* grad = Apply(g, "expand", {tangent, Constant(Shape{batch, width})});
  Value* zero =
      Apply(g, "full",
            {Constant(Shape{}), Constant(tensor::Scalar(0.0)), Constant(tensor::DType::kFloat32)});
  const Constant transpose(Shape{1, 0});
  std::vector<Value*> weight_grads(layers);
  for (int i = layers - 1; i >= 0; --i) {
    Value* mask = Apply(g, "le", {h[i + 1], Constant(tensor::Scalar(int64_t{0}))});
    grad = Apply(g, "where", {mask, zero, grad});
    weight_grads[i] = Apply(g, "mm", {Apply(g, "permute", {h[i], transpose}), grad});
    grad = Apply(g, "mm", {grad, Apply(g, "permute", {w[i], transpose})});
  }
  std::vector<Value*> outputs = {loss, grad};
  outputs.insert(outputs.end(), weight_grads.begin(), weight_grads.end());
  g.SetOutputs(outputs);
  return g;
}

constexpr int kLayers = 1250;  // 10,002 nodes

void BM_DefaultPartition(benchmark::State& state) {
  const Graph g = MlpJoint(kLayers, 32, 64);
  const JointGraph joint = AllPrimalsHaveGrads(g, 1);
  int64_t saved = 0;
  for (auto _ : state) {
    auto p = DefaultPartition(joint);
    if (!p.ok()) state.SkipWithError(std::string(p.status().message()).c_str());
    saved = p.ok() ? p->SavedBytes() : 0;
  }
  state.counters["nodes"] = static_cast<double>(g.nodes().size());
  state.counters["saved_bytes"] = static_cast<double>(saved);
}
BENCHMARK(BM_DefaultPartition)->Unit(benchmark::kMillisecond);

void BM_MinCutPartition(benchmark::State& state) {
  const Graph g = MlpJoint(kLayers, 32, 64);
  const JointGraph joint = AllPrimalsHaveGrads(g, 1);
  MinCutOptions options;
  options.activation_memory_budget = static_cast<double>(state.range(0)) / 100.0;
  int64_t saved = 0;
  for (auto _ : state) {
    auto p = MinCutRematerializationPartition(joint, options);
    if (!p.ok()) state.SkipWithError(std::string(p.status().message()).c_str());
    saved = p.ok() ? p->SavedBytes() : 0;
  }
  state.counters["nodes"] = static_cast<double>(g.nodes().size());
  state.counters["saved_bytes"] = static_cast<double>(saved);
}
// The budget in percent: 100 is the default runtime-optimized cut.
BENCHMARK(BM_MinCutPartition)->Arg(100)->Arg(50)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tc::partition

BENCHMARK_MAIN();
