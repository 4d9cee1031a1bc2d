// Lowering of reductions, creation ops and externs, checked against eager
// bit for bit; the cases where the IR's evaluation order cannot be eager's
// are printed with the error they need (none is expected today).
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

#include "tc/tensor/cpu_generator.h"

#include "lower_eval_util.h"

namespace tc::codegen_cpu::testing {
namespace {

using graph_ir::Constant;

TEST(LowerReduceTest, EveryReductionDimsKeepdimAndDtype) {
  struct Layout {
    Shape sizes, strides;
  };
  const Layout layouts[] = {
      {{5, 7}, {}},   {{5, 7}, {1, 5}}, {{3, 4, 6}, {}}, {{3, 4, 6}, {1, 3, 12}},
      {{2, 300}, {}}, {{0, 3}, {}},     {{1, 9}, {}},    {{}, {}}};
  int checked = 0;
  for (const Layout& layout : layouts) {
    const int64_t rank = static_cast<int64_t>(layout.sizes.size());
    std::vector<Constant> dim_lists = {Constant(graph_ir::None{})};
    for (int64_t d = 0; d < rank; ++d) dim_lists.push_back(Ints({d}));
    if (rank >= 2) dim_lists.push_back(Ints({0, rank - 1}));
    for (DType d : kAllDTypes) {
      for (const char* op : {"sum", "mean", "prod", "amax", "amin", "argmax", "argmin"}) {
        const bool list = std::string(op) == "sum" || std::string(op) == "mean" ||
                          std::string(op) == "amax" || std::string(op) == "amin";
        for (const Constant& dims : dim_lists) {
          const Shape* s = std::get_if<Shape>(&dims);
          if (!list && s != nullptr && s->size() != 1) continue;
          Constant dim = dims;
          if (!list && s != nullptr) dim = Scalar((*s)[0]);
          if (std::string(op).starts_with("am") && s == nullptr) dim = EmptyInts();
          for (bool keepdim : {false, true}) {
            Graph g;
            Value* x = In(g, "x", d, layout.sizes, layout.strides);
            std::vector<graph_ir::Arg> args = {x, dim, Constant(Scalar(keepdim))};
            auto v = g.Apply(op, args);
            if (!v.ok()) continue;
            g.SetOutputs({*v});
            ExpectSameAsEager(
                g, Inputs(g, 21),
                absl::StrCat(op, " ", Name(d), tensor::ShapeToString(layout.sizes),
                             tensor::ShapeToString(layout.strides), " dims ",
                             graph_ir::ConstantToString(dim), keepdim ? " keep" : ""));
            ++checked;
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 500);
}

TEST(LowerReduceTest, SumDtypeArgumentAndIntegerSums) {
  for (DType in : {DType::kBool, DType::kInt8, DType::kInt32, DType::kFloat16, DType::kFloat32}) {
    for (Constant dtype : {Constant(graph_ir::None{}), Constant(DType::kFloat64),
                           Constant(DType::kInt64), Constant(DType::kFloat32)}) {
      Graph g;
      Value* x = In(g, "x", in, {6, 33});
      auto v = g.Apply("sum", {x, Ints({1}), Constant(Scalar(false)), dtype});
      if (!v.ok()) continue;
      g.SetOutputs({*v});
      ExpectSameAsEager(
          g, Inputs(g, 3),
          absl::StrCat("sum ", Name(in), " dtype=", graph_ir::ConstantToString(dtype)));
    }
  }
}

TEST(LowerReduceTest, ReductionIsOneNodeWithKeepdimInTheStoreIndex) {
  Graph g;
  Value* x = In(g, "x", DType::kFloat32, {4, 8});
  g.SetOutputs({Apply(g, "amax", {x, Ints({1}), Constant(Scalar(true))})});
  auto p = Lower(g);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->ToString(),
            "buffers:\n"
            "  in0: float32[4, 8] strides [8, 1] input 0\n"
            "  out0: float32[4, 1] strides [1, 1] output\n"
            "nodes:\n"
            "  node0: out0[i0, 0] = max<float32> for i0 < 4 over r0 < 8: in0[i0, r0]\n"
            "outputs: out0\n");
}

TEST(LowerReduceTest, ReductionOfAPointwiseOfAView) {
  for (DType d : {DType::kFloat32, DType::kFloat16, DType::kFloat64}) {
    Graph g;
    Value* x = In(g, "x", d, {16, 40});
    Value* t = Apply(g, "permute", {x, Ints({1, 0})});
    Value* e = Apply(g, "exp", {t});
    Value* s = Apply(g, "sum", {e, Ints({1}), Constant(Scalar(true))});
    Value* m = Apply(g, "mean", {e, Ints({0})});
    Value* y = Apply(g, "div", {e, s});
    g.SetOutputs({y, m});
    ExpectSameAsEager(g, Inputs(g, 8, false), absl::StrCat("softmax-like ", Name(d)));
  }
}

TEST(LowerReduceTest, CreationOpsComputeAsEagersKernels) {
  struct Case {
    Scalar start, end, step;
  };
  const Case cases[] = {
      {Scalar(0), Scalar(10), Scalar(1)},      {Scalar(-3), Scalar(40), Scalar(3)},
      {Scalar(0.5), Scalar(9.1), Scalar(0.3)}, {Scalar(1), Scalar(-5.5), Scalar(-0.7)},
      {Scalar(0), Scalar(1000), Scalar(1)},    {Scalar(0.1), Scalar(3000.0), Scalar(0.37)}};
  for (const Case& c : cases) {
    for (Constant dtype :
         {Constant(graph_ir::None{}), Constant(DType::kFloat32), Constant(DType::kFloat64),
          Constant(DType::kFloat16), Constant(DType::kBFloat16), Constant(DType::kInt32)}) {
      Graph g;
      auto a = g.Apply("arange", {Constant(c.start), Constant(c.end), Constant(c.step), dtype});
      if (!a.ok()) continue;
      g.SetOutputs({*a});
      ExpectSameAsEager(g, {},
                        absl::StrCat("arange ", c.start.ToString(), " ", c.end.ToString(), " ",
                                     c.step.ToString(), " ", graph_ir::ConstantToString(dtype)));
    }
  }
  for (DType d : kAllDTypes) {
    for (Scalar v : {Scalar(2.75), Scalar(-3), Scalar(true)}) {
      Graph g;
      auto f = g.Apply("full", {Ints({3, 2}), Constant(v), Constant(d)});
      if (!f.ok()) continue;
      g.SetOutputs({*f});
      ExpectSameAsEager(g, {}, absl::StrCat("full ", v.ToString(), " ", Name(d)));
    }
  }
}

TEST(LowerReduceTest, ExternsReadViewsAsEagerPassesThem) {
  Graph g;
  const std::vector<Value*> in = {In(g, "a", DType::kFloat32, {5, 3}),
                                  In(g, "b", DType::kFloat32, {5, 4})};
  // mm(a.t(), b): eager hands OpenBLAS the transposed view.
  Value* at = Apply(g, "permute", {in[0], Ints({1, 0})});
  Value* mm = Apply(g, "mm", {at, in[1]});
  Value* c = Apply(g, "cat", {std::vector<Value*>{mm, at}, Constant(Scalar(1))});
  auto sorted =
      g.AddNode("sort", {c, Constant(Scalar(-1)), Constant(Scalar(true)), Constant(Scalar(false))});
  ASSERT_TRUE(sorted.ok()) << sorted.status();
  Value* r = Apply(g, "relu", {(*sorted)->output(0)});
  g.SetOutputs({r, (*sorted)->output(1)});
  std::string text = ExpectSameAsEager(g, Inputs(g, 2, false), "mm cat sort");
  // The transposed view reaches mm as a view (an alias), not a copy.
  EXPECT_NE(text.find("extern mm(view0, in1)"), std::string::npos) << text;
}

TEST(LowerReduceTest, LargeSumsAndAranges) {
  // Long rows and columns: the cascade's blocks and the pool's splits.
  for (Shape sizes : {Shape{3, 70001}, Shape{70001, 3}}) {
    for (int64_t dim : {0, 1}) {
      Graph g;
      Value* x = In(g, "x", DType::kFloat32, sizes);
      Value* s = Apply(g, "sum", {x, Ints({dim})});
      Value* m = Apply(g, "mean", {x, Ints({dim}), Constant(Scalar(true))});
      g.SetOutputs({s, m});
      ExpectSameAsEager(g, Inputs(g, 5, false),
                        absl::StrCat("sum ", tensor::ShapeToString(sizes), " dim ", dim));
    }
  }
  // Past one parallel chunk, float32 arange depends on the thread count:
  // an extern.
  Graph g;
  Value* a = Apply(g, "arange",
                   {Constant(Scalar(0.25)), Constant(Scalar(40000.5)), Constant(Scalar(1.0)),
                    Constant(DType::kFloat32)});
  g.SetOutputs({a});
  std::string text = ExpectSameAsEager(g, {}, "arange 40001");
  EXPECT_NE(text.find("extern arange"), std::string::npos) << text;
}

TEST(LowerReduceTest, CompositeOpsLeftInTheGraphRunAsExterns) {
  Graph g;
  Value* x = In(g, "x", DType::kFloat32, {4, 9});
  Value* t = Apply(g, "transpose", {x, Constant(Scalar(0)), Constant(Scalar(1))});
  Value* s = Apply(g, "softmax", {t, Constant(Scalar(-1))});
  Value* y = Apply(g, "add", {s, Constant(Scalar(1))});
  g.SetOutputs({y});
  std::string text = ExpectSameAsEager(g, Inputs(g, 6, false), "transpose softmax");
  EXPECT_NE(text.find("extern transpose(in0"), std::string::npos) << text;
  EXPECT_NE(text.find("extern softmax(buf0"), std::string::npos) << text;
}

TEST(LowerReduceTest, NonCpuInputsAreInvalidArgument) {
  Graph g;
  TensorMeta meta = TensorMeta::Contiguous(DType::kFloat32, Shape{3}, tensor::Device::CUDA(0));
  auto x = g.AddInput("x", meta);
  ASSERT_TRUE(x.ok()) << x.status();
  g.SetOutputs({*x});
  auto p = Lower(g);
  EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(p.status().message().find("not on the cpu"), std::string::npos) << p.status();
}

TEST(LowerReduceTest, RandomOpsDrawWhatEagerDraws) {
  Graph g;
  Value* x = In(g, "x", DType::kFloat32, {4, 5});
  Value* r = Apply(g, "rand", {Ints({4, 5})});
  Value* y = Apply(g, "add", {x, r});
  g.SetOutputs({y});
  std::vector<Tensor> in = Inputs(g, 1);
  tensor::CpuGenerator gen1(1234), gen2(1234);
  kernels::Interpreter interpreter(g);
  absl::StatusOr<std::vector<Tensor>> want, got;
  {
    tensor::ScopedCpuGenerator scope(&gen1);
    want = interpreter.Run(in);
  }
  auto p = Lower(g);
  ASSERT_TRUE(p.ok());
  {
    tensor::ScopedCpuGenerator scope(&gen2);
    got = Evaluate(*p, in);
  }
  ASSERT_TRUE(want.ok() && got.ok());
  EXPECT_EQ(Differences((*want)[0], (*got)[0]), "");
}

}  // namespace
}  // namespace tc::codegen_cpu::testing
