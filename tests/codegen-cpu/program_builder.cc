// Test-only Program construction (program_builder.h).
#include "program_builder.h"

#include <utility>

#include "absl/strings/str_cat.h"

namespace tc::codegen_cpu::testing {

Index LoopVars(const std::vector<int64_t>& sizes, char prefix) {
  Index vars;
  for (size_t d = 0; d < sizes.size(); ++d) {
    vars.push_back(Sym::Var(absl::StrCat(std::string(1, prefix), d), sizes[d]));
  }
  return vars;
}

namespace {

std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& sizes) {
  std::vector<int64_t> strides(sizes.size(), 1);
  for (size_t d = sizes.size(); d-- > 1;) strides[d - 1] = strides[d] * sizes[d];
  return strides;
}

}  // namespace

int ProgramBuilder::NewBuffer(std::vector<int64_t> sizes, DType dtype, bool output) {
  Buffer b;
  int index = static_cast<int>(program_.buffers.size());
  b.role = output ? Buffer::Role::kOutput : Buffer::Role::kIntermediate;
  b.name = output ? absl::StrCat("out", outputs_++) : absl::StrCat("buf", index);
  b.dtype = dtype;
  b.strides = ConstSyms(ContiguousStrides(sizes));
  b.sizes = ConstSyms(sizes);
  b.offset = Sym::Const(0);
  program_.buffers.push_back(std::move(b));
  if (output) program_.graph_outputs.push_back(index);
  return index;
}

int ProgramBuilder::Input(std::vector<int64_t> sizes, DType dtype) {
  int b = NewBuffer(std::move(sizes), dtype, false);
  program_.buffers[b].role = Buffer::Role::kInput;
  program_.buffers[b].input_index = inputs_;
  program_.buffers[b].name = absl::StrCat("in", inputs_++);
  return b;
}

int ProgramBuilder::Pointwise(std::vector<int64_t> sizes,
                              const std::function<ExprPtr(const Index&)>& value, bool output,
                              DType dtype) {
  int b = NewBuffer(sizes, dtype, output);
  Index i = LoopVars(sizes);
  codegen_cpu::Pointwise p{.ranges = ConstSyms(sizes), .store = i, .value = value(i)};
  program_.nodes.push_back({.buffer = b, .body = std::move(p)});
  return b;
}

int ProgramBuilder::RowReduce(std::vector<int64_t> sizes, int reduced, ReduceOp op,
                              const std::function<ExprPtr(const Index&, const Index&)>& value,
                              bool output, DType dtype) {
  std::vector<int64_t> lead(sizes.begin(), sizes.end() - reduced);
  std::vector<int64_t> red(sizes.end() - reduced, sizes.end());
  std::vector<int64_t> out_sizes = lead;
  out_sizes.resize(sizes.size(), 1);
  int b = NewBuffer(out_sizes, dtype, output);
  Index i = LoopVars(lead), r = LoopVars(red, 'r');
  Index store = i;
  store.resize(sizes.size(), Sym::Const(0));
  Reduction node{.ranges = ConstSyms(lead),
                 .reduction_ranges = ConstSyms(red),
                 .store = store,
                 .op = op,
                 .value = value(i, r),
                 .accumulate_dtype = dtype};
  program_.nodes.push_back({.buffer = b, .body = std::move(node)});
  return b;
}

int ProgramBuilder::Extern(const std::string& op, std::vector<int> args, std::vector<int64_t> sizes,
                           bool output, DType dtype) {
  int b = NewBuffer(std::move(sizes), dtype, output);
  codegen_cpu::Extern x{.op = op, .args = {}, .outputs = {b}};
  for (int a : args) x.args.emplace_back(a);
  program_.nodes.push_back({.buffer = b, .body = std::move(x)});
  return b;
}

void ProgramBuilder::AddOutput(int buffer) { program_.graph_outputs.push_back(buffer); }

ExprPtr ProgramBuilder::Load(int buffer, Index index) const {
  return MakeLoad(buffer, std::move(index), program_.buffers[buffer].dtype);
}

ExprPtr C(double v, DType dtype) { return MakeConstant(v, dtype); }
ExprPtr Unary(const std::string& op, ExprPtr a) {
  DType dtype = a->dtype;
  return MakeOp(op, {std::move(a)}, dtype);
}
ExprPtr Binary(const std::string& op, ExprPtr a, ExprPtr b) {
  DType dtype = a->dtype;
  return MakeOp(op, {std::move(a), std::move(b)}, dtype);
}

}  // namespace tc::codegen_cpu::testing
