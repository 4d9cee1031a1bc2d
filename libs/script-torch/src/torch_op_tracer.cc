// The op-tracer seam (op_tracer.h) and meta tensors in the torch module:
// the installed tracer, MetaDataAccessError, and the helpers that keep
// tensors made outside RunKernel visible to a tracer and free of data
// reads on meta tensors (creation on a device, copies, device moves).
#include "absl/strings/str_format.h"

#include "tc/script_torch/op_tracer.h"

#include "torch_tensor.h"

namespace tc::script_torch {

namespace internal {
constinit thread_local OpTracer* g_op_tracer __attribute__((tls_model("initial-exec"))) = nullptr;
}  // namespace internal

OpTracer* SetOpTracer(OpTracer* tracer) {
  OpTracer* previous = internal::g_op_tracer;
  internal::g_op_tracer = tracer;
  return previous;
}

OpTracer* CurrentOpTracer() { return internal::g_op_tracer; }

Type* MetaDataAccessErrorType() {
  // Named RuntimeError, the type PyTorch raises for these, so scripts and
  // tracebacks print what they print under PyTorch; frame-capture tells it
  // from a plain RuntimeError by identity.
  static Type* t = NewNativeType({.name = "RuntimeError",
                                  .module = "builtins",
                                  .base = Types().runtime_error,
                                  .flags = Type::kBaseType | Type::kInstanceDict});
  return t;
}

Value RaiseMetaDataAccess(VM& vm, std::string message) {
  return vm.Raise(MetaDataAccessErrorType(), std::move(message));
}

bool CheckHasData(VM& vm, const tensor::Tensor& t, const char* message) {
  if (!t.is_meta()) [[likely]] {
    return true;
  }
  RaiseMetaDataAccess(vm, message);
  return false;
}

bool RunCreation(VM& vm, std::string_view op, std::vector<kernels::KernelArg> args,
                 tensor::Device device, std::string_view fname, tensor::Tensor* out) {
  if (ActiveOpTracer() != nullptr || device.is_cpu()) return RunOp(vm, op, std::move(args), out);
  if (!device.is_meta()) {
    RaiseUnsupported(vm, absl::StrFormat("torch.%s(device='%s')", fname, device.ToString()));
    return false;
  }
  const graph_ir::OpDef* def = graph_ir::FindOp(op);
  if (def == nullptr) {
    RaiseStatus(vm, absl::NotFoundError(absl::StrFormat("unknown op '%s'", op)));
    return false;
  }
  absl::StatusOr<std::vector<tensor::Tensor>> r = kernels::CallMeta(*def, args);
  if (!r.ok()) {
    RaiseStatus(vm, r.status());
    return false;
  }
  *out = std::move((*r)[0]);
  return true;
}

bool ToDeviceTensor(VM& vm, const tensor::Tensor& t, tensor::Device device, tensor::Tensor* out) {
  if (ActiveOpTracer() != nullptr || t.device().type == device.type) {
    *out = t;
    return true;
  }
  if (device.is_meta() && t.device().is_cpu()) {
    *out = t.ToMeta();
    return true;
  }
  if (device.is_cpu() && t.is_meta()) {
    RaiseMetaDataAccess(vm, kMetaCopyOutMessage);
    return false;
  }
  RaiseUnsupported(vm, absl::StrFormat("torch.Tensor.to(device='%s')", device.ToString()));
  return false;
}

bool CloneTensor(VM& vm, const tensor::Tensor& t, tensor::Tensor* out) {
  return RunOp(vm, "to_dtype", {t, graph_ir::Constant(t.dtype())}, out);
}

bool ContiguousTensor(VM& vm, const tensor::Tensor& t, tensor::Tensor* out) {
  if (t.is_contiguous()) {
    *out = t;
    return true;
  }
  return CloneTensorAs(vm, t, tensor::MemoryFormat::kContiguous, out);
}

bool ToDTypeTensor(VM& vm, const tensor::Tensor& t, DType dtype, tensor::Tensor* out) {
  if (t.dtype() == dtype) {
    *out = t;
    return true;
  }
  return RunOp(vm, "to_dtype", {t, graph_ir::Constant(dtype)}, out);
}

bool ScalarTensor(VM& vm, const tensor::Scalar& s, DType dtype, tensor::Tensor* out) {
  if (ActiveOpTracer() == nullptr) {
    *out = tensor::Tensor::FromScalar(s, dtype);
    return true;
  }
  return RunOp(
      vm, "full",
      {graph_ir::Constant(tensor::Shape{}), graph_ir::Constant(s), graph_ir::Constant(dtype)}, out);
}

}  // namespace tc::script_torch
