// The AOT joint graph against the eager tape: the joint graph, run on the
// kernels interpreter with the forward's inputs and a tangent, must give
// the forward outputs and exactly the gradients eager autograd gives for
// the same ops (the same formulas, emitted into the graph).
#include "tc/autodiff/joint_graph.h"

#include <random>

#include <gtest/gtest.h>

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/engine.h"
#include "tc/autodiff/record.h"
#include "tc/graph_ir/map_args.h"
#include "tc/graph_ir/verifier.h"
#include "tc/kernels/interpreter.h"

#include "tensor_util.h"

namespace tc::autodiff {
namespace {

using graph_ir::Constant;
using graph_ir::Graph;
using graph_ir::TensorMeta;
using graph_ir::Value;
using tensor::DType;
using tensor::Scalar;
using tensor::Shape;
using tensor::Tensor;

Tensor Random(const Shape& sizes, std::mt19937& rng) { return testing::RandomNormal(sizes, rng); }

using testing::Equal;

// Runs `forward` eagerly with recording on `inputs` (those flagged require
// grad), then backward with `tangent`; returns outputs then input grads.
std::vector<Tensor> Eager(const Graph& forward, std::vector<Tensor> inputs,
                          const std::vector<bool>& rg, const Tensor& tangent) {
  std::vector<Tensor> env(forward.num_values());
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (rg[i]) {
      EXPECT_TRUE(SetRequiresGrad(inputs[i], true).ok());
    }
    env[forward.inputs()[i]->id()] = inputs[i];
  }
  for (const auto& node : forward.nodes()) {
    std::vector<kernels::KernelArg> args;
    graph_ir::MapArgs(node->args(), args, [&](const Value* v) { return env[v->id()]; });
    absl::StatusOr<std::vector<Tensor>> outs = Call(node->op(), args);
    EXPECT_TRUE(outs.ok()) << outs.status();
    for (size_t i = 0; i < outs->size(); ++i) env[node->outputs()[i]->id()] = (*outs)[i];
  }
  Tensor out = env[forward.outputs()[0]->id()];
  std::vector<Tensor> wrt;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (rg[i]) wrt.push_back(inputs[i]);
  }
  absl::StatusOr<std::vector<Tensor>> g =
      Grad(std::vector<Tensor>{out}, wrt, std::vector<Tensor>{tangent}, false, false, true);
  EXPECT_TRUE(g.ok()) << g.status();
  std::vector<Tensor> result = {Detach(out)};
  for (size_t i = 0; i < g->size(); ++i) {
    const Tensor& t = (*g)[i];
    result.push_back(t.defined() ? t : Tensor::Zeros(wrt[i].sizes(), wrt[i].dtype()));
  }
  return result;
}

void CheckJoint(const Graph& forward, const std::vector<Tensor>& inputs,
                const std::vector<bool>& rg) {
  absl::StatusOr<JointGraph> joint = BuildJointGraph(forward, rg);
  ASSERT_TRUE(joint.ok()) << joint.status();
  ASSERT_TRUE(graph_ir::Verify(joint->graph).ok()) << joint->graph.ToString();
  std::mt19937 rng(7);
  const Value* out = forward.outputs()[0];
  Tensor tangent = Random(out->meta().sizes, rng);
  std::vector<Tensor> joint_inputs = inputs;
  joint_inputs.push_back(tangent);
  kernels::Interpreter interp(joint->graph);
  absl::StatusOr<std::vector<Tensor>> got = interp.Run(joint_inputs);
  ASSERT_TRUE(got.ok()) << got.status() << "\n" << joint->graph.ToString();
  std::vector<Tensor> want = Eager(forward, inputs, rg, tangent);
  ASSERT_EQ(got->size(), want.size()) << joint->graph.ToString();
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_TRUE(Equal((*got)[i], want[i])) << "output " << i << "\n" << joint->graph.ToString();
  }
}

TEST(JointGraphTest, MatmulReluSin) {
  std::mt19937 rng(1);
  Graph g;
  Value* x = *g.AddInput("x", TensorMeta::Contiguous(DType::kFloat32, Shape{6, 4}));
  Value* w = *g.AddInput("w", TensorMeta::Contiguous(DType::kFloat32, Shape{4, 3}));
  Value* mm = *g.Apply("mm", {x, w});
  Value* r = *g.Apply("relu", {mm});
  Value* s = *g.Apply("sin", {r});
  g.SetOutputs({s});
  CheckJoint(g, {Random({6, 4}, rng), Random({4, 3}, rng)}, {true, true});
}

TEST(JointGraphTest, LinearLayerNormSoftmaxWithBroadcast) {
  std::mt19937 rng(2);
  Graph g;
  Value* x = *g.AddInput("x", TensorMeta::Contiguous(DType::kFloat32, Shape{2, 5, 8}));
  Value* w = *g.AddInput("w", TensorMeta::Contiguous(DType::kFloat32, Shape{6, 8}));
  Value* b = *g.AddInput("b", TensorMeta::Contiguous(DType::kFloat32, Shape{6}));
  Value* gamma = *g.AddInput("gamma", TensorMeta::Contiguous(DType::kFloat32, Shape{6}));
  Value* h = *g.Apply("linear", {x, w, b});
  Value* ln = *g.Apply(
      "layer_norm",
      {h, Constant(Shape{6}), gamma, graph_ir::Constant(graph_ir::None{}), Constant(Scalar(1e-5))});
  Value* sm = *g.Apply("softmax", {ln, Constant(Scalar(int64_t{-1})), Constant(graph_ir::None{})});
  Value* y = *g.Apply("mul", {sm, gamma});
  g.SetOutputs({y});
  CheckJoint(g, {Random({2, 5, 8}, rng), Random({6, 8}, rng), Random({6}, rng), Random({6}, rng)},
             {true, true, false, true});
}

TEST(JointGraphTest, DecomposedCompositeAndUnusedInput) {
  std::mt19937 rng(3);
  Graph g;
  Value* a = *g.AddInput("a", TensorMeta::Contiguous(DType::kFloat32, Shape{4, 3}));
  Value* t = *g.AddInput("t", TensorMeta::Contiguous(DType::kFloat32, Shape{4, 3}));
  ASSERT_TRUE(g.AddInput("u", TensorMeta::Contiguous(DType::kFloat32, Shape{2})).ok());
  Value* l = *g.Apply("mse_loss", {*g.Apply("tanh", {a}), t, Constant(std::string("sum"))});
  g.SetOutputs({l});
  absl::StatusOr<JointGraph> joint = BuildJointGraph(g, std::vector<bool>{true, true, true});
  ASSERT_TRUE(joint.ok()) << joint.status();
  EXPECT_EQ(joint->num_fwd_outputs, 1);
  EXPECT_EQ(joint->graph.outputs().size(), 4u);  // loss, then three gradients
  CheckJoint(g, {Random({4, 3}, rng), Random({4, 3}, rng), Random({2}, rng)}, {true, true, true});
}

// The index, scan, sort, prod and norm formulas emitted into a graph (where
// their zero handling is selected by `where`, nothing being known) agree
// with the eager tape, which looks at the values: every row has a zero.
TEST(JointGraphTest, ScansSelectionsProdWithZeros) {
  std::mt19937 rng(4);
  Tensor x = Random({3, 4}, rng);
  for (int64_t r = 0; r < 3; ++r) x.data<float>()[r * 4 + (r + 1) % 4] = 0;
  Graph g;
  Value* in = *g.AddInput("x", TensorMeta::Contiguous(DType::kFloat32, Shape{3, 4}));
  auto i = [](int64_t v) { return Constant(Scalar(v)); };
  auto b = [](bool v) { return Constant(Scalar(v)); };
  Value* cp = *g.Apply("cumprod", {in, i(1), Constant(graph_ir::None{})});
  Value* sorted = (*g.AddNode("sort", {cp, i(1), b(true), b(false)}))->outputs()[0];
  Value* norm = *g.Apply("linalg_vector_norm", {in, Constant(Scalar(2.0)), Constant(Shape{1}),
                                                b(true), Constant(graph_ir::None{})});
  Value* top = (*g.AddNode("topk", {*g.Apply("mul", {sorted, norm}), i(3), i(1), b(true), b(true)}))
                   ->outputs()[0];
  Value* lse =
      *g.Apply("logcumsumexp", {*g.Apply("cumsum", {in, i(0), Constant(graph_ir::None{})}), i(1)});
  Value* sum = *g.Apply("add", {top, *g.Apply("slice", {lse, i(1), i(0), i(3), i(1)})});
  g.SetOutputs({*g.Apply("prod", {sum, i(1), b(false), Constant(graph_ir::None{})})});
  CheckJoint(g, {x}, {true});
}

TEST(JointGraphTest, IndexWritesAndAttention) {
  std::mt19937 rng(5);
  Graph g;
  auto i = [](int64_t v) { return Constant(Scalar(v)); };
  Value* x = *g.AddInput("x", TensorMeta::Contiguous(DType::kFloat32, Shape{4, 3}));
  Value* s = *g.AddInput("s", TensorMeta::Contiguous(DType::kFloat32, Shape{2, 3}));
  Value* idx = *g.AddInput("idx", TensorMeta::Contiguous(DType::kInt64, Shape{2, 3}));
  Value* mask = *g.AddInput("mask", TensorMeta::Contiguous(DType::kBool, Shape{4, 3}));
  Value* a = *g.Apply("scatter_reduce",
                      {x, i(0), idx, s, Constant(std::string("amax")), Constant(Scalar(false))});
  Value* m = *g.Apply("masked_scatter", {a, mask, *g.Apply("reshape", {x, Constant(Shape{-1})})});
  Value* q = *g.Apply("reshape", {m, Constant(Shape{1, 1, 4, 3})});
  Value* att = *g.Apply("scaled_dot_product_attention",
                        {q, q, q, Constant(graph_ir::None{}), Constant(Scalar(true))});
  Value* rows =
      *g.Apply("reshape", {*g.Apply("slice", {idx, i(0), i(0), i(1), i(1)}), Constant(Shape{-1})});
  g.SetOutputs({*g.Apply("index_add", {*g.Apply("reshape", {att, Constant(Shape{4, 3})}), i(0),
                                       rows, *g.Apply("slice", {m, i(0), i(0), i(3), i(1)})})});
  Tensor index = Tensor::Empty(Shape{2, 3}, DType::kInt64);
  const int64_t iv[] = {0, 1, 3, 0, 2, 3};
  for (int k = 0; k < 6; ++k) index.data<int64_t>()[k] = iv[k];
  Tensor mk = Tensor::Empty(Shape{4, 3}, DType::kBool);
  for (int k = 0; k < 12; ++k) mk.data<bool>()[k] = k % 3 != 1;
  CheckJoint(g, {Random({4, 3}, rng), Random({2, 3}, rng), index, mk}, {true, true, false, false});
}

}  // namespace
}  // namespace tc::autodiff
