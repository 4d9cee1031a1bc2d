// Eager execution of one registered op on tensors.
//
// Call() checks the arguments with graph-ir's meta function (so eager runs
// and graphs agree on shapes and dtypes), allocates the outputs and runs the
// CPU kernel for the op.
//
// Meta tensors (tensor::Device::Meta(), no data) run as PyTorch's meta
// kernels do: only the meta function runs and the outputs are meta tensors
// with the dtype, sizes and strides the CPU kernel would give (views share
// their base's storage). Mixing devices follows PyTorch: a pointwise op or
// cat on a meta tensor and a cpu tensor fails ("Tensor on device cpu is not
// on the expected device meta!") unless the cpu one is 0-dim; the other
// ops take cpu tensors next to meta ones for their metadata.
#ifndef TC_KERNELS_EAGER_H_
#define TC_KERNELS_EAGER_H_

#include <initializer_list>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/graph_ir/op.h"
#include "tc/tensor/tensor.h"

namespace tc::kernels {

using tensor::Tensor;

// One argument of an eager call, mirroring graph_ir::Arg with tensors.
using KernelArg = std::variant<Tensor, std::vector<Tensor>, graph_ir::Constant>;

// Runs `op` on `args` (positional; omitted trailing arguments take their
// defaults). Errors are InvalidArgument with PyTorch's wording.
//
// Each form does the same; they differ in what the caller has at hand. The
// span and initializer-list forms copy nothing when every argument is given
// (`Call(op, {a, b})` binds to the initializer list, with no vector built),
// and an OpDef skips the name lookup.
absl::StatusOr<std::vector<Tensor>> Call(const graph_ir::OpDef& op, std::vector<KernelArg> args);
absl::StatusOr<std::vector<Tensor>> Call(const graph_ir::OpDef& op,
                                         std::span<const KernelArg> args);
absl::StatusOr<std::vector<Tensor>> Call(const graph_ir::OpDef& op,
                                         std::initializer_list<KernelArg> args);
// Looks the op up by name first; unknown names are NotFound.
absl::StatusOr<std::vector<Tensor>> Call(std::string_view op_name, std::vector<KernelArg> args);
absl::StatusOr<std::vector<Tensor>> Call(std::string_view op_name,
                                         std::initializer_list<KernelArg> args);
// Call() on the meta device, whatever the arguments' devices: nothing is
// read or written, tensors with data count for their metadata only, and
// creation and random ops (no tensor argument to take a device from) make
// meta tensors. What an op tracer returns for an op (script's op_tracer.h).
absl::StatusOr<std::vector<Tensor>> CallMeta(const graph_ir::OpDef& op,
                                             std::span<const KernelArg> args);
absl::StatusOr<std::vector<Tensor>> CallMeta(const graph_ir::OpDef& op,
                                             std::initializer_list<KernelArg> args);
// Shorthand for single-output ops.
absl::StatusOr<Tensor> Call1(std::string_view op_name, std::vector<KernelArg> args);
absl::StatusOr<Tensor> Call1(std::string_view op_name, std::initializer_list<KernelArg> args);

}  // namespace tc::kernels

#endif  // TC_KERNELS_EAGER_H_
