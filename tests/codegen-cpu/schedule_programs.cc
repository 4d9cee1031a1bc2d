// Test-only Programs for the scheduler (schedule_programs.h).
#include "schedule_programs.h"

#include "program_builder.h"

namespace tc::codegen_cpu::testing {
namespace {

const std::vector<int64_t> kRows = {4, 8};
const Sym kZero = Sym::Const(0);

}  // namespace

Program PointwiseChain() {
  ProgramBuilder b;
  int x = b.Input(kRows);
  int a = b.Pointwise(kRows, [&](const Index& i) { return Add(b.Load(x, i), C(1)); });
  int m = b.Pointwise(kRows, [&](const Index& i) { return Mul(b.Load(a, i), C(2)); });
  int r = b.Pointwise(kRows, [&](const Index& i) { return Unary("relu", b.Load(m, i)); });
  int s = b.Pointwise(kRows, [&](const Index& i) { return Sub(b.Load(r, i), b.Load(x, i)); });
  b.Pointwise(
      kRows, [&](const Index& i) { return Unary("neg", b.Load(s, i)); }, true);
  return b.Build();
}

namespace {

// The shared softmax prologue: amax, x - max, exp, sum; returns {shifted, exp, sum}.
struct SoftmaxParts {
  int x, shifted, exp, sum;
};
SoftmaxParts SoftmaxPrologue(ProgramBuilder& b) {
  SoftmaxParts p;
  p.x = b.Input(kRows);
  int mx = b.RowReduce(kRows, 1, ReduceOp::kMax, [&](const Index& i, const Index& r) {
    return b.Load(p.x, {i[0], r[0]});
  });
  p.shifted = b.Pointwise(kRows, [&](const Index& i) {
    return Sub(b.Load(p.x, i), b.Load(mx, {i[0], kZero}));
  });
  p.exp = b.Pointwise(kRows, [&](const Index& i) { return Unary("exp", b.Load(p.shifted, i)); });
  p.sum = b.RowReduce(kRows, 1, ReduceOp::kSum, [&](const Index& i, const Index& r) {
    return b.Load(p.exp, {i[0], r[0]});
  });
  return p;
}

}  // namespace

Program SoftmaxProgram() {
  ProgramBuilder b;
  SoftmaxParts p = SoftmaxPrologue(b);
  b.Pointwise(
      kRows,
      [&](const Index& i) {
        return Div(b.Load(p.exp, i), b.Load(p.sum, {i[0], kZero}));
      },
      true);
  return b.Build();
}

Program LogSoftmaxProgram() {
  ProgramBuilder b;
  SoftmaxParts p = SoftmaxPrologue(b);
  int lse = b.Pointwise({4, 1}, [&](const Index& i) { return Unary("log", b.Load(p.sum, i)); });
  b.Pointwise(
      kRows,
      [&](const Index& i) {
        return Sub(b.Load(p.shifted, i), b.Load(lse, {i[0], kZero}));
      },
      true);
  return b.Build();
}

Program LayerNormProgram() {
  ProgramBuilder b;
  int x = b.Input(kRows), w = b.Input({8}), bias = b.Input({8});
  auto row = [&](int buf, const Index& i) { return b.Load(buf, {i[0], kZero}); };
  int s1 = b.RowReduce(kRows, 1, ReduceOp::kSum, [&](const Index& i, const Index& r) {
    return b.Load(x, {i[0], r[0]});
  });
  int mean = b.Pointwise({4, 1}, [&](const Index& i) { return Div(b.Load(s1, i), C(8)); });
  int dev = b.Pointwise(kRows, [&](const Index& i) { return Sub(b.Load(x, i), row(mean, i)); });
  int sq = b.Pointwise(kRows, [&](const Index& i) { return Mul(b.Load(dev, i), b.Load(dev, i)); });
  int s2 = b.RowReduce(kRows, 1, ReduceOp::kSum, [&](const Index& i, const Index& r) {
    return b.Load(sq, {i[0], r[0]});
  });
  int var = b.Pointwise({4, 1}, [&](const Index& i) { return Div(b.Load(s2, i), C(8)); });
  int centered =
      b.Pointwise(kRows, [&](const Index& i) { return Sub(b.Load(x, i), row(mean, i)); });
  int var_eps = b.Pointwise({4, 1}, [&](const Index& i) { return Add(b.Load(var, i), C(1e-5)); });
  int rstd =
      b.Pointwise({4, 1}, [&](const Index& i) { return Unary("rsqrt", b.Load(var_eps, i)); });
  int y =
      b.Pointwise(kRows, [&](const Index& i) { return Mul(b.Load(centered, i), row(rstd, i)); });
  int yw = b.Pointwise(kRows, [&](const Index& i) { return Mul(b.Load(y, i), b.Load(w, {i[1]})); });
  b.Pointwise(
      kRows, [&](const Index& i) { return Add(b.Load(yw, i), b.Load(bias, {i[1]})); }, true);
  return b.Build();
}

Program RmsNormProgram() {
  ProgramBuilder b;
  int x = b.Input(kRows), w = b.Input({8});
  int up = b.Pointwise(kRows, [&](const Index& i) {
    return MakeOp("to_dtype", {b.Load(x, i)}, DType::kFloat32, {DType::kFloat32});
  });
  int sq = b.Pointwise(kRows, [&](const Index& i) { return Mul(b.Load(up, i), b.Load(up, i)); });
  int ss = b.RowReduce(kRows, 1, ReduceOp::kSum, [&](const Index& i, const Index& r) {
    return b.Load(sq, {i[0], r[0]});
  });
  int ms = b.Pointwise({4, 1}, [&](const Index& i) { return Div(b.Load(ss, i), C(8)); });
  int ms_eps = b.Pointwise({4, 1}, [&](const Index& i) { return Add(b.Load(ms, i), C(1e-6)); });
  int r = b.Pointwise({4, 1}, [&](const Index& i) { return Unary("rsqrt", b.Load(ms_eps, i)); });
  int y = b.Pointwise(kRows, [&](const Index& i) {
    return Mul(b.Load(up, i), b.Load(r, {i[0], kZero}));
  });
  b.Pointwise(
      kRows, [&](const Index& i) { return Mul(b.Load(y, i), b.Load(w, {i[1]})); }, true);
  return b.Build();
}

Program BatchNormProgram() {
  ProgramBuilder b;
  const std::vector<int64_t> shape = {2, 3, 4};
  int x = b.Input(shape), mean = b.Input({3}), var = b.Input({3}), w = b.Input({3}),
      bias = b.Input({3});
  int var_eps = b.Pointwise({3}, [&](const Index& i) { return Add(b.Load(var, i), C(1e-5)); });
  int rstd = b.Pointwise({3}, [&](const Index& i) { return Unary("rsqrt", b.Load(var_eps, i)); });
  int alpha = b.Pointwise({3}, [&](const Index& i) { return Mul(b.Load(rstd, i), b.Load(w, i)); });
  int ma = b.Pointwise({3}, [&](const Index& i) { return Mul(b.Load(mean, i), b.Load(alpha, i)); });
  int beta = b.Pointwise({3}, [&](const Index& i) { return Sub(b.Load(bias, i), b.Load(ma, i)); });
  int xa =
      b.Pointwise(shape, [&](const Index& i) { return Mul(b.Load(x, i), b.Load(alpha, {i[1]})); });
  b.Pointwise(
      shape, [&](const Index& i) { return Add(b.Load(xa, i), b.Load(beta, {i[1]})); }, true);
  return b.Build();
}

Program BroadcastIntoReduction(bool expensive) {
  ProgramBuilder b;
  int x = b.Input(kRows), w = b.Input({8});
  int f = b.Pointwise({8}, [&](const Index& i) {
    return expensive ? Unary("exp", b.Load(w, i)) : Mul(b.Load(w, i), C(2));
  });
  b.RowReduce(
      kRows, 1, ReduceOp::kSum,
      [&](const Index& i, const Index& r) {
        return Mul(b.Load(x, {i[0], r[0]}), b.Load(f, r));
      },
      true);
  return b.Build();
}

Program TwoOutputs(bool chained) {
  ProgramBuilder b;
  int x = b.Input(kRows);
  int a = b.Pointwise(
      kRows, [&](const Index& i) { return Add(b.Load(x, i), C(1)); }, true);
  b.Pointwise(
      kRows, [&](const Index& i) { return Mul(b.Load(chained ? a : x, i), C(2)); }, true);
  return b.Build();
}

Program TransposedRowRead() {
  ProgramBuilder b;
  const std::vector<int64_t> square = {4, 4};
  int x = b.Input(square);
  int s = b.RowReduce(square, 1, ReduceOp::kSum, [&](const Index& i, const Index& r) {
    return b.Load(x, {i[0], r[0]});
  });
  b.Pointwise(
      square,
      [&](const Index& i) {
        return Sub(b.Load(x, i), b.Load(s, {i[1], kZero}));
      },
      true);
  return b.Build();
}

Program FullReductionConsumer() {
  ProgramBuilder b;
  int x = b.Input(kRows);
  int s = b.RowReduce(kRows, 2, ReduceOp::kSum, [&](const Index&, const Index& r) {
    return b.Load(x, {r[0], r[1]});
  });
  b.Pointwise(
      kRows,
      [&](const Index& i) {
        return Div(b.Load(x, i), b.Load(s, {kZero, kZero}));
      },
      true);
  return b.Build();
}

std::vector<NamedProgram> CheckablePrograms() {
  return {{"chain", PointwiseChain()},
          {"softmax", SoftmaxProgram()},
          {"log_softmax", LogSoftmaxProgram()},
          {"layer_norm", LayerNormProgram()},
          {"rms_norm", RmsNormProgram()},
          {"batch_norm", BatchNormProgram()},
          {"broadcast_exp", BroadcastIntoReduction(true)},
          {"broadcast_mul", BroadcastIntoReduction(false)},
          {"two_outputs", TwoOutputs(false)},
          {"output_also_read", TwoOutputs(true)},
          {"transposed_row_read", TransposedRowRead()},
          {"full_reduction", FullReductionConsumer()}};
}

}  // namespace tc::codegen_cpu::testing
