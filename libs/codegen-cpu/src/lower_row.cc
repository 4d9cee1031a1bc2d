// softmax, log_softmax, layer_norm and rms_norm as row ops (row_op.h)
// wherever eager runs its fused row kernel for them (kernels' norms.cc): a
// contiguous float32/float64 input normalized over its trailing dims, the
// same dtype out, weight and bias absent or contiguous of the normalized
// shape in the input's dtype; group_norm likewise where norms_group.cc runs
// (one row per sample and group). Anywhere else eager decomposes the op, so it
// stays an Extern and eager's kernel runs it as eager would.
#include <limits>
#include <optional>

#include "tc/tensor/shape.h"

#include "lower_internal.h"
#include "src/row_op.h"

namespace tc::codegen_cpu::lower_internal {

const graph_ir::Constant* ConstantArg(const graph_ir::Node& node, size_t i) {
  return i < node.args().size() ? std::get_if<graph_ir::Constant>(&node.args()[i]) : nullptr;
}

const graph_ir::Value* OptionalValue(const graph_ir::Node& node, size_t i, bool* ok) {
  if (i >= node.args().size()) return nullptr;
  if (const auto* v = std::get_if<graph_ir::Value*>(&node.args()[i])) return *v;
  const graph_ir::Constant* c = ConstantArg(node, i);
  if (c == nullptr || !std::holds_alternative<graph_ir::None>(*c)) *ok = false;
  return nullptr;
}

namespace {

using graph_ir::TensorMeta;

bool Contiguous(const TensorMeta& m) { return tensor::IsContiguous(m.sizes, m.strides); }

bool FloatOrDouble(DType d) { return d == DType::kFloat32 || d == DType::kFloat64; }

// A weight or bias eager's fused kernel takes as a plain row array.
bool FastParam(const graph_ir::Value* p, const TensorMeta& x, const tensor::Shape& normalized) {
  if (p == nullptr) return true;
  const TensorMeta& m = p->meta();
  return m.device.is_cpu() && m.dtype == x.dtype && Contiguous(m) && m.sizes == normalized;
}

// The row op for `node`, or nullopt where eager's fused kernel declines.
std::optional<RowOpInfo> RowInfo(const graph_ir::Node& node, const TensorMeta& x,
                                 const graph_ir::Value** weight, const graph_ir::Value** bias) {
  const std::string& name = node.op().name;
  RowOpInfo info;
  if (name == "softmax" || name == "log_softmax") {
    info.kind = name == "softmax" ? RowKind::kSoftmax : RowKind::kLogSoftmax;
    const graph_ir::Constant* dim = ConstantArg(node, 1);
    const graph_ir::Constant* dtype = ConstantArg(node, 2);
    const auto* d = dim == nullptr ? nullptr : std::get_if<tensor::Scalar>(dim);
    if (d == nullptr || (d->to_int() != -1 && d->to_int() != x.dim() - 1)) return std::nullopt;
    if (dtype != nullptr && !std::holds_alternative<graph_ir::None>(*dtype)) {
      const auto* t = std::get_if<DType>(dtype);
      if (t == nullptr || *t != x.dtype) return std::nullopt;
    }
    return info;
  }
  const bool layer = name == "layer_norm";
  info.kind = layer ? RowKind::kLayerNorm : RowKind::kRmsNorm;
  const graph_ir::Constant* shape = ConstantArg(node, 1);
  const auto* normalized = shape == nullptr ? nullptr : std::get_if<tensor::Shape>(shape);
  if (normalized == nullptr || normalized->empty() ||
      static_cast<int64_t>(normalized->size()) > x.dim()) {
    return std::nullopt;
  }
  const int64_t k = static_cast<int64_t>(normalized->size());
  for (int64_t i = 0; i < k; ++i) {
    if (x.sizes[x.dim() - k + i] != (*normalized)[i]) return std::nullopt;
  }
  bool ok = true;
  *weight = OptionalValue(node, 2, &ok);
  if (layer) *bias = OptionalValue(node, 3, &ok);
  if (!ok || !FastParam(*weight, x, *normalized) || !FastParam(*bias, x, *normalized)) {
    return std::nullopt;
  }
  const graph_ir::Constant* eps = ConstantArg(node, layer ? 4 : 3);
  const auto* e = eps == nullptr ? nullptr : std::get_if<tensor::Scalar>(eps);
  if (e != nullptr) {
    info.eps = e->to_double();
  } else if (!layer && (eps == nullptr || std::holds_alternative<graph_ir::None>(*eps))) {
    // rms_norm's eps None is the dtype's machine epsilon, as in ATen.
    info.eps = x.dtype == DType::kFloat32 ? double{std::numeric_limits<float>::epsilon()}
                                          : std::numeric_limits<double>::epsilon();
  } else {
    return std::nullopt;
  }
  info.row_sizes.assign(normalized->begin(), normalized->end());
  info.row_dims = static_cast<int>(k);
  info.has_weight = *weight != nullptr;
  info.has_bias = *bias != nullptr;
  return info;
}

// A group_norm weight or bias the row kernel reads in place: absent, or a
// graph input (never a computed value the scheduler could inline into the
// operand) holding C contiguous elements of x's dtype.
bool GroupParam(const Lowering& l, const graph_ir::Value* p, DType dtype, int64_t channels) {
  if (p == nullptr) return true;
  const TensorMeta& m = p->meta();
  return m.device.is_cpu() && m.dtype == dtype && m.dim() == 1 && m.sizes[0] == channels &&
         Contiguous(m) && l.program.buffers[l.Ref(p).buffer].role == Buffer::Role::kInput;
}

// group_norm (input, num_groups, weight, bias, eps) as a row op over
// [N, groups, C / groups, spatial...]: one row per (sample, group), a
// contiguous slice of the input, where eager runs its fused kernel
// (kernels' norms_group.cc); false elsewhere.
bool LowerGroupNorm(Lowering& l, const graph_ir::Node& node) {
  const auto* xv = std::get_if<graph_ir::Value*>(&node.args()[0]);
  if (xv == nullptr || node.args().size() != 5) return false;
  const TensorMeta& x = (*xv)->meta();
  const TensorMeta& out = node.outputs()[0]->meta();
  if (!x.device.is_cpu() || !FloatOrDouble(x.dtype) || x.dim() < 2 || x.numel() == 0 ||
      !Contiguous(x) || out.dtype != x.dtype || out.sizes != x.sizes || !Contiguous(out)) {
    return false;
  }
  const graph_ir::Constant* g = ConstantArg(node, 1);
  const auto* groups = g == nullptr ? nullptr : std::get_if<tensor::Scalar>(g);
  const graph_ir::Constant* e = ConstantArg(node, 4);
  const auto* eps = e == nullptr ? nullptr : std::get_if<tensor::Scalar>(e);
  const int64_t c = x.sizes[1];
  if (groups == nullptr || eps == nullptr || groups->to_int() <= 0 || c % groups->to_int() != 0) {
    return false;
  }
  bool ok = true;
  const graph_ir::Value* weight = OptionalValue(node, 2, &ok);
  const graph_ir::Value* bias = OptionalValue(node, 3, &ok);
  if (!ok || !GroupParam(l, weight, x.dtype, c) || !GroupParam(l, bias, x.dtype, c)) return false;
  const int64_t n_groups = groups->to_int(), per_group = c / n_groups;
  RowOpInfo info;
  info.kind = RowKind::kGroupNorm;
  info.row_sizes = {per_group};
  info.row_sizes.insert(info.row_sizes.end(), x.sizes.begin() + 2, x.sizes.end());
  info.row_dims = static_cast<int>(info.row_sizes.size());
  info.has_weight = weight != nullptr;
  info.has_bias = bias != nullptr;
  info.eps = eps->to_double();
  // Loop variables over [N, groups, per_group, spatial...]; the input's
  // channel is i1 * per_group + i2.
  std::vector<int64_t> ranges = {x.sizes[0], n_groups};
  ranges.insert(ranges.end(), info.row_sizes.begin(), info.row_sizes.end());
  const std::vector<Sym> vars = LoopVars(ranges);
  const Sym channel = vars[1] * Sym::Const(per_group) + vars[2];
  std::vector<Sym> at = {vars[0], channel};
  at.insert(at.end(), vars.begin() + 3, vars.end());
  std::vector<ExprPtr> args = {l.LoadAt(*xv, at)};
  if (weight != nullptr) args.push_back(l.LoadAt(weight, std::vector<Sym>{channel}));
  if (bias != nullptr) args.push_back(l.LoadAt(bias, std::vector<Sym>{channel}));
  const int buffer = l.AddBuffer(out, Buffer::Role::kIntermediate);
  l.program.nodes.push_back(
      {buffer, Pointwise{ConstSyms(ranges), at, MakeRowOp(info, std::move(args), x.dtype)}});
  l.Bind(node.outputs()[0], {buffer, ValueVars(out.sizes), false});
  return true;
}

}  // namespace

absl::StatusOr<bool> LowerRow(Lowering& l, const graph_ir::Node& node) {
  if (!IsRowOpName(node.op().name) || node.outputs().size() != 1 || node.args().empty()) {
    return false;
  }
  if (node.op().name == "group_norm") return LowerGroupNorm(l, node);
  const auto* xv = std::get_if<graph_ir::Value*>(&node.args()[0]);
  if (xv == nullptr) return false;
  const TensorMeta& x = (*xv)->meta();
  const TensorMeta& out = node.outputs()[0]->meta();
  if (!x.device.is_cpu() || !FloatOrDouble(x.dtype) || x.dim() == 0 || !Contiguous(x) ||
      out.dtype != x.dtype || out.sizes != x.sizes) {
    return false;
  }
  const graph_ir::Value* weight = nullptr;
  const graph_ir::Value* bias = nullptr;
  std::optional<RowOpInfo> info = RowInfo(node, x, &weight, &bias);
  if (!info.has_value()) return false;
  const std::vector<Sym> vars = LoopVars(x.sizes);
  const std::span<const Sym> row_vars(vars.end() - info->row_dims, vars.end());
  std::vector<ExprPtr> args = {l.LoadAt(*xv, vars)};
  if (weight != nullptr) args.push_back(l.LoadAt(weight, row_vars));
  if (bias != nullptr) args.push_back(l.LoadAt(bias, row_vars));
  l.AddPointwise(node.outputs()[0], MakeRowOp(*info, std::move(args), x.dtype));
  return true;
}

}  // namespace tc::codegen_cpu::lower_internal
