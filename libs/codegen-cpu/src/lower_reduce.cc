// Reductions: sum, prod, amax, amin, argmax, argmin become Reduction nodes
// over the kept dims (ranges) and the reduced dims (reduction ranges), in
// the dtypes eager's kernels use; mean is a float sum then a Pointwise
// division by the count, as eager's kernel divides; var runs on eager's
// kernel (its Welford order has no two-pass equivalent bit for bit).
#include <string>

#include "absl/strings/str_cat.h"

#include "tc/tensor/dtype.h"
#include "tc/tensor/layout.h"

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
  // A 0-d input takes dim 0 or -1 as PyTorch does (as a 1-element dim):
  // nothing to reduce.
  if (dims.empty() || in.dim() == 0) return std::vector<bool>(in.dim(), true);
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
  std::vector<Sym> index;  // the input's loop variable per dim
  std::vector<bool> reduced;
  ExprPtr input;
};

bool IsFloatDType(DType t) {
  return t == DType::kFloat16 || t == DType::kBFloat16 || t == DType::kFloat32 ||
         t == DType::kFloat64;
}

// The tensor eager's float sum reduces: `in` converted to `dtype` as
// ToDTypePreserving converts it (`convert`: a conversion happens, which
// makes a non-dense layout dense), into an output with `out`'s strides
// (`out_contiguous`: a fresh contiguous buffer of out's sizes instead).
SumLayout EagerSumLayout(const ReduceShape& s, const TensorMeta& in, DType dtype, bool convert,
                         const TensorMeta& out, bool out_contiguous) {
  SumLayout l;
  if (!IsFloatDType(dtype) || in.dim() == 0) return l;
  l.index = s.index;
  l.sizes.assign(in.sizes.begin(), in.sizes.end());
  l.strides.assign(in.strides.begin(), in.strides.end());
  if (convert) {
    const tensor::Shape preserved = tensor::PreserveFormatStrides(in.sizes, in.strides);
    l.strides.assign(preserved.begin(), preserved.end());
  }
  const tensor::Shape out_strides =
      out_contiguous ? tensor::ContiguousStrides(out.sizes) : out.strides;
  const bool keepdim = out.dim() == in.dim();
  l.out_strides.assign(in.dim(), 0);
  for (int64_t d = 0, od = 0; d < in.dim(); ++d) {
    if (!s.reduced[d]) l.out_strides[d] = out_strides[keepdim ? d : od++];
  }
  l.dtype = dtype;
  return l;
}

ReduceShape ReductionShape(const Lowering& l, const graph_ir::Value* in,
                           const std::vector<bool>& reduced, bool keepdim) {
  ReduceShape s;
  s.reduced = reduced;
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
  s.index = index;
  s.input = l.LoadAt(in, index);
  return s;
}

void AddReduction(Lowering& l, const graph_ir::Value* out, ReduceShape s, ReduceOp op,
                  ExprPtr value, SumLayout layout = {}) {
  const TensorMeta& meta = out->meta();
  int buffer = l.AddBuffer(meta, Buffer::Role::kIntermediate);
  l.program.nodes.push_back({buffer, Reduction{.ranges = s.ranges,
                                               .reduction_ranges = s.reduction_ranges,
                                               .store = s.store,
                                               .op = op,
                                               .value = std::move(value),
                                               .accumulate_dtype = AccumulateDType(op, meta.dtype),
                                               .sum_layout = std::move(layout)}});
  l.Bind(out, {buffer, ValueVars(meta.sizes), false});
}

// mean: eager sums (float16/bfloat16 as a float32 copy) and divides each
// sum by the count in the sum's dtype, rounding once to the result.
void LowerMean(Lowering& l, const graph_ir::Value* in, const graph_ir::Value* out, ReduceShape s) {
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
  SumLayout layout =
      EagerSumLayout(s, in->meta(), sum_dtype, in->meta().dtype != meta.dtype || half, meta, half);
  l.program.nodes.push_back({sum, Reduction{.ranges = s.ranges,
                                            .reduction_ranges = s.reduction_ranges,
                                            .store = s.vars,
                                            .op = ReduceOp::kSum,
                                            .value = value,
                                            .accumulate_dtype = sum_dtype,
                                            .sum_layout = std::move(layout)}});
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
  // var, and reductions without a loop form here (linalg_vector_norm, whose
  // second argument is not a dim list), run on eager's kernels.
  if (name != "sum" && name != "mean" && name != "prod" && name != "amax" && name != "amin" &&
      name != "argmax" && name != "argmin") {
    return LowerExtern(l, node);
  }
  const graph_ir::Value* in = std::get<graph_ir::Value*>(node.args()[0]);
  const graph_ir::Value* out = node.output();
  const DType dtype = out->meta().dtype;
  // prod and argmax over everything ignore keepdim, as eager's do.
  const bool keepdim = KeepDim(node) && out->meta().dim() == in->meta().dim();
  ReduceShape s = ReductionShape(l, in, ReducedDims(node, in->meta()), keepdim);
  if (name == "mean") {
    LowerMean(l, in, out, std::move(s));
  } else if (name == "sum" || name == "prod") {
    // Integers and dtype= convert the input first, as eager's kernel does.
    ExprPtr value = Cast(s.input, dtype);
    SumLayout layout;
    if (name == "sum") {
      layout = EagerSumLayout(s, in->meta(), dtype, in->meta().dtype != dtype, out->meta(), false);
    }
    AddReduction(l, out, std::move(s), name == "sum" ? ReduceOp::kSum : ReduceOp::kProd, value,
                 std::move(layout));
  } else if (name == "amax" || name == "amin") {
    ExprPtr value = s.input;
    AddReduction(l, out, std::move(s), name == "amax" ? ReduceOp::kMax : ReduceOp::kMin, value);
  } else {  // argmax, argmin
    ExprPtr value = s.input;
    AddReduction(l, out, std::move(s), name == "argmax" ? ReduceOp::kArgMax : ReduceOp::kArgMin,
                 value);
  }
  return absl::OkStatus();
}

}  // namespace tc::codegen_cpu::lower_internal
