// Row ops in the loop IR (see row_op.h): building, parsing, finding.
#include "src/row_op.h"

#include <string>

#include "absl/strings/str_cat.h"

namespace tc::codegen_cpu {
namespace {

absl::Status Malformed(const Op& op, std::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("row op ", op.name, ": ", std::string(what)));
}

const tensor::Scalar* ScalarAttr(const Op& op, size_t i) {
  return i < op.attrs.size() ? std::get_if<tensor::Scalar>(&op.attrs[i]) : nullptr;
}

}  // namespace

bool IsRowOpName(std::string_view name) {
  return name == "softmax" || name == "log_softmax" || name == "layer_norm" || name == "rms_norm" ||
         name == "group_norm";
}

absl::StatusOr<RowOpInfo> ParseRowOp(const Op& op) {
  RowOpInfo info;
  if (op.args.empty() || op.args[0] == nullptr) return Malformed(op, "no input operand");
  const DType dt = op.args[0]->dtype;
  if (dt != DType::kFloat32 && dt != DType::kFloat64) {
    return Malformed(op, "the input is neither float32 nor float64");
  }
  if (op.name == "softmax" || op.name == "log_softmax") {
    info.kind = op.name == "softmax" ? RowKind::kSoftmax : RowKind::kLogSoftmax;
    const tensor::Scalar* dim = ScalarAttr(op, 0);
    if (op.args.size() != 1 || op.attrs.size() != 2 || dim == nullptr || dim->to_double() != -1) {
      return Malformed(op, "expects one operand and attrs [dim=-1, dtype=None]");
    }
    info.row_dims = 1;
    return info;
  }
  // group_norm's attrs have layer_norm's form.
  const bool group = op.name == "group_norm";
  const bool layer = op.name == "layer_norm" || group;
  if (!layer && op.name != "rms_norm") return Malformed(op, "not a row op");
  info.kind = group ? RowKind::kGroupNorm : layer ? RowKind::kLayerNorm : RowKind::kRmsNorm;
  const size_t want_attrs = layer ? 4 : 3;
  const auto* shape = op.attrs.empty() ? nullptr : std::get_if<tensor::Shape>(&op.attrs[0]);
  const tensor::Scalar* w = ScalarAttr(op, 1);
  const tensor::Scalar* b = layer ? ScalarAttr(op, 2) : nullptr;
  const tensor::Scalar* eps = ScalarAttr(op, want_attrs - 1);
  if (op.attrs.size() != want_attrs || shape == nullptr || shape->empty() || w == nullptr ||
      (layer && b == nullptr) || eps == nullptr) {
    return Malformed(op, layer ? "expects attrs [normalized_shape, has_weight, has_bias, eps]"
                               : "expects attrs [normalized_shape, has_weight, eps]");
  }
  info.row_sizes.assign(shape->begin(), shape->end());
  info.row_dims = static_cast<int>(shape->size());
  info.has_weight = w->to_double() != 0;
  info.has_bias = b != nullptr && b->to_double() != 0;
  info.eps = eps->to_double();
  const size_t operands = 1 + info.has_weight + info.has_bias;
  if (op.args.size() != operands) {
    return Malformed(op, absl::StrCat("expects ", operands, " operands, has ", op.args.size()));
  }
  for (size_t i = 1; i < op.args.size(); ++i) {
    if (op.args[i] == nullptr || op.args[i]->dtype != dt) {
      return Malformed(op, "a weight or bias of another dtype than the input");
    }
  }
  return info;
}

ExprPtr MakeRowOp(const RowOpInfo& info, std::vector<ExprPtr> args, DType dtype) {
  using graph_ir::Constant;
  const tensor::Shape shape(info.row_sizes.begin(), info.row_sizes.end());
  switch (info.kind) {
    case RowKind::kSoftmax:
    case RowKind::kLogSoftmax:
      return MakeOp(info.kind == RowKind::kSoftmax ? "softmax" : "log_softmax", std::move(args),
                    dtype, {Constant(tensor::Scalar(int64_t{-1})), Constant(graph_ir::None{})});
    case RowKind::kLayerNorm:
    case RowKind::kGroupNorm:
      return MakeOp(info.kind == RowKind::kLayerNorm ? "layer_norm" : "group_norm", std::move(args),
                    dtype,
                    {Constant(shape), Constant(tensor::Scalar(info.has_weight)),
                     Constant(tensor::Scalar(info.has_bias)), Constant(tensor::Scalar(info.eps))});
    case RowKind::kRmsNorm:
      return MakeOp("rms_norm", std::move(args), dtype,
                    {Constant(shape), Constant(tensor::Scalar(info.has_weight)),
                     Constant(tensor::Scalar(info.eps))});
  }
  return nullptr;
}

int CountRowOps(const ExprPtr& e) {
  const auto* op = std::get_if<Op>(&e->node);
  if (op == nullptr) return 0;
  int n = IsRowOpName(op->name) ? 1 : 0;
  for (const ExprPtr& a : op->args) n += CountRowOps(a);
  return n;
}

ExprPtr FindRowOp(const ExprPtr& e) {
  const auto* op = std::get_if<Op>(&e->node);
  if (op == nullptr) return nullptr;
  if (IsRowOpName(op->name)) return e;
  for (const ExprPtr& a : op->args) {
    if (ExprPtr found = FindRowOp(a)) return found;
  }
  return nullptr;
}

ExprPtr ReplaceExpr(const ExprPtr& e, const Expr* target, const ExprPtr& by) {
  if (e.get() == target) return by;
  const auto* op = std::get_if<Op>(&e->node);
  if (op == nullptr) return e;
  std::vector<ExprPtr> args;
  bool changed = false;
  for (const ExprPtr& a : op->args) {
    args.push_back(ReplaceExpr(a, target, by));
    changed |= args.back() != a;
  }
  return changed ? MakeOp(op->name, std::move(args), e->dtype, op->attrs) : e;
}

}  // namespace tc::codegen_cpu
