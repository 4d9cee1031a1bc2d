// CustomFunctionNode: the node of one torch.autograd.Function call (what
// PyTorch calls a PyNode). Its backward is user code, run by whoever
// subclasses the node (script-torch calls the script's backward); the node
// keeps what the forward saved (checked against in-place writes as
// PyTorch's SavedVariable is), the metadata of the outputs for
// materializing missing gradients, and one next edge per tensor input.
#ifndef TC_AUTODIFF_CUSTOM_FUNCTION_H_
#define TC_AUTODIFF_CUSTOM_FUNCTION_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/autodiff/node.h"
#include "tc/tensor/tensor.h"

namespace tc::autodiff {

class CustomFunctionNode : public Node {
 public:
  // `name`: "ExpBackward" for a Function subclass named Exp.
  explicit CustomFunctionNode(std::string name) : name_(std::move(name)) {}
  std::string name() const override { return name_; }
  // Materializes missing gradients (zeros of the output's shape) unless
  // set_materialize_grads(false), then runs CallBackward.
  absl::StatusOr<GradList> Apply(GradList grads) override;
  void ReleaseSaved() override;

  // The user's backward: one gradient per forward output slot (undefined
  // for a non-tensor output, or a missing gradient when not materialized)
  // in, one per tensor input (next edge) out. A failure that set an
  // exception elsewhere (the script's) is reported as kAborted.
  virtual absl::StatusOr<GradList> CallBackward(GradList grads) = 0;

  // Set up by the call, in this order: the tensor inputs (before the
  // forward runs: a dirty input's history changes after), the output
  // slots (nullopt: not a tensor), then what was saved.
  void AddInput(const tensor::Tensor& t);
  void SetOutputs(const std::vector<std::optional<InputInfo>>& outputs);
  void set_materialize_grads(bool on) { materialize_grads_ = on; }
  // `saved[i]` undefined stands for None; `output_nr[i]` >= 0 marks an
  // output of this node, kept without its history (which points here).
  void Save(std::vector<tensor::Tensor> saved, std::vector<int> output_nr);

  // ctx.saved_tensors: PyTorch's errors after release and for a saved
  // tensor written in place since.
  absl::StatusOr<std::vector<tensor::Tensor>> UnpackSaved();

 private:
  struct Saved {
    tensor::Tensor data;
    int output_nr = -1;
    uint64_t version = 0;
  };
  std::string name_;
  std::vector<std::optional<InputInfo>> outputs_;
  std::vector<Saved> saved_;
  bool materialize_grads_ = true;
  bool released_ = false;
};

}  // namespace tc::autodiff

#endif  // TC_AUTODIFF_CUSTOM_FUNCTION_H_
