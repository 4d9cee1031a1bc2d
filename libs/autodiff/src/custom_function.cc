#include "tc/autodiff/custom_function.h"

#include "absl/strings/str_format.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/grad_mode.h"

#include "src/saved_errors.h"

namespace tc::autodiff {

void CustomFunctionNode::AddInput(const tensor::Tensor& t) {
  AddNextEdge(GradientEdge(t), InputInfo{t.sizes(), t.dtype()});
}

void CustomFunctionNode::SetOutputs(const std::vector<std::optional<InputInfo>>& outputs) {
  outputs_ = outputs;
  set_num_inputs(static_cast<uint32_t>(outputs.size()));
}

void CustomFunctionNode::Save(std::vector<tensor::Tensor> saved, std::vector<int> output_nr) {
  saved_.clear();
  for (size_t i = 0; i < saved.size(); ++i) {
    Saved s;
    const tensor::Tensor& t = saved[i];
    s.output_nr = output_nr[i];
    s.data = s.output_nr >= 0 ? Detach(t) : t;
    s.version = t.defined() && t.storage() != nullptr ? t.storage()->version() : 0;
    saved_.push_back(std::move(s));
  }
}

absl::StatusOr<std::vector<tensor::Tensor>> CustomFunctionNode::UnpackSaved() {
  if (released_) return internal::ReleasedError();
  std::vector<tensor::Tensor> out;
  for (const Saved& s : saved_) {
    if (!s.data.defined()) {
      out.emplace_back();
      continue;
    }
    const uint64_t now = s.data.storage() != nullptr ? s.data.storage()->version() : 0;
    if (now != s.version) {
      // Named after the node that made the tensor now (an input's
      // producer may have changed with the write).
      std::string which;
      if (s.output_nr >= 0) {
        which = absl::StrFormat(", which is output %d of %s,", s.output_nr,
                                internal::ShortNodeName(name_));
      } else if (const AutogradMeta* m = MetaOf(s.data); m != nullptr && m->grad_fn != nullptr) {
        which = absl::StrFormat(", which is output %d of %s,", m->output_nr,
                                internal::ShortNodeName(m->grad_fn->name()));
      }
      return internal::VersionError(s.data, which, now, s.version);
    }
    tensor::Tensor t = s.data;
    if (s.output_nr >= 0 && GradModeEnabled()) {
      // create_graph: the output again as this node's output, so the
      // backward's ops on it are differentiable.
      SetHistory(t, shared_from_this(), static_cast<uint32_t>(s.output_nr));
    }
    out.push_back(std::move(t));
  }
  return out;
}

absl::StatusOr<GradList> CustomFunctionNode::Apply(GradList grads) {
  grads.resize(outputs_.size());
  if (materialize_grads_) {
    for (size_t i = 0; i < grads.size(); ++i) {
      if (grads[i].defined() || !outputs_[i].has_value()) continue;
      grads[i] = tensor::Tensor::Zeros(outputs_[i]->sizes, outputs_[i]->dtype);
    }
  }
  return CallBackward(std::move(grads));
}

void CustomFunctionNode::ReleaseSaved() {
  released_ = true;
  saved_.clear();
}

}  // namespace tc::autodiff
