// EmitCpp: generated kernels compiled by CompileAndLoad, run on tensors and
// compared with eager's kernels (kernels::Call) for the same ops. Float
// ops whose eager algorithm the emitter mirrors are compared bit for bit.
#include "tc/codegen_cpu/emit.h"

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

#include "tc/kernels/eager.h"

#include "emit_batch.h"
#include "test_jit.h"

namespace tc::codegen_cpu::testing {
namespace {

graph_ir::Constant Num(double v) { return Scalar(v); }

TEST(EmitTest, AbiDeclarationsMatchKernelAbiHeader) {
  absl::StatusOr<EmittedSource> src = EmitCpp(Program{});
  ASSERT_TRUE(src.ok()) << src.status();
  const std::string check = absl::StrCat(src->cpp, "\n#include \"", TC_CODEGEN_CPU_INCLUDE,
                                         "/tc/codegen_cpu/kernel_abi.h\"\n",
                                         R"(#include <cstddef>
namespace abi = tc::codegen_cpu;
static_assert(sizeof(::KernelRuntime) == sizeof(abi::KernelRuntime));
static_assert(offsetof(::KernelRuntime, parallel_for) == offsetof(abi::KernelRuntime, parallel_for));
static_assert(offsetof(::KernelRuntime, num_threads) == offsetof(abi::KernelRuntime, num_threads));
static_assert(offsetof(::KernelRuntime, error) == offsetof(abi::KernelRuntime, error));
static_assert(std::is_same_v<decltype(::KernelRuntime::parallel_for),
                             decltype(abi::KernelRuntime::parallel_for)>);
static_assert(std::is_same_v<decltype(::KernelRuntime::num_threads),
                             decltype(abi::KernelRuntime::num_threads)>);
static_assert(std::is_same_v<decltype(::KernelRuntime::error), decltype(abi::KernelRuntime::error)>);
static_assert(std::is_same_v<::TcParallelBody, abi::TcParallelBody>);
)");
  auto module = CompileAndLoad(check);
  EXPECT_TRUE(module.ok()) << module.status();
  // The check is real: a different layout fails to compile.
  std::string broken = check;
  broken.replace(broken.find("  int* error;"), 12, "  long* error;");
  EXPECT_FALSE(CompileAndLoad(broken).ok());
}

// Every float32/float64 op eager vectorizes, at sizes 0, 1, odd (a tail)
// and a few vectors, NaN/inf/-0.0 included: equal to eager bit for bit.
TEST(EmitTest, FloatPointwiseMatchesEagerBitForBit) {
  Batch b;
  const char* kUnary[] = {"exp",   "log",   "expm1", "tanh",  "sigmoid", "silu",
                          "sqrt",  "rsqrt", "neg",   "abs",   "relu",    "gelu",
                          "log1p", "sin",   "erf",   "floor", "round",   "sign"};
  const char* kBinary[] = {"add",     "sub", "mul",       "div",         "maximum",
                           "minimum", "pow", "remainder", "floor_divide"};
  std::vector<int> vector_outs;
  uint64_t seed = 1;
  for (DType t : {DType::kFloat32, DType::kFloat64}) {
    for (int64_t n : {0, 1, 37, 2003}) {
      const std::string tn = absl::StrCat(std::string(tensor::DTypeName(t)), "[", n, "]");
      Tensor xt = RandomTensor({n}, t, seed++), yt = RandomTensor({n}, t, seed++);
      const int x = b.Input(xt), y = b.Input(yt);
      for (const char* op : kUnary) {
        const int out = b.Output(t, {n});
        b.Pointwise(out, MakeOp(op, {b.LoadAll(x)}, t));
        b.Expect(absl::StrCat(op, " ", tn), out, Eager(op, {xt}));
      }
      for (const char* op : kBinary) {
        const int out = b.Output(t, {n});
        b.Pointwise(out, MakeOp(op, {b.LoadAll(x), b.LoadAll(y)}, t));
        b.Expect(absl::StrCat(op, " ", tn), out, Eager(op, {xt, yt}));
      }
      // add with alpha (one FMA in eager's vector loop), with a number,
      // clamp with both bounds and with a NaN bound.
      int out = b.Output(t, {n});
      b.Pointwise(out, MakeOp("add", {b.LoadAll(x), b.LoadAll(y)}, t, {Num(2.5)}));
      b.Expect(absl::StrCat("add alpha ", tn), out, Eager("add", {xt, yt, Num(2.5)}));
      out = b.Output(t, {n});
      b.Pointwise(out, MakeOp("sub", {b.LoadAll(x), MakeConstant(0.1, t)}, t, {Num(3)}));
      b.Expect(absl::StrCat("sub number alpha ", tn), out, Eager("sub", {xt, Num(0.1), Num(3)}));
      out = b.Output(t, {n});
      b.Pointwise(out, MakeOp("clamp", {b.LoadAll(x)}, t, {Num(-1.5), Num(2)}));
      b.Expect(absl::StrCat("clamp ", tn), out, Eager("clamp", {xt, Num(-1.5), Num(2)}));
      vector_outs.push_back(out);
      out = b.Output(t, {n});
      b.Pointwise(out, MakeOp("clamp", {b.LoadAll(x)}, t, {graph_ir::None{}, Num(NAN)}));
      b.Expect(absl::StrCat("clamp nan ", tn), out,
               Eager("clamp", {xt, graph_ir::None{}, Num(NAN)}));
    }
  }
  EmittedSource src = b.Run();
  int vectorized = 0;
  for (const EmittedKernel& k : src.kernels) vectorized += k.vector_width > 1;
  // Every op eager vectorizes (23 float32 kernels per size, gelu and erf
  // included; 21 float64) at sizes 37 and 2003; sizes 0 and 1 and the ops
  // eager runs in scalar code (log1p, sin, float64 erf, floor, round, sign,
  // pow, remainder, floor_divide) are scalar.
  EXPECT_EQ(vectorized, 2 * (23 + 21));
}

// Transposed loads (gathers), broadcasts (stride 0), a sliced input (its
// offset applied by the caller) and index values, in [37, 45]. exp over a
// transposed input runs libm in eager (no contiguous inner dim) and
// Highway's Exp here: within an ulp; the rest is exact.
TEST(EmitTest, StridedAndBroadcastLoads) {
  Batch b;
  const DType t = DType::kFloat32;
  const Tensor base = RandomTensor({45, 37}, t, 11);
  const Tensor xt = base.AsStrided(tensor::Shape{37, 45}, tensor::Shape{1, 37}, 0);  // base.t()
  const Tensor row = RandomTensor({1, 45}, t, 12);
  const Tensor rowb = row.AsStrided(tensor::Shape{37, 45}, tensor::Shape{0, 1}, 0);  // expand
  const Tensor big = RandomTensor({40, 50}, t, 13);
  const Tensor slice =
      big.AsStrided(tensor::Shape{37, 45}, tensor::Shape{50, 1}, 2 * 50 + 3);  // big[2:39, 3:48]
  const int x = b.Input(xt), r = b.Input(rowb), s = b.Input(slice);
  int out = b.Output(t, {37, 45});
  b.Pointwise(out, MakeOp("exp", {b.LoadAll(x)}, t));
  b.Expect("exp transposed", out, Eager("exp", {xt}), /*max_ulp=*/1);
  out = b.Output(t, {37, 45});
  b.Pointwise(out, MakeOp("mul", {b.LoadAll(x), b.LoadAll(r)}, t));
  b.Expect("mul transposed broadcast", out, Eager("mul", {xt, rowb}));
  out = b.Output(t, {37, 45});
  b.Pointwise(out, MakeOp("maximum", {b.LoadAll(s), b.LoadAll(r)}, t));
  b.Expect("maximum slice broadcast", out, Eager("maximum", {slice, rowb}));
  // A transposed store: out.t() = x + 1, scalar code.
  out = b.Output(t, {45, 37});
  b.AddNode(out, Pointwise{.ranges = ConstSyms(std::vector<int64_t>{37, 45}),
                           .store = {Sym::Var("i1", 45), Sym::Var("i0", 37)},
                           .value = MakeOp("add", {b.LoadAll(s), MakeConstant(1.0, t)}, t)});
  b.Expect("transposed store", out,
           Eager("add", {slice, Num(1)}).AsStrided(tensor::Shape{45, 37}, tensor::Shape{1, 45}, 0));
  // arange-like index values: i0 * 45 + i1 as int64 and float32.
  out = b.Output(DType::kInt64, {37, 45});
  const Sym flat = Sym::Var("i0", 37) * Sym::Const(45) + Sym::Var("i1", 45);
  b.Pointwise(out, MakeIndexValue(flat, DType::kInt64));
  Tensor iota = Tensor::Empty(tensor::Shape{37, 45}, DType::kInt64);
  for (int64_t k = 0; k < 37 * 45; ++k) iota.data<int64_t>()[k] = k;
  b.Expect("index int64", out, iota);
  EmittedSource src = b.Run();
  ASSERT_EQ(src.kernels.size(), 5u);
  EXPECT_GT(src.kernels[0].vector_width, 1);  // gathers
  EXPECT_GT(src.kernels[1].vector_width, 1);
  EXPECT_EQ(src.kernels[3].vector_width, 1);  // strided store
}

// Big kernels split across the pool give the serial answer, bit for bit.
TEST(EmitTest, ParallelKernelsMatchEager) {
  Batch b;
  const DType t = DType::kFloat32;
  const int64_t n = int64_t{1} << 20;
  const Tensor xt = RandomTensor({n}, t, 21), yt = RandomTensor({256, 4096}, t, 22, false);
  const int x = b.Input(xt), y = b.Input(yt);
  int out = b.Output(t, {n});
  b.Pointwise(out, MakeOp("tanh", {MakeOp("mul", {b.LoadAll(x), b.LoadAll(x)}, t)}, t));
  // eager: one mul, then tanh over the whole tensor in chunks of whole vectors.
  b.Expect("tanh(x * x)", out, Eager("tanh", {Eager("mul", {xt, xt})}));
  const int sum = b.Output(t, {256, 1});
  b.AddNode(sum, Reduction{.ranges = {Sym::Const(256)},
                           .reduction_ranges = {Sym::Const(4096)},
                           .store = {Sym::Var("i0", 256), Sym::Const(0)},
                           .op = ReduceOp::kSum,
                           .value = MakeLoad(y, {Sym::Var("i0", 256), Sym::Var("r0", 4096)}, t),
                           .accumulate_dtype = t});
  b.Expect("row sums", sum, Eager("sum", {yt, graph_ir::Constant(tensor::Shape{1}), Scalar(true)}));
  EmittedSource src = b.Run(/*parallel=*/true);
  ASSERT_EQ(src.kernels.size(), 2u);
  EXPECT_TRUE(src.kernels[0].parallel);
  EXPECT_TRUE(src.kernels[1].parallel);
}

TEST(EmitTest, BadProgramsAreErrors) {
  Program p;
  p.buffers.push_back(MakeBuffer("out", Buffer::Role::kOutput, DType::kFloat32, {4}, {1}));
  Node& node = p.nodes.emplace_back();
  node.buffer = 0;
  node.body = Pointwise{.ranges = {Sym::Const(4)},
                        .store = {Sym::Var("i0", 4)},
                        .value = MakeLoad(7, {Sym::Var("i0", 4)}, DType::kFloat32)};
  EXPECT_FALSE(EmitCpp(p).ok());  // not scheduled
  ScheduleUnfused(p);
  absl::StatusOr<EmittedSource> s = EmitCpp(p);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("unknown buffer 7"), std::string::npos) << s.status();
  std::get<Pointwise>(p.nodes[0].body).value =
      MakeOp("frobnicate", {MakeConstant(1.0, DType::kFloat32)}, DType::kFloat32);
  s = EmitCpp(p);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("frobnicate"), std::string::npos) << s.status();
  std::get<Pointwise>(p.nodes[0].body).value = MakeConstant(1.0, DType::kFloat64);
  EXPECT_FALSE(EmitCpp(p).ok());  // float64 value into a float32 buffer
}

// Several Pointwise nodes over one index space in one kernel (horizontal
// fusion, and a member reading an earlier member's output at the same
// index): one vectorized loop; a read at another index is an error.
TEST(EmitTest, PointwiseMembersShareOneLoop) {
  Batch b;
  const DType t = DType::kFloat32;
  const Tensor xt = RandomTensor({9, 70}, t, 31), yt = RandomTensor({9, 70}, t, 32);
  const int x = b.Input(xt), y = b.Input(yt);
  const int e = b.Output(t, {9, 70}), m = b.Output(t, {9, 70}), s = b.Output(t, {9, 70});
  b.Pointwise(e, MakeOp("exp", {b.LoadAll(x)}, t));
  b.Pointwise(m, MakeOp("mul", {b.LoadAll(x), b.LoadAll(y)}, t));
  b.Pointwise(s, MakeOp("add", {b.LoadAll(e), b.LoadAll(m)}, t));
  b.program.kernels = {
      Kernel{.name = "k", .outer = ConstSyms(std::vector<int64_t>{9, 70}), .nodes = {0, 1, 2}}};
  const Tensor ee = Eager("exp", {xt}), em = Eager("mul", {xt, yt});
  b.Expect("exp", e, ee);
  b.Expect("mul", m, em);
  b.Expect("add", s, Eager("add", {ee, em}));
  EmittedSource src = b.Run(false, false);
  ASSERT_EQ(src.kernels.size(), 1u);
  EXPECT_EQ(src.kernels[0].vector_width, 16);

  // The third member reading e transposed: not element by element.
  Program bad = b.program;
  std::get<Pointwise>(bad.nodes[2].body).value =
      MakeLoad(e, {Sym::Var("i1", 70) * Sym::Const(0) + Sym::Var("i0", 9), Sym::Const(0)}, t);
  absl::StatusOr<EmittedSource> err = EmitCpp(bad);
  ASSERT_FALSE(err.ok());
  EXPECT_NE(err.status().message().find("another index"), std::string::npos) << err.status();
}

}  // namespace
}  // namespace tc::codegen_cpu::testing
