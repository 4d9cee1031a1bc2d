// The nodes of the autograd graph (PyTorch's grad_fn objects): a Node
// takes the gradients of the outputs of the forward op it stands for and
// returns the gradients of that op's inputs, each sent along one of its
// next edges to the node that produced the input (or to the input's
// AccumulateGrad when the input is a leaf).
#ifndef TC_AUTODIFF_NODE_H_
#define TC_AUTODIFF_NODE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/graph_ir/op.h"
#include "tc/tensor/tensor.h"

namespace tc::autodiff {

class Node;

// Where one gradient goes: input `input_nr` of node `fn` (null: nowhere,
// the input needs no gradient).
struct Edge {
  std::shared_ptr<Node> fn;
  uint32_t input_nr = 0;
  bool valid() const { return fn != nullptr; }
};

// One gradient per slot; an undefined tensor stands for "no gradient"
// (zero, never materialized unless a formula needs it).
using GradList = std::vector<tensor::Tensor>;

// A hook on one of a node's gradient inputs (Tensor.register_hook): it
// sees the gradient about to be used and may return a replacement
// (undefined: keep it).
using GradHook = std::function<absl::StatusOr<tensor::Tensor>(const tensor::Tensor& grad)>;

class Node : public std::enable_shared_from_this<Node> {
 public:
  Node();
  virtual ~Node() = default;
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  // PyTorch's class name: "MulBackward0", "AccumulateGrad".
  virtual std::string name() const = 0;
  // The gradients of this node's inputs (one per next edge) from those of
  // its forward outputs (`grads`, one per output; some may be undefined).
  virtual absl::StatusOr<GradList> Apply(GradList grads) = 0;
  // Drops what was saved for backward (after a backward without
  // retain_graph); a later Apply fails with PyTorch's "backward through
  // the graph a second time" error.
  virtual void ReleaseSaved() {}

  const std::vector<Edge>& next_edges() const { return next_edges_; }
  // How many gradients Apply takes (the forward op's outputs).
  uint32_t num_inputs() const { return num_inputs_; }
  // Creation order; the engine runs ready nodes latest first, as PyTorch's.
  uint64_t sequence_nr() const { return sequence_nr_; }

  // The forward value each next edge's gradient must match: the engine
  // sums a broadcast gradient down to these sizes and casts it to the
  // dtype, as PyTorch's validate_outputs does.
  struct InputInfo {
    tensor::Shape sizes;
    tensor::DType dtype = tensor::DType::kFloat32;
  };
  const std::vector<InputInfo>& input_info() const { return input_info_; }

  // Tensor hooks on gradient input `slot` (register_hook on an output of
  // this node), run in registration order before Apply.
  void AddPreHook(uint32_t slot, GradHook hook) { pre_hooks_.push_back({slot, std::move(hook)}); }
  struct PreHook {
    uint32_t slot;
    GradHook hook;
  };
  const std::vector<PreHook>& pre_hooks() const { return pre_hooks_; }
  // retain_grad's hook: runs after every tensor hook of its slot, so .grad
  // holds the gradient the hooks made (PyTorch's order).
  void AddRetainGradHook(uint32_t slot, GradHook hook) {
    retain_grad_hooks_.push_back({slot, std::move(hook)});
  }
  const std::vector<PreHook>& retain_grad_hooks() const { return retain_grad_hooks_; }

 protected:
  void AddNextEdge(Edge edge, InputInfo info) {
    next_edges_.push_back(std::move(edge));
    input_info_.push_back(std::move(info));
  }
  void set_num_inputs(uint32_t n) { num_inputs_ = n; }
  void set_sequence_nr(uint64_t n) { sequence_nr_ = n; }

 private:
  std::vector<Edge> next_edges_;
  std::vector<InputInfo> input_info_;
  std::vector<PreHook> pre_hooks_;
  std::vector<PreHook> retain_grad_hooks_;
  uint32_t num_inputs_ = 1;
  uint64_t sequence_nr_;
};

// The node at the end of every path to a leaf that requires grad: it adds
// the gradient into the leaf's .grad.
class AccumulateGrad final : public Node {
 public:
  // `leaf` is the variable (its autograd meta is where .grad lives).
  explicit AccumulateGrad(const tensor::Tensor& leaf);
  std::string name() const override { return "AccumulateGrad"; }
  absl::StatusOr<GradList> Apply(GradList grads) override;
  const tensor::Tensor& variable() const { return variable_; }

 private:
  tensor::Tensor variable_;
};

}  // namespace tc::autodiff

#endif  // TC_AUTODIFF_NODE_H_
