// batch_norm in inference as generated pointwise code (lower_batch_norm.cc)
// and group_norm as a generated row kernel (lower_row.cc, emit_row.cc)
// through the whole pipeline: bit for bit with eager's fused kernel (the
// interpreter runs it), fused with the ReLU and the residual add after it,
// over odd sizes, 2-d to 5-d and channels-last inputs, with and without
// weight / bias, float32 and float64, NaN / inf inputs and statistics;
// training and what eager rejects stay an Extern.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

#include "tc/codegen_cpu/codegen.h"
#include "tc/tensor/layout.h"

#include "compiled_vs_eager.h"
#include "lower_eval_util.h"

namespace tc::codegen_cpu::testing {
namespace {

using graph_ir::Constant;

Constant Bool(bool v) { return Constant(Scalar(v)); }

// batch_norm(x, w, b, mean, var, training, 0.1, eps)'s three outputs.
std::vector<Value*> BatchNorm(Graph& g, Value* x, graph_ir::Arg w, graph_ir::Arg b, Value* mean,
                              Value* var, bool training = false, double eps = 1e-5) {
  auto node = g.AddNode("batch_norm", {x, w, b, mean, var, Bool(training), Num(0.1), Num(eps)});
  EXPECT_TRUE(node.ok()) << node.status();
  if (!node.ok()) return {nullptr, nullptr, nullptr};
  return {(*node)->outputs().begin(), (*node)->outputs().end()};
}

// Running variances >= 0 (a negative one is NaN, tested on its own), a
// zero among them when there are a few channels (var + eps stays > 0).
void PositiveVariance(Tensor& var) {
  for (int64_t i = 0; i < var.numel(); ++i) {
    SetElement(var, i, i == 2 ? 0.0 : 0.25 + 0.5 * static_cast<double>(i % 7));
  }
}

// The count of `what` in `text`.
int Count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// conv's output -> batch_norm -> + residual -> relu, as a ResNet block
// ends: no Extern, and the per-element work is one kernel (a per-channel
// kernel computes alpha once).
TEST(EmitNormTest, BatchNormInferenceIsGeneratedAndFusedBitForBit) {
  struct Case {
    std::vector<int64_t> sizes;
    bool channels_last;
  };
  const Case cases[] = {{{2, 3}, false},        {{3, 5, 7}, false},       {{2, 16, 9, 11}, false},
                        {{2, 16, 9, 11}, true}, {{1, 3, 2, 3, 5}, false}, {{3, 17, 1, 33}, false}};
  int k = 0;  // weight / bias present or not: each combination on several shapes
  for (DType d : {DType::kFloat32, DType::kFloat64}) {
    for (const Case& c : cases) {
      {
        const int params = k++ % 4;
        const std::string label = absl::StrCat(Name(d), " ", tensor::ShapeToString(c.sizes),
                                               c.channels_last ? " NHWC" : "", " params ", params);
        Graph g;
        Shape sizes(c.sizes.begin(), c.sizes.end());
        Shape strides;
        if (c.channels_last) strides = tensor::ChannelsLastStrides(sizes);
        Value* x = In(g, "x", d, sizes, strides);
        Value* r = In(g, "r", d, sizes, strides);
        const int64_t ch = c.sizes[1];
        Value* mean = In(g, "mean", d, {ch});
        Value* var = In(g, "var", d, {ch});
        graph_ir::Arg w = None(), b = None();
        if (params & 1) w = In(g, "w", d, {ch});
        if (params & 2) b = In(g, "b", d, {ch});
        std::vector<Value*> bn = BatchNorm(g, x, w, b, mean, var);
        Value* y = Apply(g, "relu", {Apply(g, "add", {bn[0], r})});
        g.SetOutputs({y, bn[1]});
        std::vector<Tensor> in = Inputs(g, 11 + params);
        PositiveVariance(in[3]);
        GraphArtifacts a = ExpectCompiledSameAsEager(g, in, label);
        EXPECT_EQ(a.num_externs, 0) << label << "\n" << a.ir_after;
        // alpha per channel; beta per channel or inlined (two flops) into
        // the one kernel over the whole tensor.
        EXPECT_LE(a.kernels.size(), 3u) << label << "\n" << a.ir_after;
        EXPECT_EQ(Count(a.ir_after, "outer " + tensor::ShapeToString(c.sizes)), 1) << label << "\n"
                                                                                   << a.ir_after;
        // 1 / sqrt(var + eps) is computed once per channel, never per element.
        EXPECT_EQ(Count(a.ir_after, "rsqrt("), 1) << label << "\n" << a.ir_after;
      }
    }
  }
}

// NaN / inf in x and in the statistics (a negative variance: NaN; var +
// eps == 0: inf), eps 0, a large eps, and an empty batch.
TEST(EmitNormTest, BatchNormSpecialValuesMatchEager) {
  for (DType d : {DType::kFloat32, DType::kFloat64}) {
    for (double eps : {0.0, 1e-5, 0.5}) {
      for (int64_t n : {0, 4}) {
        Graph g;
        Value* x = In(g, "x", d, {n, 6, 5});
        Value* w = In(g, "w", d, {6});
        Value* b = In(g, "b", d, {6});
        Value* mean = In(g, "mean", d, {6});
        Value* var = In(g, "var", d, {6});
        g.SetOutputs({BatchNorm(g, x, w, b, mean, var, false, eps)[0]});
        std::vector<Tensor> in = Inputs(g, 3, true);
        const double inf = std::numeric_limits<double>::infinity();
        const double stats[][2] = {{0, -1}, {0, 0}, {inf, 1}, {std::nan(""), 1}, {1, inf}, {2, 3}};
        for (int64_t c = 0; c < 6; ++c) {
          SetElement(in[3], c, stats[c][0]);
          SetElement(in[4], c, stats[c][1]);
        }
        const std::string label = absl::StrCat(Name(d), " eps ", eps, " n ", n);
        GraphArtifacts a = ExpectCompiledSameAsEager(g, in, label);
        EXPECT_EQ(a.num_externs, 0) << label;
      }
    }
  }
}

// Training computes batch statistics (eager's kernel, an Extern); a
// float16 input and a strided one (eager decomposes them) stay Externs too.
TEST(EmitNormTest, BatchNormTrainingAndDeclinedCasesStayExtern) {
  {
    Graph g;
    Value* x = In(g, "x", DType::kFloat32, {4, 3, 5});
    Value* mean = In(g, "mean", DType::kFloat32, {3});
    Value* var = In(g, "var", DType::kFloat32, {3});
    std::vector<Value*> bn = BatchNorm(g, x, None(), None(), mean, var, true);
    g.SetOutputs({Apply(g, "relu", {bn[0]}), bn[1], bn[2]});
    std::vector<Tensor> in = Inputs(g, 5, false);
    PositiveVariance(in[2]);
    GraphArtifacts a = ExpectCompiledSameAsEager(g, in, "training");
    EXPECT_EQ(a.num_externs, 1) << a.ir_after;
    EXPECT_EQ(Count(a.ir_after, "rsqrt("), 0) << a.ir_after;
  }
  // float16, and a permuted input: eager's fused kernel declines to the
  // decomposition.
  for (const auto& [dtype, strides] : {std::pair<DType, Shape>{DType::kFloat16, {}},
                                       std::pair<DType, Shape>{DType::kFloat32, {1, 20, 4}}}) {
    Graph g;
    Value* x = In(g, "x", dtype, {4, 3, 5}, strides);
    std::vector<Value*> stats = {In(g, "mean", dtype, {3}), In(g, "var", dtype, {3})};
    g.SetOutputs({BatchNorm(g, x, None(), None(), stats[0], stats[1])[0]});
    std::vector<Tensor> in = Inputs(g, 6, false);
    PositiveVariance(in[2]);
    GraphArtifacts a = ExpectCompiledSameAsEager(g, in, Name(dtype) + " declined");
    EXPECT_EQ(a.num_externs, 1) << a.ir_after;
  }
}

// group_norm (input, num_groups, weight, bias, eps).
Value* GroupNorm(Graph& g, Value* x, int64_t groups, graph_ir::Arg w, graph_ir::Arg b, double eps) {
  return Apply(g, "group_norm", {x, Constant(Scalar(groups)), w, b, Num(eps)});
}

// group_norm as a generated row kernel (one row per sample and group):
// bit for bit with eager's fused kernel over odd sizes, groups 1 .. C,
// with and without weight / bias, eps, float32 and float64; one kernel
// each, a pointwise producer fused in as the prologue.
TEST(EmitNormTest, GroupNormIsOneRowKernelBitForBit) {
  struct Case {
    std::vector<int64_t> sizes;
    std::vector<int64_t> groups;
  };
  const Case cases[] = {{{3, 6}, {1, 3, 6}},
                        {{2, 6, 7}, {1, 2, 6}},
                        {{2, 12, 9, 11}, {1, 4, 12}},
                        {{1, 4, 2, 3, 5}, {2}},
                        {{2, 32, 33, 33}, {8}}};
  int k = 0;  // weight / bias present or not: each combination on several shapes
  for (DType d : {DType::kFloat32, DType::kFloat64}) {
    for (const Case& c : cases) {
      for (int64_t groups : c.groups) {
        {
          const int params = k++ % 4;
          const std::string label = absl::StrCat(Name(d), " ", tensor::ShapeToString(c.sizes),
                                                 " groups ", groups, " params ", params);
          Graph g;
          Value* x = In(g, "x", d, Shape(c.sizes.begin(), c.sizes.end()));
          const int64_t ch = c.sizes[1];
          graph_ir::Arg w = None(), b = None();
          if (params & 1) w = In(g, "w", d, {ch});
          if (params & 2) b = In(g, "b", d, {ch});
          // A scale before it: the row kernel's prologue.
          Value* scaled = Apply(g, "mul", {x, Num(params == 2 ? 1.5 : 1.0)});
          g.SetOutputs({GroupNorm(g, scaled, groups, w, b, params == 3 ? 0.1 : 1e-5)});
          GraphArtifacts a = ExpectCompiledSameAsEager(g, Inputs(g, 21 + params, false), label);
          EXPECT_EQ(a.num_externs, 0) << label << "\n" << a.ir_after;
          EXPECT_EQ(a.kernels.size(), 1u) << label << "\n" << a.ir_after;
          EXPECT_NE(a.source.find("tcfv::GroupNormRow<"), std::string::npos) << label;
        }
      }
    }
  }
}

// NaN and inf in some groups (those groups NaN, the others not), a
// constant group (variance 0: rstd = 1 / sqrt(eps)), huge values.
TEST(EmitNormTest, GroupNormSpecialGroupsMatchEager) {
  for (DType d : {DType::kFloat32, DType::kFloat64}) {
    Graph g;
    Value* x = In(g, "x", d, {2, 8, 17});
    Value* w = In(g, "w", d, {8});
    Value* b = In(g, "b", d, {8});
    g.SetOutputs({GroupNorm(g, x, 4, w, b, 1e-5), GroupNorm(g, x, 4, None(), None(), 1e-5)});
    std::vector<Tensor> in = Inputs(g, 31, false);
    const double inf = std::numeric_limits<double>::infinity();
    SetElement(in[0], 3, std::nan(""));                                   // sample 0, group 0
    SetElement(in[0], 2 * 17 + 5, inf);                                   // sample 0, group 1
    for (int64_t j = 0; j < 34; ++j) SetElement(in[0], 4 * 17 + j, 2.5);  // group 2: constant
    SetElement(in[0], 8 * 17 + 1, 1e30);                                  // sample 1, group 0
    GraphArtifacts a = ExpectCompiledSameAsEager(g, in, Name(d) + " special groups");
    EXPECT_EQ(a.num_externs, 0) << a.ir_after;
  }
}

// What eager's fused kernel declines (a strided input, float16, a computed
// weight the row kernel cannot read in place) stays an Extern.
TEST(EmitNormTest, GroupNormDeclinedCasesStayExtern) {
  Graph g;
  Value* t = In(g, "t", DType::kFloat32, {2, 6, 5}, {30, 1, 6});
  Value* h = In(g, "h", DType::kFloat16, {2, 6, 5});
  Value* x = In(g, "x", DType::kFloat32, {2, 6, 5});
  Value* w = In(g, "w", DType::kFloat32, {6});
  g.SetOutputs({GroupNorm(g, t, 3, None(), None(), 1e-5), GroupNorm(g, h, 3, None(), None(), 1e-5),
                GroupNorm(g, x, 3, Apply(g, "mul", {w, Num(2.0)}), None(), 1e-5)});
  GraphArtifacts a = ExpectCompiledSameAsEager(g, Inputs(g, 41, false), "declined");
  EXPECT_EQ(a.num_externs, 3) << a.ir_after;
}

}  // namespace
}  // namespace tc::codegen_cpu::testing
