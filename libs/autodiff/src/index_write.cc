// RecordIndexWrite's node (and RebaseHistory's): a write into part of a tensor (x[i] = v),
// differentiated as PyTorch's CopySlices / IndexPutBackward0 are: the
// tensor's earlier history gets the gradient with the written elements
// zeroed, the value gets the gradient of the written elements (the engine
// sums it down to the value's shape). Both are recorded ops, so a
// create_graph backward differentiates them again.
#include <optional>
#include <vector>

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/grad_mode.h"
#include "tc/autodiff/record.h"
#include "tc/support/status.h"

namespace tc::autodiff {
namespace {

using graph_ir::Constant;
using tensor::Tensor;

class IndexWriteNode final : public Node {
 public:
  IndexWriteNode(std::string name, Edge self, const Tensor& self_tensor, const Tensor* value,
                 Tensor positions, Tensor written)
      : name_(std::move(name)), positions_(std::move(positions)), written_(std::move(written)) {
    AddNextEdge(std::move(self), InputInfo{self_tensor.sizes(), self_tensor.dtype()});
    if (value != nullptr)
      AddNextEdge(GradientEdge(*value), InputInfo{value->sizes(), value->dtype()});
    self_sizes_ = self_tensor.sizes();
  }
  std::string name() const override { return name_; }

  absl::StatusOr<GradList> Apply(GradList grads) override {
    GradList out(next_edges().size());
    const Tensor& g = grads[0];
    if (!g.defined()) return out;
    if (next_edges()[0].valid()) {
      TC_ASSIGN_OR_RETURN(out[0], Call1("where", {written_, Constant(tensor::Scalar(0.0)), g}));
    }
    if (out.size() > 1 && next_edges()[1].valid()) {
      const tensor::Shape flat{-1};
      TC_ASSIGN_OR_RETURN(Tensor g_flat, Call1("reshape", {g, Constant(flat)}));
      TC_ASSIGN_OR_RETURN(Tensor pos_flat, Call1("reshape", {positions_, Constant(flat)}));
      TC_ASSIGN_OR_RETURN(Tensor picked,
                          Call1("index_select", {g_flat, Constant(int64_t{0}), pos_flat}));
      TC_ASSIGN_OR_RETURN(out[1],
                          Call1("reshape", {picked, Constant(tensor::Shape(positions_.sizes()))}));
    }
    return out;
  }

 private:
  std::string name_;
  tensor::Shape self_sizes_;
  Tensor positions_;
  Tensor written_;  // bool, self's shape: true where the write landed
};

// The row-major indices into `base` of the elements of `view`, which lies
// in base's storage; nullopt when base overlaps itself or the view
// reaches outside it.
std::optional<Tensor> PositionsIn(const Tensor& base, const Tensor& view) {
  int64_t lo = base.storage_offset();
  int64_t hi = base.storage_offset();
  for (int64_t d = 0; d < base.dim(); ++d) {
    if (base.size(d) == 0) return std::nullopt;
    const int64_t span = (base.size(d) - 1) * base.stride(d);
    (span < 0 ? lo : hi) += span;
  }
  // Storage offset -> base index, walking base in row-major order.
  std::vector<int64_t> at(static_cast<size_t>(hi - lo + 1), -1);
  std::vector<int64_t> idx(static_cast<size_t>(base.dim()), 0);
  for (int64_t j = 0; j < base.numel(); ++j) {
    int64_t off = base.storage_offset();
    for (int64_t d = 0; d < base.dim(); ++d) off += idx[d] * base.stride(d);
    int64_t& slot = at[static_cast<size_t>(off - lo)];
    if (slot >= 0) return std::nullopt;
    slot = j;
    for (int64_t d = base.dim() - 1; d >= 0 && ++idx[d] == base.size(d); --d) idx[d] = 0;
  }
  Tensor pos = Tensor::Empty(view.sizes(), tensor::DType::kInt64);
  int64_t* p = pos.data<int64_t>();
  std::vector<int64_t> vidx(static_cast<size_t>(view.dim()), 0);
  for (int64_t k = 0; k < view.numel(); ++k) {
    int64_t off = view.storage_offset();
    for (int64_t d = 0; d < view.dim(); ++d) off += vidx[d] * view.stride(d);
    if (off < lo || off > hi || at[static_cast<size_t>(off - lo)] < 0) return std::nullopt;
    p[k] = at[static_cast<size_t>(off - lo)];
    for (int64_t d = view.dim() - 1; d >= 0 && ++vidx[d] == view.size(d); --d) vidx[d] = 0;
  }
  return pos;
}

}  // namespace

absl::Status RebaseHistory(Tensor& self) {
  AutogradMeta* m = MetaOf(self);
  if (m == nullptr || !m->view_base.defined() || !GradModeEnabled()) return absl::OkStatus();
  Tensor base = m->view_base;  // shares the base variable's meta
  std::optional<Tensor> positions = PositionsIn(base, self);
  if (!positions.has_value()) return absl::OkStatus();
  return RecordIndexWrite(base, &self, *positions, "CopySlices");
}

absl::Status RecordIndexWrite(Tensor& self, const Tensor* value, const Tensor& positions,
                              std::string name) {
  // Which elements were written, as a mask of self's shape.
  Tensor written = Tensor::Zeros(self.sizes(), tensor::DType::kBool);
  const Tensor pos = positions.contiguous();
  const int64_t* p = pos.data<int64_t>();
  bool* w = written.data<bool>();
  for (int64_t i = 0; i < pos.numel(); ++i) w[p[i]] = true;
  auto node = std::make_shared<IndexWriteNode>(std::move(name), GradientEdge(self), self, value,
                                               pos, std::move(written));
  SetHistory(self, std::move(node), 0);
  return absl::OkStatus();
}

}  // namespace tc::autodiff
