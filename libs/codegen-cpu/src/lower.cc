// Lowering driver: graph inputs to kInput buffers, each node by its
// category, graph outputs to kOutput / kAlias buffers; the shared pieces of
// the lowering's state (index transforms, loads, buffers).
#include "tc/codegen_cpu/lower.h"

#include <string>

#include "absl/strings/str_cat.h"

#include "tc/support/check.h"
#include "tc/support/status.h"

#include "lower_internal.h"

namespace tc::codegen_cpu {
namespace lower_internal {

Sym ValueVar(int d, int64_t extent) { return Sym::Var(absl::StrCat("v", d), extent); }

std::vector<Sym> LoopVars(std::span<const int64_t> sizes) {
  std::vector<Sym> vars;
  for (size_t d = 0; d < sizes.size(); ++d)
    vars.push_back(Sym::Var(absl::StrCat("i", d), sizes[d]));
  return vars;
}

std::vector<Sym> ValueVars(std::span<const int64_t> sizes) {
  std::vector<Sym> vars;
  for (size_t d = 0; d < sizes.size(); ++d) vars.push_back(ValueVar(static_cast<int>(d), sizes[d]));
  return vars;
}

absl::Status Unsupported(std::string_view op, std::string message) {
  return absl::InvalidArgumentError(absl::StrCat("lower: ", std::string(op), ": ", message));
}

ExprPtr Cast(ExprPtr e, DType dtype) {
  if (e->dtype == dtype) return e;
  if (const auto* c = std::get_if<Constant>(&e->node)) return MakeConstant(c->value, dtype);
  return MakeOp("to_dtype", {std::move(e)}, dtype, {graph_ir::Constant(dtype)});
}

int Lowering::AddBuffer(const graph_ir::TensorMeta& meta, Buffer::Role role) {
  Buffer b;
  b.role = role;
  b.dtype = meta.dtype;
  b.sizes = ConstSyms(meta.sizes);
  b.strides = ConstSyms(meta.strides);
  b.offset = Sym::Const(0);
  program.buffers.push_back(std::move(b));
  return static_cast<int>(program.buffers.size()) - 1;
}

const ValueRef& Lowering::Ref(const graph_ir::Value* value) const {
  auto it = values_.find(value);
  TC_CHECK(it != values_.end());
  return it->second;
}

std::vector<Sym> Lowering::BaseIndex(const graph_ir::Value* value,
                                     std::span<const Sym> index) const {
  const ValueRef& ref = Ref(value);
  absl::flat_hash_map<std::string, Sym> map;
  for (size_t d = 0; d < index.size(); ++d) map.emplace(absl::StrCat("v", d), index[d]);
  std::vector<Sym> out;
  out.reserve(ref.index.size());
  for (const Sym& s : ref.index) out.push_back(s.Substitute(map));
  return out;
}

ExprPtr Lowering::LoadAt(const graph_ir::Value* value, std::span<const Sym> index) const {
  return MakeLoad(Ref(value).buffer, BaseIndex(value, index), value->meta().dtype);
}

ExprPtr Lowering::LoadBroadcast(const graph_ir::Value* value, std::span<const Sym> vars) const {
  const auto& sizes = value->meta().sizes;
  const size_t lead = vars.size() - sizes.size();
  std::vector<Sym> index;
  for (size_t d = 0; d < sizes.size(); ++d) {
    index.push_back(sizes[d] == 1 ? Sym::Const(0) : vars[lead + d]);
  }
  return LoadAt(value, index);
}

void Lowering::AddPointwise(const graph_ir::Value* out, ExprPtr value) {
  const graph_ir::TensorMeta& meta = out->meta();
  int buffer = AddBuffer(meta, Buffer::Role::kIntermediate);
  std::vector<Sym> vars = LoopVars(meta.sizes);
  program.nodes.push_back({buffer, Pointwise{ConstSyms(meta.sizes), vars, std::move(value)}});
  Bind(out, {buffer, ValueVars(meta.sizes), false});
}

int Lowering::OutputBuffer(const graph_ir::Value* value) {
  const ValueRef& ref = Ref(value);
  Buffer::Role& role = program.buffers[ref.buffer].role;
  // The base of a returned view is returned with it (the view keeps it
  // alive in eager too), so it is an output, never reused memory.
  if (role == Buffer::Role::kIntermediate) role = Buffer::Role::kOutput;
  if (role == Buffer::Role::kInput) return MakeAlias(value);
  return BufferFor(value);
}

int Lowering::BufferFor(const graph_ir::Value* value) {
  const ValueRef& ref = Ref(value);
  if (!ref.is_view) return ref.buffer;
  return MakeAlias(value);
}

int Lowering::MakeAlias(const graph_ir::Value* value) {
  const ValueRef& ref = Ref(value);
  auto it = alias_of_value_.find(value);
  if (it != alias_of_value_.end()) return it->second;
  // The view's storage offset: its element 0 in the base buffer.
  std::vector<Sym> zeros(value->meta().dim(), Sym::Const(0));
  std::vector<Sym> at = BaseIndex(value, zeros);
  const Buffer& base = program.buffers[ref.buffer];
  Sym offset = Linear(at, base.strides, base.offset);
  int b = AddBuffer(value->meta(), Buffer::Role::kAlias);
  program.buffers[b].alias_of = ref.buffer;
  program.buffers[b].offset = offset;
  alias_of_value_.emplace(value, b);
  return b;
}

absl::Status LowerExtern(Lowering& l, const graph_ir::Node& node) {
  Extern x;
  x.op = node.op().name;
  for (const graph_ir::Arg& a : node.args()) {
    if (const auto* v = std::get_if<graph_ir::Value*>(&a)) {
      x.args.emplace_back(l.BufferFor(*v));
    } else if (const auto* list = std::get_if<std::vector<graph_ir::Value*>>(&a)) {
      std::vector<int> buffers;
      for (const graph_ir::Value* v : *list) buffers.push_back(l.BufferFor(v));
      x.args.emplace_back(std::move(buffers));
    } else {
      x.args.emplace_back(std::get<graph_ir::Constant>(a));
    }
  }
  for (const graph_ir::Value* out : node.outputs()) {
    int b = l.AddBuffer(out->meta(), Buffer::Role::kIntermediate);
    x.outputs.push_back(b);
    l.Bind(out, {b, ValueVars(out->meta().sizes), false});
  }
  if (x.outputs.empty()) return Unsupported(x.op, "an op without outputs");
  int first = x.outputs[0];
  l.program.nodes.push_back({first, std::move(x)});
  return absl::OkStatus();
}

namespace {

absl::Status LowerNode(Lowering& l, const graph_ir::Node& node) {
  for (const graph_ir::Value* v : node.Inputs()) {
    if (!l.Bound(v)) return Unsupported(node.op().name, "reads a value defined later");
  }
  switch (node.op().category) {
    case graph_ir::OpCategory::kPointwise:
      return LowerPointwise(l, node);
    case graph_ir::OpCategory::kView:
      return LowerView(l, node);
    case graph_ir::OpCategory::kReduction:
      return LowerReduction(l, node);
    case graph_ir::OpCategory::kCreation:
      return LowerCreation(l, node);
    default: {
      // softmax & co. become generated row kernels where eager runs its
      // fused kernel, batch_norm in inference pointwise nodes; other Extern, random and composite
      // ops (kernels::Call runs a composite's decomposition) run on eager's kernels.
      TC_ASSIGN_OR_RETURN(bool row, LowerRow(l, node));
      if (row) return absl::OkStatus();
      TC_ASSIGN_OR_RETURN(bool batch_norm, LowerBatchNorm(l, node));
      return batch_norm ? absl::OkStatus() : LowerExtern(l, node);
    }
  }
}

// Graph outputs: a computed value's buffer becomes kOutput; a view becomes
// a kAlias of its base (an input, or a buffer then returned too); an input
// returned as is becomes a kAlias of it with its own strides.
void LowerOutputs(Lowering& l, const graph_ir::Graph& graph) {
  for (const graph_ir::Value* out : graph.outputs()) {
    l.program.graph_outputs.push_back(l.OutputBuffer(out));
  }
}

// Names by role: in<input index>, out<k> (returned buffers, in output
// order), view<k> (aliases only externs read), buf<k>.
void NameBuffers(Program& program) {
  int outs = 0, views = 0, bufs = 0;
  for (Buffer& b : program.buffers) b.name.clear();
  for (int b : program.graph_outputs) {
    if (program.buffers[b].name.empty()) program.buffers[b].name = absl::StrCat("out", outs++);
  }
  for (Buffer& b : program.buffers) {
    if (!b.name.empty()) continue;
    switch (b.role) {
      case Buffer::Role::kInput:
        b.name = absl::StrCat("in", b.input_index);
        break;
      case Buffer::Role::kIntermediate:
        b.name = absl::StrCat("buf", bufs++);
        break;
      case Buffer::Role::kAlias:
        b.name = absl::StrCat("view", views++);
        break;
      case Buffer::Role::kOutput:  // the base of a returned view
        b.name = absl::StrCat("out", outs++);
        break;
    }
  }
}

}  // namespace
}  // namespace lower_internal

absl::StatusOr<Program> Lower(const graph_ir::Graph& graph) {
  using namespace lower_internal;  // NOLINT: the lowering's own pieces
  Lowering l;
  for (size_t i = 0; i < graph.inputs().size(); ++i) {
    const graph_ir::Value* in = graph.inputs()[i];
    if (!in->meta().device.is_cpu()) {
      return Unsupported("input", absl::StrCat("'", in->name(), "' is not on the cpu"));
    }
    int b = l.AddBuffer(in->meta(), Buffer::Role::kInput);
    l.program.buffers[b].input_index = static_cast<int>(i);
    l.Bind(in, {b, ValueVars(in->meta().sizes), false});
  }
  for (const auto& node : graph.nodes()) TC_RETURN_IF_ERROR(LowerNode(l, *node));
  for (const graph_ir::Value* out : graph.outputs()) {
    if (!l.Bound(out)) return Unsupported("output", "a value no node defines");
  }
  LowerOutputs(l, graph);
  NameBuffers(l.program);
  return std::move(l.program);
}

}  // namespace tc::codegen_cpu
