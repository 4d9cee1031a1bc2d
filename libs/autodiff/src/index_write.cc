// RecordIndexWrite's node: a write into part of a tensor (x[i] = v),
// differentiated as PyTorch's CopySlices / IndexPutBackward0 are: the
// tensor's earlier history gets the gradient with the written elements
// zeroed, the value gets the gradient of the written elements (the engine
// sums it down to the value's shape). Both are recorded ops, so a
// create_graph backward differentiates them again.
#include "absl/strings/str_format.h"

#include "tc/autodiff/autograd_meta.h"
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

}  // namespace

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
