// The convolution, pooling, resampling and batch_norm derivatives beyond
// their values (gradcheck_conv_test.cc checks those): PyTorch's node names,
// double backward and its "not implemented" for batch_norm, what is saved
// (in-place writes PyTorch allows stay allowed), the float32 fast paths of
// convolution_backward against float64, and one joint-graph node per
// backward giving eager's gradients.
#include <cmath>
#include <map>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/engine.h"
#include "tc/autodiff/grad_mode.h"
#include "tc/autodiff/joint_graph.h"
#include "tc/autodiff/node.h"
#include "tc/autodiff/record.h"
#include "tc/graph_ir/map_args.h"
#include "tc/kernels/interpreter.h"
#include "tc/tensor/layout.h"

namespace tc::autodiff {
namespace {

using graph_ir::Constant;
using graph_ir::Graph;
using graph_ir::TensorMeta;
using graph_ir::Value;
using kernels::KernelArg;
using tensor::DType;
using tensor::Scalar;
using tensor::Shape;
using tensor::Tensor;

Tensor Random(const Shape& sizes, std::mt19937& rng, DType dtype = DType::kFloat32) {
  Tensor t = Tensor::Empty(sizes, DType::kFloat64);
  std::normal_distribution<double> n;
  for (int64_t i = 0; i < t.numel(); ++i) t.data<double>()[i] = n(rng);
  return t.to(dtype);
}

Tensor Leaf(const Shape& sizes, std::mt19937& rng, DType dtype = DType::kFloat32) {
  Tensor t = Random(sizes, rng, dtype);
  EXPECT_TRUE(SetRequiresGrad(t, true).ok());
  return t;
}

Constant L(Shape v) { return Constant(std::move(v)); }
Constant B(bool v) { return Constant(Scalar(v)); }
Constant I(int64_t v) { return Constant(Scalar(v)); }
Constant None() { return Constant(graph_ir::None{}); }

std::vector<Tensor> RunOp(std::string_view op, std::vector<KernelArg> args) {
  absl::StatusOr<std::vector<Tensor>> r =
      Call(*graph_ir::FindOp(op), std::span<const KernelArg>(args));
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? *r : std::vector<Tensor>{};
}

std::string NameOf(const Tensor& t) {
  Node* fn = GradFn(t);
  return fn == nullptr ? "<none>" : fn->name();
}

std::vector<KernelArg> ConvArgs(Tensor x, Tensor w, KernelArg bias, Shape stride, Shape pad,
                                Shape dil, bool transposed, Shape out_pad, int64_t groups) {
  return {x, w, bias, L(stride), L(pad), L(dil), B(transposed), L(out_pad), I(groups)};
}

TEST(ConvBackwardTest, NodeNamesArePyTorchs) {
  std::mt19937 rng(1);
  Tensor x = Leaf({2, 3, 6, 6}, rng);
  EXPECT_EQ(NameOf(RunOp("convolution", ConvArgs(x, Random({4, 3, 3, 3}, rng), None(), {1}, {1},
                                                 {1}, false, {0}, 1))[0]),
            "ConvolutionBackward0");
  EXPECT_EQ(
      NameOf(RunOp("max_pool2d_with_indices", {x, L({2}), L({2}), L({0}), L({1}), B(false)})[0]),
      "MaxPool2DWithIndicesBackward0");
  EXPECT_EQ(NameOf(RunOp("avg_pool2d", {x, L({2})})[0]), "AvgPool2DBackward0");
  EXPECT_EQ(NameOf(RunOp("_adaptive_avg_pool2d", {x, L({2, 3})})[0]), "AdaptiveAvgPool2DBackward0");
  EXPECT_EQ(NameOf(RunOp("adaptive_max_pool2d", {x, L({2, 3})})[0]), "AdaptiveMaxPool2DBackward0");
  EXPECT_EQ(NameOf(RunOp("upsample_nearest", {x, L({9, 9}), B(false)})[0]),
            "UpsampleNearest2DBackward0");
  EXPECT_EQ(NameOf(RunOp("upsample_nearest", {x, L({9, 9}), B(true)})[0]),
            "UpsampleNearestExact2DBackward0");
  EXPECT_EQ(NameOf(RunOp("upsample_linear", {x, L({9, 9}), B(false)})[0]),
            "UpsampleBilinear2DBackward0");
  EXPECT_EQ(NameOf(RunOp("upsample_bicubic2d", {x, L({9, 9}), B(false)})[0]),
            "UpsampleBicubic2DBackward0");
  Tensor x1 = Leaf({2, 3, 5}, rng);
  EXPECT_EQ(NameOf(RunOp("upsample_nearest", {x1, L({9}), B(false)})[0]),
            "UpsampleNearest1DBackward0");
  EXPECT_EQ(NameOf(RunOp("upsample_linear", {x1, L({9}), B(false)})[0]),
            "UpsampleLinear1DBackward0");
  Tensor x3 = Leaf({1, 2, 3, 3, 3}, rng);
  EXPECT_EQ(NameOf(RunOp("upsample_linear", {x3, L({4, 4, 4}), B(false)})[0]),
            "UpsampleTrilinear3DBackward0");
  EXPECT_EQ(NameOf(RunOp("upsample_nearest", {x3, L({4, 4, 4}), B(true)})[0]),
            "UpsampleNearestExact3DBackward0");
  EXPECT_EQ(NameOf(RunOp("batch_norm", {x, None(), None(), None(), None(), B(true)})[0]),
            "NativeBatchNormBackward0");
}

// The gradient of `y` for `x` with create_graph, and its node's name.
std::string DoubleBackwardName(const Tensor& y, const Tensor& x, std::mt19937& rng) {
  Tensor v = Leaf(y.sizes(), rng, y.dtype());
  absl::StatusOr<std::vector<Tensor>> g = Grad(std::vector<Tensor>{y}, std::vector<Tensor>{x},
                                               std::vector<Tensor>{v}, true, true, false);
  EXPECT_TRUE(g.ok()) << g.status();
  return g.ok() ? NameOf((*g)[0]) : "";
}

TEST(ConvBackwardTest, DoubleBackwardNodes) {
  std::mt19937 rng(2);
  Tensor x = Leaf({2, 3, 6, 6}, rng, DType::kFloat64);
  Tensor w = Leaf({4, 3, 3, 3}, rng, DType::kFloat64);
  Tensor y = RunOp("convolution", ConvArgs(x, w, None(), {1}, {1}, {1}, false, {0}, 1))[0];
  EXPECT_EQ(DoubleBackwardName(y, x, rng), "ConvolutionBackwardBackward0");
  Tensor p = RunOp("max_pool2d_with_indices", {x, L({2}), L({2}), L({0}), L({1}), B(false)})[0];
  EXPECT_EQ(DoubleBackwardName(p, x, rng), "MaxPool2DWithIndicesBackwardBackward0");
  Tensor a = RunOp("avg_pool2d", {x, L({2})})[0];
  EXPECT_EQ(DoubleBackwardName(a, x, rng), "AvgPool2DBackwardBackward0");
  Tensor u = RunOp("upsample_linear", {x, L({9, 9}), B(false)})[0];
  EXPECT_EQ(DoubleBackwardName(u, x, rng), "UpsampleBilinear2DBackwardBackward0");
  // batch_norm's backward op has no derivative: PyTorch's words when one
  // is taken through it.
  Tensor b = RunOp("batch_norm", {x, None(), None(), None(), None(), B(true)})[0];
  Tensor v = Random(b.sizes(), rng, DType::kFloat64);
  absl::StatusOr<std::vector<Tensor>> g = Grad(std::vector<Tensor>{b}, std::vector<Tensor>{x},
                                               std::vector<Tensor>{v}, true, true, false);
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(NameOf((*g)[0]), "NativeBatchNormBackwardBackward0");
  Tensor s = RunOp("sum", {(*g)[0]})[0];
  absl::StatusOr<std::vector<Tensor>> gg = Grad(std::vector<Tensor>{s}, std::vector<Tensor>{x},
                                                std::vector<Tensor>{}, false, false, false);
  ASSERT_FALSE(gg.ok());
  EXPECT_EQ(gg.status().message(),
            "derivative for aten::native_batch_norm_backward is not implemented");
}

// Writing the running statistics after a training batch_norm (as
// F.batch_norm does) and into a max pool's values (as an in-place relu
// would) leaves the backward working: neither is saved, as in PyTorch.
TEST(ConvBackwardTest, InPlaceWritesPyTorchAllows) {
  std::mt19937 rng(3);
  Tensor x = Leaf({2, 3, 4, 4}, rng);
  Tensor rm = Random({3}, rng), rv = Tensor::Full(Shape{3}, 1.5, DType::kFloat32);
  std::vector<Tensor> bn = RunOp("batch_norm", {x, None(), None(), rm, rv, B(true)});
  // As F.batch_norm writes the new statistics (an in-place copy).
  for (int i = 1; i <= 2; ++i) {
    Tensor& stat = i == 1 ? rm : rv;
    ASSERT_TRUE(stat.CopyFrom(bn[i]).ok());
    stat.storage()->BumpVersion();
  }
  std::vector<Tensor> mp =
      RunOp("max_pool2d_with_indices", {bn[0], L({2}), L({2}), L({0}), L({1}), B(false)});
  mp[0].storage()->BumpVersion();  // as an in-place relu_ on the values would
  Tensor v = Random(mp[0].sizes(), rng);
  absl::StatusOr<std::vector<Tensor>> g = Grad(std::vector<Tensor>{mp[0]}, std::vector<Tensor>{x},
                                               std::vector<Tensor>{v}, false, false, false);
  EXPECT_TRUE(g.ok()) << g.status();
}

// max |a - b| / (1 + max |b|) over the elements.
double RelDiff(const Tensor& a, const Tensor& b) {
  Tensor x = a.contiguous().to(DType::kFloat64), y = b.contiguous().to(DType::kFloat64);
  double diff = 0, scale = 0;
  for (int64_t i = 0; i < x.numel(); ++i) {
    diff = std::max(diff, std::abs(x.data<double>()[i] - y.data<double>()[i]));
    scale = std::max(scale, std::abs(y.data<double>()[i]));
  }
  return diff / (1 + scale);
}

// convolution_backward in float32 (the fast paths) against float64 (the
// generic kernels) on the same values: the zoo's ResNet shapes, strides,
// groups, a 1x1, dilation, a transposed convolution, channels_last.
TEST(ConvBackwardTest, Float32PathsMatchFloat64) {
  struct Shapes {
    Shape x, w;
    Shape stride, pad, dil;
    bool transposed;
    Shape out_pad;
    int64_t groups;
    bool channels_last;
  };
  const Shapes cases[] = {
      {{8, 16, 32, 32}, {16, 16, 3, 3}, {1}, {1}, {1}, false, {0}, 1, false},
      {{8, 3, 32, 32}, {16, 3, 3, 3}, {1}, {1}, {1}, false, {0}, 1, false},
      {{8, 16, 32, 32}, {32, 16, 3, 3}, {2}, {1}, {1}, false, {0}, 1, false},
      {{8, 16, 32, 32}, {32, 16, 1, 1}, {2}, {0}, {1}, false, {0}, 1, false},
      {{4, 32, 16, 16}, {32, 32, 3, 3}, {1}, {1}, {1}, false, {0}, 1, true},
      {{2, 32, 12, 12}, {32, 16, 3, 3}, {1}, {2}, {2}, false, {0}, 2, false},
      {{2, 16, 9, 9}, {16, 16, 1, 1}, {1}, {0}, {1}, false, {0}, 1, false},
      {{2, 16, 8, 8}, {16, 8, 3, 3}, {2}, {1}, {1}, true, {1}, 1, false},
      {{2, 16, 10}, {16, 16, 5}, {1}, {2}, {1}, false, {0}, 1, false},
  };
  std::mt19937 rng(4);
  for (const Shapes& c : cases) {
    Tensor x = Random(c.x, rng, DType::kFloat64);
    if (c.channels_last) {
      Tensor laid = Tensor::EmptyStrided(c.x, tensor::ChannelsLastStrides(c.x), DType::kFloat64);
      ASSERT_TRUE(laid.CopyFrom(x).ok());
      x = laid;
    }
    Tensor w = Random(c.w, rng, DType::kFloat64);
    GradModeGuard off(false);
    Tensor y = RunOp("convolution", ConvArgs(x, w, None(), c.stride, c.pad, c.dil, c.transposed,
                                             c.out_pad, c.groups))[0];
    Tensor gy = Random(y.sizes(), rng, DType::kFloat64);
    auto backward = [&](DType d) {
      return RunOp("convolution_backward",
                   {gy.to(d), x.to(d), w.to(d), L({y.size(1)}), L(c.stride), L(c.pad), L(c.dil),
                    B(c.transposed), L(c.out_pad), I(c.groups), L({1, 1, 1})});
    };
    std::vector<Tensor> want = backward(DType::kFloat64), got = backward(DType::kFloat32);
    ASSERT_EQ(got.size(), 3u);
    for (size_t i = 0; i < 3; ++i) {
      EXPECT_EQ(got[i].sizes(), want[i].sizes());
      EXPECT_LT(RelDiff(got[i], want[i]), 1e-5)
          << "output " << i << " of x " << tensor::ShapeToString(c.x) << " w "
          << tensor::ShapeToString(c.w);
    }
    // A masked output is empty; the others are unchanged.
    std::vector<Tensor> masked = RunOp(
        "convolution_backward",
        {gy.to(DType::kFloat32), x.to(DType::kFloat32), w.to(DType::kFloat32), None(), L(c.stride),
         L(c.pad), L(c.dil), B(c.transposed), L(c.out_pad), I(c.groups), L({0, 1, 0})});
    EXPECT_EQ(masked[0].numel(), 0);
    EXPECT_EQ(masked[2].numel(), 0);
    EXPECT_EQ(RelDiff(masked[1], got[1]), 0.0);
  }
}

// conv -> batch_norm (training) -> relu -> max_pool -> upsample: the joint
// graph has one node per backward op, and running it on the interpreter
// gives eager autograd's gradients exactly.
TEST(ConvBackwardTest, JointGraphHasOneNodePerBackward) {
  Graph g;
  Value* x = *g.AddInput("x", TensorMeta::Contiguous(DType::kFloat32, Shape{2, 3, 8, 8}));
  Value* w = *g.AddInput("w", TensorMeta::Contiguous(DType::kFloat32, Shape{4, 3, 3, 3}));
  Value* gamma = *g.AddInput("gamma", TensorMeta::Contiguous(DType::kFloat32, Shape{4}));
  Value* c =
      *g.Apply("convolution", {x, w, None(), L({1}), L({1}), L({1}), B(false), L({0}), I(1)});
  graph_ir::Node* bn = *g.AddNode("batch_norm", {c, gamma, None(), None(), None(), B(true),
                                                 Constant(Scalar(0.1)), Constant(Scalar(1e-5))});
  Value* r = *g.Apply("relu", {bn->outputs()[0]});
  graph_ir::Node* mp =
      *g.AddNode("max_pool2d_with_indices", {r, L({2}), L({2}), L({0}), L({1}), B(false)});
  Value* up =
      *g.Apply("upsample_nearest", {mp->outputs()[0], L({8, 8}), B(false), None(), None(), None()});
  g.SetOutputs({up});
  absl::StatusOr<JointGraph> joint = BuildJointGraph(g, {true, true, true});
  ASSERT_TRUE(joint.ok()) << joint.status();
  std::map<std::string, int> count;
  for (const auto& n : joint->graph.nodes()) ++count[n->op().name];
  EXPECT_EQ(count["convolution_backward"], 1) << joint->graph.ToString();
  EXPECT_EQ(count["native_batch_norm_backward"], 1);
  EXPECT_EQ(count["max_pool2d_with_indices_backward"], 1);
  EXPECT_EQ(count["upsample_nearest_backward"], 1);
  EXPECT_EQ(count["batch_norm"], 1);  // the fused forward, not its decomposition

  std::mt19937 rng(5);
  std::vector<Tensor> inputs = {Random({2, 3, 8, 8}, rng), Random({4, 3, 3, 3}, rng),
                                Random({4}, rng)};
  Tensor tangent = Random({2, 4, 8, 8}, rng);
  std::vector<Tensor> joint_in = inputs;
  joint_in.push_back(tangent);
  absl::StatusOr<std::vector<Tensor>> got = kernels::Interpreter(joint->graph).Run(joint_in);
  ASSERT_TRUE(got.ok()) << got.status();
  // Eager: the same ops recorded, then autograd.
  std::vector<Tensor> leaves = inputs;
  for (Tensor& t : leaves) ASSERT_TRUE(SetRequiresGrad(t, true).ok());
  Tensor ec =
      RunOp("convolution", ConvArgs(leaves[0], leaves[1], None(), {1}, {1}, {1}, false, {0}, 1))[0];
  Tensor eb = RunOp("batch_norm", {ec, leaves[2], None(), None(), None(), B(true),
                                   Constant(Scalar(0.1)), Constant(Scalar(1e-5))})[0];
  Tensor er = RunOp("relu", {eb})[0];
  Tensor em = RunOp("max_pool2d_with_indices", {er, L({2}), L({2}), L({0}), L({1}), B(false)})[0];
  Tensor eu = RunOp("upsample_nearest", {em, L({8, 8}), B(false), None(), None(), None()})[0];
  absl::StatusOr<std::vector<Tensor>> want =
      Grad(std::vector<Tensor>{eu}, leaves, std::vector<Tensor>{tangent}, false, false, false);
  ASSERT_TRUE(want.ok()) << want.status();
  ASSERT_EQ(got->size(), 4u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(RelDiff((*got)[1 + i], (*want)[i]), 0.0) << "gradient " << i;
  }
}

}  // namespace
}  // namespace tc::autodiff
