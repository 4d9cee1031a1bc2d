// Eager execution of composite (torch-level) ops: the op's decomposition
// (graph_ir::Decompose) run on an emitter whose ops are kernels::Call.
#ifndef TC_KERNELS_COMPOSITE_H_
#define TC_KERNELS_COMPOSITE_H_

#include <span>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/graph_ir/op.h"
#include "tc/kernels/eager.h"

namespace tc::kernels {

// Runs composite `op` (category kComposite) on `args` as Call() would:
// schema checks and defaults, then each core op of the decomposition
// eagerly. Outputs may alias inputs where PyTorch's do (views, dropout in
// eval mode). With a meta argument every core op runs as CallMeta.
absl::StatusOr<std::vector<Tensor>> RunComposite(const graph_ir::OpDef& op,
                                                 std::span<const KernelArg> args);

// Whether composite `op` has a fused eager kernel (softmax, layer_norm,
// batch_norm, linear...: libs/kernels/src/fused.cc), whose results can
// differ in the last bits from its decomposition's. A backend that must
// give eager's answers runs such an op as one call rather than decomposing it.
bool HasFusedKernel(const graph_ir::OpDef& op);

}  // namespace tc::kernels

#endif  // TC_KERNELS_COMPOSITE_H_
