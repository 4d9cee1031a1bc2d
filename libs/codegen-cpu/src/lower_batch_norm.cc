// batch_norm in inference (training=False, running stats given) of a
// float32/float64 input as pointwise loop IR, so the scheduler fuses it
// with its neighbours (the ReLU after it, a residual add) instead of
// running eager's fused kernel as an Extern:
//   alpha[c] = 1 / sqrt(running_var[c] + eps)   [* weight[c]]
//   beta[c]  = fma(-running_mean[c], alpha[c], bias[c])   (or -(mean * alpha))
//   y        = fma(x, alpha[c], beta[c])         (one rounding)
// in the input's dtype with eps rounded to it first: what eager's fused
// kernel (kernels' norms_batch.cc) computes, and ATen's (whose compiled
// loops fuse both multiply-adds), each step one correctly rounded IEEE
// operation, so the values are eager's bit for bit. The FMAs are addcmul
// with value 1 (std::fma(1 * a, b, c) is fma(a, b, c)); nothing else fuses
// (toolchain.cc's -ffp-contract=off). alpha is a per-channel node of its own
// (rsqrt counts as expensive, so the scheduler stores it once rather than
// per element); beta too, or inlined as two flops per element.
// Training, other dtypes and layouts, and malformed arguments stay an
// Extern (eager's kernel computes the batch statistics, runs the
// decomposition or reports the error).
#include "tc/tensor/layout.h"
#include "tc/tensor/shape.h"

#include "lower_internal.h"

namespace tc::codegen_cpu::lower_internal {
namespace {

using graph_ir::TensorMeta;

// A per-channel parameter eager's fused kernel takes: absent, or C
// contiguous elements in one dim of the input's dtype on the CPU.
bool ChannelParam(const graph_ir::Value* p, DType dtype, int64_t channels) {
  if (p == nullptr) return true;
  const TensorMeta& m = p->meta();
  return m.device.is_cpu() && m.dtype == dtype && m.dim() == 1 && m.sizes[0] == channels &&
         tensor::IsContiguous(m.sizes, m.strides);
}

// An input eager's fused kernel takes: contiguous, or channels-last (4-d)
// / channels-last-3d (5-d). Other layouts run the decomposition, whose
// separate multiply and add round twice.
bool FusedLayout(const TensorMeta& x) {
  if (tensor::IsContiguous(x.sizes, x.strides)) return true;
  const tensor::MemoryFormat f = x.dim() == 4   ? tensor::MemoryFormat::kChannelsLast
                                 : x.dim() == 5 ? tensor::MemoryFormat::kChannelsLast3d
                                                : tensor::MemoryFormat::kContiguous;
  return f != tensor::MemoryFormat::kContiguous && tensor::IsContiguousAs(x.sizes, x.strides, f);
}

// The scalar constant argument i, or nullptr.
const tensor::Scalar* ScalarAt(const graph_ir::Node& node, size_t i) {
  const graph_ir::Constant* c = ConstantArg(node, i);
  return c == nullptr ? nullptr : std::get_if<tensor::Scalar>(c);
}

}  // namespace

absl::StatusOr<bool> LowerBatchNorm(Lowering& l, const graph_ir::Node& node) {
  // (input, weight, bias, running_mean, running_var, training, momentum,
  // eps) -> (output, running_mean, running_var).
  if (node.op().name != "batch_norm" || node.outputs().size() != 3 || node.args().size() != 8) {
    return false;
  }
  const auto* xv = std::get_if<graph_ir::Value*>(&node.args()[0]);
  if (xv == nullptr) return false;
  const TensorMeta& x = (*xv)->meta();
  const TensorMeta& out = node.outputs()[0]->meta();
  if (!x.device.is_cpu() || (x.dtype != DType::kFloat32 && x.dtype != DType::kFloat64) ||
      x.dim() < 2 || !FusedLayout(x) || out.dtype != x.dtype || out.sizes != x.sizes) {
    return false;
  }
  const tensor::Scalar* training = ScalarAt(node, 5);
  const tensor::Scalar* eps = ScalarAt(node, 7);
  if (training == nullptr || training->to_double() != 0 || eps == nullptr) return false;
  bool ok = true;
  const graph_ir::Value* weight = OptionalValue(node, 1, &ok);
  const graph_ir::Value* bias = OptionalValue(node, 2, &ok);
  const graph_ir::Value* mean = OptionalValue(node, 3, &ok);
  const graph_ir::Value* var = OptionalValue(node, 4, &ok);
  const int64_t channels = x.sizes[1];
  if (!ok || mean == nullptr || var == nullptr) return false;
  for (const graph_ir::Value* p : {weight, bias, mean, var}) {
    if (!ChannelParam(p, x.dtype, channels)) return false;
  }
  const DType dt = x.dtype;
  const std::vector<Sym> c_var = LoopVars(std::vector<int64_t>{channels});
  // alpha = 1 / sqrt(var + eps) [* weight], over [C].
  ExprPtr alpha = MakeOp("rsqrt",
                         {MakeOp("add", {l.LoadAt(var, c_var), MakeConstant(*eps, dt)}, dt,
                                 {graph_ir::Constant(tensor::Scalar(int64_t{1}))})},
                         dt);
  if (weight != nullptr) alpha = MakeOp("mul", {alpha, l.LoadAt(weight, c_var)}, dt);
  graph_ir::TensorMeta per_channel = var->meta();
  per_channel.strides = {1};
  // alpha and beta are no graph values (AddPointwise binds one), so their
  // nodes are made here.
  auto add_channel_node = [&](ExprPtr value) {
    const int buffer = l.AddBuffer(per_channel, Buffer::Role::kIntermediate);
    l.program.nodes.push_back(
        {buffer, Pointwise{ConstSyms(per_channel.sizes), c_var, std::move(value)}});
    return buffer;
  };
  const int alpha_buf = add_channel_node(alpha);
  const ExprPtr alpha_c = MakeLoad(alpha_buf, c_var, dt);
  // beta = fma(-mean, alpha, bias) (addcmul(bias, -mean, alpha)), or
  // -(mean * alpha) without a bias, as eager's kernel.
  ExprPtr beta =
      bias != nullptr
          ? MakeOp("addcmul",
                   {l.LoadAt(bias, c_var), MakeOp("neg", {l.LoadAt(mean, c_var)}, dt), alpha_c}, dt,
                   {graph_ir::Constant(tensor::Scalar(int64_t{1}))})
          : MakeOp("neg", {MakeOp("mul", {l.LoadAt(mean, c_var), alpha_c}, dt)}, dt);
  const int beta_buf = add_channel_node(beta);
  // y = fma(x, alpha[c], beta[c]) over the input's dims: addcmul(beta, x,
  // alpha) with value 1 is exactly that FMA.
  const std::vector<Sym> vars = LoopVars(x.sizes);
  const std::vector<Sym> c_at = {vars[1]};
  ExprPtr y = MakeOp(
      "addcmul", {MakeLoad(beta_buf, c_at, dt), l.LoadAt(*xv, vars), MakeLoad(alpha_buf, c_at, dt)},
      dt, {graph_ir::Constant(tensor::Scalar(int64_t{1}))});
  l.AddPointwise(node.outputs()[0], std::move(y));
  // Inference returns the running stats it used, as eager does.
  l.Bind(node.outputs()[1], l.Ref(mean));
  l.Bind(node.outputs()[2], l.Ref(var));
  return true;
}

}  // namespace tc::codegen_cpu::lower_internal
