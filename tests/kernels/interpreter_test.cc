// The interpreter runs a parsed graph and agrees with eager calls.
#include "tc/kernels/interpreter.h"

#include <gtest/gtest.h>

#include "tc/graph_ir/graph.h"

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

TEST(InterpreterTest, RunsSmallMlpGraph) {
  graph_ir::Graph g;
  auto x = g.AddInput("x", graph_ir::TensorMeta::Contiguous(DType::kFloat32, Shape{4, 3}));
  auto w = g.AddInput("w", graph_ir::TensorMeta::Contiguous(DType::kFloat32, Shape{3, 2}));
  ASSERT_TRUE(x.ok() && w.ok());
  auto h = g.Apply("mm", {*x, *w});
  ASSERT_TRUE(h.ok()) << h.status();
  auto r = g.Apply("relu", {*h});
  ASSERT_TRUE(r.ok());
  auto s = g.Apply("sum", {*r, Ints({1})});
  ASSERT_TRUE(s.ok()) << s.status();
  g.SetOutputs({*s, *r});
  Tensor xv = Random(Shape{4, 3}, DType::kFloat32, 91);
  Tensor wv = Random(Shape{3, 2}, DType::kFloat32, 92);
  Interpreter interp(g);
  std::vector<Tensor> inputs{xv, wv};
  auto out = interp.Run(inputs);
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ(out->size(), 2u);
  Tensor want_r = Run1("relu", {Run1("mm", {xv, wv})});
  Tensor want_s = Run1("sum", {want_r, Ints({1})});
  EXPECT_EQ(Values((*out)[0]), Values(want_s));
  EXPECT_EQ(Values((*out)[1]), Values(want_r));
}

TEST(InterpreterTest, ChecksInputs) {
  graph_ir::Graph g;
  auto x = g.AddInput("x", graph_ir::TensorMeta::Contiguous(DType::kFloat32, Shape{2}));
  ASSERT_TRUE(x.ok());
  auto y = g.Apply("exp", {*x});
  ASSERT_TRUE(y.ok());
  g.SetOutputs({*y});
  Interpreter interp(g);
  std::vector<Tensor> wrong_dtype{Random(Shape{2}, DType::kFloat64, 1)};
  EXPECT_FALSE(interp.Run(wrong_dtype).ok());
  std::vector<Tensor> wrong_size{Random(Shape{3}, DType::kFloat32, 1)};
  EXPECT_FALSE(interp.Run(wrong_size).ok());
  EXPECT_FALSE(interp.Run({}).ok());
  std::vector<Tensor> ok{Random(Shape{2}, DType::kFloat32, 1)};
  auto out = interp.Run(ok);
  ASSERT_TRUE(out.ok());
  EXPECT_FLOAT_EQ((*out)[0].ElementAsDouble(1), std::exp(ok[0].ElementAsDouble(1)));
}

}  // namespace
}  // namespace tc::kernels::testing
