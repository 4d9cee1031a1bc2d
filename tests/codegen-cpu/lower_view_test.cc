// Lowering of views: no node, no buffer, only index arithmetic in the
// loads of their readers (checked in the printed program), and the same
// values as eager for every view op, views of views and non-contiguous
// inputs.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

#include "lower_eval_util.h"

namespace tc::codegen_cpu::testing {
namespace {

using graph_ir::Constant;

TEST(LowerViewTest, PermuteThenAddIsOneNodeWithATransposedLoad) {
  Graph g;
  Value* x = In(g, "x", DType::kFloat32, {3, 4});
  Value* y = In(g, "y", DType::kFloat32, {4, 3});
  Value* t = Apply(g, "permute", {x, Ints({1, 0})});
  Value* s = Apply(g, "add", {t, y});
  g.SetOutputs({s});
  std::string text = ExpectSameAsEager(g, Inputs(g, 1), "permute + add");
  auto p = Lower(g);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->nodes.size(), 1u) << text;
  EXPECT_EQ(p->buffers.size(), 3u) << text;
  EXPECT_NE(text.find("add(in0[i1, i0], in1[i0, i1], 1)"), std::string::npos) << text;
}

TEST(LowerViewTest, ExpandAndBroadcastLoadIndexZero) {
  Graph g;
  Value* x = In(g, "x", DType::kFloat32, {3, 1});
  Value* e = Apply(g, "expand", {x, Ints({2, 3, 5})});
  Value* y = Apply(g, "mul", {e, Constant(Scalar(2))});
  g.SetOutputs({y});
  std::string text = ExpectSameAsEager(g, Inputs(g, 1), "expand");
  EXPECT_NE(text.find("mul(in0[i1, 0], 2:float32)"), std::string::npos) << text;
}

TEST(LowerViewTest, ReshapeOfContiguousIsPlainVariables) {
  Graph g;
  Value* x = In(g, "x", DType::kFloat32, {4, 6});
  Value* v = Apply(g, "view", {x, Ints({2, 2, 6})});
  Value* y = Apply(g, "neg", {v});
  Value* w = Apply(g, "reshape", {y, Ints({24})});
  Value* z = Apply(g, "abs", {w});
  g.SetOutputs({z});
  std::string text = ExpectSameAsEager(g, Inputs(g, 1), "view");
  EXPECT_NE(text.find("neg(in0[2*i0 + i1, i2])"), std::string::npos) << text;
  EXPECT_NE(text.find("abs(buf0[floordiv(i0, 12), mod(floordiv(i0, 6), 2), mod(i0, 6)])"),
            std::string::npos)
      << text;
}

TEST(LowerViewTest, ReshapeThatMustCopyIsAPointwiseCopy) {
  Graph g;
  Value* x = In(g, "x", DType::kInt16, {4, 6});
  Value* t = Apply(g, "permute", {x, Ints({1, 0})});
  Value* r = Apply(g, "reshape", {t, Ints({3, 8})});
  g.SetOutputs({r});
  std::string text = ExpectSameAsEager(g, Inputs(g, 1), "reshape copy");
  auto p = Lower(g);
  ASSERT_TRUE(p.ok());
  ASSERT_EQ(p->nodes.size(), 1u) << text;
  EXPECT_EQ(p->buffers[p->graph_outputs[0]].role, Buffer::Role::kOutput);
}

TEST(LowerViewTest, EveryViewOpAndViewsOfViews) {
  struct Case {
    std::string name;
    Shape sizes, strides;
    std::vector<std::pair<std::string, std::vector<Constant>>> views;
  };
  std::vector<Case> cases = {
      {"slice step",
       {10, 6},
       {},
       {{"slice", {Constant(Scalar(0)), Scalar(1), Scalar(9), Scalar(3)}}}},
      {"slice negative start",
       {10, 6},
       {},
       {{"slice", {Constant(Scalar(1)), Scalar(-4), graph_ir::None{}, Scalar(2)}}}},
      {"squeeze unsqueeze",
       {3, 1, 4},
       {},
       {{"squeeze", {Constant(graph_ir::None{})}}, {"unsqueeze", {Constant(Scalar(-1))}}}},
      {"diagonal", {4, 5, 3}, {}, {{"diagonal", {Constant(Scalar(1)), Scalar(0), Scalar(1)}}}},
      {"diagonal negative",
       {5, 4},
       {},
       {{"diagonal", {Constant(Scalar(-2)), Scalar(1), Scalar(0)}}}},
      {"unfold", {11, 2}, {}, {{"unfold", {Constant(Scalar(0)), Scalar(3), Scalar(2)}}}},
      {"permute slice view",
       {6, 4, 2},
       {},
       {{"permute", {Ints({2, 0, 1})}},
        {"slice", {Constant(Scalar(2)), Scalar(1), Scalar(4), Scalar(1)}},
        {"unsqueeze", {Constant(Scalar(0))}}}},
      {"transposed input", {5, 7}, {1, 5}, {{"permute", {Ints({1, 0})}}, {"view", {Ints({35})}}}},
      {"strided input",
       {3, 4},
       {16, 2},
       {{"slice", {Constant(Scalar(1)), Scalar(1), graph_ir::None{}, Scalar(2)}},
        {"expand", {Ints({2, 3, 2})}}}},
      {"reshape of an empty slice",
       {3, 1},
       {},
       {{"slice", {Constant(Scalar(1)), Scalar(1), graph_ir::None{}, Scalar(1)}},
        {"reshape", {Ints({-1})}}}},
      {"expanded input", {4, 3}, {0, 1}, {{"unsqueeze", {Constant(Scalar(0))}}}},
      {"view of slice of view",
       {2, 12},
       {},
       {{"slice", {Constant(Scalar(1)), Scalar(2), Scalar(10), Scalar(1)}},
        {"view", {Ints({2, 2, 4})}},
        {"permute", {Ints({2, 0, 1})}},
        {"unsqueeze", {Constant(Scalar(1))}}}},
  };
  for (const Case& c : cases) {
    for (DType d : {DType::kFloat32, DType::kInt8, DType::kBool}) {
      Graph g;
      Value* v = In(g, "x", d, c.sizes, c.strides);
      for (const auto& [op, args] : c.views) {
        std::vector<graph_ir::Arg> full = {v};
        for (const Constant& a : args) full.emplace_back(a);
        v = Apply(g, op, full);
        ASSERT_NE(v, nullptr) << c.name;
      }
      // Read through the views (a clone), and return the view itself.
      Value* copy = Apply(g, "clone", {v, Constant(std::string("contiguous"))});
      g.SetOutputs({copy, v});
      std::string label = absl::StrCat(c.name, " ", std::string(tensor::DTypeName(d)));
      std::string text = ExpectSameAsEager(g, Inputs(g, 9), label);
      auto p = Lower(g);
      ASSERT_TRUE(p.ok());
      EXPECT_EQ(p->nodes.size(), 1u) << label << "\n" << text;
      // The returned view is an alias of the input with eager's storage offset.
      auto got = Evaluate(*p, Inputs(g, 9));
      ASSERT_TRUE(got.ok());
      EXPECT_EQ(p->buffers[p->graph_outputs[1]].role, Buffer::Role::kAlias) << label;
    }
  }
}

TEST(LowerViewTest, OutputViewsAliasTheirBase) {
  Graph g;
  Value* x = In(g, "x", DType::kFloat32, {3, 4});
  Value* t = Apply(g, "permute", {x, Ints({1, 0})});
  Value* s = Apply(g, "slice", {x, Constant(Scalar(1)), Scalar(1), Scalar(3), Scalar(1)});
  Value* y = Apply(g, "exp", {x});
  Value* yt = Apply(g, "permute", {y, Ints({1, 0})});
  g.SetOutputs({x, t, s, yt, x});
  std::vector<Tensor> in = Inputs(g, 4);
  ExpectSameAsEager(g, in, "aliases");
  auto p = Lower(g);
  ASSERT_TRUE(p.ok());
  const auto& b = p->buffers;
  const auto& outs = p->graph_outputs;
  ASSERT_EQ(outs.size(), 5u);
  EXPECT_EQ(outs[0], outs[4]);  // the same value twice: one buffer
  for (int k : {0, 1, 2}) {
    EXPECT_EQ(b[outs[k]].role, Buffer::Role::kAlias) << k;
    EXPECT_EQ(b[b[outs[k]].alias_of].role, Buffer::Role::kInput) << k;
  }
  EXPECT_EQ(b[outs[2]].offset.value(), 1);  // x[:, 1:3] starts at element 1
  EXPECT_EQ(b[outs[3]].role, Buffer::Role::kAlias);
  EXPECT_EQ(b[b[outs[3]].alias_of].role, Buffer::Role::kOutput);  // exp's buffer, returned with it
  auto got = Evaluate(*p, in);
  ASSERT_TRUE(got.ok());
  // Views share the caller's storage, as eager's do.
  EXPECT_EQ((*got)[0].storage(), in[0].storage());
  EXPECT_EQ((*got)[1].storage(), in[0].storage());
  EXPECT_EQ((*got)[2].storage_offset(), in[0].storage_offset() + 1);
}

// An empty diagonal keeps its input's storage offset, as PyTorch's (and
// eager's) diagonal() adds the diagonal's offset only when it has elements.
TEST(LowerViewTest, EmptyDiagonalKeepsTheInputOffset) {
  for (int64_t offset : {5, -4, 1}) {
    Graph g;
    Value* x = In(g, "x", DType::kFloat32, {2, 3});
    Value* d = Apply(g, "diagonal", {x, Constant(Scalar(offset)), Scalar(0), Scalar(1)});
    g.SetOutputs({d});
    ExpectSameAsEager(g, Inputs(g, 3), absl::StrCat("diagonal ", offset));
    auto p = Lower(g);
    ASSERT_TRUE(p.ok());
    const Sym& got = p->buffers[p->graph_outputs[0]].offset;
    ASSERT_TRUE(got.is_const()) << got.ToString();
    // offset 1 of a 2x3 matrix has 2 elements and starts at element 1.
    EXPECT_EQ(got.value(), offset == 1 ? 1 : 0) << "offset " << offset;
  }
}

}  // namespace
}  // namespace tc::codegen_cpu::testing
