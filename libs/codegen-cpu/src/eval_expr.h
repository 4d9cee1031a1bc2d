// Evaluation of one node's expression tree as tensors over the node's
// index space: each Op runs eager's kernel (kernels::Call) on whole
// tensors, so the evaluator agrees with eager by construction wherever the
// lowering casts operands as eager's kernels do.
#ifndef TC_CODEGEN_CPU_SRC_EVAL_EXPR_H_
#define TC_CODEGEN_CPU_SRC_EVAL_EXPR_H_

#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"

#include "tc/codegen_cpu/loop_ir.h"
#include "tc/tensor/tensor.h"

#include "eval_space.h"
#include "src/row_op.h"

namespace tc::codegen_cpu::eval_internal {

class ExprEvaluator {
 public:
  // `buffers[b]` is buffer b's tensor; `results[n]` the result of
  // Reduction node n once it ran (over its ranges, contiguous).
  ExprEvaluator(const Program& program, const std::vector<tensor::Tensor>& buffers,
                const std::vector<tensor::Tensor>& results, const Space& space)
      : program_(program), buffers_(buffers), results_(results), space_(space) {}

  // The expression over the space: the space's sizes, or 0-dim when it
  // reads no buffer and no index (a constant subtree). Shared subtrees are
  // evaluated once.
  absl::StatusOr<tensor::Tensor> Eval(const ExprPtr& expr);

 private:
  absl::StatusOr<tensor::Tensor> EvalUncached(const Expr& expr);
  absl::StatusOr<tensor::Tensor> EvalOp(const Op& op, tensor::DType dtype);
  absl::StatusOr<tensor::Tensor> EvalResult(const ReductionResult& rr);
  // A row op (row_op.h) run by eager's kernel of that name on the operand
  // made contiguous, rows over the space's trailing dims.
  absl::StatusOr<tensor::Tensor> EvalRowOp(const Op& op, tensor::DType dtype);
  absl::StatusOr<tensor::Tensor> EvalGroupNorm(const Op& op, const RowOpInfo& info);
  // A weight / bias operand as a contiguous row (its value at leading index 0).
  absl::StatusOr<tensor::Tensor> EvalRowOperand(const ExprPtr& e, int row_dims);

  const Program& program_;
  const std::vector<tensor::Tensor>& buffers_;
  const std::vector<tensor::Tensor>& results_;
  const Space& space_;
  absl::flat_hash_map<const Expr*, tensor::Tensor> memo_;
};

// The first Load of `expr` (depth first, operands in order), or nullptr.
const Load* FirstLoad(const Expr& expr);

}  // namespace tc::codegen_cpu::eval_internal

#endif  // TC_CODEGEN_CPU_SRC_EVAL_EXPR_H_
