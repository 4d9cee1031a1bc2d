// The gradient of a captured graph's outputs computed by running the graph
// again on the tape from saved inputs: what CompiledFunctionBackward does
// when the backward itself must be differentiable (create_graph), since a
// compiled backward has no history of its own.
#ifndef TC_AUTODIFF_SRC_RECOMPUTE_H_
#define TC_AUTODIFF_SRC_RECOMPUTE_H_

#include <span>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/autodiff/graph_run.h"
#include "tc/autodiff/node.h"

namespace tc::autodiff::internal {

// `grads[k]` flows into graph output `outputs[k]`; the result has one
// gradient per input (undefined where requires_grad is false or unused).
// Records the computation when grad mode is on (double backward).
absl::StatusOr<GradList> RecomputeGrads(const GradGraph& graph,
                                        std::span<const tensor::Tensor> inputs,
                                        const std::vector<bool>& requires_grad,
                                        std::span<const uint32_t> outputs, const GradList& grads);

}  // namespace tc::autodiff::internal

#endif  // TC_AUTODIFF_SRC_RECOMPUTE_H_
