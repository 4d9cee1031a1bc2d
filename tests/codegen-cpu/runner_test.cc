// ProgramRunner and HostRuntime on hand-written kernels (one compiled
// translation unit) in hand-built Programs: outputs with eager's strides,
// intermediates, inputs checked, Extern ops (adopted and copied results),
// alias outputs as views, reuse across runs, and parallel_for on the
// kernels thread pool.
#include "tc/codegen_cpu/runner.h"

#include <atomic>
#include <mutex>
#include <set>
#include <thread>

#include "gtest/gtest.h"

#include "tc/codegen_cpu/compile.h"
#include "tc/codegen_cpu/kernel_runtime.h"
#include "tc/kernels/eager.h"
#include "tc/kernels/thread_pool.h"

#include "jit_test_env.h"

namespace tc::codegen_cpu {
namespace {

using tensor::Tensor;

constexpr std::string_view kKernels = R"(
extern "C" {
// Elementwise program: buf2 = in0 + in1 ([4, 5] row-major), then
// out3 = buf2 * 2 stored with strides [1, 4] (a transposed layout).
void ew_add(char* const* b, const KernelRuntime*) {
  const float* x = (const float*)b[0]; const float* y = (const float*)b[1]; float* o = (float*)b[2];
  for (int64_t i = 0; i < 4; ++i) for (int64_t j = 0; j < 5; ++j) o[i * 5 + j] = x[i * 5 + j] + y[i * 5 + j];
}
void ew_double(char* const* b, const KernelRuntime*) {
  const float* x = (const float*)b[2]; float* o = (float*)b[3];
  for (int64_t i = 0; i < 4; ++i) for (int64_t j = 0; j < 5; ++j) o[i + j * 4] = 2 * x[i * 5 + j];
}
// Extern program: out3 = max(buf2, 0) + 1 over the [3, 5] product buf2.
void mm_epilogue(char* const* b, const KernelRuntime*) {
  const float* x = (const float*)b[2]; float* o = (float*)b[3];
  for (int64_t i = 0; i < 15; ++i) o[i] = (x[i] > 0 ? x[i] : 0) + 1;
}
// Parallel program: out0[i] = 7 * i over 200000 int64 elements.
static void fill_body(void* context, int64_t begin, int64_t end) {
  int64_t* o = (int64_t*)context;
  for (int64_t i = begin; i < end; ++i) o[i] = 7 * i;
}
void fill_parallel(char* const* b, const KernelRuntime* rt) {
  rt->parallel_for(200000, 1024, fill_body, b[0]);
}
void noop(char* const*, const KernelRuntime*) {}
// Runtime report: out0 (int64[3]) = num_threads, whether parallel_for is
// set, the chunks a 1000-element loop of grain 1 is split into.
static void count_body(void* c, int64_t, int64_t) {
  __atomic_add_fetch((int64_t*)c, 1, __ATOMIC_RELAXED);
}
void report_runtime(char* const* b, const KernelRuntime* rt) {
  int64_t* o = (int64_t*)b[0];
  o[0] = rt->num_threads;
  o[1] = rt->parallel_for != nullptr;
  o[2] = 0;
  if (rt->parallel_for != nullptr) rt->parallel_for(1000, 1, count_body, &o[2]); else o[2] = 1;
}
// Chain program over 64 floats: buf1 = in0 + 1, buf2 = 3 * buf1, out3 = buf2 - 2.
void chain_a(char* const* b, const KernelRuntime*) {
  for (int i = 0; i < 64; ++i) ((float*)b[1])[i] = ((const float*)b[0])[i] + 1;
}
void chain_b(char* const* b, const KernelRuntime*) {
  for (int i = 0; i < 64; ++i) ((float*)b[2])[i] = 3 * ((const float*)b[1])[i];
}
void chain_c(char* const* b, const KernelRuntime*) {
  for (int i = 0; i < 64; ++i) ((float*)b[3])[i] = ((const float*)b[2])[i] - 2;
}
}
)";

std::shared_ptr<LoadedModule> Module() {
  static std::shared_ptr<LoadedModule> module = [] {
    absl::StatusOr<std::shared_ptr<LoadedModule>> m =
        CompileAndLoad(testing::AbiSource() + std::string(kKernels));
    EXPECT_TRUE(m.ok()) << m.status();
    return m.ok() ? *m : nullptr;
  }();
  return module;
}

Buffer Buf(std::string name, Buffer::Role role, DType dtype, std::vector<int64_t> sizes,
           std::vector<int64_t> strides, int64_t offset = 0) {
  return Buffer{.name = std::move(name),
                .role = role,
                .dtype = dtype,
                .sizes = ConstSyms(sizes),
                .strides = ConstSyms(strides),
                .offset = Sym::Const(offset)};
}
Buffer Input(std::string name, int index, std::vector<int64_t> sizes,
             std::vector<int64_t> strides) {
  Buffer b = Buf(std::move(name), Buffer::Role::kInput, DType::kFloat32, sizes, strides);
  b.input_index = index;
  return b;
}
Buffer Alias(std::string name, int of, std::vector<int64_t> sizes, std::vector<int64_t> strides,
             int64_t offset) {
  Buffer b = Buf(std::move(name), Buffer::Role::kAlias, DType::kFloat32, sizes, strides, offset);
  b.alias_of = of;
  return b;
}

// A pointwise node over `sizes` writing `buffer` (what it computes is the
// kernel's business here; the runner only runs kernels).
Node PointwiseNode(int buffer, int read, std::vector<int64_t> sizes) {
  std::vector<Sym> index;
  for (size_t d = 0; d < sizes.size(); ++d)
    index.push_back(Sym::Var("i" + std::to_string(d), sizes[d]));
  return Node{.buffer = buffer,
              .body = Pointwise{.ranges = ConstSyms(sizes),
                                .store = index,
                                .value = MakeLoad(read, index, DType::kFloat32)}};
}

// in0, in1 [4, 5] -> buf2 = in0 + in1 -> out3 = 2 * buf2 (strides [1, 4]);
// outputs: out3, its transpose (alias4), in0[1:] (alias5).
Program ElementwiseProgram() {
  Program p;
  p.buffers = {Input("in0", 0, {4, 5}, {5, 1}),
               Input("in1", 1, {4, 5}, {5, 1}),
               Buf("buf2", Buffer::Role::kIntermediate, DType::kFloat32, {4, 5}, {5, 1}),
               Buf("out3", Buffer::Role::kOutput, DType::kFloat32, {4, 5}, {1, 4}),
               Alias("alias4", 3, {5, 4}, {4, 1}, 0),
               Alias("alias5", 0, {3, 5}, {5, 1}, 5)};
  p.nodes = {PointwiseNode(2, 0, {4, 5}), PointwiseNode(3, 2, {4, 5})};
  p.kernels = {
      Kernel{.name = "ew_add", .outer = ConstSyms(std::vector<int64_t>{4, 5}), .nodes = {0}},
      Kernel{.name = "ew_double", .outer = ConstSyms(std::vector<int64_t>{4, 5}), .nodes = {1}}};
  p.graph_outputs = {3, 4, 5};
  return p;
}

absl::StatusOr<std::vector<Tensor>> RunOn(const ProgramRunner& runner, std::vector<Tensor> inputs) {
  return runner.Run(inputs);
}

Tensor Filled(std::vector<int64_t> sizes, float start, float step) {
  Tensor t = Tensor::Empty(sizes, DType::kFloat32);
  for (int64_t i = 0; i < t.numel(); ++i) t.data<float>()[i] = start + step * static_cast<float>(i);
  return t;
}

float At(const Tensor& t, int64_t i, int64_t j) {
  return t.data<float>()[i * t.stride(0) + j * t.stride(1)];
}

TEST(RunnerTest, RunsKernelsAndReturnsOutputsWithTheirStrides) {
  ASSERT_NE(Module(), nullptr);
  absl::StatusOr<ProgramRunner> runner = ProgramRunner::Create(ElementwiseProgram(), Module());
  ASSERT_TRUE(runner.ok()) << runner.status();
  EXPECT_EQ(runner->intermediate_bytes(), 4 * 5 * 4);
  Tensor a = Filled({4, 5}, 1, 1), b = Filled({4, 5}, 0.5, -2);
  absl::StatusOr<std::vector<Tensor>> out = RunOn(*runner, {a, b});
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ(out->size(), 3u);
  const Tensor& o = (*out)[0];
  EXPECT_EQ(o.sizes(), (tensor::Shape{4, 5}));
  EXPECT_EQ(o.strides(), (tensor::Shape{1, 4}));
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 5; ++j)
      ASSERT_EQ(At(o, i, j), 2 * (At(a, i, j) + At(b, i, j))) << i << "," << j;
  }
  // alias4 is out3's transpose over the same storage.
  const Tensor& t = (*out)[1];
  EXPECT_EQ(t.storage(), o.storage());
  EXPECT_EQ(t.sizes(), (tensor::Shape{5, 4}));
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 5; ++j) ASSERT_EQ(At(t, j, i), At(o, i, j));
  }
  // alias5 is in0[1:]: a view of the caller's tensor, not a copy.
  const Tensor& s = (*out)[2];
  EXPECT_EQ(s.storage(), a.storage());
  EXPECT_EQ(s.storage_offset(), 5);
  EXPECT_EQ(At(s, 0, 0), At(a, 1, 0));

  // A second run with other data: new outputs, the first ones untouched.
  Tensor c = Filled({4, 5}, -3, 0.25);
  absl::StatusOr<std::vector<Tensor>> again = RunOn(*runner, {c, c});
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_NE((*again)[0].storage(), o.storage());
  EXPECT_EQ(At((*again)[0], 2, 3), 4 * At(c, 2, 3));
  EXPECT_EQ(At(o, 2, 3), 2 * (At(a, 2, 3) + At(b, 2, 3)));
}

// The memory planner places buf2 over buf1 (in place: chain_b reads each
// element of buf1 once, where it writes buf2): one slot for two buffers.
TEST(RunnerTest, IntermediatesShareStorageAsPlanned) {
  Program p;
  p.buffers = {Input("in0", 0, {64}, {1}),
               Buf("buf1", Buffer::Role::kIntermediate, DType::kFloat32, {64}, {1}),
               Buf("buf2", Buffer::Role::kIntermediate, DType::kFloat32, {64}, {1}),
               Buf("out3", Buffer::Role::kOutput, DType::kFloat32, {64}, {1})};
  p.nodes = {PointwiseNode(1, 0, {64}), PointwiseNode(2, 1, {64}), PointwiseNode(3, 2, {64})};
  for (int k = 0; k < 3; ++k) {
    p.kernels.push_back(Kernel{.name = std::string("chain_") + static_cast<char>('a' + k),
                               .outer = {Sym::Const(64)},
                               .nodes = {k}});
  }
  p.graph_outputs = {3};
  absl::StatusOr<ProgramRunner> runner = ProgramRunner::Create(p, Module());
  ASSERT_TRUE(runner.ok()) << runner.status();
  EXPECT_EQ(runner->intermediate_bytes(), 64 * 4);
  Tensor x = Filled({64}, -5, 0.5);
  absl::StatusOr<std::vector<Tensor>> out = RunOn(*runner, {x});
  ASSERT_TRUE(out.ok()) << out.status();
  for (int i = 0; i < 64; ++i) {
    ASSERT_EQ((*out)[0].data<float>()[i], 3 * (x.data<float>()[i] + 1) - 2) << i;
  }
}

TEST(RunnerTest, InputOffsetsAreTheCallersView) {
  // An input that is itself a view (storage offset 20) of a larger tensor.
  Tensor big = Filled({8, 5}, 0, 1);
  Tensor a = big.AsStrided(std::vector<int64_t>{4, 5}, std::vector<int64_t>{5, 1}, 20);
  Tensor b = Filled({4, 5}, 0, 0);
  absl::StatusOr<std::vector<Tensor>> out =
      RunProgram(ElementwiseProgram(), *Module(), std::vector<Tensor>{a, b});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(At((*out)[0], 0, 0), 40.0f);
  EXPECT_EQ((*out)[2].storage_offset(), 25);  // in0[1:] of the view
  EXPECT_EQ(At((*out)[2], 0, 0), 25.0f);
}

TEST(RunnerTest, InputsAreChecked) {
  absl::StatusOr<ProgramRunner> runner = ProgramRunner::Create(ElementwiseProgram(), Module());
  ASSERT_TRUE(runner.ok()) << runner.status();
  Tensor good = Filled({4, 5}, 0, 1);
  auto message = [&](std::vector<Tensor> inputs) {
    absl::StatusOr<std::vector<Tensor>> r = RunOn(*runner, inputs);
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
    return std::string(r.status().message());
  };
  EXPECT_EQ(message({good}), "the compiled program takes 2 inputs, got 1");
  EXPECT_EQ(message({good, Tensor::Zeros(std::vector<int64_t>{4, 5}, DType::kFloat64)}),
            "input 1 (in1) was compiled for float32 [4, 5] with strides [5, 1], got float64 [4, 5] "
            "with strides [5, 1]");
  EXPECT_EQ(message({Filled({4, 6}, 0, 1), good}),
            "input 0 (in0) was compiled for float32 [4, 5] with strides [5, 1], got float32 [4, 6] "
            "with strides [6, 1]");
  Tensor transposed =
      Filled({5, 4}, 0, 1).AsStrided(std::vector<int64_t>{4, 5}, std::vector<int64_t>{1, 4}, 0);
  EXPECT_EQ(message({good, transposed}),
            "input 1 (in1) was compiled for float32 [4, 5] with strides [5, 1], got float32 [4, 5] "
            "with strides [1, 4]");
  EXPECT_EQ(message({good, Tensor()}), "input 1 (in1) must be a CPU tensor with data");
  EXPECT_EQ(message({good, Tensor::Empty(std::vector<int64_t>{4, 5}, DType::kFloat32,
                                         tensor::Device::Meta())}),
            "input 1 (in1) must be a CPU tensor with data");
}

TEST(RunnerTest, StridesOfLengthOneDimsDoNotMatter) {
  Program p;
  p.buffers = {Input("in0", 0, {1, 5}, {5, 1}),
               Buf("out1", Buffer::Role::kOutput, DType::kFloat32, {1, 5}, {5, 1})};
  p.nodes = {PointwiseNode(1, 0, {1, 5})};
  p.kernels = {Kernel{.name = "noop", .outer = {}, .nodes = {0}}};
  p.graph_outputs = {1};
  absl::StatusOr<ProgramRunner> runner = ProgramRunner::Create(p, Module());
  ASSERT_TRUE(runner.ok()) << runner.status();
  Tensor base = Filled({5, 7}, 0, 1);
  Tensor odd = base.AsStrided(std::vector<int64_t>{1, 5}, std::vector<int64_t>{99, 1}, 0);
  EXPECT_TRUE(RunOn(*runner, {odd}).ok());
  Tensor wrong = base.AsStrided(std::vector<int64_t>{1, 5}, std::vector<int64_t>{5, 7}, 0);
  EXPECT_FALSE(RunOn(*runner, {wrong}).ok());
}

// mm (an Extern) then a generated epilogue reading its result; a second mm
// into an output with a transposed layout (copied in, not adopted).
TEST(RunnerTest, ExternNodesRunOnTheKernelsLibrary) {
  Program p;
  p.buffers = {Input("in0", 0, {3, 4}, {4, 1}), Input("in1", 1, {4, 5}, {5, 1}),
               Buf("buf2", Buffer::Role::kIntermediate, DType::kFloat32, {3, 5}, {5, 1}),
               Buf("out3", Buffer::Role::kOutput, DType::kFloat32, {3, 5}, {5, 1}),
               Buf("out4", Buffer::Role::kOutput, DType::kFloat32, {3, 5}, {1, 3})};
  p.nodes = {Node{.buffer = 2, .body = Extern{.op = "mm", .args = {0, 1}, .outputs = {2}}},
             PointwiseNode(3, 2, {3, 5}),
             Node{.buffer = 4, .body = Extern{.op = "mm", .args = {0, 1}, .outputs = {4}}}};
  p.kernels = {
      Kernel{.name = "kernel0", .outer = {}, .nodes = {0}},
      Kernel{.name = "mm_epilogue", .outer = ConstSyms(std::vector<int64_t>{3, 5}), .nodes = {1}},
      Kernel{.name = "kernel2", .outer = {}, .nodes = {2}}};
  p.graph_outputs = {3, 4};
  absl::StatusOr<ProgramRunner> runner = ProgramRunner::Create(p, Module());
  ASSERT_TRUE(runner.ok()) << runner.status();
  EXPECT_EQ(runner->intermediate_bytes(), 0);  // buf2 adopts mm's result
  Tensor a = Filled({3, 4}, -2, 0.5), b = Filled({4, 5}, 1, -0.25);
  absl::StatusOr<std::vector<Tensor>> out = RunOn(*runner, {a, b});
  ASSERT_TRUE(out.ok()) << out.status();
  absl::StatusOr<Tensor> mm = kernels::Call1("mm", {a, b});
  ASSERT_TRUE(mm.ok()) << mm.status();
  const Tensor& epilogue = (*out)[0];
  const Tensor& transposed = (*out)[1];
  EXPECT_EQ(transposed.strides(), (tensor::Shape{1, 3}));
  int positive = 0;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 5; ++j) {
      float want = At(*mm, i, j);
      positive += want > 0;
      ASSERT_EQ(At(epilogue, i, j), (want > 0 ? want : 0) + 1) << i << "," << j;
      ASSERT_EQ(At(transposed, i, j), want) << i << "," << j;
    }
  }
  EXPECT_GT(positive, 0);
  EXPECT_LT(positive, 15);
}

TEST(RunnerTest, ExternErrorsNameTheOpAndKernel) {
  Program p;
  p.buffers = {Input("in0", 0, {3, 4}, {4, 1}), Input("in1", 1, {3, 4}, {4, 1}),
               Buf("out2", Buffer::Role::kOutput, DType::kFloat32, {3, 3}, {3, 1})};
  p.nodes = {Node{.buffer = 2, .body = Extern{.op = "mm", .args = {0, 1}, .outputs = {2}}}};
  p.kernels = {Kernel{.name = "kernel0", .outer = {}, .nodes = {0}}};
  p.graph_outputs = {2};
  absl::StatusOr<std::vector<Tensor>> out =
      RunProgram(p, *Module(), std::vector<Tensor>{Filled({3, 4}, 0, 1), Filled({3, 4}, 0, 1)});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message().substr(0, 19), "extern mm (kernel0)") << out.status();
}

TEST(RunnerTest, BadProgramsAreRefusedWhenPrepared) {
  auto error = [](const Program& p) {
    absl::StatusOr<ProgramRunner> r = ProgramRunner::Create(p, Module());
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
    return std::string(r.status().message());
  };
  Program missing = ElementwiseProgram();
  missing.kernels[1].name = "not_compiled";
  EXPECT_EQ(error(missing), "kernel not_compiled is not in the compiled module");
  Program unscheduled = ElementwiseProgram();
  unscheduled.kernels.clear();
  EXPECT_EQ(error(unscheduled), "the program is not scheduled (it has no kernels)");
  Program symbolic = ElementwiseProgram();
  symbolic.buffers[2].sizes[0] = Sym::Var("s0", 8);
  EXPECT_EQ(error(symbolic), "buffer buf2: size s0 is not a constant");
  Program unknown_op = ElementwiseProgram();
  unknown_op.nodes[0].body = Extern{.op = "no_such_op", .args = {0}, .outputs = {2}};
  EXPECT_EQ(error(unknown_op), "kernel ew_add: unknown extern op 'no_such_op'");
  Program bad_alias = ElementwiseProgram();
  bad_alias.buffers[4].alias_of = 17;
  EXPECT_EQ(error(bad_alias), "alias buffer alias4 names no buffer (alias_of 17)");
  Program cycle = ElementwiseProgram();
  cycle.buffers[4].alias_of = 5;
  cycle.buffers[5].alias_of = 4;
  EXPECT_EQ(error(cycle), "alias buffer alias4 is part of an alias cycle");
  Program no_input0 = ElementwiseProgram();
  no_input0.buffers[0].input_index = 2;
  EXPECT_EQ(error(no_input0), "no buffer is input 0");
}

TEST(RunnerTest, ParallelKernelRunsOnThePool) {
  Program p;
  p.buffers = {Buf("out0", Buffer::Role::kOutput, DType::kInt64, {200000}, {1})};
  p.nodes = {
      Node{.buffer = 0,
           .body = Pointwise{.ranges = {Sym::Const(200000)},
                             .store = {Sym::Var("i0", 200000)},
                             .value = MakeIndexValue(Sym::Var("i0", 200000), DType::kInt64)}}};
  p.kernels = {Kernel{.name = "fill_parallel", .outer = {Sym::Const(200000)}, .nodes = {0}}};
  p.graph_outputs = {0};
  absl::StatusOr<std::vector<Tensor>> out = RunProgram(p, *Module(), std::vector<Tensor>{});
  ASSERT_TRUE(out.ok()) << out.status();
  const int64_t* v = (*out)[0].data<int64_t>();
  for (int64_t i = 0; i < 200000; ++i) ASSERT_EQ(v[i], 7 * i) << i;
}

// The runtime report of report_runtime run by a runner with `options`.
std::vector<int64_t> RuntimeReport(const RunnerOptions& options) {
  Program p;
  p.buffers = {Buf("out0", Buffer::Role::kOutput, DType::kInt64, {3}, {1})};
  p.nodes = {Node{.buffer = 0,
                  .body = Pointwise{.ranges = {Sym::Const(3)},
                                    .store = {Sym::Var("i0", 3)},
                                    .value = MakeIndexValue(Sym::Var("i0", 3), DType::kInt64)}}};
  p.kernels = {Kernel{.name = "report_runtime", .outer = {Sym::Const(3)}, .nodes = {0}}};
  p.graph_outputs = {0};
  absl::StatusOr<ProgramRunner> runner = ProgramRunner::Create(p, Module(), options);
  EXPECT_TRUE(runner.ok()) << runner.status();
  if (!runner.ok()) return {};
  absl::StatusOr<std::vector<Tensor>> out = runner->Run({});
  EXPECT_TRUE(out.ok()) << out.status();
  if (!out.ok()) return {};
  const int64_t* v = (*out)[0].data<int64_t>();
  return {v[0], v[1], v[2]};
}

// cpp.threads: 1 runs the loops inline, N splits them into at most N
// chunks, -1 leaves them to the pool (this binary runs with
// TC_NUM_THREADS=4, see meson.build).
TEST(RunnerTest, NumThreadsLimitsTheKernelsParallelLoops) {
  ASSERT_GE(kernels::NumThreads(), 3);
  std::vector<int64_t> pool = RuntimeReport({});
  ASSERT_EQ(pool.size(), 3u);
  EXPECT_EQ(pool[0], kernels::NumThreads());
  EXPECT_EQ(pool[1], 1);
  EXPECT_GT(pool[2], 2);
  EXPECT_EQ(RuntimeReport({.num_threads = 1}), (std::vector<int64_t>{1, 0, 1}));
  std::vector<int64_t> two = RuntimeReport({.num_threads = 2});
  ASSERT_EQ(two.size(), 3u);
  EXPECT_EQ(two[0], 2);
  EXPECT_EQ(two[1], 1);
  EXPECT_LE(two[2], 2);
  EXPECT_EQ(RuntimeReport({.num_threads = 1000})[0], kernels::NumThreads());
  // The limit belongs to the runner that set it: the pool's runner again.
  EXPECT_GT(RuntimeReport({})[2], 2);
}

// size_asserts=False: the layout is not compared, but an input too small
// for the compiled layout is still refused.
TEST(RunnerTest, UncheckedInputsStillMustHoldTheLayout) {
  absl::StatusOr<ProgramRunner> runner =
      ProgramRunner::Create(ElementwiseProgram(), Module(), {.check_inputs = false});
  ASSERT_TRUE(runner.ok()) << runner.status();
  Tensor good = Filled({4, 5}, 0, 1);
  Tensor transposed =
      Filled({5, 4}, 0, 1).AsStrided(std::vector<int64_t>{4, 5}, std::vector<int64_t>{1, 4}, 0);
  absl::StatusOr<std::vector<Tensor>> out = RunOn(*runner, {good, transposed});
  EXPECT_TRUE(out.ok()) << out.status();
  absl::StatusOr<std::vector<Tensor>> small = RunOn(*runner, {good, Filled({4, 4}, 0, 1)});
  ASSERT_FALSE(small.ok());
  EXPECT_EQ(small.status().message(),
            "input 1 (in1) holds 64 bytes, the compiled program reads 80");
  EXPECT_FALSE(RunOn(*runner, {good, Tensor()}).ok());
}

// HostRuntime's parallel_for: disjoint chunks of at least `grain` covering
// [0, n), on more than one thread when the pool has them; inline (one
// chunk, this thread) when small or nested.
struct Record {
  std::mutex mu;
  std::vector<std::pair<int64_t, int64_t>> chunks;
  std::set<std::thread::id> threads;
  static void Body(void* context, int64_t begin, int64_t end) {
    auto* r = static_cast<Record*>(context);
    std::lock_guard<std::mutex> lock(r->mu);
    r->chunks.emplace_back(begin, end);
    r->threads.insert(std::this_thread::get_id());
  }
};

TEST(KernelRuntimeTest, ParallelForCoversTheRangeOnThePool) {
  const KernelRuntime& rt = HostRuntime();
  EXPECT_EQ(rt.num_threads, kernels::NumThreads());
  Record r;
  rt.parallel_for(1000003, 1000, &Record::Body, &r);
  std::sort(r.chunks.begin(), r.chunks.end());
  int64_t next = 0;
  for (auto [b, e] : r.chunks) {
    EXPECT_EQ(b, next);
    EXPECT_GE(e - b, std::min<int64_t>(1000, 1000003));
    next = e;
  }
  EXPECT_EQ(next, 1000003);
  if (kernels::NumThreads() > 1) {
    EXPECT_GT(r.chunks.size(), 1u);
  }
}

TEST(KernelRuntimeTest, SmallAndNestedLoopsRunInline) {
  const KernelRuntime& rt = HostRuntime();
  Record small;
  rt.parallel_for(500, 1000, &Record::Body, &small);
  ASSERT_EQ(small.chunks.size(), 1u);
  EXPECT_EQ(small.chunks[0], std::make_pair(int64_t{0}, int64_t{500}));
  EXPECT_EQ(*small.threads.begin(), std::this_thread::get_id());
  Record empty;
  rt.parallel_for(0, 1, &Record::Body, &empty);
  EXPECT_TRUE(empty.chunks.empty());

  std::atomic<int> inner_chunks_per_outer_max{0};
  kernels::ParallelFor(4, 1, [&](int64_t, int64_t) {
    Record nested;
    rt.parallel_for(1000000, 10, &Record::Body, &nested);
    int c = static_cast<int>(nested.chunks.size());
    int seen = inner_chunks_per_outer_max.load();
    while (c > seen && !inner_chunks_per_outer_max.compare_exchange_weak(seen, c)) {
    }
    EXPECT_EQ(nested.threads.size(), 1u);
    EXPECT_EQ(*nested.threads.begin(), std::this_thread::get_id());
  });
  EXPECT_EQ(inner_chunks_per_outer_max.load(), 1);
}

}  // namespace
}  // namespace tc::codegen_cpu
