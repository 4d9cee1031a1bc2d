// Binding script arguments to a registered op's schema: the generic path
// behind most Tensor methods and torch functions, plus the in-place write.
#include "absl/strings/str_format.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/record.h"
#include "tc/kernels/copy.h"
#include "tc/script/bigint.h"

#include "torch_tensor.h"

namespace tc::script_torch {

using graph_ir::ArgSpec;
using graph_ir::ArgType;

bool ToKernelArg(VM& vm, const graph_ir::OpDef& op, const ArgSpec& spec, const Value& v,
                 kernels::KernelArg* out) {
  if (v.is_none() && spec.optional) {
    *out = Constant(graph_ir::None{});
    return true;
  }
  switch (spec.type) {
    case ArgType::kTensor: {
      tensor::Tensor t;
      if (!ToTensorArg(vm, v, op.name, spec.name, &t)) return false;
      *out = std::move(t);
      return true;
    }
    case ArgType::kTensorList: {
      std::vector<Value> items;
      if (!vm.Extend(&items, v)) return false;
      std::vector<tensor::Tensor> ts;
      for (const Value& i : items) {
        if (!IsTensor(i)) {
          RaiseTypeError(vm, absl::StrFormat("expected Tensor as element %d in argument 0, but "
                                             "got %s",
                                             ts.size(), TypeName(i)));
          return false;
        }
        ts.push_back(TensorOf(i));
      }
      *out = std::move(ts);
      return true;
    }
    case ArgType::kTensorOrScalar:
      if (IsTensor(v)) {
        *out = TensorOf(v);
        return true;
      }
      if (IsNumber(v)) {
        *out = Constant(NumberToScalar(v));
        return true;
      }
      if (script::IsBigInt(v)) return !RaiseOverflowError(vm, "int too big to convert").is_null();
      break;
    case ArgType::kScalar: {
      tensor::Scalar s;
      if (!ToScalarArg(vm, v, op.name, spec.name, &s)) return false;
      *out = Constant(s);
      return true;
    }
    case ArgType::kInt:
      if (v.is_int() || v.is_bool()) {
        *out = Constant(tensor::Scalar(v.as_int()));
        return true;
      }
      if (IsTensor(v) && TensorOf(v).numel() == 1 &&
          tensor::IsIntegral(TensorOf(v).dtype(), false)) {
        if (!CheckHasData(vm, TensorOf(v))) return false;
        *out = Constant(tensor::Scalar(TensorOf(v).item_int()));
        return true;
      }
      break;
    case ArgType::kIntList: {
      tensor::Shape s;
      if (!ToIntList(vm, v, op.name, spec.name, &s)) return false;
      *out = Constant(std::move(s));
      return true;
    }
    case ArgType::kBool:
      if (v.is_bool()) {
        *out = Constant(tensor::Scalar(v.as_bool()));
        return true;
      }
      break;
    case ArgType::kDType: {
      DType d;
      if (!ToDType(vm, v, &d)) return false;
      *out = Constant(d);
      return true;
    }
    case ArgType::kString:
      if (const std::string* s = StrValue(v)) {
        *out = Constant(*s);
        return true;
      }
      break;
  }
  std::string_view expected = graph_ir::ArgTypeName(spec.type);
  if (spec.type == ArgType::kTensorOrScalar) expected = "Tensor or Number";
  return RaiseArgTypeError(vm, op.name, spec.name, expected, v);
}

Value OpMethod(VM& vm, const graph_ir::OpDef& op, const Value& self, const ArgsView& args) {
  size_t n = op.args.size();
  std::vector<kernels::KernelArg> kargs;
  kargs.reserve(n);
  kargs.emplace_back(TensorOf(self));
  // Bind positional then keyword arguments to op.args[1...].
  std::vector<const Value*> bound(n, nullptr);
  if (static_cast<size_t>(args.nargs) > n - 1) {
    return RaiseTypeError(vm, absl::StrFormat("%s() takes at most %d arguments (%d given)", op.name,
                                              n - 1, args.nargs));
  }
  for (int i = 0; i < args.nargs; ++i) bound[i + 1] = &args[i];
  for (int k = 0; k < args.nkw(); ++k) {
    std::string_view kw = args.kwname(k);
    size_t idx = 0;
    for (size_t i = 1; i < n; ++i) {
      if (op.args[i].name == kw) idx = i;
    }
    // PyTorch's names where the schema's differ.
    if (idx == 0 && kw == "exponent" && op.name == "pow") idx = 1;
    if (idx == 0 && kw == "input") idx = 0;
    if (idx == 0) {
      return RaiseTypeError(
          vm, absl::StrFormat("%s() got an unexpected keyword argument '%s'", op.name, kw));
    }
    bound[idx] = &args.kwvalue(k);
  }
  for (size_t i = 1; i < n; ++i) {
    const ArgSpec& spec = op.args[i];
    if (bound[i] == nullptr) {
      if (!spec.default_value.has_value()) {
        if (spec.optional) {
          kargs.emplace_back(Constant(graph_ir::None{}));
          continue;
        }
        return RaiseTypeError(vm, absl::StrFormat("%s() missing 1 required positional arguments: "
                                                  "\"%s\"",
                                                  op.name, spec.name));
      }
      kargs.emplace_back(*spec.default_value);
      continue;
    }
    kernels::KernelArg a;
    if (!ToKernelArg(vm, op, spec, *bound[i], &a)) return {};
    kargs.push_back(std::move(a));
  }
  return CallOp(vm, op, std::move(kargs));
}

namespace {

// PyTorch's canCast: no floating -> integral, no non-bool -> bool.
using tensor::ScalarTypeName;

bool CanCast(DType from, DType to) {
  if (tensor::IsFloatingPoint(from) && !tensor::IsFloatingPoint(to)) return false;
  if (from != DType::kBool && to == DType::kBool) return false;
  return true;
}

}  // namespace

bool WriteInPlace(VM& vm, tensor::Tensor& self, const tensor::Tensor& result,
                  std::string_view overwrite_name) {
  if (!CanCast(result.dtype(), self.dtype())) {
    RaiseRuntimeError(
        vm, absl::StrFormat("result type %s can't be cast to the desired output "
                            "type %s",
                            ScalarTypeName(result.dtype()), ScalarTypeName(self.dtype())));
    return false;
  }
  tensor::Tensor src = result;
  if (src.sizes() != self.sizes()) {
    absl::StatusOr<tensor::Shape> b = tensor::BroadcastShapes(self.sizes(), src.sizes());
    if (!b.ok() || *b != self.sizes()) {
      RaiseRuntimeError(vm, absl::StrFormat("output with shape %s doesn't match the broadcast "
                                            "shape %s",
                                            tensor::ShapeToString(self.sizes()),
                                            b.ok() ? tensor::ShapeToString(*b)
                                                   : tensor::ShapeToString(src.sizes())));
      return false;
    }
    if (!RunOp(vm, "expand", {src, Constant(tensor::Shape(self.sizes()))}, &src)) return false;
  }
  if (ActiveOpTracer() != nullptr) return StoreInPlace(vm, self, src);
  // Autograd: the write gives self the result's history (cast to self's
  // dtype first, a recorded op, when they differ).
  const bool grad = autodiff::RequiresGrad(src) || autodiff::RequiresGrad(self);
  if (grad && src.dtype() != self.dtype() &&
      !RunOp(vm, "to_dtype", {src, Constant(self.dtype())}, &src)) {
    return false;
  }
  if (grad) {
    if (absl::Status s = autodiff::CheckInPlace(self, src); !s.ok()) {
      RaiseStatus(vm, s);
      return false;
    }
  }
  if (!StoreInPlace(vm, self, src)) return false;
  if (grad) {
    autodiff::TakeHistory(self, src, overwrite_name);
    // A write through a view rewrites its base's history (CopySlices).
    if (absl::Status s = autodiff::RebaseHistory(self); !s.ok()) {
      RaiseStatus(vm, s);
      return false;
    }
  }
  return true;
}

bool StoreInPlace(VM& vm, const tensor::Tensor& dst, const tensor::Tensor& src) {
  if (OpTracer* tracer = ActiveOpTracer()) {
    absl::Status s = tracer->WriteInPlace(dst, src);
    if (!s.ok()) {
      RaiseRuntimeError(vm, std::string(s.message()));
      return false;
    }
    return true;
  }
  // A meta tensor has nothing to write into; its sizes were checked.
  if (dst.is_meta()) return true;
  if (!CheckHasData(vm, src, kMetaCopyOutMessage)) return false;
  // On the pool, at memcpy speed for alike layouts (kernels/copy.h).
  absl::Status s = kernels::CopyInto(dst, src);
  if (!s.ok()) {
    RaiseStatus(vm, s);
    return false;
  }
  dst.storage()->BumpVersion();  // autograd's check of saved tensors
  return true;
}

}  // namespace tc::script_torch
