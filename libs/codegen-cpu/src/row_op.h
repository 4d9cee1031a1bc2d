// Row ops: softmax, log_softmax, layer_norm, rms_norm and group_norm over
// the contiguous trailing dims of a float32/float64 tensor, kept in the loop IR
// as one Op expression whose value at an element depends on its whole row
// (the node's last `row_dims` loop variables). The lowering makes them
// where eager runs its fused row kernel (norms.cc), the scheduler inlines
// pointwise producers into the row op's operands (the prologue) and the
// row node into one same-indexed pointwise reader (the epilogue), and the
// emitter (emit_row.cc) runs each row through the formulas eager's kernel
// runs (tc/kernels/formulas/norm_rows-inl.h), so the values are eager's
// bit for bit.
//
// The Op's operands: x, then weight and bias when present (per-row-element
// values over the row variables; group_norm's are per channel: values over
// the row's first variable, a plain contiguous load each). Its attrs:
//   softmax / log_softmax: [dim = -1, dtype = None]     (the graph op's own)
//   layer_norm: [normalized_shape, has_weight, has_bias, eps]
//   rms_norm:   [normalized_shape, has_weight, eps]     (eps resolved)
//   group_norm: [row_shape, has_weight, has_bias, eps]  (row_shape: the
//               group's channels, then the input's spatial sizes; the node
//               runs over [N, groups, row_shape...])
#ifndef TC_CODEGEN_CPU_SRC_ROW_OP_H_
#define TC_CODEGEN_CPU_SRC_ROW_OP_H_

#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/codegen_cpu/loop_ir.h"

namespace tc::codegen_cpu {

enum class RowKind { kSoftmax, kLogSoftmax, kLayerNorm, kRmsNorm, kGroupNorm };

struct RowOpInfo {
  RowKind kind = RowKind::kSoftmax;
  int row_dims = 1;                // how many trailing loop dims a row spans
  std::vector<int64_t> row_sizes;  // layer_norm / rms_norm: normalized_shape; group_norm: row_shape
  bool has_weight = false;
  bool has_bias = false;
  double eps = 0;
  // Index of weight / bias in the Op's args (-1: absent).
  int weight_arg() const { return has_weight ? 1 : -1; }
  int bias_arg() const { return has_bias ? (has_weight ? 2 : 1) : -1; }
};

bool IsRowOpName(std::string_view name);
// The row op `op` describes, or InvalidArgument naming what is malformed.
absl::StatusOr<RowOpInfo> ParseRowOp(const Op& op);
// The Op for `info` over its operands (x, then weight / bias if present).
ExprPtr MakeRowOp(const RowOpInfo& info, std::vector<ExprPtr> args, DType dtype);
// The number of row ops in `e` (0 for an ordinary pointwise expression).
int CountRowOps(const ExprPtr& e);
// The row op of `e` (the first, depth first), or null.
ExprPtr FindRowOp(const ExprPtr& e);
// `e` with node `target` replaced by `by` (pointer identity).
ExprPtr ReplaceExpr(const ExprPtr& e, const Expr* target, const ExprPtr& by);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_SRC_ROW_OP_H_
