// softmax, log_softmax, layer_norm and rms_norm as generated row kernels
// (row_op.h, emit_row.cc) through the whole pipeline (GeneratedGraph):
// bit for bit with eager's fused kernels (the interpreter runs them), with
// their pointwise neighbours fused into the same kernel, over odd row
// lengths, empty and single rows, NaN / inf rows, float32 and float64; the
// cases eager decomposes stay Extern; malformed row ops are errors.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

#include "tc/codegen_cpu/codegen.h"
#include "tc/codegen_cpu/emit.h"

#include "compiled_vs_eager.h"
#include "emit_test_util.h"
#include "lower_eval_util.h"

namespace tc::codegen_cpu::testing {
namespace {

using graph_ir::Constant;

// One graph with every row op and a neighbour or two per row length.
struct RowGraph {
  Graph g;
  int cases = 0;
};

void AddCases(RowGraph& rg, DType d, int64_t rows, int64_t n) {
  Graph& g = rg.g;
  const std::string s = absl::StrCat("_", n);
  Value* x = In(g, "x" + s, d, {rows, n});
  Value* y = In(g, "y" + s, d, {rows, n});
  Value* w = In(g, "w" + s, d, {n});
  Value* b = In(g, "b" + s, d, {n});
  const DType other = d == DType::kFloat32 ? DType::kFloat64 : DType::kFloat32;
  std::vector<Value*> outs;
  // Attention's scale, then softmax: the multiply is the prologue.
  outs.push_back(Apply(g, "softmax", {Apply(g, "mul", {x, Num(0.125)}), Int(-1), None()}));
  // log_softmax, cast afterwards: the cast is the epilogue.
  outs.push_back(
      Apply(g, "to_dtype", {Apply(g, "log_softmax", {x, Int(1), None()}), Constant(other)}));
  // residual add -> layer_norm -> a multiply and add after it.
  Value* ln = Apply(g, "layer_norm", {Apply(g, "add", {x, y}), Ints({n}), w, b, Num(1e-5)});
  outs.push_back(Apply(g, "add", {Apply(g, "mul", {ln, Num(3.0)}), Num(0.5)}));
  outs.push_back(Apply(g, "layer_norm", {x, Ints({n}), None(), None(), Num(1e-3)}));
  outs.push_back(Apply(g, "layer_norm", {y, Ints({n}), w, None(), Num(1e-5)}));
  outs.push_back(Apply(g, "layer_norm", {y, Ints({n}), None(), b, Num(0.1)}));
  outs.push_back(Apply(g, "rms_norm", {Apply(g, "sub", {x, y}), Ints({n}), w, None()}));
  outs.push_back(Apply(g, "neg", {Apply(g, "rms_norm", {x, Ints({n}), None(), Num(1e-6)})}));
  std::vector<Value*> all(g.outputs().begin(), g.outputs().end());
  all.insert(all.end(), outs.begin(), outs.end());
  g.SetOutputs(all);
  rg.cases += static_cast<int>(outs.size());
}

TEST(EmitRowTest, RowOpsWithNeighboursAreOneKernelEachAndEagerBitForBit) {
  for (DType d : {DType::kFloat32, DType::kFloat64}) {
    for (int64_t rows : {0, 1, 5}) {
      RowGraph rg;
      for (int64_t n : {1, 7, 1000, 1025}) AddCases(rg, d, rows, n);
      const std::string label = absl::StrCat(Name(d), " rows ", rows);
      GraphArtifacts a = ExpectCompiledSameAsEager(rg.g, Inputs(rg.g, 7), label);
      EXPECT_EQ(a.num_externs, 0) << label << "\n" << a.ir_after;
      // Each case is one kernel: its neighbours fused into the row kernel.
      EXPECT_EQ(static_cast<int>(a.kernels.size()), rg.cases) << label << "\n" << a.ir_after;
      if (rows > 0) {
        EXPECT_NE(a.source.find("tcfv::SoftmaxRow<"), std::string::npos) << label;
        EXPECT_NE(a.source.find("tcfv::LayerNormRow<"), std::string::npos) << label;
        EXPECT_NE(a.source.find("tcfv::RmsNormRow<"), std::string::npos) << label;
      }
    }
  }
}

// Rows of -inf (softmax's NaN: exp(-inf - -inf)), one -inf, a NaN, +inf,
// huge and tiny values.
TEST(EmitRowTest, SpecialRowsMatchEager) {
  for (DType d : {DType::kFloat32, DType::kFloat64}) {
    for (int64_t n : {7, 33, 1025}) {
      Graph g;
      Value* x = In(g, "x", d, {6, n});
      Value* w = In(g, "w", d, {n});
      g.SetOutputs({Apply(g, "softmax", {x, Int(-1), None()}),
                    Apply(g, "log_softmax", {x, Int(-1), None()}),
                    Apply(g, "layer_norm", {x, Ints({n}), w, None(), Num(1e-5)}),
                    Apply(g, "rms_norm", {x, Ints({n}), w, None()})});
      std::vector<Tensor> in = Inputs(g, 3, false);
      const double inf = std::numeric_limits<double>::infinity();
      for (int64_t j = 0; j < n; ++j) {
        kernels::testing::SetElement(in[0], j, -inf);                      // all -inf
        if (j % 5 == 0) kernels::testing::SetElement(in[0], n + j, -inf);  // some -inf
        if (j == n / 2) kernels::testing::SetElement(in[0], 2 * n + j, std::nan(""));
        if (j == n - 1) kernels::testing::SetElement(in[0], 3 * n + j, inf);
        kernels::testing::SetElement(in[0], 4 * n + j, j % 2 == 0 ? 1e30 : -1e30);
        kernels::testing::SetElement(in[0], 5 * n + j, j % 2 == 0 ? 1e-30 : 0.0);
      }
      const std::string label = absl::StrCat(Name(d), " n ", n, " special rows");
      GraphArtifacts a = ExpectCompiledSameAsEager(g, in, label);
      EXPECT_EQ(a.num_externs, 0) << label;
    }
  }
}

// The neighbours: scale -> softmax -> cast, residual + layer_norm
// -> gelu: one kernel each; over two normalized dims too.
TEST(EmitRowTest, FusedNeighboursMakeOneKernel) {
  {
    Graph g;
    Value* x = In(g, "x", DType::kFloat32, {64, 300});
    Value* s = Apply(g, "softmax", {Apply(g, "mul", {x, Num(0.05)}), Int(-1), None()});
    g.SetOutputs({Apply(g, "to_dtype", {s, Constant(DType::kFloat64)})});
    GraphArtifacts a = ExpectCompiledSameAsEager(g, Inputs(g, 1), "scale softmax cast");
    EXPECT_EQ(a.kernels.size(), 1u) << a.ir_after;
    EXPECT_EQ(a.num_externs, 0);
  }
  {
    Graph g;
    Value* x = In(g, "x", DType::kFloat32, {32, 256});
    Value* r = In(g, "r", DType::kFloat32, {32, 256});
    Value* w = In(g, "w", DType::kFloat32, {256});
    Value* b = In(g, "b", DType::kFloat32, {256});
    Value* ln = Apply(g, "layer_norm", {Apply(g, "add", {x, r}), Ints({256}), w, b, Num(1e-5)});
    g.SetOutputs({Apply(g, "gelu", {ln, Constant(std::string("none"))})});
    GraphArtifacts a = ExpectCompiledSameAsEager(g, Inputs(g, 2, false), "residual ln gelu");
    EXPECT_EQ(a.kernels.size(), 1u) << a.ir_after;
    EXPECT_EQ(a.num_externs, 0);
  }
  {
    Graph g;
    Value* x = In(g, "x", DType::kFloat64, {3, 4, 5});
    Value* w = In(g, "w", DType::kFloat64, {4, 5});
    g.SetOutputs({Apply(g, "layer_norm", {x, Ints({4, 5}), w, None(), Num(1e-5)}),
                  Apply(g, "rms_norm", {x, Ints({4, 5}), w, Num(1e-5)})});
    GraphArtifacts a = ExpectCompiledSameAsEager(g, Inputs(g, 4), "two normalized dims");
    EXPECT_EQ(a.kernels.size(), 2u) << a.ir_after;
    EXPECT_EQ(a.num_externs, 0);
  }
}

// What eager's fused kernel declines (another dim, a strided input, a
// 16-bit dtype, a dtype argument) runs its decomposition: an Extern here.
TEST(EmitRowTest, CasesEagerDecomposesStayExtern) {
  Graph g;
  Value* x = In(g, "x", DType::kFloat32, {6, 9});
  Value* t = In(g, "t", DType::kFloat32, {6, 9}, {1, 6});
  Value* h = In(g, "h", DType::kFloat16, {6, 9});
  g.SetOutputs({Apply(g, "softmax", {x, Int(0), None()}), Apply(g, "softmax", {t, Int(-1), None()}),
                Apply(g, "log_softmax", {h, Int(-1), None()}),
                Apply(g, "softmax", {x, Int(-1), Constant(DType::kFloat64)})});
  GraphArtifacts a = ExpectCompiledSameAsEager(g, Inputs(g, 5), "declined");
  EXPECT_EQ(a.num_externs, 4) << a.ir_after;
}

// A row op the emitter cannot run is an error naming it, not a crash.
TEST(EmitRowTest, MalformedRowOpIsAnError) {
  Program p;
  p.buffers.push_back(MakeBuffer("in0", Buffer::Role::kInput, DType::kFloat32, {2, 3}, {3, 1}));
  p.buffers[0].input_index = 0;
  p.buffers.push_back(MakeBuffer("out0", Buffer::Role::kOutput, DType::kFloat32, {2, 3}, {3, 1}));
  const std::vector<Sym> vars = {Sym::Var("i0", 2), Sym::Var("i1", 3)};
  ExprPtr x = MakeLoad(0, vars, DType::kFloat32);
  for (ExprPtr bad : {MakeOp("layer_norm", {x}, DType::kFloat32),
                      MakeOp("softmax", {x}, DType::kFloat32, {Int(0), None()}),
                      MakeOp("rms_norm", {x}, DType::kFloat32,
                             {Ints({4}), Constant(Scalar(false)), Num(1e-5)})}) {
    Program q = p;
    Node& node = q.nodes.emplace_back();
    node.buffer = 1;
    node.body = Pointwise{ConstSyms(std::vector<int64_t>{2, 3}), vars, bad};
    q.graph_outputs = {1};
    ScheduleUnfused(q);
    auto emitted = EmitCpp(q);
    ASSERT_FALSE(emitted.ok()) << std::get<Op>(bad->node).name;
    EXPECT_NE(std::string(emitted.status().message()).find(std::get<Op>(bad->node).name),
              std::string::npos)
        << emitted.status();
  }
}

}  // namespace
}  // namespace tc::codegen_cpu::testing
