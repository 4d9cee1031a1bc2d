// Execution on the meta device: what Call() and CallMeta() do once an op
// has no data to compute (eager.cc decides when; meta_call.cc does it).
#ifndef TC_KERNELS_SRC_META_CALL_H_
#define TC_KERNELS_SRC_META_CALL_H_

#include <span>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/graph_ir/op.h"
#include "tc/kernels/eager.h"

namespace tc::kernels {

// How the tensor arguments' devices are checked before a meta run.
enum class MetaDevices {
  // Call() with a meta argument: PyTorch's rules (see CheckMetaDevices).
  kChecked,
  // CallMeta(): any device; tensors with data count for their metadata.
  kAny,
};

// Runs core op `op` (not composite) on its complete argument list with meta
// inference only: outputs are meta tensors. View ops run their kernels,
// which touch no data, so a view shares its (meta) base's storage.
absl::StatusOr<std::vector<Tensor>> CallMetaComplete(const graph_ir::OpDef& op,
                                                     std::span<const KernelArg> args,
                                                     MetaDevices devices);

// Whether any tensor argument (in a list too) is a meta tensor.
bool AnyMetaArg(std::span<const KernelArg> args);

// How a composite op's core ops run.
enum class CompositeRun {
  kCall,  // all on Call (no meta tensor in sight)
  // Call() with a meta argument: core ops with tensor arguments run on
  // Call (so PyTorch's device checks apply to each, as in torch's own
  // decompositions), those without (dropout's random mask) on CallMeta.
  kCheckedMeta,
  kMeta,  // CallMeta(): all on CallMeta
};

// RunComposite's body.
absl::StatusOr<std::vector<Tensor>> RunCompositeOn(const graph_ir::OpDef& op,
                                                   std::span<const KernelArg> args,
                                                   CompositeRun run);

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_META_CALL_H_
