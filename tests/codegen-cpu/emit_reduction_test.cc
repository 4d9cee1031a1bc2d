// EmitCpp's reductions and row kernels, against eager's kernels: float sums
// in eager's cascade order (bit for bit over a contiguous row), max/min and
// argmax/argmin with NaN winning, products, integer sums, any/all, and
// softmax as one fused row kernel equal to eager's op-by-op result.
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

#include "tc/codegen_cpu/emit.h"
#include "tc/kernels/eager.h"

#include "emit_batch.h"

namespace tc::codegen_cpu::testing {
namespace {

graph_ir::Constant Dims(int64_t d) { return tensor::Shape{d}; }
graph_ir::Constant Int(int64_t v) { return Scalar(v); }
const graph_ir::Constant kKeep = Scalar(true);

// out[i0, 0] = op over r0 of value(i0, r0), out of `dtype` [rows, 1].
int RowReduction(Batch& b, ReduceOp op, ExprPtr value, DType dtype, DType acc, int64_t rows,
                 int64_t cols) {
  const int out = b.Output(dtype, {rows, 1});
  b.AddNode(out, Reduction{.ranges = {Sym::Const(rows)},
                           .reduction_ranges = {Sym::Const(cols)},
                           .store = {Sym::Var("i0", rows), Sym::Const(0)},
                           .op = op,
                           .value = std::move(value),
                           .accumulate_dtype = acc});
  return out;
}

ExprPtr RowLoad(int buffer, int64_t rows, int64_t cols, DType t, const char* col = "r0") {
  return MakeLoad(buffer, {Sym::Var("i0", rows), Sym::Var(col, cols)}, t);
}

// Regression (found by the differential fuzz, seed 45): Lower gives
// argmax/argmin accumulate_dtype int64 (the index); the emitter cast the
// values to it, so values in (-1, 1) all compared as 0 and the first won.
TEST(EmitReductionTest, ArgMaxComparesValuesNotTheIndexDType) {
  Batch b;
  for (DType t : {DType::kFloat32, DType::kBFloat16, DType::kFloat64}) {
    const Tensor xt = Eager("mul", {RandomTensor({3, 37}, t, 900, /*specials=*/false),
                                    graph_ir::Constant(Scalar(0.2))});
    const int x = b.Input(xt);
    for (auto [op, name] :
         {std::pair{ReduceOp::kArgMax, "argmax"}, {ReduceOp::kArgMin, "argmin"}}) {
      const int out =
          RowReduction(b, op, RowLoad(x, 3, 37, t), DType::kInt64, DType::kInt64, 3, 37);
      b.Expect(absl::StrCat(name, " ", std::string(tensor::DTypeName(t))), out,
               Eager(name, {xt, Int(1), kKeep}));
    }
  }
  b.Run();
}

TEST(EmitReductionTest, RowReductionsMatchEager) {
  Batch b;
  uint64_t seed = 500;
  for (DType t : {DType::kFloat32, DType::kFloat64}) {
    for (int64_t cols : {1, 7, 8, 37, 1000, 4099}) {
      const int64_t rows = 3;
      const std::string tn = absl::StrCat(std::string(tensor::DTypeName(t)), "[3, ", cols, "]");
      const Tensor xt = RandomTensor({rows, cols}, t, seed++);
      const int x = b.Input(xt);
      const ExprPtr v = RowLoad(x, rows, cols, t);
      struct R {
        ReduceOp op;
        const char* eager;
        graph_ir::Constant dim;
        DType out;
      };
      const R kOps[] = {{ReduceOp::kSum, "sum", Dims(1), t},
                        {ReduceOp::kMax, "amax", Dims(1), t},
                        {ReduceOp::kMin, "amin", Dims(1), t},
                        {ReduceOp::kProd, "prod", Int(1), t},
                        {ReduceOp::kArgMax, "argmax", Int(1), DType::kInt64},
                        {ReduceOp::kArgMin, "argmin", Int(1), DType::kInt64}};
      for (const R& r : kOps) {
        const int out = RowReduction(b, r.op, v, r.out, t, rows, cols);
        b.Expect(absl::StrCat(r.eager, " ", tn), out, Eager(r.eager, {xt, r.dim, kKeep}));
      }
      // sum(exp(x)) without specials: the value computed in vectors.
      const Tensor pt = RandomTensor({rows, cols}, t, seed++, /*specials=*/false);
      const int p = b.Input(pt);
      const int out = RowReduction(b, ReduceOp::kSum, MakeOp("exp", {RowLoad(p, rows, cols, t)}, t),
                                   t, t, rows, cols);
      b.Expect(absl::StrCat("sum exp ", tn), out,
               Eager("sum", {Eager("exp", {pt}), Dims(1), kKeep}));
    }
  }
  // int32 sums accumulate in int64 (wrapping); any/all of floats (NaN is true).
  const Tensor it = RandomTensor({4, 300}, DType::kInt32, seed++, true, /*wide=*/true);
  const int i = b.Input(it);
  int out = RowReduction(
      b, ReduceOp::kSum,
      MakeOp("to_dtype", {RowLoad(i, 4, 300, DType::kInt32)}, DType::kInt64, {DType::kInt64}),
      DType::kInt64, DType::kInt64, 4, 300);
  b.Expect("sum int32", out, Eager("sum", {it, Dims(1), kKeep}));
  out = RowReduction(b, ReduceOp::kProd, RowLoad(i, 4, 300, DType::kInt32), DType::kInt32,
                     DType::kInt64, 4, 300);
  b.Expect("prod int32", out,
           Eager("prod", {it, Int(1), kKeep, graph_ir::Constant(DType::kInt32)}));
  const Tensor ft = Eager(
      "where", {RandomTensor({4, 9}, DType::kBool, seed++),
                RandomTensor({4, 9}, DType::kFloat32, seed++), graph_ir::Constant(Scalar(0.0))});
  const int f = b.Input(ft);
  const Tensor nz = Eager("ne", {ft, graph_ir::Constant(Scalar(0.0))});
  for (ReduceOp op : {ReduceOp::kAny, ReduceOp::kAll}) {
    out = RowReduction(b, op, RowLoad(f, 4, 9, DType::kFloat32), DType::kBool, DType::kBool, 4, 9);
    b.Expect(std::string(ReduceOpName(op)), out,
             Eager(op == ReduceOp::kAny ? "amax" : "amin", {nz, Dims(1), kKeep}));
  }
  b.Run();
}

// A column sum (the reduced dim strided, the kept one contiguous) in the
// order of eager's vectorized_outer_sum: columns in whole 8-lane groups
// without the 4-way split, the last 37 % 8 with it: bit for bit.
TEST(EmitReductionTest, ColumnSumMatchesEager) {
  Batch b;
  const int64_t rows = 1000, cols = 37;
  const Tensor xt = Eager("abs", {RandomTensor({rows, cols}, DType::kFloat32, 9, false)});
  const int x = b.Input(xt);
  const int out = b.Output(DType::kFloat32, {1, cols});
  b.AddNode(out, Reduction{.ranges = {Sym::Const(cols)},
                           .reduction_ranges = {Sym::Const(rows)},
                           .store = {Sym::Const(0), Sym::Var("i0", cols)},
                           .op = ReduceOp::kSum,
                           .value = MakeLoad(x, {Sym::Var("r0", rows), Sym::Var("i0", cols)},
                                             DType::kFloat32),
                           .accumulate_dtype = DType::kFloat32});
  b.Expect("column sum", out, Eager("sum", {xt, Dims(0), kKeep}));
  b.Run();
  for (const auto& [label, ulp] : b.ulps)
    std::printf("%s: %lld ulp\n", label.c_str(), (long long)ulp);
}

// softmax over rows as one kernel (max, sum of exp, output per row): equal
// bit for bit to eager's amax, sub, exp, sum, div when the row length is
// a whole number of vectors; within an ulp otherwise (eager's exp takes
// its scalar tail at the end of the whole tensor, the kernel per row).
TEST(EmitReductionTest, SoftmaxRowKernelMatchesEagerOps) {
  for (int64_t cols : {1024, 37}) {
    Batch b;
    const int64_t rows = 5;
    const DType t = DType::kFloat32;
    const Tensor xt = RandomTensor({rows, cols}, t, 42 + cols, /*specials=*/false);
    const int x = b.Input(xt);
    const int m = RowReduction(b, ReduceOp::kMax, RowLoad(x, rows, cols, t), t, t, rows, cols);
    const ExprPtr shifted = MakeOp(
        "exp", {MakeOp("sub", {RowLoad(x, rows, cols, t), MakeReductionResult(0, t)}, t)}, t);
    const int s = RowReduction(b, ReduceOp::kSum, shifted, t, t, rows, cols);
    const int out = b.Output(t, {rows, cols});
    const ExprPtr e = MakeOp(
        "exp", {MakeOp("sub", {RowLoad(x, rows, cols, t, "i1"), MakeReductionResult(0, t)}, t)}, t);
    b.AddNode(out, Pointwise{.ranges = {Sym::Const(rows), Sym::Const(cols)},
                             .store = {Sym::Var("i0", rows), Sym::Var("i1", cols)},
                             .value = MakeOp("div", {e, MakeReductionResult(1, t)}, t)});
    b.program.kernels = {
        Kernel{.name = "softmax", .outer = {Sym::Const(rows)}, .nodes = {0, 1, 2}}};
    const Tensor em = Eager("amax", {xt, Dims(1), kKeep});
    const Tensor ee = Eager("exp", {Eager("sub", {xt, em})});
    const Tensor es = Eager("sum", {ee, Dims(1), kKeep});
    const int64_t ulp = cols % 16 == 0 ? 0 : 2;
    b.Expect("max", m, em);
    b.Expect("sum", s, es, ulp);
    b.Expect("softmax", out, Eager("div", {ee, es}), ulp);
    EmittedSource src = b.Run(/*parallel=*/false, /*schedule=*/false);
    ASSERT_EQ(src.kernels.size(), 1u);
    EXPECT_GT(src.kernels[0].vector_width, 1);
  }
}

// A reduction kernel whose outer ranges are shorter than the node's (the
// remaining output dims loop inside), and an empty max rejected.
TEST(EmitReductionTest, InnerOutputLoopsAndErrors) {
  Batch b;
  const Tensor xt = RandomTensor({6, 11}, DType::kFloat64, 3);
  const int x = b.Input(xt);
  const int out = RowReduction(b, ReduceOp::kSum, RowLoad(x, 6, 11, DType::kFloat64),
                               DType::kFloat64, DType::kFloat64, 6, 11);
  b.program.kernels = {Kernel{.name = "k", .outer = {}, .nodes = {0}}};
  b.Expect("sum", out, Eager("sum", {xt, Dims(1), kKeep}));
  b.Run(false, false);

  Batch empty;
  const int e = empty.Input(Tensor::Empty(tensor::Shape{2, 0}, DType::kFloat32));
  RowReduction(empty, ReduceOp::kMax, RowLoad(e, 2, 0, DType::kFloat32), DType::kFloat32,
               DType::kFloat32, 2, 0);
  ScheduleUnfused(empty.program);
  absl::StatusOr<EmittedSource> src = EmitCpp(empty.program);
  ASSERT_FALSE(src.ok());
  EXPECT_NE(src.status().message().find("empty reduction"), std::string::npos) << src.status();
}

// 0-dim outputs: a pointwise op on a 0-dim input, and sums over every
// element: the reduced dims sorted by stride and merged into one row, as
// eager orders them (a transposed input too): bit for bit.
TEST(EmitReductionTest, ZeroDimOutputsAndWholeTensorSums) {
  Batch b;
  const DType t = DType::kFloat32;
  const Tensor st = RandomTensor({}, t, 5, false);
  const int s = b.Input(st);
  int out = b.Output(t, {});
  b.Pointwise(out, MakeOp("mul", {MakeLoad(s, {}, t), MakeConstant(2.0, t)}, t));
  b.Expect("0-dim mul", out, Eager("mul", {st, Scalar(2.0)}));
  const Tensor xt = Eager("abs", {RandomTensor({50, 70}, t, 6, false)});
  const Tensor xtt = xt.AsStrided(tensor::Shape{70, 50}, tensor::Shape{1, 70}, 0);
  for (const Tensor& in : {xt, xtt}) {
    const int x = b.Input(in);
    const int64_t rows = in.size(0), cols = in.size(1);
    out = b.Output(t, {});
    b.AddNode(out, Reduction{.ranges = {},
                             .reduction_ranges = {Sym::Const(rows), Sym::Const(cols)},
                             .store = {},
                             .op = ReduceOp::kSum,
                             .value = MakeLoad(x, {Sym::Var("r0", rows), Sym::Var("r1", cols)}, t),
                             .accumulate_dtype = t});
    b.Expect(in.is_contiguous() ? "sum all" : "sum all transposed", out, Eager("sum", {in}), 0);
  }
  b.Run();
  for (const auto& [label, ulp] : b.ulps)
    std::printf("%s: %lld ulp\n", label.c_str(), (long long)ulp);
}

}  // namespace
}  // namespace tc::codegen_cpu::testing
