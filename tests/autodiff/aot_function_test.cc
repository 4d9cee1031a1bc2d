// AOT autograd's runtime against the eager tape: a graph's joint graph,
// split by each partitioner, its halves run on the kernels interpreter as
// one CompiledFunctionBackward node, must give exactly the gradients the
// tape gives for the same ops; missing output gradients count as zeros;
// saved values are freed after backward (unless retained) and checked for
// in-place changes; nodes traced under no_grad pass no gradient.
#include "tc/autodiff/aot_function.h"

#include <cmath>
#include <random>

#include "absl/strings/match.h"
#include <gtest/gtest.h>

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/engine.h"
#include "tc/autodiff/joint_graph.h"
#include "tc/kernels/interpreter.h"
#include "tc/partition/partition.h"

#include "tensor_util.h"

namespace tc::autodiff {
namespace {

using graph_ir::Graph;
using graph_ir::TensorMeta;
using graph_ir::Value;
using tensor::DType;
using tensor::Shape;
using tensor::Tensor;

Tensor Random(const Shape& sizes, std::mt19937& rng) { return testing::RandomNormal(sizes, rng); }

using testing::Equal;

AotFunction::Half OnInterpreter(Graph g) {
  auto shared = std::make_shared<const Graph>(std::move(g));
  auto interp = std::make_shared<kernels::Interpreter>(*shared);
  return [shared, interp](std::span<const Tensor> in) { return interp->Run(in); };
}

// The AOT function of `g` for inputs requiring grad as `rg` says.
std::shared_ptr<const AotFunction> Make(
    std::shared_ptr<const Graph> g, const std::vector<bool>& rg, bool min_cut,
    std::shared_ptr<const std::vector<bool>> grad_nodes = nullptr) {
  absl::StatusOr<JointGraph> joint = BuildJointGraph(*g, rg, grad_nodes.get());
  EXPECT_TRUE(joint.ok()) << joint.status();
  partition::JointGraph pj{&joint->graph, joint->num_fwd_outputs, {}};
  for (size_t i = 0; i < rg.size(); ++i) {
    if (joint->primal_requires_grad[i]) pj.grad_primals.push_back(static_cast<int>(i));
  }
  absl::StatusOr<partition::Partition> split =
      min_cut ? partition::MinCutRematerializationPartition(pj) : partition::DefaultPartition(pj);
  EXPECT_TRUE(split.ok()) << split.status();
  auto f = std::make_shared<AotFunction>();
  f->num_fwd_outputs = joint->num_fwd_outputs;
  f->primal_requires_grad = joint->primal_requires_grad;
  f->output_requires_grad = joint->output_requires_grad;
  for (size_t k = 0; k < g->outputs().size(); ++k) {
    f->output_is_input.push_back(false);
    if (joint->output_requires_grad[k]) {
      f->tangent_sizes.push_back(g->outputs()[k]->meta().sizes);
      f->tangent_dtypes.push_back(g->outputs()[k]->meta().dtype);
    }
  }
  f->graph = {g, grad_nodes};
  f->forward = OnInterpreter(std::move(split->forward));
  f->backward = OnInterpreter(std::move(split->backward));
  return f;
}

// x [6, 4], w [4, 3] -> (sin(relu(x @ w)), x @ w)
std::shared_ptr<const Graph> MatmulReluSin() {
  auto g = std::make_shared<Graph>();
  Value* x = *g->AddInput("x", TensorMeta::Contiguous(DType::kFloat32, Shape{6, 4}));
  Value* w = *g->AddInput("w", TensorMeta::Contiguous(DType::kFloat32, Shape{4, 3}));
  Value* mm = *g->Apply("mm", {x, w});
  Value* s = *g->Apply("sin", {*g->Apply("relu", {mm})});
  g->SetOutputs({s, mm});
  return g;
}

// Gradients of sum(v * out[0]) with respect to the inputs that require grad.
std::vector<Tensor> Grads(const std::vector<Tensor>& outs, const std::vector<Tensor>& inputs,
                          const Tensor& v) {
  absl::StatusOr<std::vector<Tensor>> g =
      Grad(std::vector<Tensor>{outs[0]}, inputs, std::vector<Tensor>{v}, false, false, true);
  EXPECT_TRUE(g.ok()) << g.status();
  return g.ok() ? *g : std::vector<Tensor>{};
}

TEST(AotFunctionTest, EqualsTheTapeWithEitherPartitioner) {
  for (bool min_cut : {false, true}) {
    std::mt19937 rng(1);
    std::shared_ptr<const Graph> g = MatmulReluSin();
    Tensor x = Random({6, 4}, rng), w = Random({4, 3}, rng), v = Random({6, 3}, rng);
    ASSERT_TRUE(SetRequiresGrad(x, true).ok());
    ASSERT_TRUE(SetRequiresGrad(w, true).ok());
    std::vector<Tensor> in = {x, w};
    absl::StatusOr<std::vector<Tensor>> tape = RunGraphRecorded({g, nullptr}, in);
    ASSERT_TRUE(tape.ok()) << tape.status();
    std::vector<Tensor> want = Grads(*tape, in, v);

    auto f = Make(g, {true, true}, min_cut);
    absl::StatusOr<std::vector<Tensor>> outs = RunAotFunction(f, in);
    ASSERT_TRUE(outs.ok()) << outs.status();
    ASSERT_NE(GradFn(outs->at(0)), nullptr);
    EXPECT_EQ(GradFn(outs->at(0))->name(), "CompiledFunctionBackward");
    EXPECT_EQ(GradFn(outs->at(0)), GradFn(outs->at(1)));  // one node for the pair
    EXPECT_TRUE(Equal(outs->at(0), tape->at(0)));
    // Output 1 gets no gradient: the backward sees zeros for it.
    std::vector<Tensor> got = Grads(*outs, in, v);
    ASSERT_EQ(got.size(), 2u);
    EXPECT_TRUE(Equal(got[0], want[0])) << "min_cut " << min_cut;
    EXPECT_TRUE(Equal(got[1], want[1])) << "min_cut " << min_cut;
  }
}

TEST(AotFunctionTest, SavedValuesFreedAfterBackwardUnlessRetained) {
  std::mt19937 rng(2);
  std::shared_ptr<const Graph> g = MatmulReluSin();
  Tensor x = Random({6, 4}, rng), w = Random({4, 3}, rng), v = Random({6, 3}, rng);
  ASSERT_TRUE(SetRequiresGrad(w, true).ok());
  std::vector<Tensor> in = {x, w};
  auto f = Make(g, {false, true}, true);
  absl::StatusOr<std::vector<Tensor>> outs = RunAotFunction(f, in);
  ASSERT_TRUE(outs.ok());
  absl::StatusOr<std::vector<Tensor>> first =
      Grad(std::vector<Tensor>{outs->at(0)}, std::vector<Tensor>{w}, std::vector<Tensor>{v}, true,
           false, false);
  ASSERT_TRUE(first.ok()) << first.status();
  absl::StatusOr<std::vector<Tensor>> second =
      Grad(std::vector<Tensor>{outs->at(0)}, std::vector<Tensor>{w}, std::vector<Tensor>{v}, false,
           false, false);
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_TRUE(Equal(first->at(0), second->at(0)));
  absl::StatusOr<std::vector<Tensor>> third =
      Grad(std::vector<Tensor>{outs->at(0)}, std::vector<Tensor>{w}, std::vector<Tensor>{v}, false,
           false, false);
  ASSERT_FALSE(third.ok());
  EXPECT_TRUE(absl::StrContains(third.status().message(),
                                "Trying to backward through the graph a second time"))
      << third.status();
}

TEST(AotFunctionTest, InPlaceChangeOfASavedInputIsAnError) {
  std::mt19937 rng(3);
  std::shared_ptr<const Graph> g = MatmulReluSin();
  Tensor x = Random({6, 4}, rng), w = Random({4, 3}, rng), v = Random({6, 3}, rng);
  ASSERT_TRUE(SetRequiresGrad(w, true).ok());
  auto f = Make(g, {false, true}, false);  // the default partition saves x
  absl::StatusOr<std::vector<Tensor>> outs = RunAotFunction(f, std::vector<Tensor>{x, w});
  ASSERT_TRUE(outs.ok());
  x.storage()->BumpVersion();
  absl::StatusOr<std::vector<Tensor>> g1 =
      Grad(std::vector<Tensor>{outs->at(0)}, std::vector<Tensor>{w}, std::vector<Tensor>{v}, false,
           false, false);
  ASSERT_FALSE(g1.ok());
  EXPECT_TRUE(absl::StrContains(g1.status().message(), "modified by an inplace operation"))
      << g1.status();
}

TEST(AotFunctionTest, NodesTracedUnderNoGradPassNoGradient) {
  std::mt19937 rng(4);
  // out = x * exp(x), the exp traced under no_grad: d out / dx = exp(x).
  auto g = std::make_shared<Graph>();
  Value* x = *g->AddInput("x", TensorMeta::Contiguous(DType::kFloat32, Shape{5}));
  Value* e = *g->Apply("exp", {x});
  g->SetOutputs({*g->Apply("mul", {x, e})});
  auto grad_nodes = std::make_shared<const std::vector<bool>>(std::vector<bool>{false, true});
  Tensor xv = Random({5}, rng), v = Random({5}, rng);
  ASSERT_TRUE(SetRequiresGrad(xv, true).ok());
  auto f = Make(g, {true}, true, grad_nodes);
  absl::StatusOr<std::vector<Tensor>> outs = RunAotFunction(f, std::vector<Tensor>{xv});
  ASSERT_TRUE(outs.ok());
  std::vector<Tensor> got = Grads(*outs, {xv}, v);
  ASSERT_EQ(got.size(), 1u);
  for (int64_t i = 0; i < 5; ++i) {
    EXPECT_FLOAT_EQ(got[0].data<float>()[i], v.data<float>()[i] * std::exp(xv.data<float>()[i]));
  }
}

}  // namespace
}  // namespace tc::autodiff
