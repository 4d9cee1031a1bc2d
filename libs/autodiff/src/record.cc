#include "tc/autodiff/record.h"

#include <cctype>

#include "absl/strings/str_format.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/derivatives.h"
#include "tc/autodiff/grad_mode.h"
#include "tc/graph_ir/map_args.h"
#include "tc/kernels/composite.h"
#include "tc/support/status.h"

#include "src/decomposed_node.h"
#include "src/op_node.h"
#include "src/tape_emitter.h"

namespace tc::autodiff {
namespace {

using internal::OpNode;
using internal::SavedArg;
using internal::SavedTensor;
using internal::SaveTensor;

bool AnyRequiresGrad(std::span<const kernels::KernelArg> args) {
  for (const kernels::KernelArg& a : args) {
    if (const auto* t = std::get_if<tensor::Tensor>(&a)) {
      if (RequiresGrad(*t)) return true;
    } else if (const auto* l = std::get_if<std::vector<tensor::Tensor>>(&a)) {
      for (const tensor::Tensor& t : *l) {
        if (RequiresGrad(t)) return true;
      }
    }
  }
  return false;
}

// Whether output `out` is input `in` passed through (the same variable:
// `contiguous()` of a contiguous tensor returns it), which keeps its own
// history.
bool SameVariable(const tensor::Tensor& out, std::span<const kernels::KernelArg> args) {
  if (out.autograd_meta() == nullptr) return false;
  for (const kernels::KernelArg& a : args) {
    if (const auto* t = std::get_if<tensor::Tensor>(&a)) {
      if (t->autograd_meta() == out.autograd_meta()) return true;
    }
  }
  return false;
}

// Marks `out` as a view of the first argument when it shares its storage
// (the root base for a view of a view), for RebaseHistory.
void NoteView(tensor::Tensor& out, std::span<const kernels::KernelArg> args) {
  if (args.empty() || out.storage() == nullptr) return;
  const auto* in = std::get_if<tensor::Tensor>(&args[0]);
  if (in == nullptr || in->storage() != out.storage()) return;
  const AutogradMeta* m = MetaOf(*in);
  MetaOf(out)->view_base = m != nullptr && m->view_base.defined() ? m->view_base : *in;
}

// The node of a result computed outside the op table.
class NoDerivativeNode final : public Node {
 public:
  NoDerivativeNode(std::string op, std::string name) : op_(std::move(op)), name_(std::move(name)) {}
  std::string name() const override { return name_; }
  absl::StatusOr<GradList> Apply(GradList) override {
    return absl::UnimplementedError("derivative for aten::" + op_ + " is not implemented");
  }
  void Add(const tensor::Tensor& t) {
    AddNextEdge(GradientEdge(t), InputInfo{t.sizes(), t.dtype()});
  }
  void SetNumOutputs(uint32_t n) { set_num_inputs(n); }

 private:
  std::string op_;
  std::string name_;
};

// The node of a write whose value has no history into a tensor that has
// one (x.copy_(c), x.fill_(v), x.zero_()): x stays differentiable, its
// earlier history gets zeros (CopyBackwards, FillBackward2, ZeroBackward0).
class OverwriteNode final : public Node {
 public:
  OverwriteNode(std::string name, const tensor::Tensor& self)
      : name_(std::move(name)), sizes_(self.sizes()), dtype_(self.dtype()) {
    AddNextEdge(GradientEdge(self), InputInfo{self.sizes(), self.dtype()});
    set_num_inputs(1);
  }
  std::string name() const override { return name_; }
  absl::StatusOr<GradList> Apply(GradList grads) override {
    GradList out(1);
    if (!grads.empty() && grads[0].defined()) out[0] = tensor::Tensor::Zeros(sizes_, dtype_);
    return out;
  }

 private:
  std::string name_;
  tensor::Shape sizes_;
  tensor::DType dtype_;
};

// PyTorch's name for an op's node, for ops whose derivative tc lacks
// (the node reports that at backward): its CamelCase name.
std::string NoDerivativeName(const graph_ir::OpDef& op) {
  std::string name;
  bool upper = true;
  for (char c : op.name) {
    if (c == '_') {
      upper = true;
      continue;
    }
    name += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return name + "Backward0";
}

// Every argument, the omitted trailing ones filled with their defaults
// (None where a schema has none), so formulas can index them.
std::vector<kernels::KernelArg> Complete(const graph_ir::OpDef& op,
                                         std::span<const kernels::KernelArg> args) {
  std::vector<kernels::KernelArg> full(args.begin(), args.end());
  for (size_t i = args.size(); i < op.args.size(); ++i) {
    const graph_ir::ArgSpec& spec = op.args[i];
    full.emplace_back(spec.default_value.has_value() ? *spec.default_value
                                                     : graph_ir::Constant(graph_ir::None{}));
  }
  return full;
}

// A composite op without a derivative of its own: with a fused eager
// kernel, that kernel (its values are PyTorch's) and a DecomposedNode that
// differentiates the decomposition at backward; without one, the
// decomposition itself, each core op recorded, the node that made the
// first output named after the composite.
absl::StatusOr<std::vector<tensor::Tensor>> CallComposite(
    const graph_ir::OpDef& op, std::span<const kernels::KernelArg> args) {
  const std::string composite_name = CompositeNodeName(op.name, args);
  if (kernels::HasFusedKernel(op)) {
    TC_ASSIGN_OR_RETURN(std::vector<tensor::Tensor> outs, kernels::Call(op, args));
    std::string name = composite_name.empty() ? NoDerivativeName(op) : composite_name;
    auto node = std::make_shared<internal::DecomposedNode>(
        op, args, static_cast<uint32_t>(outs.size()), std::move(name));
    for (size_t i = 0; i < outs.size(); ++i) {
      tensor::Tensor& out = outs[i];
      if (!IsDifferentiableOutput(op, i, out.dtype()) || SameVariable(out, args)) continue;
      out.set_autograd_meta(nullptr);
      SetHistory(out, node, static_cast<uint32_t>(i));
      NoteView(out, args);
    }
    return outs;
  }
  TC_ASSIGN_OR_RETURN(std::vector<tensor::Tensor> result, internal::CallDecomposed(op, args));
  if (!result.empty() && !composite_name.empty() && !SameVariable(result[0], args)) {
    if (auto* node = dynamic_cast<OpNode*>(GradFn(result[0]))) node->set_name(composite_name);
  }
  return result;
}

}  // namespace

void RecordWithoutDerivative(std::string_view op, std::string name,
                             std::span<const tensor::Tensor> inputs,
                             std::span<tensor::Tensor> outputs) {
  auto node = std::make_shared<NoDerivativeNode>(std::string(op), std::move(name));
  for (const tensor::Tensor& t : inputs) node->Add(t);
  node->SetNumOutputs(static_cast<uint32_t>(outputs.size()));
  for (size_t i = 0; i < outputs.size(); ++i) {
    outputs[i].set_autograd_meta(nullptr);
    SetHistory(outputs[i], node, static_cast<uint32_t>(i));
  }
}

absl::Status CheckInPlace(const tensor::Tensor& self, const tensor::Tensor& result) {
  if (!GradModeEnabled()) return absl::OkStatus();
  if (IsLeaf(self) && RequiresGrad(self)) {
    return absl::FailedPreconditionError(
        "a leaf Variable that requires grad is being used in an in-place operation.");
  }
  if (const AutogradMeta* m = MetaOf(self); m != nullptr && m->view_base.defined() &&
                                            IsLeaf(m->view_base) && RequiresGrad(m->view_base)) {
    return absl::FailedPreconditionError(
        "a view of a leaf Variable that requires grad is being used in an in-place operation.");
  }
  if (const AutogradMeta* m = MetaOf(self); m != nullptr && !m->custom_function_view.empty()) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "Output %d of %s is a view and is being modified inplace. This view was created inside a "
        "custom Function (or because an input was returned as-is) and the autograd logic to "
        "handle view+inplace would override the custom backward associated with the custom "
        "Function, leading to incorrect gradients. This behavior is forbidden. You can fix this "
        "by cloning the output of the custom Function.",
        m->output_nr, m->custom_function_view));
  }
  if (Node* fn = GradFn(result); fn != nullptr && self.storage() != nullptr) {
    if (auto* op = dynamic_cast<OpNode*>(fn)) op->DetachSavedFrom(self.storage().get());
  }
  return absl::OkStatus();
}

void TakeHistory(tensor::Tensor& self, const tensor::Tensor& result,
                 std::string_view overwrite_name) {
  if (!GradModeEnabled()) return;
  const AutogradMeta* r = MetaOf(result);
  if (r != nullptr && r->grad_fn != nullptr) {
    SetHistory(self, r->grad_fn, r->output_nr);
  } else if (AutogradMeta* m = MetaOf(self); m != nullptr && m->grad_fn != nullptr) {
    SetHistory(self, std::make_shared<OverwriteNode>(std::string(overwrite_name), self), 0);
  }
}

void NameGradFn(const tensor::Tensor& t, std::string name) {
  if (auto* op = dynamic_cast<OpNode*>(GradFn(t))) op->set_name(std::move(name));
}

bool ShouldRecord(std::span<const kernels::KernelArg> args) {
  return GradModeEnabled() && AnyRequiresGrad(args);
}

absl::Status Record(const graph_ir::OpDef& op, std::span<const kernels::KernelArg> args,
                    std::span<tensor::Tensor> outputs) {
  if (!ShouldRecord(args)) return absl::OkStatus();
  bool differentiable = false;
  for (size_t i = 0; i < outputs.size(); ++i) {
    differentiable = differentiable || IsDifferentiableOutput(op, i, outputs[i].dtype());
  }
  if (!differentiable) return absl::OkStatus();
  const DerivativeDef* def = FindDerivative(op.name);
  if (def != nullptr && def->applies != nullptr && !def->applies(args)) def = nullptr;
  auto node = std::make_shared<OpNode>(
      op, def, def != nullptr ? NodeName(*def, args) : NoDerivativeName(op));
  uint32_t save = def != nullptr ? def->save_args : 0;
  uint32_t save_outputs = def != nullptr && def->save_outputs ? ~0u : 0u;
  if (def != nullptr && (def->save_fn != nullptr || def->save_for != nullptr)) {
    uint32_t needs = 0;
    for (size_t i = 0; i < args.size() && i < 32; ++i) {
      if (const auto* t = std::get_if<tensor::Tensor>(&args[i]); t != nullptr && RequiresGrad(*t)) {
        needs |= 1u << i;
      }
    }
    if (def->save_for != nullptr) {
      const SaveMask m = def->save_for(args, needs);
      save = m.args;
      save_outputs = m.outputs;
    } else {
      save = def->save_fn(needs);
    }
  }
  for (size_t i = 0; i < args.size(); ++i) {
    const bool keep = i < 32 && (save >> i) & 1u;
    if (const auto* t = std::get_if<tensor::Tensor>(&args[i])) {
      node->AddInput(*t);
      node->args.emplace_back(SaveTensor(*t, keep, false, 0));
    } else if (const auto* l = std::get_if<std::vector<tensor::Tensor>>(&args[i])) {
      std::vector<SavedTensor> saved;
      for (const tensor::Tensor& t : *l) {
        node->AddInput(t);
        saved.push_back(SaveTensor(t, keep, false, 0));
      }
      node->args.emplace_back(std::move(saved));
    } else {
      node->args.emplace_back(std::get<graph_ir::Constant>(args[i]));
    }
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    const bool keep = i < 32 && (save_outputs >> i) & 1u;
    node->outputs.push_back(SaveTensor(outputs[i], keep, true, static_cast<uint32_t>(i)));
  }
  node->SetNumOutputs(static_cast<uint32_t>(outputs.size()));
  for (size_t i = 0; i < outputs.size(); ++i) {
    tensor::Tensor& out = outputs[i];
    if (!IsDifferentiableOutput(op, i, out.dtype()) || SameVariable(out, args)) continue;
    // A kernel may hand back an input's tensor; the result is a new
    // variable all the same.
    if (out.autograd_meta() != nullptr) out.set_autograd_meta(nullptr);
    SetHistory(out, node, static_cast<uint32_t>(i));
    NoteView(out, args);
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<tensor::Tensor>> Call(const graph_ir::OpDef& op,
                                                 std::span<const kernels::KernelArg> given) {
  if (!ShouldRecord(given) || !graph_ir::CheckArity(op, given.size()).ok()) {
    return kernels::Call(op, given);
  }
  const std::vector<kernels::KernelArg> full =
      given.size() < op.args.size() ? Complete(op, given) : std::vector<kernels::KernelArg>();
  std::span<const kernels::KernelArg> args = full.empty() ? given : full;
  if (op.category == graph_ir::OpCategory::kComposite) {
    const DerivativeDef* def = FindDerivative(op.name);
    if (def == nullptr || (def->applies != nullptr && !def->applies(args))) {
      return CallComposite(op, args);
    }
  }
  TC_ASSIGN_OR_RETURN(std::vector<tensor::Tensor> outs, kernels::Call(op, args));
  TC_RETURN_IF_ERROR(Record(op, args, outs));
  return outs;
}

absl::StatusOr<tensor::Tensor> Call1(std::string_view op,
                                     std::initializer_list<kernels::KernelArg> args) {
  const graph_ir::OpDef* def = graph_ir::FindOp(op);
  if (def == nullptr) return absl::NotFoundError(std::string(op));
  TC_ASSIGN_OR_RETURN(std::vector<tensor::Tensor> outs,
                      Call(*def, std::span<const kernels::KernelArg>(args.begin(), args.size())));
  return std::move(outs[0]);
}

}  // namespace tc::autodiff
