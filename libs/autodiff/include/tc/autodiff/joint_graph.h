// The AOT joint graph: a forward graph and its backward traced ahead of
// time into one graph_ir::Graph, as AOTAutograd's create_joint makes it.
// Its inputs are the primals (`primals_1..n`, the forward's inputs) then
// one tangent per forward output that requires grad (`tangents_1..m`);
// its outputs are the forward outputs, then the gradient of each primal
// that requires grad. The backward half comes from the same derivative
// table the eager tape uses, emitted into the graph (GraphEmitter);
// composite ops without a formula of their own are decomposed first.
#ifndef TC_AUTODIFF_JOINT_GRAPH_H_
#define TC_AUTODIFF_JOINT_GRAPH_H_

#include <span>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/graph_ir/graph.h"

namespace tc::autodiff {

struct JointGraph {
  graph_ir::Graph graph;
  // The first num_fwd_outputs outputs are the forward's.
  int num_fwd_outputs = 0;
  // Per primal: whether it requires grad (and so has a gradient output,
  // in primal order after the forward outputs).
  std::vector<bool> primal_requires_grad;
  // Per primal: whether an output reaches it; a primal that requires grad
  // but is not reached gets zeros in the graph and None at runtime, as
  // PyTorch's AOTAutograd returns (its .grad stays None).
  std::vector<bool> primal_grad_defined;
  // Per forward output: whether it requires grad (and so has a tangent
  // input, in output order after the primals).
  std::vector<bool> output_requires_grad;
};

// The joint graph of `forward` when its inputs require grad as
// `requires_grad` says (one flag per input). `grad_nodes`, when given, says
// per node of `forward` whether the trace recorded it (a node traced under
// no_grad has outputs without gradient, as in eager).
absl::StatusOr<JointGraph> BuildJointGraph(const graph_ir::Graph& forward,
                                           const std::vector<bool>& requires_grad,
                                           const std::vector<bool>* grad_nodes = nullptr);

}  // namespace tc::autodiff

#endif  // TC_AUTODIFF_JOINT_GRAPH_H_
