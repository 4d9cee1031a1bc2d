// A batch of emitter test cases (see emit_batch.h).
#include "emit_batch.h"

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

#include "test_jit.h"

namespace tc::codegen_cpu::testing {

Tensor Eager(std::string_view op, std::vector<kernels::KernelArg> args) {
  absl::StatusOr<Tensor> t = kernels::Call1(op, std::move(args));
  EXPECT_TRUE(t.ok()) << op << ": " << t.status();
  return t.ok() ? *t : Tensor();
}

int Batch::Input(const Tensor& t) {
  const int b = static_cast<int>(program.buffers.size());
  Buffer buf = MakeBuffer(absl::StrCat("in", b), Buffer::Role::kInput, t.dtype(),
                          std::vector<int64_t>(t.sizes().begin(), t.sizes().end()),
                          std::vector<int64_t>(t.strides().begin(), t.strides().end()));
  buf.input_index = b;
  program.buffers.push_back(std::move(buf));
  tensors.push_back(t);
  return b;
}

int Batch::Output(DType dtype, const std::vector<int64_t>& sizes, Buffer::Role role) {
  const int b = static_cast<int>(program.buffers.size());
  program.buffers.push_back(
      MakeBuffer(absl::StrCat("buf", b), role, dtype, sizes, ContiguousStrides(sizes)));
  tensors.push_back(Tensor::Zeros(sizes, dtype));
  return b;
}

ExprPtr Batch::LoadAll(int b) const {
  const Buffer& buf = program.buffers[b];
  std::vector<int64_t> sizes;
  for (const Sym& s : buf.sizes) sizes.push_back(s.value());
  return MakeLoad(b, LoopVars(sizes), buf.dtype);
}

void Batch::Pointwise(int out, ExprPtr value) {
  const Buffer& buf = program.buffers[out];
  std::vector<int64_t> sizes;
  for (const Sym& s : buf.sizes) sizes.push_back(s.value());
  AddNode(out,
          codegen_cpu::Pointwise{.ranges = buf.sizes, .store = LoopVars(sizes), .value = value});
}

void Batch::AddNode(int buffer, codegen_cpu::Pointwise body) {
  Node& node = program.nodes.emplace_back();
  node.buffer = buffer;
  node.body = std::move(body);
}
void Batch::AddNode(int buffer, codegen_cpu::Reduction body) {
  Node& node = program.nodes.emplace_back();
  node.buffer = buffer;
  node.body = std::move(body);
}

void Batch::Expect(std::string label, int out, Tensor want, int64_t max_ulp) {
  cases_.push_back({std::move(label), out, std::move(want), max_ulp});
}

EmittedSource Batch::Run(bool parallel, bool schedule) {
  if (schedule) ScheduleUnfused(program);
  absl::StatusOr<EmittedSource> source = EmitCpp(program);
  EXPECT_TRUE(source.ok()) << source.status();
  if (!source.ok()) return {};
  absl::StatusOr<std::shared_ptr<LoadedModule>> module = CompileAndLoad(source->cpp);
  EXPECT_TRUE(module.ok()) << module.status();
  if (!module.ok()) return *source;
  TestRuntime runtime(parallel);
  absl::Status run = RunKernels(**module, *source, tensors, runtime);
  EXPECT_TRUE(run.ok()) << run;
  error = runtime.error;
  for (const Case& c : cases_) {
    const int64_t ulp = MaxUlpDiff(tensors[c.out], c.want);
    ulps.emplace_back(c.label, ulp);
    EXPECT_GE(ulp, 0) << c.label << ": values differ (NaN-ness, sign or an exact dtype)";
    EXPECT_LE(ulp, c.max_ulp) << c.label;
  }
  return *source;
}

}  // namespace tc::codegen_cpu::testing
