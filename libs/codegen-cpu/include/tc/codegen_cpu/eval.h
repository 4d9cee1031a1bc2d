// A reference evaluator of loop-IR programs: runs each node in order,
// tensor-at-a-time over the node's whole index space (ranges, then
// reduction ranges): loads gather buffer elements at their indices, each Op
// runs eager's kernel (kernels::Call) on whole tensors, a Reduction runs
// eager's reduction kernel over the trailing dims (laid out in the order of
// its first load's strides, so the cascade sum adds as eager's does), an
// Extern runs its op on tensors viewing the buffers. It defines what the
// IR means: lowering is checked by Lower + Evaluate == the graph
// interpreter, and the scheduler and emitter are checked against it.
#ifndef TC_CODEGEN_CPU_EVAL_H_
#define TC_CODEGEN_CPU_EVAL_H_

#include <span>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/codegen_cpu/loop_ir.h"
#include "tc/tensor/tensor.h"

namespace tc::codegen_cpu {

// Runs `program`'s nodes (its kernels are ignored) on `inputs` (one per
// graph input; any strides: loads read through the tensor's own) and
// returns its graph outputs (kAlias outputs as views). A wrong number of
// inputs, a dtype or sizes other than the input buffer's, and a malformed
// program (an index out of its buffer's range, a mistyped Op, an unknown
// op or buffer) are InvalidArgument.
absl::StatusOr<std::vector<tensor::Tensor>> Evaluate(const Program& program,
                                                     std::span<const tensor::Tensor> inputs);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_EVAL_H_
