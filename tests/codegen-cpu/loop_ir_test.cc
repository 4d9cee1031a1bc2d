// The loop IR's printed form (the cache key and the debug dump) and the
// unfused schedule.
#include "tc/codegen_cpu/loop_ir.h"

#include "gtest/gtest.h"

namespace tc::codegen_cpu {
namespace {

// softmax's max over the last dim of a [4, 8] float32 input, unfused.
Program RowMaxProgram() {
  Program p;
  Sym i0 = Sym::Var("i0", 4), r0 = Sym::Var("r0", 8);
  p.buffers.push_back({.name = "in0",
                       .role = Buffer::Role::kInput,
                       .dtype = DType::kFloat32,
                       .sizes = ConstSyms(std::vector<int64_t>{4, 8}),
                       .strides = ConstSyms(std::vector<int64_t>{8, 1}),
                       .offset = Sym::Const(0),
                       .input_index = 0});
  p.buffers.push_back({.name = "out0",
                       .role = Buffer::Role::kOutput,
                       .dtype = DType::kFloat32,
                       .sizes = ConstSyms(std::vector<int64_t>{4, 1}),
                       .strides = ConstSyms(std::vector<int64_t>{1, 1}),
                       .offset = Sym::Const(0)});
  Reduction r{
      .ranges = {Sym::Const(4)},
      .reduction_ranges = {Sym::Const(8)},
      .store = {i0, Sym::Const(0)},
      .op = ReduceOp::kMax,
      .value = MakeOp("mul",
                      {MakeLoad(0, {i0, r0}, DType::kFloat32), MakeConstant(0.5, DType::kFloat32)},
                      DType::kFloat32),
      .accumulate_dtype = DType::kFloat32};
  p.nodes.push_back({.buffer = 1, .body = r});
  p.graph_outputs = {1};
  return p;
}

TEST(LoopIrTest, PrintsBuffersNodesAndOutputs) {
  Program p = RowMaxProgram();
  EXPECT_EQ(p.ToString(),
            "buffers:\n"
            "  in0: float32[4, 8] strides [8, 1] input 0\n"
            "  out0: float32[4, 1] strides [1, 1] output\n"
            "nodes:\n"
            "  node0: out0[i0, 0] = max<float32> for i0 < 4 over r0 < 8: "
            "mul(in0[i0, r0], 0.5:float32)\n"
            "outputs: out0\n");
}

TEST(LoopIrTest, ConstantsPrintExactly) {
  Program a = RowMaxProgram(), b = RowMaxProgram();
  auto& r = std::get<Reduction>(b.nodes[0].body);
  r.value = MakeOp("mul",
                   {MakeLoad(0, {Sym::Var("i0", 4), Sym::Var("r0", 8)}, DType::kFloat32),
                    MakeConstant(0.5000000000000001, DType::kFloat32)},
                   DType::kFloat32);
  EXPECT_NE(a.ToString(), b.ToString());
}

TEST(LoopIrTest, CastsShowTheirDtype) {
  Program p = RowMaxProgram();
  auto& r = std::get<Reduction>(p.nodes[0].body);
  r.value = MakeOp("to_dtype", {r.value}, DType::kFloat64, {DType::kFloat64});
  EXPECT_NE(p.ToString().find("to_dtype(mul(in0[i0, r0], 0.5:float32), float64):float64"),
            std::string::npos)
      << p.ToString();
}

TEST(LoopIrTest, UnfusedScheduleIsOneKernelPerNode) {
  Program p = RowMaxProgram();
  ScheduleUnfused(p);
  ASSERT_EQ(p.kernels.size(), 1u);
  EXPECT_EQ(p.kernels[0].name, "kernel0");
  EXPECT_EQ(p.kernels[0].nodes, std::vector<int>{0});
  EXPECT_NE(p.ToString().find("kernels:\n  kernel0 outer [4]: nodes 0\n"), std::string::npos);
}

}  // namespace
}  // namespace tc::codegen_cpu
