// RnnLayerWithGrad (tc/autodiff/rnn_layer.h): the node of one recurrent
// layer. PyTorch's CPU LSTM (float32) is one MkldnnRnnLayerBackward0 per
// layer; its GRU / RNN are made of cell ops whose output is a stack of the
// steps (StackBackward0): the caller names the node so.
#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/grad_mode.h"
#include "tc/autodiff/node.h"
#include "tc/autodiff/rnn_layer.h"
#include "tc/support/status.h"

#include "src/saved_errors.h"

namespace tc::autodiff {
namespace {

using kernels::RnnMode;
using tensor::Tensor;

class RnnLayerNode final : public Node {
 public:
  RnnLayerNode(RnnMode mode, const kernels::RnnWeights& w, const Tensor& x,
               std::span<const int64_t> batch_sizes, const Tensor& h0, const Tensor& c0, Tensor ws,
               bool reverse, std::string name)
      : mode_(mode),
        reverse_(reverse),
        name_(std::move(name)),
        ws_(std::move(ws)),
        batch_sizes_(batch_sizes.begin(), batch_sizes.end()) {
    // Edges in the order x, h0, c0, w_ih, w_hh, b_ih, b_hh (the undefined
    // ones left out).
    for (const Tensor* t : {&x, &h0, &c0, &w.w_ih, &w.w_hh, &w.b_ih, &w.b_hh, &w.w_hr}) {
      if (!t->defined()) continue;
      AddNextEdge(GradientEdge(*t), InputInfo{t->sizes(), t->dtype()});
      saved_.push_back(Detach(*t));
      versions_.push_back(t->storage() != nullptr ? t->storage()->version() : 0);
    }
    has_c0_ = c0.defined();
    has_bias_ = w.b_ih.defined();
    has_proj_ = w.w_hr.defined();
    set_num_inputs(mode == RnnMode::kLstm ? 3 : 2);
  }
  std::string name() const override { return name_; }
  void ReleaseSaved() override {
    saved_.clear();
    ws_ = Tensor();
    released_ = true;
  }

  absl::StatusOr<GradList> Apply(GradList grads) override {
    GradList result(next_edges().size());
    bool any = false;
    for (const Tensor& g : grads) any = any || g.defined();
    if (!any) return result;
    if (released_) return internal::ReleasedError();
    for (size_t i = 0; i < saved_.size(); ++i) {
      TC_RETURN_IF_ERROR(internal::CheckVersion(saved_[i], versions_[i]));
    }
    size_t k = 0;
    const Tensor& x = saved_[k++];
    const Tensor& h0 = saved_[k++];
    const Tensor c0 = has_c0_ ? saved_[k++] : Tensor();
    kernels::RnnWeights w;
    w.w_ih = saved_[k++];
    w.w_hh = saved_[k++];
    if (has_bias_) {
      w.b_ih = saved_[k++];
      w.b_hh = saved_[k++];
    }
    if (has_proj_) w.w_hr = saved_[k++];
    auto dense = [&](size_t i) {
      return i < grads.size() && grads[i].defined() ? grads[i].contiguous().to(x.dtype())
                                                    : Tensor();
    };
    TC_ASSIGN_OR_RETURN(kernels::RnnLayerGrads g,
                        kernels::RnnLayerBackward(mode_, w, x, batch_sizes_, h0, c0, ws_, reverse_,
                                                  dense(0), dense(1), dense(2)));
    k = 0;
    result[k++] = std::move(g.dx);
    result[k++] = std::move(g.dh0);
    if (has_c0_) result[k++] = std::move(g.dc0);
    result[k++] = std::move(g.dw_ih);
    result[k++] = std::move(g.dw_hh);
    if (has_bias_) {
      result[k++] = std::move(g.db_ih);
      result[k++] = std::move(g.db_hh);
    }
    if (has_proj_) result[k++] = std::move(g.dw_hr);
    return result;
  }

 private:
  RnnMode mode_;
  bool reverse_;
  std::string name_;
  Tensor ws_;
  std::vector<int64_t> batch_sizes_;
  std::vector<Tensor> saved_;
  std::vector<uint64_t> versions_;
  bool has_c0_ = false, has_bias_ = false, has_proj_ = false, released_ = false;
};

bool AnyRequiresGrad(std::initializer_list<const Tensor*> ts) {
  for (const Tensor* t : ts) {
    if (t->defined() && RequiresGrad(*t)) return true;
  }
  return false;
}

}  // namespace

absl::StatusOr<std::vector<Tensor>> RnnLayerWithGrad(RnnMode mode, const kernels::RnnWeights& w,
                                                     const Tensor& x,
                                                     std::span<const int64_t> batch_sizes,
                                                     const Tensor& h0, const Tensor& c0,
                                                     bool reverse, std::string name) {
  const bool lstm = mode == RnnMode::kLstm, packed = !batch_sizes.empty();
  const tensor::DType dt = x.dtype();
  // P: the state's width (w_hr's rows with a projection), H the cell's.
  const int64_t B = h0.size(0), P = w.w_hh.size(1), H = w.w_hr.defined() ? w.w_hr.size(1) : P;
  tensor::Shape out_sizes = x.sizes();
  out_sizes.back() = P;
  std::vector<Tensor> outs = {Tensor::Empty(out_sizes, dt), Tensor::Empty(tensor::Shape{B, P}, dt)};
  if (lstm) outs.push_back(Tensor::Empty(tensor::Shape{B, H}, dt));
  const Tensor c_n = lstm ? outs[2] : Tensor();
  const bool record =
      GradModeEnabled() && AnyRequiresGrad({&x, &h0, &c0, &w.w_ih, &w.w_hh, &w.b_ih, &w.b_hh});
  Tensor ws;
  if (record) {
    tensor::Shape ws_sizes = x.sizes();
    ws_sizes.back() = kernels::RnnWorkspaceWidth(mode, H, w.w_hr.defined() ? P : 0);
    ws = Tensor::Empty(ws_sizes, dt);
  }
  if (packed) {
    TC_RETURN_IF_ERROR(kernels::RnnLayerTrainPacked(mode, w, x, batch_sizes, h0, c0, reverse,
                                                    outs[0], 0, outs[1], c_n, ws));
  } else if (record) {
    TC_RETURN_IF_ERROR(
        kernels::RnnLayerTrain(mode, w, x, h0, c0, reverse, outs[0], 0, outs[1], c_n, ws));
  } else {
    TC_RETURN_IF_ERROR(kernels::RnnLayer(mode, w, x, h0, c0, reverse, outs[0], 0, outs[1], c_n));
  }
  if (!record) return outs;
  auto node = std::make_shared<RnnLayerNode>(mode, w, x, batch_sizes, h0, c0, std::move(ws),
                                             reverse, std::move(name));
  for (size_t i = 0; i < outs.size(); ++i) SetHistory(outs[i], node, static_cast<uint32_t>(i));
  return outs;
}

}  // namespace tc::autodiff
