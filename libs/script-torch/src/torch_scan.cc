// torch.Tensor's scans along a dim: cumsum and cumprod (dtype=) with their
// in-place forms, logcumsumexp, and cummax / cummin giving
// torch.return_types; the torch.* functions of the same names reach them
// with the tensor as self (torch_module.cc).
#include "absl/strings/str_cat.h"

#include "op_name.h"
#include "schema_method.h"
#include "torch_tensor.h"

namespace tc::script_torch {
namespace {

// cummax(dim) / cummin(dim) -> torch.return_types.cummax(values, indices).
template <OpName kOp>
Value CumExtremum(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"dim"};
  Value a[1];
  if (!ParseArgs(vm, args, kOp.text, kNames, 1, a)) return {};
  int64_t dim;
  if (!ToInt(vm, a[0], &dim)) return {};
  absl::StatusOr<std::vector<tensor::Tensor>> r =
      RunKernel(kOp.text, {TensorOf(self), Constant(tensor::Scalar(dim))});
  if (!r.ok()) return RaiseStatus(vm, r.status());
  return NewReturnTypes(kOp.text, WrapTensor((*r)[0]), WrapTensor((*r)[1]));
}

constexpr MethodDef kScans[] = {
    {"cumsum", SchemaMethod<"cumsum">},
    {"cumsum_", SchemaInPlace<"cumsum">},
    {"cumprod", SchemaMethod<"cumprod">},
    {"cumprod_", SchemaInPlace<"cumprod">},
    {"logcumsumexp", SchemaMethod<"logcumsumexp">},
    {"cummax", CumExtremum<"cummax">},
    {"cummin", CumExtremum<"cummin">},
};

}  // namespace

std::span<const MethodDef> TensorScanMethods() { return kScans; }

}  // namespace tc::script_torch
