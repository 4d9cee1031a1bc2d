// SchemaMethod<"op">: a Tensor method that runs registered op `op` with
// self as its first argument and the others bound by its schema
// (OpMethod); SchemaInPlace<"op">: its in-place form (self_), the result
// written into self. For the method tables of the torch_*.cc files.
#ifndef TC_SCRIPT_TORCH_SRC_SCHEMA_METHOD_H_
#define TC_SCRIPT_TORCH_SRC_SCHEMA_METHOD_H_

#include "absl/strings/str_cat.h"

#include "op_name.h"
#include "torch_tensor.h"

namespace tc::script_torch {

template <OpName kOp>
Value SchemaMethod(VM& vm, const Value& self, const ArgsView& args) {
  static const graph_ir::OpDef* op = graph_ir::FindOp(kOp.text);
  if (op == nullptr) return RaiseUnsupported(vm, absl::StrCat("torch.Tensor.", kOp.text));
  return OpMethod(vm, *op, self, args);
}

template <OpName kOp>
Value SchemaInPlace(VM& vm, const Value& self, const ArgsView& args) {
  Value r = SchemaMethod<kOp>(vm, self, args);
  if (r.is_null()) return r;
  if (!WriteInPlace(vm, TensorOf(self), TensorOf(r))) return {};
  return self;
}

}  // namespace tc::script_torch

#endif  // TC_SCRIPT_TORCH_SRC_SCHEMA_METHOD_H_
