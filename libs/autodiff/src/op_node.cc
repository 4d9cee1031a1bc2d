#include "src/op_node.h"

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/grad_mode.h"
#include "tc/support/status.h"

#include "src/saved_errors.h"
#include "src/tape_emitter.h"

namespace tc::autodiff::internal {

SavedTensor SaveTensor(const tensor::Tensor& t, bool keep_data, bool is_output,
                       uint32_t output_nr) {
  SavedTensor s;
  s.meta = MetaOfTensor(t);
  s.saved = keep_data;
  s.is_output = is_output;
  s.output_nr = output_nr;
  if (!keep_data) return s;
  s.data = is_output ? Detach(t) : t;
  s.version = t.storage() != nullptr ? t.storage()->version() : 0;
  if (!is_output) {
    if (const AutogradMeta* m = MetaOf(t); m != nullptr && m->grad_fn != nullptr) {
      s.producer = ShortNodeName(m->grad_fn->name());
      s.producer_output = m->output_nr;
    }
  }
  return s;
}

OpNode::OpNode(const graph_ir::OpDef& op, const DerivativeDef* def, std::string name)
    : op_(op), def_(def), name_(std::move(name)) {}

Edge OpNode::GradientEdgeOf(const tensor::Tensor& t) { return GradientEdge(t); }

absl::StatusOr<tensor::Tensor> OpNode::Unpack(const SavedTensor& s) {
  if (released_) return ReleasedError();
  const uint64_t now = s.data.storage() != nullptr ? s.data.storage()->version() : 0;
  if (now != s.version) {
    std::string which =
        s.is_output
            ? absl::StrFormat(", which is output %d of %s,", s.output_nr, ShortNodeName(name_))
        : s.producer.empty()
            ? std::string()
            : absl::StrFormat(", which is output %d of %s,", s.producer_output, s.producer);
    return VersionError(s.data, which, now, s.version);
  }
  if (!s.is_output || !GradModeEnabled() || !tensor::IsFloatingPoint(s.data.dtype())) {
    return s.data;
  }
  // create_graph: the output again as this node's output, so the
  // backward's ops on it are differentiable.
  tensor::Tensor out = s.data;
  SetHistory(out, shared_from_this(), s.output_nr);
  return out;
}

absl::StatusOr<GradList> OpNode::Apply(GradList grads) {
  if (def_ == nullptr) {
    return absl::UnimplementedError(
        absl::StrFormat("derivative for aten::%s is not implemented", op_.name));
  }
  GradList result(next_edges().size());
  bool any = false;
  for (const tensor::Tensor& g : grads) any = any || g.defined();
  if (!any) return result;

  TapeEmitter e;
  auto add = [&](const SavedTensor& s) -> absl::StatusOr<EmitRef> {
    if (!s.saved) return e.AddMeta(s.meta);
    TC_ASSIGN_OR_RETURN(tensor::Tensor t, Unpack(s));
    return e.Add(std::move(t));
  };
  std::vector<EmitArg> args;
  args.reserve(this->args.size());
  for (const SavedArg& a : this->args) {
    if (const auto* s = std::get_if<SavedTensor>(&a)) {
      TC_ASSIGN_OR_RETURN(EmitRef r, add(*s));
      args.emplace_back(r);
    } else if (const auto* l = std::get_if<std::vector<SavedTensor>>(&a)) {
      std::vector<EmitRef> refs;
      for (const SavedTensor& s : *l) {
        TC_ASSIGN_OR_RETURN(EmitRef r, add(s));
        refs.push_back(r);
      }
      args.emplace_back(std::move(refs));
    } else {
      args.emplace_back(std::get<graph_ir::Constant>(a));
    }
  }
  std::vector<EmitRef> outs;
  for (const SavedTensor& s : outputs) {
    TC_ASSIGN_OR_RETURN(EmitRef r, add(s));
    outs.push_back(r);
  }
  std::vector<std::optional<EmitRef>> grad_refs;
  for (tensor::Tensor& g : grads) {
    grad_refs.push_back(g.defined() ? std::optional<EmitRef>(e.Add(std::move(g))) : std::nullopt);
  }
  const size_t n = next_edges().size();
  std::unique_ptr<bool[]> needs(new bool[n]);
  for (size_t i = 0; i < n; ++i) needs[i] = next_edges()[i].valid();
  BackwardArgs b{e, args, outs, grad_refs, std::span<const bool>(needs.get(), n)};
  TC_ASSIGN_OR_RETURN(Grads g, def_->fn(b));
  for (size_t i = 0; i < n && i < g.size(); ++i) {
    if (g[i].has_value() && needs[i]) result[i] = e.tensor(*g[i]);
  }
  return result;
}

void OpNode::DetachSavedFrom(const tensor::Storage* storage) {
  auto fix = [storage](SavedTensor& s) {
    if (!s.saved || !s.data.defined() || s.data.storage().get() != storage) return;
    std::shared_ptr<tensor::AutogradMetaInterface> meta = s.data.shared_autograd_meta();
    s.data = s.data.clone();
    s.data.set_autograd_meta(std::move(meta));
    s.version = 0;
  };
  for (SavedArg& a : args) {
    if (auto* s = std::get_if<SavedTensor>(&a)) fix(*s);
    if (auto* l = std::get_if<std::vector<SavedTensor>>(&a)) {
      for (SavedTensor& s : *l) fix(s);
    }
  }
  for (SavedTensor& s : outputs) fix(s);
}

void OpNode::ReleaseSaved() {
  released_ = true;
  auto drop = [](SavedTensor& s) { s.data = tensor::Tensor(); };
  for (SavedArg& a : args) {
    if (auto* s = std::get_if<SavedTensor>(&a)) drop(*s);
    if (auto* l = std::get_if<std::vector<SavedTensor>>(&a)) {
      for (SavedTensor& s : *l) drop(s);
    }
  }
  for (SavedTensor& s : outputs) drop(s);
}

}  // namespace tc::autodiff::internal
