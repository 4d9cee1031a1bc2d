// More pointwise ops with kernels of their own (ATen computes them in one
// pass, some with a fused multiply-add, so no decomposition gives its bits):
// lerp, addcmul, addcdiv, hypot, atan2, logit, nan_to_num, isnan, isinf,
// isfinite.
#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr ArgType kT = ArgType::kTensor;

absl::StatusOr<TensorMeta> Broadcast3(Args a, DType dtype, bool third_is_tensor) {
  absl::StatusOr<Shape> sizes = third_is_tensor ? Broadcast(a, {0, 1, 2}) : Broadcast(a, {0, 1});
  if (!sizes.ok()) return sizes.status();
  return PointwiseOut(dtype, *sizes, DeviceOf(a), a, {0, 1, 2});
}

// lerp(self, end, weight): self's dtype; end (and a weight tensor with
// dims) must have it, as lerp's meta function checks.
Metas Lerp(Args a) {
  const TensorMeta& self = Tensor(a, 0);
  const TensorMeta& end = Tensor(a, 1);
  if (end.dtype != self.dtype) {
    return Invalid(absl::StrFormat("expected dtype %s for `end` but got dtype %s",
                                   tensor::CTypeName(self.dtype), tensor::CTypeName(end.dtype)));
  }
  bool weight_tensor = IsTensor(a, 2);
  if (weight_tensor && Tensor(a, 2).dim() > 0 && Tensor(a, 2).dtype != self.dtype) {
    return Invalid(absl::StrFormat("expected dtype %s for `weight` but got dtype %s",
                                   tensor::CTypeName(self.dtype),
                                   tensor::CTypeName(Tensor(a, 2).dtype)));
  }
  TC_ASSIGN_OR_RETURN(TensorMeta out, Broadcast3(a, self.dtype, weight_tensor));
  if (!tensor::IsFloatingPoint(self.dtype)) {
    return NotImplemented(weight_tensor ? "lerp_kernel_tensor" : "lerp_kernel_scalar", self.dtype);
  }
  return One(std::move(out));
}

Metas Addcmul(Args a) {
  TC_ASSIGN_OR_RETURN(TensorMeta out, Broadcast3(a, Promote(a, {0, 1, 2}), true));
  if (out.dtype == DType::kBool) return NotImplemented("addcmul_cpu_out", out.dtype);
  return One(std::move(out));
}

Metas Addcdiv(Args a) {
  if (tensor::IsIntegral(Tensor(a, 1).dtype, true) &&
      tensor::IsIntegral(Tensor(a, 2).dtype, true)) {
    return Invalid(
        "Integer division with addcdiv is no longer supported, and in a future  release addcdiv "
        "will perform a true division of tensor1 and tensor2. The historic addcdiv behavior can "
        "be implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for "
        "integer inputs and as (input + value * tensor1 / tensor2) for float inputs. The future "
        "addcdiv behavior is just the latter implementation: (input + value * tensor1 / "
        "tensor2), for all dtypes.");
  }
  TC_ASSIGN_OR_RETURN(TensorMeta out, Broadcast3(a, Promote(a, {0, 1, 2}), true));
  return One(std::move(out));
}

Metas Hypot(Args a) {
  TC_ASSIGN_OR_RETURN(Shape sizes, Broadcast(a, {0, 1}));
  DType dtype = Promote(a, {0, 1});
  if (!tensor::IsFloatingPoint(dtype)) return NotImplemented("hypot_cpu", dtype);
  return One(PointwiseOut(dtype, sizes, DeviceOf(a), a, {0, 1}));
}

Metas Atan2(Args a) {
  TC_ASSIGN_OR_RETURN(Shape sizes, Broadcast(a, {0, 1}));
  return One(
      PointwiseOut(tensor::ToFloatingResult(Promote(a, {0, 1})), sizes, DeviceOf(a), a, {0, 1}));
}

Metas Logit(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  return One(PointwiseOut(tensor::ToFloatingResult(in.dtype), in.sizes, in.device, a, {0}));
}

Metas SameDType(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  return One(PointwiseOut(in.dtype, in.sizes, in.device, a, {0}));
}

Metas BoolResult(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  return One(PointwiseOut(DType::kBool, in.sizes, in.device, a, {0}));
}

OpDef Pointwise(std::string name, std::vector<ArgSpec> args, MetaFn meta) {
  return OpDef{std::move(name), std::move(args), OpCategory::kPointwise, 1, meta};
}

}  // namespace

void AddPointwiseExtraOps(std::vector<OpDef>& ops) {
  ops.push_back(Pointwise(
      "lerp", {Req("self", kT), Req("end", kT), Req("weight", ArgType::kTensorOrScalar)}, &Lerp));
  for (auto [name, meta] : {std::pair{"addcmul", &Addcmul}, std::pair{"addcdiv", &Addcdiv}}) {
    ops.push_back(Pointwise(name,
                            {Req("self", kT), Req("tensor1", kT), Req("tensor2", kT),
                             Def("value", ArgType::kScalar, Scalar(1))},
                            meta));
  }
  ops.push_back(Pointwise("hypot", {Req("self", kT), Req("other", kT)}, &Hypot));
  ops.push_back(Pointwise("atan2", {Req("self", kT), Req("other", kT)}, &Atan2));
  ops.push_back(Pointwise("logit", {Req("self", kT), Opt("eps", ArgType::kScalar)}, &Logit));
  ops.push_back(Pointwise("nan_to_num",
                          {Req("self", kT), Opt("nan", ArgType::kScalar),
                           Opt("posinf", ArgType::kScalar), Opt("neginf", ArgType::kScalar)},
                          &SameDType));
  for (const char* name : {"isnan", "isinf", "isfinite"}) {
    ops.push_back(Pointwise(name, {Req("self", kT)}, &BoolResult));
  }
}

}  // namespace tc::graph_ir::internal
