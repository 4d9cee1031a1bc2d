// Preparing a ProgramRunner: everything about a run that does not depend
// on the inputs' data, checked once, so Run does no lookups and no
// symbolic arithmetic.
#include <algorithm>
#include <string>

#include "absl/strings/str_cat.h"

#include "tc/codegen_cpu/schedule.h"
#include "tc/support/status.h"

#include "runner_impl.h"
#include "src/emit_epilogue.h"

namespace tc::codegen_cpu {
namespace {

absl::StatusOr<int64_t> ConstOf(const Sym& s, const Buffer& buffer, std::string_view what) {
  if (!s.is_const()) {
    return absl::InvalidArgumentError(absl::StrCat("buffer ", buffer.name, ": ", std::string(what),
                                                   " ", s.ToString(), " is not a constant"));
  }
  return s.value();
}

absl::StatusOr<tensor::Shape> ConstsOf(const std::vector<Sym>& syms, const Buffer& buffer,
                                       std::string_view what) {
  tensor::Shape out;
  for (const Sym& s : syms) {
    TC_ASSIGN_OR_RETURN(int64_t v, ConstOf(s, buffer, what));
    out.push_back(v);
  }
  return out;
}

absl::StatusOr<BufferLayout> LayoutOf(const Buffer& buffer, int num_buffers) {
  BufferLayout l;
  l.name = buffer.name;
  l.role = buffer.role;
  l.dtype = buffer.dtype;
  l.itemsize = static_cast<int64_t>(tensor::ItemSize(buffer.dtype));
  TC_ASSIGN_OR_RETURN(l.sizes, ConstsOf(buffer.sizes, buffer, "size"));
  TC_ASSIGN_OR_RETURN(l.strides, ConstsOf(buffer.strides, buffer, "stride"));
  TC_ASSIGN_OR_RETURN(l.offset, ConstOf(buffer.offset, buffer, "offset"));
  l.input_index = buffer.input_index;
  l.alias_of = buffer.alias_of;
  if (l.sizes.size() != l.strides.size()) {
    return absl::InvalidArgumentError(absl::StrCat("buffer ", buffer.name, " has ", l.sizes.size(),
                                                   " sizes but ", l.strides.size(), " strides"));
  }
  // Elements the view reaches: offset + sum((size - 1) * stride) + 1.
  int64_t last = l.offset;
  bool empty = false;
  for (size_t d = 0; d < l.sizes.size(); ++d) {
    if (l.sizes[d] < 0 || l.strides[d] < 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "buffer ", buffer.name, ": negative size or stride in dim ", d, " (sizes ",
          tensor::ShapeToString(l.sizes), ", strides ", tensor::ShapeToString(l.strides), ")"));
    }
    if (l.sizes[d] == 0) empty = true;
    last += (l.sizes[d] - 1) * l.strides[d];
  }
  if (l.offset < 0) {
    return absl::InvalidArgumentError(absl::StrCat("buffer ", buffer.name, ": negative offset"));
  }
  l.bytes = empty ? 0 : (last + 1) * l.itemsize;
  if (l.role == Buffer::Role::kAlias && (l.alias_of < 0 || l.alias_of >= num_buffers)) {
    return absl::InvalidArgumentError(
        absl::StrCat("alias buffer ", buffer.name, " names no buffer (alias_of ", l.alias_of, ")"));
  }
  return l;
}

absl::Status CheckBuffer(int b, size_t num_buffers, std::string_view where) {
  if (b < 0 || static_cast<size_t>(b) >= num_buffers) {
    return absl::InvalidArgumentError(
        absl::StrCat(std::string(where), " refers to buffer ", b, ", not in the program"));
  }
  return absl::OkStatus();
}

// The epilogue of an Extern kernel with further members: its function and
// row plan (emit_epilogue.h).
absl::Status AddEpilogue(const Program& program, const Kernel& kernel, const LoadedModule* module,
                         RunnerStep& step) {
  const Kernel members = EpilogueMembers(kernel);
  for (int n : members.nodes) {
    if (std::holds_alternative<Extern>(program.nodes[n].body)) {
      return absl::InvalidArgumentError(
          absl::StrCat("kernel ", kernel.name, " runs two extern nodes"));
    }
  }
  const std::optional<EpiloguePlan> plan = PlanEpilogue(program, members);
  if (!plan.has_value()) {
    return absl::InvalidArgumentError(
        absl::StrCat("kernel ", kernel.name, " runs an extern next to nodes that are no epilogue"));
  }
  TcKernelFn fn = module != nullptr ? module->Find(kernel.name) : nullptr;
  if (fn == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("kernel ", kernel.name, "'s epilogue is not in the compiled module"));
  }
  // The symbol was emitted with the TcEpilogueFn signature.
  step.epilogue = reinterpret_cast<TcEpilogueFn>(reinterpret_cast<void (*)()>(fn));
  step.epilogue_rows = plan->rows;
  step.epilogue_align_rows = plan->align_rows;
  return absl::OkStatus();
}

absl::StatusOr<RunnerStep> StepOf(const Program& program, const Kernel& kernel,
                                  const LoadedModule* module) {
  RunnerStep step;
  step.kernel = kernel.name;
  if (kernel.nodes.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("kernel ", kernel.name, " has no nodes"));
  }
  for (int n : kernel.nodes) {
    if (n < 0 || static_cast<size_t>(n) >= program.nodes.size()) {
      return absl::InvalidArgumentError(
          absl::StrCat("kernel ", kernel.name, " refers to node ", n, ", not in the program"));
    }
  }
  const Node& first = program.nodes[kernel.nodes[0]];
  if (const auto* ext = std::get_if<Extern>(&first.body)) {
    if (kernel.nodes.size() != 1) TC_RETURN_IF_ERROR(AddEpilogue(program, kernel, module, step));
    step.op = graph_ir::FindOp(ext->op);
    if (step.op == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("kernel ", kernel.name, ": unknown extern op '", ext->op, "'"));
    }
    const std::string where = absl::StrCat("extern ", ext->op, " (", kernel.name, ")");
    for (const Extern::Arg& arg : ext->args) {
      if (const int* b = std::get_if<int>(&arg))
        TC_RETURN_IF_ERROR(CheckBuffer(*b, program.buffers.size(), where));
      if (const auto* list = std::get_if<std::vector<int>>(&arg)) {
        for (int b : *list) TC_RETURN_IF_ERROR(CheckBuffer(b, program.buffers.size(), where));
      }
    }
    if (ext->outputs.size() != static_cast<size_t>(step.op->num_outputs)) {
      return absl::InvalidArgumentError(absl::StrCat(where, " has ", ext->outputs.size(),
                                                     " output buffers; the op makes ",
                                                     step.op->num_outputs));
    }
    for (int b : ext->outputs) TC_RETURN_IF_ERROR(CheckBuffer(b, program.buffers.size(), where));
    step.args = ext->args;
    step.outputs = ext->outputs;
    return step;
  }
  for (int n : kernel.nodes) {
    if (std::holds_alternative<Extern>(program.nodes[n].body)) {
      return absl::InvalidArgumentError(
          absl::StrCat("kernel ", kernel.name, " mixes an extern node with generated ones"));
    }
  }
  step.fn = module != nullptr ? module->Find(kernel.name) : nullptr;
  if (step.fn == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("kernel ", kernel.name, " is not in the compiled module"));
  }
  return step;
}

// Every intermediate in a slot of its own, except those an extern writes
// (they usually adopt the extern's result and need none).
MemoryPlan OneSlotPerIntermediate(const std::vector<BufferLayout>& buffers) {
  MemoryPlan plan;
  plan.slot.assign(buffers.size(), -1);
  for (size_t b = 0; b < buffers.size(); ++b) {
    if (buffers[b].role != Buffer::Role::kIntermediate || buffers[b].extern_written) continue;
    plan.slot[b] = static_cast<int>(plan.slot_bytes.size());
    plan.slot_bytes.push_back(buffers[b].bytes);
  }
  return plan;
}

// The one switch: schedule.h's planner (storage shared by buffers whose
// lifetimes do not overlap, in place where it can), or a slot each (to rule
// the planner out when a program goes wrong).
constexpr bool kUsePlanner = true;
MemoryPlan IntermediatePlan(const Program& program, const std::vector<BufferLayout>& buffers) {
  return kUsePlanner ? PlanMemory(program) : OneSlotPerIntermediate(buffers);
}

// Applies `plan` to the intermediates; every other buffer keeps slot -1.
// A slot is as large as its largest member, whatever the plan says.
absl::Status ApplyPlan(const MemoryPlan& plan, ProgramRunner::Impl& impl) {
  if (plan.slot.size() != impl.buffers.size()) {
    return absl::InternalError(
        absl::StrCat("memory plan covers ", plan.slot.size(), " buffers of ", impl.buffers.size()));
  }
  impl.slot_bytes = plan.slot_bytes;
  for (size_t b = 0; b < impl.buffers.size(); ++b) {
    BufferLayout& l = impl.buffers[b];
    int s = plan.slot[b];
    if (l.role != Buffer::Role::kIntermediate || s < 0) continue;
    if (static_cast<size_t>(s) >= impl.slot_bytes.size()) {
      return absl::InternalError(absl::StrCat("memory plan puts ", l.name, " in slot ", s, " of ",
                                              impl.slot_bytes.size()));
    }
    l.slot = s;
    impl.slot_bytes[s] = std::max(impl.slot_bytes[s], l.bytes);
  }
  return absl::OkStatus();
}

// Inputs numbered 0..n-1, each once; aliases in an order where each comes
// after its base (no cycles).
absl::Status OrderInputsAndAliases(ProgramRunner::Impl& impl) {
  const std::vector<BufferLayout>& buffers = impl.buffers;
  for (size_t b = 0; b < buffers.size(); ++b) {
    if (buffers[b].role != Buffer::Role::kInput) continue;
    int i = buffers[b].input_index;
    if (i < 0)
      return absl::InvalidArgumentError(
          absl::StrCat("input buffer ", buffers[b].name, " has no input index"));
    if (static_cast<size_t>(i) >= impl.input_buffers.size()) impl.input_buffers.resize(i + 1, -1);
    if (impl.input_buffers[i] != -1) {
      return absl::InvalidArgumentError(absl::StrCat("buffers ",
                                                     buffers[impl.input_buffers[i]].name, " and ",
                                                     buffers[b].name, " are both input ", i));
    }
    impl.input_buffers[i] = static_cast<int>(b);
  }
  for (size_t i = 0; i < impl.input_buffers.size(); ++i) {
    if (impl.input_buffers[i] == -1)
      return absl::InvalidArgumentError(absl::StrCat("no buffer is input ", i));
  }
  std::vector<bool> placed(buffers.size(), false);
  for (size_t b = 0; b < buffers.size(); ++b) placed[b] = buffers[b].role != Buffer::Role::kAlias;
  for (bool progress = true; progress;) {
    progress = false;
    for (size_t b = 0; b < buffers.size(); ++b) {
      if (placed[b] || !placed[buffers[b].alias_of]) continue;
      placed[b] = progress = true;
      impl.alias_order.push_back(static_cast<int>(b));
    }
  }
  for (size_t b = 0; b < buffers.size(); ++b) {
    if (!placed[b])
      return absl::InvalidArgumentError(
          absl::StrCat("alias buffer ", buffers[b].name, " is part of an alias cycle"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::shared_ptr<const ProgramRunner::Impl>> PrepareRunner(
    const Program& program, std::shared_ptr<const LoadedModule> module) {
  // A program of extern kernels only has nothing compiled: no module.
  if (program.kernels.empty() && !program.nodes.empty()) {
    return absl::InvalidArgumentError("the program is not scheduled (it has no kernels)");
  }
  auto impl = std::make_shared<ProgramRunner::Impl>();
  const int num_buffers = static_cast<int>(program.buffers.size());
  for (const Buffer& buffer : program.buffers) {
    TC_ASSIGN_OR_RETURN(BufferLayout layout, LayoutOf(buffer, num_buffers));
    impl->buffers.push_back(std::move(layout));
  }
  for (const Kernel& kernel : program.kernels) {
    TC_ASSIGN_OR_RETURN(RunnerStep step, StepOf(program, kernel, module.get()));
    for (int b : step.outputs) {
      if (impl->buffers[b].role == Buffer::Role::kAlias) {
        return absl::InvalidArgumentError(absl::StrCat("extern ", step.op->name, " (", kernel.name,
                                                       ") writes alias buffer ",
                                                       impl->buffers[b].name));
      }
      impl->buffers[b].extern_written = true;
    }
    impl->steps.push_back(std::move(step));
  }
  TC_RETURN_IF_ERROR(OrderInputsAndAliases(*impl));
  TC_RETURN_IF_ERROR(ApplyPlan(IntermediatePlan(program, impl->buffers), *impl));
  // A reduction fused into a row kernel (Node::written false) keeps its
  // result in the kernel: its buffer gets no storage.
  std::vector<bool> written(impl->buffers.size(), false);
  for (const Node& node : program.nodes) {
    if (node.written && node.buffer >= 0 && static_cast<size_t>(node.buffer) < written.size()) {
      written[node.buffer] = true;
    }
  }
  for (size_t b = 0; b < impl->buffers.size(); ++b) {
    const BufferLayout& l = impl->buffers[b];
    const bool allocated = l.role == Buffer::Role::kOutput || l.role == Buffer::Role::kIntermediate;
    const bool stored = l.role == Buffer::Role::kOutput || written[b];
    if (allocated && !l.extern_written && stored) impl->up_front.push_back(static_cast<int>(b));
  }
  for (int b : program.graph_outputs)
    TC_RETURN_IF_ERROR(CheckBuffer(b, program.buffers.size(), "graph output"));
  impl->graph_outputs = program.graph_outputs;
  impl->module = std::move(module);
  if (ProfileEnabled()) impl->profile = NewProgramProfile(program);
  return std::shared_ptr<const ProgramRunner::Impl>(std::move(impl));
}

}  // namespace tc::codegen_cpu
