// torch.nn.functional.scaled_dot_product_attention. Without dropout it is
// the fused scaled_dot_product_attention op (one graph node), as PyTorch's
// CPU dispatch picks its fused flash kernel. With dropout_p > 0 PyTorch
// runs its math path (_scaled_dot_product_attention_math), and so does tc,
// op for op: q and k^T each scaled by sqrt(scale), matmul, the mask added,
// a softmax whose fully masked rows are zeros, dropout (the same bernoulli
// draws as torch.dropout), matmul with v.
#include <cmath>
#include <limits>

#include "absl/strings/str_format.h"

#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

using tensor::Tensor;

Constant I(int64_t v) { return Constant(Scalar(v)); }

// `t` with its heads (dim -3) repeated `n` times each (grouped-query keys).
bool RepeatHeads(VM& vm, const Tensor& t, int64_t n, Tensor* out) {
  if (n == 1) {
    *out = t;
    return true;
  }
  return RunOp(vm, "repeat_interleave", {t, I(n), I(-3), Constant(graph_ir::None{})}, out);
}

// The math path; the inputs have passed the fused op's checks already.
bool MathAttention(VM& vm, const Tensor& q, const Tensor& k, const Tensor& v, const Tensor* mask,
                   double p, bool causal, std::optional<double> scale, bool gqa, Tensor* out) {
  const double s = scale.value_or(1.0 / std::sqrt(static_cast<double>(q.size(q.dim() - 1))));
  const double root = std::sqrt(std::abs(s));
  Tensor qs, kt, kx, vx, attn;
  if (!RunOp(vm, "mul", {q, Constant(Scalar(s < 0 ? 0.0 - root : root))}, &qs)) return false;
  int64_t gk = 1, gv = 1;
  if (gqa && q.dim() >= 3 && k.dim() >= 3 && v.dim() >= 3) {
    gk = q.size(q.dim() - 3) / k.size(k.dim() - 3);
    gv = q.size(q.dim() - 3) / v.size(v.dim() - 3);
  }
  if (!RepeatHeads(vm, k, gk, &kx) || !RepeatHeads(vm, v, gv, &vx) ||
      !RunOp(vm, "transpose", {kx, I(-2), I(-1)}, &kt) ||
      !RunOp(vm, "mul", {kt, Constant(Scalar(root))}, &kt) ||
      !RunOp(vm, "matmul", {qs, kt}, &attn)) {
    return false;
  }
  const double inf = std::numeric_limits<double>::infinity();
  Tensor m;
  if (causal) {
    Tensor ones;
    const int64_t l = q.size(q.dim() - 2), sk = k.size(k.dim() - 2);
    if (!RunOp(vm, "full", {Constant(Shape{l, sk}), Constant(Scalar(true)), Constant(DType::kBool)},
               &ones) ||
        !RunOp(vm, "tril", {ones, I(0)}, &m)) {
      return false;
    }
    mask = &m;
  }
  if (mask != nullptr) {
    Tensor add = *mask;
    if (mask->dtype() == DType::kBool &&
        !RunOp(vm, "where", {*mask, Constant(Scalar(0.0)), Constant(Scalar(-inf))}, &add)) {
      return false;
    }
    if (!RunOp(vm, "add", {attn, add}, &attn)) return false;
  }
  // _safe_softmax: rows that are -inf everywhere give zeros, not NaN.
  Tensor sm, hidden, dead;
  if (!RunOp(vm, "softmax", {attn, I(-1), Constant(graph_ir::None{})}, &sm) ||
      !RunOp(vm, "eq", {attn, Constant(Scalar(-inf))}, &hidden) ||
      !RunOp(vm, "all", {hidden, Constant(Shape{-1}), Constant(Scalar(true))}, &dead) ||
      !RunOp(vm, "masked_fill", {sm, dead, Constant(Scalar(0.0))}, &sm)) {
    return false;
  }
  if (p > 0 && !RunOp(vm, "dropout", {sm, Constant(Scalar(p)), Constant(Scalar(true))}, &sm)) {
    return false;
  }
  return RunOp(vm, "matmul", {sm, vx}, out);
}

// scaled_dot_product_attention(query, key, value, attn_mask=None,
// dropout_p=0.0, is_causal=False, scale=None, enable_gqa=False).
Value FScaledDotProductAttention(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"query",     "key",       "value", "attn_mask",
                                           "dropout_p", "is_causal", "scale", "enable_gqa"};
  static constexpr const char* kF = "scaled_dot_product_attention";
  Value a[8];
  if (!ParseArgs(vm, args, kF, kNames, 3, a)) return {};
  Tensor q, k, v, mask;
  if (!ToTensorArg(vm, a[0], kF, "query", &q) || !ToTensorArg(vm, a[1], kF, "key", &k) ||
      !ToTensorArg(vm, a[2], kF, "value", &v)) {
    return {};
  }
  const bool has_mask = !a[3].is_null() && !a[3].is_none();
  if (has_mask && !ToTensorArg(vm, a[3], kF, "attn_mask", &mask)) return {};
  double p = 0;
  if (!a[4].is_null() && !ToFloat(vm, a[4], &p)) return {};
  bool causal = false, gqa = false;
  for (int i : {5, 7}) {
    if (a[i].is_null()) continue;
    int b = vm.Truthy(a[i]);
    if (b < 0) return {};
    (i == 5 ? causal : gqa) = b != 0;
  }
  std::optional<double> scale;
  if (!a[6].is_null() && !a[6].is_none()) {
    double s;
    if (!ToFloat(vm, a[6], &s)) return {};
    scale = s;
  }
  if (p < 0) {
    // PyTorch picks its fused kernel for any p <= 0, which rejects p != 0.
    return RaiseRuntimeError(
        vm, "scaled_dot_product_attention_flash_attention: Currently do not support dropout > 0");
  }
  std::vector<kernels::KernelArg> op_args = {
      q,
      k,
      v,
      has_mask ? kernels::KernelArg(mask) : kernels::KernelArg(Constant(graph_ir::None{})),
      Constant(Scalar(causal)),
      scale ? Constant(Scalar(*scale)) : Constant(graph_ir::None{}),
      Constant(Scalar(gqa))};
  if (p == 0) return CallOp(vm, kF, std::move(op_args));
  if (p > 1) {
    return RaiseRuntimeError(
        vm, absl::StrFormat("dropout probability has to be between 0 and 1, but got %s",
                            tensor::Scalar(p).ToString()));
  }
  // The fused op's meta function checks the arguments as PyTorch does.
  static const graph_ir::OpDef* op = graph_ir::FindOp(kF);
  absl::StatusOr<std::vector<Tensor>> checked = kernels::CallMeta(*op, op_args);
  if (!checked.ok()) return RaiseStatus(vm, checked.status());
  Tensor out;
  if (!MathAttention(vm, q, k, v, has_mask ? &mask : nullptr, p, causal, scale, gqa, &out)) {
    return {};
  }
  return WrapTensor(std::move(out));
}

constexpr MethodDef kAttentionFunctions[] = {
    {"scaled_dot_product_attention", FScaledDotProductAttention},
};

}  // namespace

std::span<const MethodDef> FunctionalAttentionFunctions() { return kAttentionFunctions; }

}  // namespace tc::script_torch
