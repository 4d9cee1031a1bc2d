// GEMM epilogue fusion end to end: graphs of linear / mm / addmm / bmm /
// matmul followed by pointwise ops, compiled through GeneratedGraph (one
// kernel: the extern with its epilogue) and compared bit for bit with the
// interpreter running the same graph on eager's kernels; the cases the
// scheduler must leave unfused; and the kernels library's panel hook.
#include <algorithm>
#include <mutex>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"

#include "tc/codegen_cpu/codegen.h"
#include "tc/graph_ir/graph.h"
#include "tc/kernels/eager.h"
#include "tc/kernels/gemm_panels.h"
#include "tc/kernels/interpreter.h"
#include "tc/kernels/thread_pool.h"

#include "emit_test_util.h"

namespace tc::codegen_cpu::testing {
namespace {

using graph_ir::Constant;
using graph_ir::Graph;
using graph_ir::TensorMeta;
using graph_ir::Value;

struct Counts {
  int kernels = 0;
  int fused = 0;  // extern kernels with an epilogue
};

// Counts the scheduled program's kernels from its printed form.
Counts CountKernels(const std::string& ir) {
  Counts c;
  bool in_kernels = false;
  for (absl::string_view line : absl::StrSplit(ir, '\n')) {
    if (line == "kernels:") {
      in_kernels = true;
    } else if (in_kernels && absl::StartsWith(line, "  kernel")) {
      ++c.kernels;
      if (absl::StrContains(line, "with epilogue")) ++c.fused;
    } else {
      in_kernels = false;
    }
  }
  return c;
}

// A graph under construction with its input tensors.
struct Case {
  Graph g;
  std::vector<Tensor> inputs;
  Value* Input(const std::vector<int64_t>& sizes, DType dtype = DType::kFloat32) {
    auto v = g.AddInput(absl::StrCat("x", inputs.size()), TensorMeta::Contiguous(dtype, sizes));
    EXPECT_TRUE(v.ok()) << v.status();
    inputs.push_back(RandomTensor(sizes, dtype, 100 + inputs.size(), /*specials=*/false));
    return *v;
  }
  Value* Apply(std::string_view op, std::vector<graph_ir::Arg> args) {
    auto v = g.Apply(op, std::move(args));
    EXPECT_TRUE(v.ok()) << op << ": " << v.status();
    return v.ok() ? *v : nullptr;
  }
};

// Compiles `c` (outputs `outs`), checks the kernel counts and that every
// output equals the interpreter's bit for bit.
void Check(Case& c, std::vector<Value*> outs, Counts want) {
  c.g.SetOutputs(std::move(outs));
  auto compiled = GeneratedGraph::Compile(c.g);
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  const GraphArtifacts& art = (*compiled)->artifacts();
  const Counts got = CountKernels(art.ir_after);
  EXPECT_EQ(got.kernels, want.kernels) << art.ir_after;
  EXPECT_EQ(got.fused, want.fused) << art.ir_after;
  auto result = (*compiled)->Run(c.inputs);
  ASSERT_TRUE(result.ok()) << result.status();
  kernels::Interpreter interp(c.g);
  auto expect = interp.Run(c.inputs);
  ASSERT_TRUE(expect.ok()) << expect.status();
  ASSERT_EQ(result->size(), expect->size());
  for (size_t i = 0; i < result->size(); ++i) {
    EXPECT_EQ(MaxUlpDiff((*result)[i], (*expect)[i]), 0) << "output " << i << "\n" << art.source;
  }
}

const Constant kNone{graph_ir::None{}};

class LinearGelu : public ::testing::TestWithParam<int64_t> {};

// linear + bias + gelu at odd row counts; 1025 rows x 64 x 64 is large
// enough for two row panels on two threads.
TEST_P(LinearGelu, FusedAndBitIdentical) {
  const int64_t rows = GetParam();
  Case c;
  Value* x = c.Input({rows, 64});
  Value* w = c.Input({48, 64});
  Value* b = c.Input({48});
  Value* y = c.Apply("linear", {x, w, b});
  Value* g = c.Apply("gelu", {y, Constant(std::string("none"))});
  Check(c, {g}, {1, 1});
}
INSTANTIATE_TEST_SUITE_P(Rows, LinearGelu, ::testing::Values(1, 7, 33, 1025));

// The GELU MLP's first layer (two panels of 128 rows on two threads).
TEST(Epilogue, MlpLayerTanhGelu) {
  Case c;
  Value* x = c.Input({256, 784});
  Value* w = c.Input({512, 784});
  Value* b = c.Input({512});
  Value* g = c.Apply("gelu", {c.Apply("linear", {x, w, b}), Constant(std::string("tanh"))});
  Check(c, {g}, {1, 1});
}

Value* MmPlusResidual(Case& c, int64_t rows, int64_t cols) {
  Value* a = c.Input({rows, 40});
  Value* b = c.Input({40, cols});
  Value* r = c.Input({rows, cols});
  return c.Apply("add", {c.Apply("mm", {a, b}), r});
}

TEST(Epilogue, MmResidualAdd) {
  for (int64_t rows : {1, 7, 33, 1025}) {
    for (int64_t cols : {48, 33}) {
      SCOPED_TRACE(absl::StrCat(rows, " x ", cols));
      // 1025 x 33 is one flat loop of 33825 elements: no block size both
      // tiles it and keeps the vector / tail split at any panel boundary.
      const bool fusable = rows != 1025 || cols != 33;
      Case c;
      Check(c, {MmPlusResidual(c, rows, cols)}, {fusable ? 1 : 2, fusable ? 1 : 0});
    }
  }
}

TEST(Epilogue, AddmmRelu) {
  Case c;
  Value* bias = c.Input({64});
  Value* a = c.Input({300, 50});
  Value* b = c.Input({50, 64});
  Value* y = c.Apply("addmm", {bias, a, b});
  Check(c, {c.Apply("relu", {y})}, {1, 1});
}

TEST(Epilogue, BmmMulScalar) {
  Case c;
  Value* a = c.Input({4, 33, 20});
  Value* b = c.Input({4, 20, 17});
  Value* y = c.Apply("mul", {c.Apply("bmm", {a, b}), Constant(tensor::Scalar(0.5))});
  Check(c, {y}, {1, 1});
}

TEST(Epilogue, Float64LinearSiluThenCast) {
  Case c;
  Value* x = c.Input({129, 32}, DType::kFloat64);
  Value* w = c.Input({24, 32}, DType::kFloat64);
  Value* y = c.Apply("silu", {c.Apply("linear", {x, w, kNone})});
  Value* f = c.Apply("to_dtype", {y, Constant(DType::kFloat32)});
  Check(c, {f}, {1, 1});
}

// Both the product and the epilogue's result are returned.
TEST(Epilogue, ProductAlsoReturned) {
  Case c;
  Value* x = c.Input({70, 16});
  Value* w = c.Input({16, 16});
  Value* y = c.Apply("matmul", {x, w});
  Value* t = c.Apply("tanh", {y});
  Check(c, {y, t}, {1, 1});
}

// matrix @ vector: the GEMM's rows are the output's elements, not its rows
// (2048 x 1024 is over the threshold that splits the product in panels).
TEST(Epilogue, MatmulMatrixVector) {
  Case c;
  Value* x = c.Input({2048, 1024});
  Value* v = c.Input({1024});
  Check(c, {c.Apply("relu", {c.Apply("matmul", {x, v})})}, {1, 1});
}

// The epilogue reads the product transposed: a panel of rows is not
// enough, so the add stays a kernel of its own.
TEST(Epilogue, TransposedReadNotFused) {
  Case c;
  Value* a = c.Input({32, 32});
  Value* b = c.Input({32, 32});
  Value* p = c.Apply("mm", {a, b});
  Value* t = c.Apply("permute", {p, Constant(tensor::Shape{1, 0})});
  Value* y = c.Apply("add", {t, a});
  Check(c, {y}, {2, 0});
}

// A reduction of the product is no pointwise epilogue: two kernels.
TEST(Epilogue, ReductionConsumerNotFused) {
  Case c;
  Value* a = c.Input({64, 32});
  Value* b = c.Input({32, 16});
  Value* s = c.Apply("sum", {c.Apply("mm", {a, b}), Constant(tensor::Shape{1}),
                             Constant(tensor::Scalar(false)), kNone});
  Check(c, {s}, {2, 0});
}

// A residual add of the product feeding layer_norm (a transformer
// block's `ln(x + proj(h))`): the add is inlined into the row kernel, which
// reads the product whole rows at a time and so must stay its own kernel
// (it once joined the linear as an epilogue, which cannot emit a row op,
// and the whole graph fell back to the interpreter).
TEST(Epilogue, ResidualLayerNormIsNoEpilogue) {
  Case c;
  Value* h = c.Input({4, 64, 64});
  Value* x = c.Input({4, 64, 64});
  Value* w = c.Input({64, 64});
  Value* b = c.Input({64});
  Value* lw = c.Input({64});
  Value* lb = c.Input({64});
  Value* sum = c.Apply("add", {x, c.Apply("linear", {h, w, b})});
  Value* ln = c.Apply("layer_norm",
                      {sum, Constant(tensor::Shape{64}), lw, lb, Constant(tensor::Scalar(1e-5))});
  Check(c, {ln}, {2, 0});
}

// The kernels' side, on linear's panels (1025 rows x 64 x 64 is over the
// 2 MFLOP threshold: float64 goes through OpenBLAS, one panel per thread;
// float32 through our own GEMM, row blocks of at most 192 rows, at least one
// per thread, starting at multiples of align_rows).
struct HookRun {
  std::vector<std::pair<int64_t, int64_t>> ranges;
  bool started = false;
  bool rows_before_start = false;
  kernels::GemmPanelHook hook;
  std::mutex mu;
};

void RunLinear(HookRun& run, int64_t align_rows, DType dtype = DType::kFloat32) {
  Tensor x = RandomTensor({1025, 64}, dtype, 1, false);
  Tensor w = RandomTensor({64, 64}, dtype, 2, false);
  Tensor b = RandomTensor({64}, dtype, 3, false);
  run.hook.align_rows = align_rows;
  run.hook.start = [&](const Tensor& out) {
    run.started = out.numel() == 1025 * 64;
    return true;
  };
  run.hook.rows = [&](int64_t begin, int64_t end) {
    std::lock_guard<std::mutex> lock(run.mu);
    if (!run.started) run.rows_before_start = true;
    run.ranges.emplace_back(begin, end);
  };
  std::vector<kernels::KernelArg> args = {x, w, b};
  auto got = kernels::CallWithPanelHook(*graph_ir::FindOp("linear"), args, run.hook);
  ASSERT_TRUE(got.ok()) << got.status();
  auto want = kernels::Call("linear", {x, w, b});
  ASSERT_TRUE(want.ok());
  EXPECT_EQ(MaxUlpDiff((*got)[0], (*want)[0]), 0);
}

// Every row once, in blocks starting at multiples of `align`.
void ExpectRowsCoveredOnce(HookRun& run, int64_t align) {
  EXPECT_TRUE(run.hook.used);
  EXPECT_FALSE(run.rows_before_start);
  std::sort(run.ranges.begin(), run.ranges.end());
  ASSERT_GE(run.ranges.size(), static_cast<size_t>(kernels::NumThreads() > 1 ? 2 : 1));
  int64_t next = 0;
  for (auto [b, e] : run.ranges) {
    EXPECT_EQ(b, next);
    EXPECT_EQ(b % align, 0) << "block at " << b;
    EXPECT_GT(e, b);
    next = e;
  }
  EXPECT_EQ(next, 1025);
}

TEST(GemmPanelHook, LinearPanelsCoverRowsOnce) {
  for (DType dtype : {DType::kFloat32, DType::kFloat64}) {
    HookRun run;
    RunLinear(run, 1, dtype);
    ExpectRowsCoveredOnce(run, 1);
  }
}

// Our float32 GEMM starts its row blocks at multiples of align_rows.
TEST(GemmPanelHook, Float32BlocksFollowAlignRows) {
  HookRun run;
  RunLinear(run, 16);
  ExpectRowsCoveredOnce(run, 16);
}

// OpenBLAS's panels (float64) cannot follow align_rows: the hook declines.
TEST(GemmPanelHook, MisalignedPanelsDecline) {
  if (kernels::NumThreads() < 2) GTEST_SKIP() << "one panel is always aligned";
  HookRun run;
  RunLinear(run, 16, DType::kFloat64);  // panels of 513 rows
  EXPECT_FALSE(run.hook.used);
  EXPECT_TRUE(run.ranges.empty());
}

// Offered for another op, the hook is never taken.
TEST(GemmPanelHook, OtherOpIgnoresHook) {
  kernels::GemmPanelHook hook;
  bool called = false;
  hook.start = [&](const Tensor&) { return called = true; };
  hook.rows = [&](int64_t, int64_t) { called = true; };
  Tensor a = RandomTensor({8, 8}, DType::kFloat32, 4, false);
  std::vector<kernels::KernelArg> args = {a};
  auto got = kernels::CallWithPanelHook(*graph_ir::FindOp("relu"), args, hook);
  ASSERT_TRUE(got.ok());
  EXPECT_FALSE(called);
  EXPECT_FALSE(hook.used);
}

}  // namespace
}  // namespace tc::codegen_cpu::testing
