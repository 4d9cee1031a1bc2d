// EmitCpp's scalar code for every dtype and op, against eager's kernels:
// bit for bit (integers, bools, and floats computed as eager computes
// them, the 16-bit floats in float32 rounded after every op).
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

#include "tc/codegen_cpu/emit.h"
#include "tc/kernels/eager.h"

#include "emit_batch.h"

namespace tc::codegen_cpu::testing {
namespace {

constexpr DType kAll[] = {DType::kBool,    DType::kUInt8,  DType::kInt8,    DType::kInt16,
                          DType::kInt32,   DType::kInt64,  DType::kFloat16, DType::kBFloat16,
                          DType::kFloat32, DType::kFloat64};

bool IsFloat(DType t) { return tensor::IsFloatingPoint(t); }

// Adds out = op(loads of the inputs) with eager's result dtype and checks it.
void Case(Batch& b, const std::string& label, const std::string& op,
          const std::vector<std::pair<int, Tensor>>& inputs, std::vector<graph_ir::Constant> attrs,
          int64_t max_ulp = 0) {
  std::vector<kernels::KernelArg> args;
  std::vector<ExprPtr> loads;
  for (const auto& [buf, t] : inputs) {
    args.push_back(t);
    loads.push_back(b.LoadAll(buf));
  }
  for (const auto& a : attrs) args.push_back(a);
  Tensor want = Eager(op, args);
  if (!want.defined()) return;
  std::vector<int64_t> sizes(want.sizes().begin(), want.sizes().end());
  const int out = b.Output(want.dtype(), sizes);
  b.Pointwise(out, MakeOp(op, loads, want.dtype(), attrs));
  b.Expect(label, out, want, max_ulp);
}

// Every op the lowering can produce, over every dtype it accepts, at a
// shape with a tail ([3, 37]): equal to eager's kernels.
TEST(EmitDTypeTest, EveryOpEveryDTypeMatchesEager) {
  Batch b;
  const std::vector<int64_t> shape = {3, 37};
  uint64_t seed = 100;
  const Tensor cond = RandomTensor(shape, DType::kBool, seed++);
  const int c = b.Input(cond);
  for (DType t : kAll) {
    const std::string tn(tensor::DTypeName(t));
    const Tensor xt = RandomTensor(shape, t, seed++), yt = RandomTensor(shape, t, seed++);
    const int x = b.Input(xt), y = b.Input(yt);
    const std::vector<std::pair<int, Tensor>> X = {{x, xt}}, XY = {{x, xt}, {y, yt}};
    for (const char* op : {"add", "mul", "maximum", "minimum", "eq", "ne", "lt", "le", "gt", "ge",
                           "logical_and", "logical_or", "logical_xor"}) {
      Case(b, absl::StrCat(op, " ", tn), op, XY, {});
    }
    for (const char* op : {"sign", "logical_not", "clone"}) {
      Case(b, absl::StrCat(op, " ", tn), op, X, {});
    }
    if (t != DType::kBool) {
      Case(b, absl::StrCat("sub ", tn), "sub", XY, {});
      Case(b, absl::StrCat("add alpha ", tn), "add", XY, {Scalar(int64_t{3})});
      Case(b, absl::StrCat("neg ", tn), "neg", X, {});
      Case(b, absl::StrCat("abs ", tn), "abs", X, {});
      Case(b, absl::StrCat("relu ", tn), "relu", X, {});
      Case(b, absl::StrCat("clamp ", tn), "clamp", X, {Scalar(int64_t{-2}), Scalar(int64_t{4})});
      Case(b, absl::StrCat("floor ", tn), "floor", X, {});
    }
    if (!IsFloat(t)) {
      for (const char* op : {"bitwise_and", "bitwise_or", "bitwise_xor"}) {
        Case(b, absl::StrCat(op, " ", tn), op, XY, {});
      }
      if (t != DType::kBool) Case(b, absl::StrCat("bitwise_not ", tn), "bitwise_not", X, {});
    }
    // where(cond, x, y) in every dtype.
    {
      Tensor want = Eager("where", {cond, xt, yt});
      const int out = b.Output(t, shape);
      b.Pointwise(out, MakeOp("where", {b.LoadAll(c), b.LoadAll(x), b.LoadAll(y)}, t));
      b.Expect(absl::StrCat("where ", tn), out, want);
    }
    // Casts to every dtype (float -> int truncates, -> bool is != 0).
    for (DType to : kAll) {
      Tensor want = Eager("to_dtype", {xt, graph_ir::Constant(to)});
      const int out = b.Output(to, shape);
      b.Pointwise(out, MakeOp("to_dtype", {b.LoadAll(x)}, to, {graph_ir::Constant(to)}));
      b.Expect(absl::StrCat("to_dtype ", tn, "->", std::string(tensor::DTypeName(to))), out, want);
    }
    if (t == DType::kBool) continue;
    // Python-signed division and modulo; divisors without zeros (ints).
    Tensor dt = RandomTensor(shape, t, seed++);
    if (!IsFloat(t)) {
      dt = Eager("where", {Eager("eq", {dt, graph_ir::Constant(Scalar(int64_t{0}))}),
                           graph_ir::Constant(Scalar(int64_t{3})), dt});
    }
    const int dv = b.Input(dt);
    const std::vector<std::pair<int, Tensor>> XD = {{x, xt}, {dv, dt}};
    Case(b, absl::StrCat("floor_divide ", tn), "floor_divide", XD, {});
    Case(b, absl::StrCat("remainder ", tn), "remainder", XD, {});
    Case(b, absl::StrCat("div trunc ", tn), "div", XD, {std::string("trunc")});
    Case(b, absl::StrCat("div floor ", tn), "div", XD, {std::string("floor")});
    if (!IsFloat(t)) {
      const Tensor et = Eager("remainder", {yt, graph_ir::Constant(Scalar(int64_t{5}))});
      const int e = b.Input(et);
      Case(b, absl::StrCat("pow ", tn), "pow", {{x, xt}, {e, et}}, {});
      continue;
    }
    for (const char* op : {"div", "pow", "atan2", "hypot"}) {
      Case(b, absl::StrCat(op, " ", tn), op, XY, {});
    }
    for (const char* op :
         {"exp",  "log",   "log1p", "expm1",   "sqrt",     "rsqrt",      "sin",
          "cos",  "tan",   "tanh",  "sigmoid", "erf",      "silu",       "gelu",
          "ceil", "round", "isnan", "isinf",   "isfinite", "nan_to_num", "logit"}) {
      Case(b, absl::StrCat(op, " ", tn), op, X, {});
    }
    Case(b, absl::StrCat("gelu tanh ", tn), "gelu", X, {std::string("tanh")});
    Case(b, absl::StrCat("round 2 ", tn), "round", X, {Scalar(int64_t{2})});
    Case(b, absl::StrCat("logit eps ", tn), "logit", X, {Scalar(0.25)});
    Case(b, absl::StrCat("nan_to_num values ", tn), "nan_to_num", X,
         {Scalar(1.5), Scalar(1e39), graph_ir::None{}});
    Case(b, absl::StrCat("lerp ", tn), "lerp", {{x, xt}, {y, yt}, {dv, dt}}, {});
    Case(b, absl::StrCat("addcmul ", tn), "addcmul", {{x, xt}, {y, yt}, {dv, dt}}, {Scalar(0.5)});
    Case(b, absl::StrCat("addcdiv ", tn), "addcdiv", {{x, xt}, {y, yt}, {dv, dt}}, {Scalar(2.0)});
  }
  b.Run();
}

// Integer division by zero: eager fails with ZeroDivisionError; the
// kernel reports it through the runtime's error flag.
TEST(EmitDTypeTest, IntegerDivisionByZeroIsReported) {
  Batch b;
  const Tensor xt = RandomTensor({5}, DType::kInt32, 7);
  const Tensor zt = Tensor::Zeros(tensor::Shape{5}, DType::kInt32);
  EXPECT_FALSE(kernels::Call1("floor_divide", {xt, zt}).ok());
  const int x = b.Input(xt), z = b.Input(zt);
  const int out = b.Output(DType::kInt32, {5});
  b.Pointwise(out, MakeOp("remainder", {b.LoadAll(x), b.LoadAll(z)}, DType::kInt32));
  b.Run();
  EXPECT_EQ(b.error, 1);
  Batch ok;
  const Tensor ot = Tensor::Full(tensor::Shape{5}, Scalar(int64_t{2}), DType::kInt32);
  const int x2 = ok.Input(xt), o = ok.Input(ot);
  const int out2 = ok.Output(DType::kInt32, {5});
  ok.Pointwise(out2, MakeOp("remainder", {ok.LoadAll(x2), ok.LoadAll(o)}, DType::kInt32));
  ok.Expect("remainder", out2, *kernels::Call1("remainder", {xt, ot}));
  ok.Run();
  EXPECT_EQ(ok.error, 0);
}

}  // namespace
}  // namespace tc::codegen_cpu::testing
