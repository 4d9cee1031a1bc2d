// Lowering of pointwise ops, checked three ways: every pointwise op of the
// registry on every dtype it takes (and mixed dtypes, weak scalars, 0-dim
// tensors, broadcasting), run by the interpreter and by Lower + Evaluate,
// bit for bit.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

#include "tc/graph_ir/op.h"

#include "lower_eval_util.h"

namespace tc::codegen_cpu::testing {
namespace {

using graph_ir::Arg;
using graph_ir::ArgType;
using graph_ir::Constant;
using graph_ir::OpDef;

// Extra (non-tensor) arguments worth trying for an op beyond its defaults.
std::vector<std::vector<Constant>> AttrVariants(const OpDef& op) {
  const std::string& n = op.name;
  if (n == "clamp") {
    return {
        {Scalar(-1), Scalar(2)}, {Scalar(0.5), graph_ir::None{}}, {graph_ir::None{}, Scalar(1)}};
  }
  if (n == "div") return {{graph_ir::None{}}, {std::string("trunc")}, {std::string("floor")}};
  if (n == "gelu") return {{std::string("none")}, {std::string("tanh")}};
  if (n == "round") return {{Scalar(0)}, {Scalar(2)}};
  if (n == "add" || n == "sub") return {{Scalar(1)}, {Scalar(2)}};
  if (n == "addcmul" || n == "addcdiv") return {{Scalar(1)}, {Scalar(0.5)}};
  if (n == "logit") return {{graph_ir::None{}}, {Scalar(0.25)}};
  if (n == "nan_to_num") {
    return {{graph_ir::None{}, graph_ir::None{}, graph_ir::None{}},
            {Scalar(1.5), Scalar(100), Scalar(-100)}};
  }
  if (n == "clone") {
    return {{std::string("preserve")}, {std::string("contiguous")}};
  }
  return {{}};
}

int NumOperands(const OpDef& op) {
  int n = 0;
  while (n < static_cast<int>(op.args.size()) &&
         (op.args[n].type == ArgType::kTensor || op.args[n].type == ArgType::kTensorOrScalar)) {
    ++n;
  }
  return n;
}

// Builds op(operands..., attrs...) on inputs of `dtypes` (x: [4, 7]
// transposed storage, later operands [7] to broadcast); false when the op
// rejects these dtypes.
bool BuildOp(Graph& g, const OpDef& op, const std::vector<DType>& dtypes,
             const std::vector<Constant>& attrs, bool scalar_last) {
  std::vector<Arg> args;
  for (size_t i = 0; i < dtypes.size(); ++i) {
    const bool last = i + 1 == dtypes.size() && i > 0;
    if (last && scalar_last) {
      args.emplace_back(Constant(tensor::IsFloatingPoint(dtypes[i]) ? Scalar(1.5) : Scalar(3)));
      continue;
    }
    DType d = dtypes[i];
    if (op.name == "where" && i == 0) d = DType::kBool;
    Shape sizes = i == 0 ? Shape{4, 7} : Shape{7};
    Shape strides = i == 0 ? Shape{1, 4} : Shape{};
    args.emplace_back(In(g, absl::StrCat("x", i), d, sizes, strides));
  }
  for (const Constant& c : attrs) args.emplace_back(c);
  auto v = g.Apply(op.name, args);
  if (!v.ok()) return false;
  g.SetOutputs({*v});
  return true;
}

TEST(LowerPointwiseTest, EveryPointwiseOpEveryDtypeMatchesEager) {
  int checked = 0;
  for (const OpDef* op : graph_ir::AllOps()) {
    if (op->category != graph_ir::OpCategory::kPointwise || op->name == "to_dtype") continue;
    const int operands = NumOperands(*op);
    for (const std::vector<Constant>& attrs : AttrVariants(*op)) {
      for (DType d : kAllDTypes) {
        for (bool scalar : {false, true}) {
          if (scalar && op->args[operands - 1].type != ArgType::kTensorOrScalar) continue;
          Graph g;
          std::vector<DType> dtypes(operands, d);
          if (!BuildOp(g, *op, dtypes, attrs, scalar)) continue;
          std::string label = absl::StrCat(op->name, " ", Name(d), scalar ? " scalar" : "");
          // A floating op on an integer input: eager's kernel converts the
          // (transposed) input to a contiguous float copy, so its output
          // and input layouts differ and it takes its scalar libm path; the
          // IR casts in place and the float kernel takes its SIMD path.
          const bool converted =
              !tensor::IsFloatingPoint(d) && tensor::IsFloatingPoint(g.outputs()[0]->meta().dtype);
          ExpectSameAsEager(g, Inputs(g, 7), label, converted ? 4 : 0,
                            "eager's scalar path on a converted non-contiguous integer input");
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 300);
}

TEST(LowerPointwiseTest, MixedDtypesPromoteAsEager) {
  int checked = 0;
  for (const char* name : {"add", "mul", "div", "eq", "lt", "maximum", "remainder", "floor_divide",
                           "pow", "logical_and", "bitwise_or", "atan2", "where"}) {
    const OpDef* op = graph_ir::FindOp(name);
    ASSERT_NE(op, nullptr);
    for (DType a : kAllDTypes) {
      for (DType b : kAllDTypes) {
        Graph g;
        std::vector<DType> dtypes = {a, b};
        if (op->name == "where") dtypes = {DType::kBool, a, b};
        if (!BuildOp(g, *op, dtypes, {}, false)) continue;
        ExpectSameAsEager(g, Inputs(g, 11), absl::StrCat(name, " ", Name(a), " ", Name(b)));
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 500);
}

TEST(LowerPointwiseTest, CastsBetweenEveryPairOfDtypes) {
  for (DType from : kAllDTypes) {
    for (DType to : kAllDTypes) {
      Graph g;
      Value* x = In(g, "x", from, {5, 3});
      auto y = g.Apply("to_dtype", {x, Constant(to)});
      ASSERT_TRUE(y.ok()) << y.status();
      g.SetOutputs({*y});
      ExpectSameAsEager(g, Inputs(g, 3), absl::StrCat(Name(from), " -> ", Name(to)));
    }
  }
}

TEST(LowerPointwiseTest, ZeroDimTensorsAndWeakScalars) {
  for (DType d : {DType::kInt32, DType::kFloat16, DType::kFloat32}) {
    for (DType z : {DType::kInt64, DType::kFloat64, DType::kBFloat16}) {
      Graph g;
      Value* x = In(g, "x", d, {6});
      Value* s = In(g, "s", z, {});
      auto a = g.Apply("add", {x, s});
      ASSERT_TRUE(a.ok()) << a.status();
      auto b = g.Apply("mul", {*a, Constant(Scalar(2.5))});
      ASSERT_TRUE(b.ok());
      auto c = g.Apply("gt", {*b, Constant(Scalar(1))});
      ASSERT_TRUE(c.ok());
      g.SetOutputs({*b, *c});
      ExpectSameAsEager(g, Inputs(g, 5), absl::StrCat(Name(d), " + 0-dim ", Name(z)));
    }
  }
}

TEST(LowerPointwiseTest, IntegerFloorDivideAndRemainderWithNegativeOperands) {
  for (DType d : {DType::kInt8, DType::kInt32, DType::kInt64}) {
    Graph g;
    Value* x = In(g, "x", d, {9});
    Value* y = In(g, "y", d, {9});
    auto q = g.Apply("floor_divide", {x, y});
    auto r = g.Apply("remainder", {x, y});
    auto t = g.Apply("div", {x, y, Constant(std::string("trunc"))});
    ASSERT_TRUE(q.ok() && r.ok() && t.ok());
    g.SetOutputs({*q, *r, *t});
    std::vector<Tensor> in = Inputs(g, 1);
    const double xs[] = {-7, 7, -7, 7, 0, -1, 5, -128, 6};
    const double ys[] = {2, -2, -2, 2, 3, 4, -1, 3, 7};
    for (int i = 0; i < 9; ++i) {
      SetElement(in[0], i, xs[i]);
      SetElement(in[1], i, ys[i]);
    }
    std::string text = ExpectSameAsEager(g, in, Name(d));
    // -7 // 2 == -4 and -7 % 2 == 1, as Python.
    auto got = Evaluate(*Lower(g), in);
    ASSERT_TRUE(got.ok());
    EXPECT_EQ((*got)[0].ElementAsDouble(0), -4);
    EXPECT_EQ((*got)[1].ElementAsDouble(0), 1);
    EXPECT_EQ((*got)[1].ElementAsDouble(1), -1);
    EXPECT_EQ((*got)[2].ElementAsDouble(0), -3);
  }
}

TEST(LowerPointwiseTest, IntegerDivisionByZeroFailsAsEager) {
  Graph g;
  Value* x = In(g, "x", DType::kInt32, {3});
  Value* y = In(g, "y", DType::kInt32, {3});
  auto q = g.Apply("floor_divide", {x, y});
  ASSERT_TRUE(q.ok());
  g.SetOutputs({*q});
  std::vector<Tensor> in = {Tensor::Full(Shape{3}, Scalar(4), DType::kInt32),
                            Tensor::Zeros(Shape{3}, DType::kInt32)};
  ExpectSameAsEager(g, in, "x // 0");
  auto got = Evaluate(*Lower(g), in);
  EXPECT_FALSE(got.ok());
}

TEST(LowerPointwiseTest, SizesZeroOneOddAndLarge) {
  for (Shape sizes : {Shape{0}, Shape{1}, Shape{3, 0, 2}, Shape{1, 1}, Shape{7, 13}, Shape{3, 1},
                      Shape{(1 << 17) + 3}}) {
    for (DType d : {DType::kFloat32, DType::kInt64, DType::kBFloat16}) {
      Graph g;
      Value* x = In(g, "x", d, sizes);
      auto e = g.Apply(tensor::IsFloatingPoint(d) ? "exp" : "neg", {x});
      ASSERT_TRUE(e.ok());
      auto s = g.Apply("sub", {*e, x, Constant(Scalar(2))});
      ASSERT_TRUE(s.ok());
      g.SetOutputs({*s});
      ExpectSameAsEager(g, Inputs(g, 2), absl::StrCat(tensor::ShapeToString(sizes), Name(d)));
    }
  }
}

TEST(LowerPointwiseTest, OneNodePerOpNoFusion) {
  Graph g;
  Value* x = In(g, "x", DType::kFloat32, {4});
  auto a = g.Apply("exp", {x});
  auto b = g.Apply("add", {*a, Constant(Scalar(1))});
  g.SetOutputs({*b});
  auto p = Lower(g);
  ASSERT_TRUE(p.ok());
  ASSERT_EQ(p->nodes.size(), 2u);
  EXPECT_EQ(p->ToString(),
            "buffers:\n"
            "  in0: float32[4] strides [1] input 0\n"
            "  buf0: float32[4] strides [1] intermediate\n"
            "  out0: float32[4] strides [1] output\n"
            "nodes:\n"
            "  node0: buf0[i0] = pointwise for i0 < 4: exp(in0[i0])\n"
            "  node1: out0[i0] = pointwise for i0 < 4: add(buf0[i0], 1:float32, 1)\n"
            "outputs: out0\n");
}

TEST(LowerPointwiseTest, TypePromotionIsExplicitCasts) {
  Graph g;
  Value* x = In(g, "x", DType::kInt32, {4});
  Value* y = In(g, "y", DType::kFloat16, {4});
  auto a = g.Apply("add", {x, y});
  auto c = g.Apply("lt", {x, Constant(Scalar(2.5))});
  g.SetOutputs({*a, *c});
  auto p = Lower(g);
  ASSERT_TRUE(p.ok());
  std::string text = p->ToString();
  EXPECT_NE(text.find("add(to_dtype(in0[i0], float16):float16, in1[i0], 1)"), std::string::npos)
      << text;
  // The comparison computes in float32 (int tensor vs float scalar), gives bool.
  EXPECT_NE(text.find("lt(to_dtype(in0[i0], float32):float32, 2.5:float32):bool"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace tc::codegen_cpu::testing
