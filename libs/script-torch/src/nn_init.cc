// The torch.nn.init module: the initializers of py/nn_init.py (embedded at
// build time, compiled into the module on first import) and orthogonal_,
// which is native because it stops with NotImplementedError naming the
// caller's line (a native function runs in its caller's frame).
#include "absl/strings/str_format.h"

#include "tc/script/compiler.h"

#include "script_torch_embedded.h"
#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

// orthogonal_(tensor, gain=1, generator=None). PyTorch QR-factors a normal
// draw with LAPACK (MKL's Householder QR in the reference wheel) and the
// result is those bits; MKL's blocked, CPU-dispatched kernels are not
// reproducible here bit for bit (a plain Householder QR matches a 3x3 and
// already differs at 4x3), so after PyTorch's own checks the call stops
// instead of returning different numbers.
Value Orthogonal(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"tensor", "gain", "generator"};
  Value a[3];
  if (!ParseArgs(vm, args, "orthogonal_", kNames, 1, a)) return {};
  tensor::Tensor t;
  if (!ToTensorArg(vm, a[0], "orthogonal_", "tensor", &t)) return {};
  if (t.dim() < 2)
    return RaiseValueError(vm, "Only tensors with 2 or more dimensions are supported");
  if (t.numel() == 0) return a[0];
  return RaiseUnsupported(vm, "torch.nn.init.orthogonal_");
}

constexpr MethodDef kNativeInits[] = {{"orthogonal_", Orthogonal}};

}  // namespace

bool InitNnInitModule(VM& vm, ModuleObject* m) {
  AdoptTorchModuleType(m);
  absl::StatusOr<std::shared_ptr<const Code>> code = CompileSource(kNnInitPy.text, kNnInitPy.name);
  if (!code.ok()) {
    RaiseRuntimeError(vm, absl::StrFormat("torch.nn.init prelude: %s", code.status().message()));
    return false;
  }
  if (vm.RunCode(*code, m->dict).is_null()) return false;
  AddFunctions(m, kNativeInits);
  return true;
}

}  // namespace tc::script_torch
