// Reductions: sum, prod, amax, amin, argmax, argmin become Reduction nodes
// over the kept dims (ranges) and the reduced dims (reduction ranges), in
// the dtypes eager's kernels use; mean is a float sum then a Pointwise
// division by the count, as eager's kernel divides; var runs on eager's
// kernel (its Welford order has no two-pass equivalent bit for bit).
#include <string>

#include "absl/strings/str_cat.h"

#include "tc/tensor/dtype.h"

#include "lower_internal.h"

namespace tc::codegen_cpu::lower_internal {
namespace {

using graph_ir::TensorMeta;

// Which input dims are reduced: None (and [] for the list forms) means all.
std::vector<bool> ReducedDims(const graph_ir::Node& node, const TensorMeta& in) {
  const auto& c = std::get<graph_ir::Constant>(node.args()[1]);
  std::vector<bool> reduced(in.dim(), false);
  tensor::Shape dims;
  if (const auto* s = std::get_if<tensor::Scalar>(&c)) dims.push_back(s->to_int());
  if (const auto* list = std::get_if<tensor::Shape>(&c)) dims = *list;
  if (dims.empty()) return std::vector<bool>(in.dim(), true);
  for (int64_t d : dims) reduced[d < 0 ? d + in.dim() : d] = true;
  return reduced;
}

bool KeepDim(const graph_ir::Node& node) {
  const auto& c = std::get<graph_ir::Constant>(node.args()[2]);
  const auto* s = std::get_if<tensor::Scalar>(&c);
  return s != nullptr && s->to_bool();
}

// The accumulator type eager's kernels use for a result of `dtype`.
DType AccumulateDType(ReduceOp op, DType dtype) {
  if (op == ReduceOp::kArgMax || op == ReduceOp::kArgMin) return DType::kInt64;
  const bool sums = op == ReduceOp::kSum || op == ReduceOp::kProd;
  if (sums && (dtype == DType::kFloat16 || dtype == DType::kBFloat16)) return DType::kFloat32;
  return dtype;
}

// The pieces every reduction shares: loop variables, the input read at
// (kept dims -> i<k>, reduced dims -> r<k>), and the output's store index.
struct ReduceShape {
  std::vector<Sym> ranges, reduction_ranges, vars, store;
  ExprPtr input;
};

ReduceShape ReductionShape(const Lowering& l, const graph_ir::Value* in,
                           const std::vector<bool>& reduced, bool keepdim) {
  ReduceShape s;
  const TensorMeta& meta = in->meta();
  std::vector<Sym> index;
  for (int64_t d = 0; d < meta.dim(); ++d) {
    const Sym size = Sym::Const(meta.sizes[d]);
    if (reduced[d]) {
      Sym r = Sym::Var(absl::StrCat("r", s.reduction_ranges.size()), meta.sizes[d]);
      s.reduction_ranges.push_back(size);
      index.push_back(r);
      if (keepdim) s.store.push_back(Sym::Const(0));
    } else {
      Sym i = Sym::Var(absl::StrCat("i", s.ranges.size()), meta.sizes[d]);
      s.ranges.push_back(size);
      s.vars.push_back(i);
      index.push_back(i);
      s.store.push_back(i);
    }
  }
  // A 0-dim input reduces its one element.
  if (meta.dim() == 0) s.reduction_ranges.push_back(Sym::Const(1));
  s.input = l.LoadAt(in, index);
  return s;
}

void AddReduction(Lowering& l, const graph_ir::Value* out, ReduceShape s, ReduceOp op,
                  ExprPtr value) {
  const TensorMeta& meta = out->meta();
  int buffer = l.AddBuffer(meta, Buffer::Role::kIntermediate);
  l.program.nodes.push_back({buffer, Reduction{s.ranges, s.reduction_ranges, s.store, op,
                                               std::move(value), AccumulateDType(op, meta.dtype)}});
  l.Bind(out, {buffer, ValueVars(meta.sizes), false});
}

// mean: eager sums (float16/bfloat16 as a float32 copy) and divides each
// sum by the count in the sum's dtype, rounding once to the result.
void LowerMean(Lowering& l, const graph_ir::Value* out, ReduceShape s) {
  const TensorMeta& meta = out->meta();
  const bool half = meta.dtype == DType::kFloat16 || meta.dtype == DType::kBFloat16;
  const DType sum_dtype = half ? DType::kFloat32 : meta.dtype;
  int64_t count = 1;
  for (const Sym& r : s.reduction_ranges) count *= r.value();
  TensorMeta sum_meta = TensorMeta::Contiguous(sum_dtype, {});
  for (const Sym& r : s.ranges) sum_meta.sizes.push_back(r.value());
  sum_meta.strides = tensor::ContiguousStrides(sum_meta.sizes);
  int sum = l.AddBuffer(sum_meta, Buffer::Role::kIntermediate);
  ExprPtr value = Cast(Cast(s.input, meta.dtype), sum_dtype);
  l.program.nodes.push_back(
      {sum, Reduction{s.ranges, s.reduction_ranges, s.vars, ReduceOp::kSum, value, sum_dtype}});
  // The division, over the output (keepdim's size-1 dims read nothing).
  std::vector<Sym> out_vars = LoopVars(meta.sizes), sum_index;
  for (size_t d = 0; d < s.store.size(); ++d) {
    if (!s.store[d].is_const()) sum_index.push_back(out_vars[d]);
  }
  const double n =
      sum_dtype == DType::kFloat32 ? static_cast<float>(count) : static_cast<double>(count);
  ExprPtr quotient =
      MakeOp("div", {MakeLoad(sum, sum_index, sum_dtype), MakeConstant(n, sum_dtype)}, sum_dtype,
             {graph_ir::Constant(graph_ir::None{})});
  l.AddPointwise(out, Cast(quotient, meta.dtype));
}

}  // namespace

absl::Status LowerReduction(Lowering& l, const graph_ir::Node& node) {
  const std::string& name = node.op().name;
  if (name == "var") return LowerExtern(l, node);
  const graph_ir::Value* in = std::get<graph_ir::Value*>(node.args()[0]);
  const graph_ir::Value* out = node.output();
  const DType dtype = out->meta().dtype;
  // prod and argmax over everything ignore keepdim, as eager's do.
  const bool keepdim = KeepDim(node) && out->meta().dim() == in->meta().dim();
  ReduceShape s = ReductionShape(l, in, ReducedDims(node, in->meta()), keepdim);
  if (name == "mean") {
    LowerMean(l, out, std::move(s));
  } else if (name == "sum" || name == "prod") {
    // Integers and dtype= convert the input first, as eager's kernel does.
    ExprPtr value = Cast(s.input, dtype);
    AddReduction(l, out, std::move(s), name == "sum" ? ReduceOp::kSum : ReduceOp::kProd, value);
  } else if (name == "amax" || name == "amin") {
    ExprPtr value = s.input;
    AddReduction(l, out, std::move(s), name == "amax" ? ReduceOp::kMax : ReduceOp::kMin, value);
  } else if (name == "argmax" || name == "argmin") {
    ExprPtr value = s.input;
    AddReduction(l, out, std::move(s), name == "argmax" ? ReduceOp::kArgMax : ReduceOp::kArgMin,
                 value);
  } else {
    return LowerExtern(l, node);
  }
  return absl::OkStatus();
}

}  // namespace tc::codegen_cpu::lower_internal
