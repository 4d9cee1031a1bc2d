// Expression trees as tensors over a node's index space, each Op run by
// eager's kernel.
#include "eval_expr.h"

#include <string>

#include "absl/strings/str_cat.h"

#include "tc/kernels/eager.h"
#include "tc/support/status.h"

#include "src/row_op.h"

namespace tc::codegen_cpu::eval_internal {
namespace {

using tensor::Tensor;

std::string DT(tensor::DType d) { return std::string(tensor::DTypeName(d)); }

// A constant as a 0-dim tensor, converted by eager's own `full` kernel.
absl::StatusOr<Tensor> ConstantTensor(const Constant& c, tensor::DType dtype) {
  return kernels::Call1("full", {graph_ir::Constant(tensor::Shape{}), graph_ir::Constant(c.value),
                                 graph_ir::Constant(dtype)});
}

}  // namespace

const Load* FirstLoad(const Expr& expr) {
  if (const auto* load = std::get_if<Load>(&expr.node)) return load;
  if (const auto* op = std::get_if<Op>(&expr.node)) {
    for (const ExprPtr& a : op->args) {
      if (const Load* l = FirstLoad(*a)) return l;
    }
  }
  return nullptr;
}

absl::StatusOr<Tensor> ExprEvaluator::Eval(const ExprPtr& expr) {
  if (expr == nullptr) return absl::InvalidArgumentError("evaluate: a null expression");
  auto it = memo_.find(expr.get());
  if (it != memo_.end()) return it->second;
  TC_ASSIGN_OR_RETURN(Tensor t, EvalUncached(*expr));
  if (t.dtype() != expr->dtype) {
    return absl::InvalidArgumentError(absl::StrCat("evaluate: an expression typed ",
                                                   DT(expr->dtype), " computes ", DT(t.dtype())));
  }
  memo_.emplace(expr.get(), t);
  return t;
}

absl::StatusOr<Tensor> ExprEvaluator::EvalUncached(const Expr& expr) {
  if (const auto* load = std::get_if<Load>(&expr.node)) {
    if (load->buffer < 0 || load->buffer >= static_cast<int>(buffers_.size())) {
      return absl::InvalidArgumentError(
          absl::StrCat("evaluate: a load of buffer ", load->buffer, ", which does not exist"));
    }
    return Gather(buffers_[load->buffer], load->index, space_, program_.buffers[load->buffer].name);
  }
  if (const auto* c = std::get_if<Constant>(&expr.node)) return ConstantTensor(*c, expr.dtype);
  if (const auto* iv = std::get_if<IndexValue>(&expr.node)) {
    TC_ASSIGN_OR_RETURN(std::vector<int64_t> values, EvalIndex(iv->index, space_));
    Tensor t = FromPointValues(values, space_);
    if (expr.dtype == tensor::DType::kInt64) return t;
    return kernels::Call1("to_dtype", {t, graph_ir::Constant(expr.dtype)});
  }
  if (const auto* rr = std::get_if<ReductionResult>(&expr.node)) return EvalResult(*rr);
  return EvalOp(std::get<Op>(expr.node), expr.dtype);
}

absl::StatusOr<Tensor> ExprEvaluator::EvalRowOperand(const ExprPtr& e, int row_dims) {
  TC_ASSIGN_OR_RETURN(Tensor t, Eval(e));
  if (t.dim() < row_dims) {
    return absl::InvalidArgumentError(
        absl::StrCat("evaluate: a row op over ", row_dims, " dims of a ", t.dim(), "-dim space"));
  }
  // The row at the leading index 0 (a weight is the same in every row).
  tensor::Shape sizes(t.sizes().end() - row_dims, t.sizes().end());
  tensor::Shape strides(t.strides().end() - row_dims, t.strides().end());
  return kernels::Call1("clone", {t.AsStrided(sizes, strides, t.storage_offset()),
                                  graph_ir::Constant(std::string("contiguous"))});
}

// group_norm over a space [N, groups, per_group, spatial...]: eager's
// group_norm on x viewed as [N, C, spatial...], its weight and bias the
// per-channel values at sample 0 and spatial index 0.
absl::StatusOr<Tensor> ExprEvaluator::EvalGroupNorm(const Op& op, const RowOpInfo& info) {
  TC_ASSIGN_OR_RETURN(Tensor x, Eval(op.args[0]));
  if (x.dim() != info.row_dims + 2) {
    return absl::InvalidArgumentError("evaluate: group_norm over a space of another rank");
  }
  TC_ASSIGN_OR_RETURN(x,
                      kernels::Call1("clone", {x, graph_ir::Constant(std::string("contiguous"))}));
  tensor::Shape nc = {x.size(0), x.size(1) * x.size(2)};
  nc.insert(nc.end(), x.sizes().begin() + 3, x.sizes().end());
  TC_ASSIGN_OR_RETURN(Tensor x_nc, kernels::Call1("reshape", {x, graph_ir::Constant(nc)}));
  std::vector<kernels::KernelArg> args = {x_nc, graph_ir::Constant(tensor::Scalar(x.size(1)))};
  for (int arg : {info.weight_arg(), info.bias_arg()}) {
    if (arg < 0) {
      args.emplace_back(graph_ir::Constant(graph_ir::None{}));
      continue;
    }
    TC_ASSIGN_OR_RETURN(Tensor t, Eval(op.args[arg]));
    // [groups, per_group] at sample 0 and spatial index 0, then [C].
    Tensor gd = t.AsStrided(tensor::Shape{t.size(1), t.size(2)},
                            tensor::Shape{t.stride(1), t.stride(2)}, t.storage_offset());
    TC_ASSIGN_OR_RETURN(
        gd, kernels::Call1("clone", {gd, graph_ir::Constant(std::string("contiguous"))}));
    TC_ASSIGN_OR_RETURN(
        gd,
        kernels::Call1("reshape", {gd, graph_ir::Constant(tensor::Shape{t.size(1) * t.size(2)})}));
    args.emplace_back(std::move(gd));
  }
  args.emplace_back(graph_ir::Constant(tensor::Scalar(info.eps)));
  auto out = kernels::Call1("group_norm", std::move(args));
  if (!out.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("evaluate: group_norm: ", std::string(out.status().message())));
  }
  return kernels::Call1("reshape", {*out, graph_ir::Constant(x.sizes())});
}

absl::StatusOr<Tensor> ExprEvaluator::EvalRowOp(const Op& op, tensor::DType dtype) {
  TC_ASSIGN_OR_RETURN(RowOpInfo info, ParseRowOp(op));
  if (info.kind == RowKind::kGroupNorm) return EvalGroupNorm(op, info);
  // x contiguous over the space, as eager's fused kernel requires.
  TC_ASSIGN_OR_RETURN(Tensor x, Eval(op.args[0]));
  TC_ASSIGN_OR_RETURN(x,
                      kernels::Call1("clone", {x, graph_ir::Constant(std::string("contiguous"))}));
  std::vector<kernels::KernelArg> args = {x};
  std::string name = op.name;
  auto param = [&](int arg) -> absl::StatusOr<kernels::KernelArg> {
    if (arg < 0) return kernels::KernelArg(graph_ir::Constant(graph_ir::None{}));
    TC_ASSIGN_OR_RETURN(Tensor t, EvalRowOperand(op.args[arg], info.row_dims));
    return kernels::KernelArg(std::move(t));
  };
  if (info.kind == RowKind::kSoftmax || info.kind == RowKind::kLogSoftmax) {
    for (const graph_ir::Constant& a : op.attrs) args.emplace_back(a);
  } else {
    args.emplace_back(op.attrs[0]);  // normalized_shape
    TC_ASSIGN_OR_RETURN(kernels::KernelArg w, param(info.weight_arg()));
    args.push_back(std::move(w));
    if (info.kind == RowKind::kLayerNorm) {
      TC_ASSIGN_OR_RETURN(kernels::KernelArg b, param(info.bias_arg()));
      args.push_back(std::move(b));
    }
    args.emplace_back(graph_ir::Constant(tensor::Scalar(info.eps)));
  }
  auto out = kernels::Call1(name, std::move(args));
  if (!out.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("evaluate: ", name, ": ", std::string(out.status().message())));
  }
  if (out->dtype() != dtype) {
    return absl::InvalidArgumentError(
        absl::StrCat("evaluate: ", name, " gives ", DT(out->dtype()), ", the IR says ", DT(dtype)));
  }
  return out;
}

absl::StatusOr<Tensor> ExprEvaluator::EvalOp(const Op& op, tensor::DType dtype) {
  if (IsRowOpName(op.name)) return EvalRowOp(op, dtype);
  const graph_ir::OpDef* def = graph_ir::FindOp(op.name);
  if (def == nullptr || def->category != graph_ir::OpCategory::kPointwise) {
    return absl::InvalidArgumentError(
        absl::StrCat("evaluate: '", op.name, "' is not a pointwise op of graph-ir"));
  }
  if (op.args.size() + op.attrs.size() > def->args.size()) {
    return absl::InvalidArgumentError(absl::StrCat("evaluate: ", op.name, " takes ",
                                                   def->args.size(), " arguments, given ",
                                                   op.args.size() + op.attrs.size()));
  }
  std::vector<kernels::KernelArg> args;
  for (size_t i = 0; i < op.args.size(); ++i) {
    const graph_ir::ArgType slot = def->args[i].type;
    const auto* c = std::get_if<Constant>(&op.args[i]->node);
    // A number in a slot that takes one stays a weak Python scalar, as the
    // graph passed it to eager's kernel.
    if (c != nullptr &&
        (slot == graph_ir::ArgType::kTensorOrScalar || slot == graph_ir::ArgType::kScalar)) {
      args.emplace_back(graph_ir::Constant(c->value));
      continue;
    }
    TC_ASSIGN_OR_RETURN(Tensor t, Eval(op.args[i]));
    args.emplace_back(std::move(t));
  }
  for (const graph_ir::Constant& a : op.attrs) args.emplace_back(a);
  auto out = kernels::Call(*def, std::move(args));
  if (!out.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("evaluate: ", op.name, ": ", std::string(out.status().message())));
  }
  if ((*out)[0].dtype() != dtype) {
    return absl::InvalidArgumentError(absl::StrCat(
        "evaluate: ", op.name, " gives ", DT((*out)[0].dtype()), ", the IR says ", DT(dtype)));
  }
  return std::move((*out)[0]);
}

absl::StatusOr<Tensor> ExprEvaluator::EvalResult(const ReductionResult& rr) {
  if (rr.node < 0 || rr.node >= static_cast<int>(results_.size()) || !results_[rr.node].defined()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "evaluate: result(node", rr.node, ") is not a reduction computed before its reader"));
  }
  const Tensor& r = results_[rr.node];
  if (r.dim() > space_.num_outer) {
    return absl::InvalidArgumentError(absl::StrCat("evaluate: result(node", rr.node, ") has ",
                                                   r.dim(), " dims, its reader only ",
                                                   space_.num_outer, " ranges"));
  }
  tensor::Shape strides(space_.sizes.size(), 0);
  for (int64_t d = 0; d < r.dim(); ++d) {
    if (r.size(d) != space_.sizes[d]) {
      return absl::InvalidArgumentError(absl::StrCat("evaluate: result(node", rr.node,
                                                     ") does not match its reader's range ", d));
    }
    strides[d] = r.stride(d);
  }
  // The reduction's value for the reader's leading loop variables,
  // broadcast over the rest.
  return r.AsStrided(space_.sizes, strides, r.storage_offset());
}

}  // namespace tc::codegen_cpu::eval_internal
