// The scheduler: inlining, row kernels, horizontal fusion and the memory
// planner, checked on the printed scheduled programs and, for meaning, by
// running each program before and after scheduling (schedule_checker.h).
#include "tc/codegen_cpu/schedule.h"

#include <cmath>
#include <string>
#include <utility>

#include "gtest/gtest.h"

#include "program_builder.h"
#include "schedule_checker.h"
#include "schedule_programs.h"

namespace tc::codegen_cpu {
namespace {

using testing::C;
using testing::Index;
using testing::ProgramBuilder;

Program Scheduled(Program p) {
  Schedule(p);
  return p;
}

// The "nodes:" and "kernels:" part of the printed program.
std::string NodesAndKernels(const Program& p) {
  std::string text = p.ToString();
  size_t begin = text.find("nodes:\n");
  size_t end = text.find("outputs:");
  return text.substr(begin, end - begin);
}

TEST(ScheduleTest, PointwiseChainBecomesOneNode) {
  Program p = Scheduled(testing::PointwiseChain());
  EXPECT_EQ(NodesAndKernels(p),
            "nodes:\n"
            "  node0: out0[i0, i1] = pointwise for i0 < 4, i1 < 8: "
            "neg(sub(relu(mul(add(in0[i0, i1], 1:float32), 2:float32)), in0[i0, i1]))\n"
            "kernels:\n"
            "  kernel0 outer [4, 8]: nodes 0\n");
  // The inlined intermediates are gone from the buffer list too.
  EXPECT_EQ(p.buffers.size(), 2u);
  EXPECT_EQ(p.graph_outputs, std::vector<int>{1});
}

TEST(ScheduleTest, UnfusedOptionGivesScheduleUnfused) {
  Program fused = testing::SoftmaxProgram(), unfused = testing::SoftmaxProgram();
  Schedule(fused, {.fuse = false});
  ScheduleUnfused(unfused);
  EXPECT_EQ(fused.ToString(), unfused.ToString());
  EXPECT_EQ(fused.kernels.size(), 5u);
}

TEST(ScheduleTest, SchedulingTwiceKeepsTheFusedSchedule) {
  Program once = Scheduled(testing::SoftmaxProgram());
  Program twice = Scheduled(once);
  EXPECT_EQ(once.ToString(), twice.ToString());
  Schedule(twice, {.fuse = false});
  EXPECT_EQ(once.ToString(), twice.ToString());
}

TEST(ScheduleTest, MalformedProgramIsLeftUnfused) {
  Program p = testing::PointwiseChain();
  auto& pw = std::get<Pointwise>(p.nodes[1].body);
  pw.value = MakeLoad(99, {Sym::Var("i0", 4), Sym::Var("i1", 8)}, DType::kFloat32);
  Schedule(p);
  EXPECT_EQ(p.nodes.size(), 5u);
  EXPECT_EQ(p.kernels.size(), 5u);
}

TEST(ScheduleTest, SoftmaxIsOneRowKernel) {
  Program p = Scheduled(testing::SoftmaxProgram());
  EXPECT_EQ(
      NodesAndKernels(p),
      "nodes:\n"
      "  node0: local buf1[i0, 0] = max<float32> for i0 < 4 over r0 < 8: in0[i0, r0]\n"
      "  node1: buf3[i0, i1] = pointwise for i0 < 4, i1 < 8: exp(sub(in0[i0, i1], result(node0)))\n"
      "  node2: local buf4[i0, 0] = sum<float32> for i0 < 4 over r0 < 8: buf3[i0, r0]\n"
      "  node3: out0[i0, i1] = pointwise for i0 < 4, i1 < 8: div(buf3[i0, i1], result(node2))\n"
      "kernels:\n"
      "  kernel0 outer [4]: nodes 0, 1, 2, 3\n");
}

TEST(ScheduleTest, LogSoftmaxIsOneRowKernel) {
  Program p = Scheduled(testing::LogSoftmaxProgram());
  EXPECT_EQ(NodesAndKernels(p),
            "nodes:\n"
            "  node0: local buf1[i0, 0] = max<float32> for i0 < 4 over r0 < 8: in0[i0, r0]\n"
            "  node1: local buf4[i0, 0] = sum<float32> for i0 < 4 over r0 < 8: exp(sub(in0[i0, "
            "r0], result(node0)))\n"
            "  node2: buf5[i0, i1] = pointwise for i0 < 4, i1 < 1: log(result(node1))\n"
            "  node3: out0[i0, i1] = pointwise for i0 < 4, i1 < 8: sub(sub(in0[i0, i1], "
            "result(node0)), buf5[i0, 0])\n"
            "kernels:\n"
            "  kernel0 outer [4]: nodes 0, 1, 2, 3\n");
}

TEST(ScheduleTest, LayerNormIsOneRowKernel) {
  Program p = Scheduled(testing::LayerNormProgram());
  EXPECT_EQ(
      NodesAndKernels(p),
      "nodes:\n"
      "  node0: local buf3[i0, 0] = sum<float32> for i0 < 4 over r0 < 8: in0[i0, r0]\n"
      "  node1: local buf7[i0, 0] = sum<float32> for i0 < 4 over r0 < 8: mul(sub(in0[i0, r0], "
      "div(result(node0), 8:float32)), sub(in0[i0, r0], div(result(node0), 8:float32)))\n"
      // rsqrt (expensive) is computed once per row, as log_softmax's log.
      "  node2: buf11[i0, i1] = pointwise for i0 < 4, i1 < 1: rsqrt(add(div(result(node1), "
      "8:float32), 1.0000000000000001e-05:float32))\n"
      "  node3: out0[i0, i1] = pointwise for i0 < 4, i1 < 8: add(mul(mul(sub(in0[i0, i1], "
      "div(result(node0), 8:float32)), buf11[i0, 0]), in1[i1]), in2[i1])\n"
      "kernels:\n"
      "  kernel0 outer [4]: nodes 0, 1, 2, 3\n");
}

TEST(ScheduleTest, RmsNormIsOneRowKernel) {
  Program p = Scheduled(testing::RmsNormProgram());
  EXPECT_EQ(NodesAndKernels(p),
            "nodes:\n"
            "  node0: local buf4[i0, 0] = sum<float32> for i0 < 4 over r0 < 8: "
            "mul(to_dtype(in0[i0, r0], float32), to_dtype(in0[i0, r0], float32))\n"
            "  node1: buf7[i0, i1] = pointwise for i0 < 4, i1 < 1: rsqrt(add(div(result(node0), "
            "8:float32), 9.9999999999999995e-07:float32))\n"
            "  node2: out0[i0, i1] = pointwise for i0 < 4, i1 < 8: mul(mul(to_dtype(in0[i0, i1], "
            "float32), buf7[i0, 0]), in1[i1])\n"
            "kernels:\n"
            "  kernel0 outer [4]: nodes 0, 1, 2\n");
}

// The decomposed batch_norm: 1 / sqrt(var + eps) (expensive) is stored once
// per channel, the rest one pointwise node over the input.
TEST(ScheduleTest, BatchNormInferenceStoresRsqrtPerChannel) {
  Program p = Scheduled(testing::BatchNormProgram());
  EXPECT_EQ(NodesAndKernels(p),
            "nodes:\n"
            "  node0: buf6[i0] = pointwise for i0 < 3: rsqrt(add(in2[i0], "
            "1.0000000000000001e-05:float32))\n"
            "  node1: out0[i0, i1, i2] = pointwise for i0 < 2, i1 < 3, i2 < 4: add(mul(in0[i0, i1, "
            "i2], mul(buf6[i1], in3[i1])), sub(in4[i1], mul(in1[i1], mul(buf6[i1], in3[i1]))))\n"
            "kernels:\n"
            "  kernel0 outer [3]: nodes 0\n"
            "  kernel1 outer [2, 3, 4]: nodes 1\n");
}

TEST(ScheduleTest, NodesFuseAcrossAnExternTheyDoNotNeedFirst) {
  // layer_norm as Lower gives it while var is an Extern: the mean's sum,
  // then var(x), then the output reading both. The Extern runs first, so
  // the sum and the output still share one row kernel.
  ProgramBuilder b;
  int x = b.Input({4, 8}), w = b.Input({8});
  int s = b.RowReduce({4, 8}, 1, ReduceOp::kSum, [&](const Index& i, const Index& r) {
    return b.Load(x, {i[0], r[0]});
  });
  int v = b.Extern("var", {x}, {4, 1});
  b.Pointwise(
      {4, 8},
      [&](const Index& i) {
        ExprPtr mean = testing::Div(b.Load(s, {i[0], Sym::Const(0)}), C(8));
        ExprPtr rstd =
            testing::Unary("rsqrt", testing::Add(b.Load(v, {i[0], Sym::Const(0)}), C(1e-5)));
        return testing::Mul(testing::Mul(testing::Sub(b.Load(x, i), mean), rstd),
                            b.Load(w, {i[1]}));
      },
      true);
  Program p = Scheduled(b.Build());
  EXPECT_EQ(NodesAndKernels(p),
            "nodes:\n"
            "  node0: local buf2[i0, 0] = sum<float32> for i0 < 4 over r0 < 8: in0[i0, r0]\n"
            "  node1: buf3 = extern var(in0)\n"
            "  node2: out0[i0, i1] = pointwise for i0 < 4, i1 < 8: mul(mul(sub(in0[i0, i1], "
            "div(result(node0), 8:float32)), rsqrt(add(buf3[i0, 0], "
            "1.0000000000000001e-05:float32))), in1[i1])\n"
            "kernels:\n"
            "  kernel0 outer []: nodes 1\n"
            "  kernel1 outer [4]: nodes 0, 2\n");
}

TEST(ScheduleTest, ExternsKeepTheirOrder) {
  // The second draw runs as early as it can (before the pointwise node it
  // does not need) but never before the first: random ops draw in turn.
  ProgramBuilder b;
  int x = b.Input({4});
  int r1 = b.Extern("rand_like", {x}, {4});
  int a = b.Pointwise({4}, [&](const Index& i) { return testing::Add(b.Load(r1, i), C(1)); });
  int r2 = b.Extern("rand_like", {x}, {4}, true);
  b.Extern("neg", {a}, {4}, true);
  Program p = Scheduled(b.Build());
  ASSERT_EQ(p.kernels.size(), 4u);
  std::vector<int> order;
  for (const Kernel& k : p.kernels) order.push_back(p.nodes[k.nodes[0]].buffer);
  EXPECT_EQ(order, (std::vector<int>{r1, r2, a, 4})) << p.ToString();
}

TEST(ScheduleTest, ProducerReadByExternStaysWritten) {
  ProgramBuilder b;
  int x = b.Input({4, 8}), w = b.Input({8, 3});
  int a = b.Pointwise({4, 8}, [&](const Index& i) { return testing::Add(b.Load(x, i), C(1)); });
  int y = b.Extern("mm", {a, w}, {4, 3});
  b.Pointwise(
      {4, 3}, [&](const Index& i) { return testing::Mul(b.Load(y, i), C(2)); }, true);
  Program p = Scheduled(b.Build());
  EXPECT_EQ(NodesAndKernels(p),
            "nodes:\n"
            "  node0: buf2[i0, i1] = pointwise for i0 < 4, i1 < 8: add(in0[i0, i1], 1:float32)\n"
            "  node1: buf3 = extern mm(buf2, in1)\n"
            "  node2: out0[i0, i1] = pointwise for i0 < 4, i1 < 3: mul(buf3[i0, i1], 2:float32)\n"
            "kernels:\n"
            "  kernel0 outer [4, 8]: nodes 0\n"
            "  kernel1 outer [4, 3]: nodes 1, 2 (extern mm with epilogue)\n");
}

// The consumer of the product also reads what a later extern writes: it
// cannot run on the product's panels before that extern, so it is no
// epilogue (three kernels).
TEST(ScheduleTest, EpilogueNeedingALaterExternIsNotFused) {
  ProgramBuilder b;
  int x = b.Input({4, 8}), w = b.Input({8, 3}), v = b.Input({4, 3});
  int y = b.Extern("mm", {x, w}, {4, 3});
  int z = b.Extern("neg", {v}, {4, 3});
  b.Pointwise(
      {4, 3}, [&](const Index& i) { return testing::Add(b.Load(y, i), b.Load(z, i)); }, true);
  Program p = Scheduled(b.Build());
  ASSERT_EQ(p.kernels.size(), 3u) << p.ToString();
  for (const Kernel& k : p.kernels) EXPECT_EQ(k.nodes.size(), 1u) << p.ToString();
}

TEST(ScheduleTest, OutputThatIsAlsoReadStaysWritten) {
  Program p = Scheduled(testing::TwoOutputs(true));
  EXPECT_EQ(NodesAndKernels(p),
            "nodes:\n"
            "  node0: out0[i0, i1] = pointwise for i0 < 4, i1 < 8: add(in0[i0, i1], 1:float32)\n"
            "  node1: out1[i0, i1] = pointwise for i0 < 4, i1 < 8: mul(out0[i0, i1], 2:float32)\n"
            "kernels:\n"
            "  kernel0 outer [4, 8]: nodes 0, 1\n");
}

TEST(ScheduleTest, ExpensiveProducerBroadcastIntoReductionStaysMaterialized) {
  Program p = Scheduled(testing::BroadcastIntoReduction(true));
  EXPECT_EQ(
      NodesAndKernels(p),
      "nodes:\n"
      "  node0: buf2[i0] = pointwise for i0 < 8: exp(in1[i0])\n"
      "  node1: out0[i0, 0] = sum<float32> for i0 < 4 over r0 < 8: mul(in0[i0, r0], buf2[r0])\n"
      "kernels:\n"
      "  kernel0 outer [8]: nodes 0\n"
      "  kernel1 outer [4]: nodes 1\n");
  // A cheap producer is recomputed in the reduction instead.
  Program cheap = Scheduled(testing::BroadcastIntoReduction(false));
  EXPECT_EQ(NodesAndKernels(cheap),
            "nodes:\n"
            "  node0: out0[i0, 0] = sum<float32> for i0 < 4 over r0 < 8: mul(in0[i0, r0], "
            "mul(in1[r0], 2:float32))\n"
            "kernels:\n"
            "  kernel0 outer [4]: nodes 0\n");
}

TEST(ScheduleTest, ExpensiveProducerWithTwoReadersStaysMaterialized) {
  ProgramBuilder b;
  int x = b.Input({4, 8});
  int e = b.Pointwise({4, 8}, [&](const Index& i) { return testing::Unary("tanh", b.Load(x, i)); });
  int a = b.Pointwise({4, 8}, [&](const Index& i) { return testing::Add(b.Load(e, i), C(1)); });
  b.Pointwise(
      {4, 8}, [&](const Index& i) { return testing::Mul(b.Load(e, i), b.Load(a, i)); }, true);
  Program p = Scheduled(b.Build());
  EXPECT_EQ(NodesAndKernels(p),
            "nodes:\n"
            "  node0: buf1[i0, i1] = pointwise for i0 < 4, i1 < 8: tanh(in0[i0, i1])\n"
            "  node1: out0[i0, i1] = pointwise for i0 < 4, i1 < 8: mul(buf1[i0, i1], add(buf1[i0, "
            "i1], 1:float32))\n"
            "kernels:\n"
            "  kernel0 outer [4, 8]: nodes 0, 1\n");
}

TEST(ScheduleTest, IndependentPointwiseNodesShareAKernel) {
  Program p = Scheduled(testing::TwoOutputs(false));
  EXPECT_EQ(NodesAndKernels(p),
            "nodes:\n"
            "  node0: out0[i0, i1] = pointwise for i0 < 4, i1 < 8: add(in0[i0, i1], 1:float32)\n"
            "  node1: out1[i0, i1] = pointwise for i0 < 4, i1 < 8: mul(in0[i0, i1], 2:float32)\n"
            "kernels:\n"
            "  kernel0 outer [4, 8]: nodes 0, 1\n");
}

TEST(ScheduleTest, MaxFusionSizeLimitsTheNodesPerKernel) {
  Program p = testing::TwoOutputs(false);
  Schedule(p, ScheduleOptions{.max_fusion_size = 1});
  EXPECT_EQ(p.kernels.size(), 2u);
  Program q = testing::TwoOutputs(false);
  Schedule(q, ScheduleOptions{.max_fusion_size = 2});
  EXPECT_EQ(q.kernels.size(), 1u);
}

TEST(ScheduleTest, ReadingAnotherRowsReductionIsNotFused) {
  Program p = Scheduled(testing::TransposedRowRead());
  EXPECT_EQ(NodesAndKernels(p),
            "nodes:\n"
            "  node0: buf1[i0, 0] = sum<float32> for i0 < 4 over r0 < 4: in0[i0, r0]\n"
            "  node1: out0[i0, i1] = pointwise for i0 < 4, i1 < 4: sub(in0[i0, i1], buf1[i1, 0])\n"
            "kernels:\n"
            "  kernel0 outer [4]: nodes 0\n"
            "  kernel1 outer [4, 4]: nodes 1\n");
}

TEST(ScheduleTest, FullReductionDoesNotSerializeItsConsumer) {
  // x / x.sum(): the sum has no outer loop, so the division over [4, 8]
  // stays a parallel kernel of its own, reading the written sum.
  Program p = Scheduled(testing::FullReductionConsumer());
  EXPECT_EQ(NodesAndKernels(p),
            "nodes:\n"
            "  node0: buf1[0, 0] = sum<float32> for  over r0 < 4, r1 < 8: in0[r0, r1]\n"
            "  node1: out0[i0, i1] = pointwise for i0 < 4, i1 < 8: div(in0[i0, i1], buf1[0, 0])\n"
            "kernels:\n"
            "  kernel0 outer []: nodes 0\n"
            "  kernel1 outer [4, 8]: nodes 1\n");
}

TEST(ScheduleTest, RepeatedSquaringDoesNotInlineExponentially) {
  // a[k+1] = a[k] * a[k] forty times: inlining all of them would copy a[0]
  // 2^40 times; the opcount rule stores every few steps instead.
  ProgramBuilder b;
  int a = b.Input({4, 8});
  for (int k = 0; k < 40; ++k) {
    a = b.Pointwise(
        {4, 8}, [&](const Index& i) { return testing::Mul(b.Load(a, i), b.Load(a, i)); }, k == 39);
  }
  Program p = Scheduled(b.Build());
  EXPECT_GT(p.nodes.size(), 5u);
  EXPECT_LT(p.nodes.size(), 40u);
  EXPECT_LE(p.ToString().size(), 100000u);
  testing::Values inputs = testing::SampleInputs(b.Build());
  EXPECT_EQ(*testing::RunProgram(b.Build(), inputs), *testing::RunProgram(p, inputs));
}

// x -> e1 -> e2 -> ... -> e<n> -> out through Extern ops (each its own kernel).
Program ExternChain(int n) {
  ProgramBuilder b;
  int prev = b.Input({4, 8});
  for (int k = 0; k < n; ++k) prev = b.Extern("neg", {prev}, {4, 8});
  b.Extern("neg", {prev}, {4, 8}, true);
  return b.Build();
}

TEST(PlanMemoryTest, ChainOfIntermediatesUsesTwoSlots) {
  Program p = Scheduled(ExternChain(6));
  ASSERT_EQ(p.kernels.size(), 7u);
  MemoryPlan plan = PlanMemory(p);
  // in0, six intermediates, out0.
  EXPECT_EQ(plan.slot, (std::vector<int>{-1, 0, 1, 0, 1, 0, 1, -1}));
  EXPECT_EQ(plan.slot_bytes, (std::vector<int64_t>{128, 128}));
  EXPECT_EQ(plan.TotalBytes(), 256);
}

TEST(PlanMemoryTest, NeverReusesABufferStillToBeRead) {
  // a and b both live until c reads them; d may take a's slot after that.
  ProgramBuilder b;
  int x = b.Input({4, 8});
  int a = b.Extern("neg", {x}, {4, 8});
  int bb = b.Extern("neg", {x}, {4, 8});
  int c = b.Extern("add", {a, bb}, {4, 8});
  int d = b.Extern("neg", {c}, {4, 8});
  b.Extern("neg", {d}, {4, 8}, true);
  Program p = Scheduled(b.Build());
  MemoryPlan plan = PlanMemory(p);
  EXPECT_NE(plan.slot[a], plan.slot[bb]);
  EXPECT_NE(plan.slot[c], plan.slot[a]);
  EXPECT_NE(plan.slot[c], plan.slot[bb]);
  // d is written after a and b died: it reuses the one freed last (LIFO).
  EXPECT_EQ(plan.slot[d], plan.slot[bb]);
  EXPECT_EQ(plan.slot_bytes.size(), 3u);
}

TEST(PlanMemoryTest, AViewAnExternReadsKeepsItsBaseAlive) {
  // e = add(view of a, d): a's memory is read through the view in e's
  // kernel, so d (written before that) must not take a's slot.
  ProgramBuilder b;
  int x = b.Input({4, 8});
  int a = b.Extern("neg", {x}, {4, 8});
  Program p = b.Build();
  Buffer view = p.buffers[a];
  view.name = "view";
  view.role = Buffer::Role::kAlias;
  view.alias_of = a;
  view.sizes = ConstSyms(std::vector<int64_t>{8, 4});
  view.strides = ConstSyms(std::vector<int64_t>{1, 8});
  p.buffers.push_back(view);
  const int v = static_cast<int>(p.buffers.size()) - 1;
  Buffer d_buf = p.buffers[a];
  d_buf.name = "d";
  p.buffers.push_back(d_buf);
  const int d = v + 1;
  p.nodes.push_back({.buffer = d, .body = Extern{.op = "neg", .args = {x}, .outputs = {d}}});
  Buffer out = p.buffers[a];
  out.name = "out0";
  out.role = Buffer::Role::kOutput;
  out.sizes = ConstSyms(std::vector<int64_t>{8, 4});
  p.buffers.push_back(out);
  const int o = d + 1;
  p.nodes.push_back({.buffer = o, .body = Extern{.op = "add", .args = {v, d}, .outputs = {o}}});
  p.graph_outputs = {o};
  Schedule(p);
  ASSERT_EQ(p.kernels.size(), 3u);
  MemoryPlan plan = PlanMemory(p);
  EXPECT_EQ(plan.slot[v], -1);
  EXPECT_GE(plan.slot[a], 0);
  EXPECT_NE(plan.slot[d], plan.slot[a]);
}

TEST(PlanMemoryTest, ReuseNeedsTheSameDtypeAndByteSize) {
  ProgramBuilder b;
  int x = b.Input({4, 8});
  int a = b.Extern("neg", {x}, {4, 8});
  int c = b.Extern("neg", {a}, {4, 8}, false, DType::kFloat64);  // a dies here
  int d = b.Extern("neg", {c}, {8, 4});                          // c dies; a's bytes
  int e = b.Extern("neg", {d}, {2, 8}, false, DType::kFloat64);  // other size
  b.Extern("neg", {e}, {2, 8}, true, DType::kFloat64);
  MemoryPlan plan = PlanMemory(Scheduled(b.Build()));
  EXPECT_EQ(plan.slot[d], plan.slot[a]);  // same dtype and bytes, other shape
  EXPECT_NE(plan.slot[e], plan.slot[c]);  // float64 but 128 bytes, not 256
  EXPECT_EQ(plan.slot_bytes, (std::vector<int64_t>{128, 256, 128}));
}

TEST(PlanMemoryTest, PointwiseWritesInPlaceOverItsDeadInput) {
  ProgramBuilder b;
  int x = b.Input({4, 8});
  int a = b.Extern("neg", {x}, {4, 8});
  int t = b.Pointwise({4, 8}, [&](const Index& i) { return testing::Unary("exp", b.Load(a, i)); });
  b.Extern("neg", {t}, {4, 8}, true);
  Program p = Scheduled(b.Build());
  ASSERT_EQ(p.kernels.size(), 3u);
  MemoryPlan plan = PlanMemory(p);
  EXPECT_EQ(plan.slot[t], plan.slot[a]);
  EXPECT_EQ(plan.slot_bytes.size(), 1u);

  // Not when the input is read at another index (a transpose) or by
  // another node too.
  ProgramBuilder b2;
  int x2 = b2.Input({8, 8});
  int a2 = b2.Extern("neg", {x2}, {8, 8});
  int t2 = b2.Pointwise({8, 8}, [&](const Index& i) {
    return testing::Unary("exp", b2.Load(a2, {i[1], i[0]}));
  });
  b2.Extern("add", {t2, a2}, {8, 8}, true);
  MemoryPlan plan2 = PlanMemory(Scheduled(b2.Build()));
  EXPECT_NE(plan2.slot[t2], plan2.slot[a2]);
}

TEST(PlanMemoryTest, InputsOutputsAndLocalReductionsGetNoSlot) {
  Program p = Scheduled(testing::SoftmaxProgram());
  MemoryPlan plan = PlanMemory(p);
  ASSERT_EQ(plan.slot.size(), p.buffers.size());
  int slots = 0;
  for (size_t b = 0; b < p.buffers.size(); ++b) {
    bool written = false;
    for (const Node& n : p.nodes) written |= n.buffer == static_cast<int>(b) && n.written;
    bool planned = p.buffers[b].role == Buffer::Role::kIntermediate && written;
    EXPECT_EQ(plan.slot[b] >= 0, planned) << p.buffers[b].name;
    slots += planned;
  }
  EXPECT_EQ(slots, 1);  // the exp row buffer
  EXPECT_EQ(plan.slot_bytes, std::vector<int64_t>{128});
}

// Every program means the same after scheduling: run unscheduled, node by
// node, and scheduled, kernel by kernel with PlanMemory's shared storage.
TEST(ScheduleTest, SchedulingPreservesMeaning) {
  for (const testing::NamedProgram& np : testing::CheckablePrograms()) {
    SCOPED_TRACE(np.name);
    testing::Values inputs = testing::SampleInputs(np.program);
    absl::StatusOr<testing::Values> before = testing::RunProgram(np.program, inputs);
    ASSERT_TRUE(before.ok()) << before.status();
    Program scheduled = Scheduled(np.program);
    absl::StatusOr<testing::Values> after = testing::RunProgram(scheduled, inputs);
    ASSERT_TRUE(after.ok()) << after.status() << scheduled.ToString();
    EXPECT_EQ(*before, *after) << scheduled.ToString();
    for (const std::vector<double>& out : *before) {
      for (double v : out) ASSERT_FALSE(std::isnan(v));
    }
  }
}

// The checker itself catches a wrong schedule: softmax's output computed
// before the row's sum, or a reduction result read from the wrong row.
TEST(ScheduleTest, CheckerRejectsWrongSchedules) {
  Program softmax = testing::SoftmaxProgram();
  testing::Values inputs = testing::SampleInputs(softmax);
  testing::Values expected = *testing::RunProgram(softmax, inputs);
  Program swapped = Scheduled(softmax);
  ASSERT_EQ(swapped.kernels.size(), 1u);
  std::vector<int>& members = swapped.kernels[0].nodes;
  std::swap(members[members.size() - 1], members[members.size() - 2]);
  absl::StatusOr<testing::Values> wrong = testing::RunProgram(swapped, inputs);
  EXPECT_TRUE(!wrong.ok() || *wrong != expected);

  // Fusing the transposed read into the row kernel reads rows not yet summed.
  Program transposed = testing::TransposedRowRead();
  testing::Values t_inputs = testing::SampleInputs(transposed);
  testing::Values t_expected = *testing::RunProgram(transposed, t_inputs);
  Program forced = transposed;
  forced.kernels = {Kernel{.name = "kernel0", .outer = {Sym::Const(4)}, .nodes = {0, 1}}};
  absl::StatusOr<testing::Values> t_wrong = testing::RunProgram(forced, t_inputs);
  ASSERT_TRUE(t_wrong.ok()) << t_wrong.status();
  EXPECT_NE(*t_wrong, t_expected);
}

}  // namespace
}  // namespace tc::codegen_cpu
