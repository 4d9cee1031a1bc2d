// TC_CODEGEN_PROFILE=1 (this binary runs with it set, see meson.build):
// runners time each kernel and CodegenProfileReport names each kernel's
// kind and iteration space with its times; the report is printed at exit.
#include <cstdlib>
#include <string>

#include "gtest/gtest.h"

#include "tc/codegen_cpu/compile.h"
#include "tc/codegen_cpu/runner.h"

#include "jit_test_env.h"

namespace tc::codegen_cpu {
namespace {

Buffer Buf(std::string name, Buffer::Role role, std::vector<int64_t> sizes,
           std::vector<int64_t> strides, int input_index = -1) {
  return Buffer{.name = std::move(name),
                .role = role,
                .dtype = DType::kFloat32,
                .sizes = ConstSyms(sizes),
                .strides = ConstSyms(strides),
                .offset = Sym::Const(0),
                .input_index = input_index};
}

std::vector<Sym> Vars(std::string_view prefix, std::vector<int64_t> sizes) {
  std::vector<Sym> out;
  for (size_t d = 0; d < sizes.size(); ++d) {
    out.push_back(Sym::Var(absl::StrCat(std::string(prefix), d), sizes[d]));
  }
  return out;
}

// in0 [3, 4] @ in1 [4, 5] -> buf2 (an mm extern); out3 = relu(buf2) + 1
// (pointwise); out4 = buf2.sum(1) (a reduction).
Program MmProgram() {
  Program p;
  p.buffers = {Buf("in0", Buffer::Role::kInput, {3, 4}, {4, 1}, 0),
               Buf("in1", Buffer::Role::kInput, {4, 5}, {5, 1}, 1),
               Buf("buf2", Buffer::Role::kIntermediate, {3, 5}, {5, 1}),
               Buf("out3", Buffer::Role::kOutput, {3, 5}, {5, 1}),
               Buf("out4", Buffer::Role::kOutput, {3}, {1})};
  const std::vector<Sym> i = Vars("i", {3, 5});
  const std::vector<Sym> row = {Sym::Var("i0", 3), Sym::Var("r1", 5)};
  p.nodes = {Node{.buffer = 2, .body = Extern{.op = "mm", .args = {0, 1}, .outputs = {2}}},
             Node{.buffer = 3,
                  .body = Pointwise{.ranges = ConstSyms(std::vector<int64_t>{3, 5}),
                                    .store = i,
                                    .value = MakeLoad(2, i, DType::kFloat32)}},
             Node{.buffer = 4,
                  .body = Reduction{.ranges = ConstSyms(std::vector<int64_t>{3}),
                                    .reduction_ranges = ConstSyms(std::vector<int64_t>{5}),
                                    .store = {row[0]},
                                    .op = ReduceOp::kSum,
                                    .value = MakeLoad(2, row, DType::kFloat32),
                                    .accumulate_dtype = DType::kFloat32}}};
  p.kernels = {
      Kernel{.name = "kernel0", .outer = {}, .nodes = {0}},
      Kernel{.name = "relu_plus_one", .outer = ConstSyms(std::vector<int64_t>{3, 5}), .nodes = {1}},
      Kernel{.name = "row_sums", .outer = ConstSyms(std::vector<int64_t>{3}), .nodes = {2}}};
  p.graph_outputs = {3, 4};
  return p;
}

// The generated side of MmProgram, hand-written: out3 = max(buf2, 0) + 1
// over the [3, 5] product buf2, then out4 = the row sums of buf2.
constexpr std::string_view kKernels = R"(
extern "C" {
void relu_plus_one(char* const* b, const KernelRuntime*) {
  for (int64_t i = 0; i < 15; ++i) {
    const float v = ((const float*)b[2])[i];
    ((float*)b[3])[i] = (v > 0 ? v : 0) + 1;
  }
}
void row_sums(char* const* b, const KernelRuntime*) {
  for (int64_t i = 0; i < 3; ++i) {
    float sum = 0;
    for (int64_t j = 0; j < 5; ++j) sum += ((const float*)b[2])[i * 5 + j];
    ((float*)b[4])[i] = sum;
  }
}
}
)";

std::shared_ptr<LoadedModule> Module() {
  absl::StatusOr<std::shared_ptr<LoadedModule>> m =
      CompileAndLoad(testing::AbiSource() + std::string(kKernels));
  EXPECT_TRUE(m.ok()) << m.status();
  return m.ok() ? *m : nullptr;
}

tensor::Tensor Filled(std::vector<int64_t> sizes, float start, float step) {
  tensor::Tensor t = tensor::Tensor::Empty(sizes, DType::kFloat32);
  for (int64_t i = 0; i < t.numel(); ++i) t.data<float>()[i] = start + step * static_cast<float>(i);
  return t;
}

void RunTimes(const ProgramRunner& runner, int times) {
  const std::vector<tensor::Tensor> inputs = {Filled({3, 4}, -2, 0.5), Filled({4, 5}, 1, -0.25)};
  for (int k = 0; k < times; ++k) {
    absl::StatusOr<std::vector<tensor::Tensor>> out = runner.Run(inputs);
    ASSERT_TRUE(out.ok()) << out.status();
  }
}

TEST(ProfileTest, ReportsEachKernelsKindSpaceAndRuns) {
  std::shared_ptr<LoadedModule> module = Module();
  ASSERT_NE(module, nullptr);
  absl::StatusOr<ProgramRunner> runner = ProgramRunner::Create(MmProgram(), module);
  ASSERT_TRUE(runner.ok()) << runner.status();
  RunTimes(*runner, 3);
  const std::string report = CodegenProfileReport();
  EXPECT_NE(report.find("program 0: 3 runs"), std::string::npos) << report;
  // One line per kernel, in run order, with its kind and space.
  const size_t mm = report.find("kernel0    extern ");
  const size_t pw = report.find("relu_plus_one pointwise ");
  const size_t red = report.find("row_sums   reduction ");
  ASSERT_NE(mm, std::string::npos) << report;
  ASSERT_NE(pw, std::string::npos) << report;
  ASSERT_NE(red, std::string::npos) << report;
  EXPECT_LT(mm, pw);
  EXPECT_LT(pw, red);
  EXPECT_NE(report.find("mm -> [3, 5]"), std::string::npos) << report;
  EXPECT_NE(report.find("[3, 5] (1 nodes)"), std::string::npos) << report;
  EXPECT_NE(report.find("[3] r[5] (1 nodes)"), std::string::npos) << report;
  EXPECT_EQ(report.find("nan"), std::string::npos) << report;
}

TEST(ProfileTest, ReportIsPrintedAtExit) {
  EXPECT_EXIT(
      {
        std::shared_ptr<LoadedModule> module = Module();
        absl::StatusOr<ProgramRunner> runner = ProgramRunner::Create(MmProgram(), module);
        if (!runner.ok()) std::exit(1);
        RunTimes(*runner, 2);
        std::exit(0);
      },
      ::testing::ExitedWithCode(0), "\\[tc profile\\] program [0-9]+: 2 runs");
}

}  // namespace
}  // namespace tc::codegen_cpu
