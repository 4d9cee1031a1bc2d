// A reference evaluator of loop-IR programs: runs each node in order with
// scalar loops, computing every op as eager's kernels do. It defines what
// the IR means: lowering is checked by Lower + Evaluate == the graph
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
// graph input) and returns its graph outputs (kAlias outputs as views).
absl::StatusOr<std::vector<tensor::Tensor>> Evaluate(const Program& program,
                                                     std::span<const tensor::Tensor> inputs);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_EVAL_H_
