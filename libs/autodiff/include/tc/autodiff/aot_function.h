// AOTAutograd's runtime: a captured graph's joint forward+backward graph,
// partitioned and compiled into a forward half and a backward half, run
// as one node of the tape (CompiledFunctionBackward, as PyTorch names it).
// The forward half returns the graph's outputs and the values saved for
// the backward; the node keeps those and, at backward, runs the backward
// half on them and the incoming gradients (tangents). So `loss.backward()`
// after a compiled forward runs compiled backward code, and graph breaks
// give several such nodes stitched together by the eager tape.
#ifndef TC_AUTODIFF_AOT_FUNCTION_H_
#define TC_AUTODIFF_AOT_FUNCTION_H_

#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/autodiff/graph_run.h"
#include "tc/tensor/tensor.h"

namespace tc::autodiff {

struct AotFunction {
  using Half =
      std::function<absl::StatusOr<std::vector<tensor::Tensor>>(std::span<const tensor::Tensor>)>;
  // primals -> the forward outputs, then the saved values.
  Half forward;
  // saved values, then one tangent per output that requires grad ->
  // one gradient per primal that requires grad.
  Half backward;
  int num_fwd_outputs = 0;
  std::vector<bool> primal_requires_grad;  // per graph input
  // Per graph input: whether its gradient is defined (JointGraph's
  // primal_grad_defined); an undefined one is returned as None.
  std::vector<bool> primal_grad_defined;
  std::vector<bool> output_requires_grad;  // per graph output
  std::vector<bool> output_is_input;       // per graph output: a graph input itself
  // Per tangent (output requiring grad): its sizes and dtype, for the
  // zeros that stand in for a gradient that never arrives.
  std::vector<tensor::Shape> tangent_sizes;
  std::vector<tensor::DType> tangent_dtypes;
  // The captured graph, run again on the tape when the backward must
  // itself be differentiated (create_graph=True).
  GradGraph graph;
};

// Runs the forward half on `inputs` (one per graph input) and, when grad
// mode is on and an input requires grad, gives the outputs that require
// grad one CompiledFunctionBackward node holding the saved values.
// Returns the graph's outputs.
absl::StatusOr<std::vector<tensor::Tensor>> RunAotFunction(
    const std::shared_ptr<const AotFunction>& f, std::span<const tensor::Tensor> inputs);

}  // namespace tc::autodiff

#endif  // TC_AUTODIFF_AOT_FUNCTION_H_
