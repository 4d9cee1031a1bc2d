// The torch module's Tensor type and the helpers every torch file shares:
// status mapping, op calls (through the op tracer when one is installed)
// and argument conversion. The small value types are in torch_types.cc.
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/autodiff/grad_mode.h"
#include "tc/autodiff/record.h"
#include "tc/graph_ir/op.h"
#include "tc/script/bigint.h"

#include "torch_random.h"
#include "torch_tensor.h"

namespace tc::script_torch {

// torch_shape_extra.cc's methods (declared here, not in torch_tensor.h, which
// every torch file includes).
std::span<const MethodDef> TensorShapeExtraMethods();
std::span<const MethodDef> TensorLinalgMethods();  // torch_linalg.cc

namespace {

// --- Tensor ------------------------------------------------------------------

Object* AllocTensor(Type* cls) { return new TensorObject(cls); }

std::string Basename(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

Type* TensorType() {
  static Type* t = [] {
    Type* type = NewNativeType({.name = "Tensor",
                                .module = "torch",
                                .alloc = AllocTensor,
                                .flags = Type::kBaseType | Type::kInstanceDict});
    AddTensorMethods(type);
    for (std::span<const MethodDef> methods :
         {TensorPointwiseMethods(), TensorPointwiseExtraMethods(), TensorOperatorMethods(),
          TensorIndexingMethods(), TensorReductionMethods(), TensorScanMethods(),
          TensorShapeMethods(), TensorShapeExtraMethods(), TensorLinalgMethods(),
          TensorMemoryFormatMethods(), TensorSortMethods(), TensorDataDependentMethods(),
          TensorBucketizeMethods()}) {
      AddMethods(type, methods);
    }
    AddMethods(type, RandomTensorMethods());
    UpdateSlots(type);
    return type;
  }();
  return t;
}

Value WrapTensor(tensor::Tensor t) {
  auto* o = new TensorObject(TensorType());
  o->t = std::move(t);
  return Value::Adopt(o);
}

Value RaiseStatus(VM& vm, const absl::Status& status) {
  std::string msg(status.message());
  if (status.code() == absl::StatusCode::kNotFound) return RaiseNotImplementedError(vm, msg);
  // Kernels that know PyTorch's exception type say it by the code.
  if (status.code() == absl::StatusCode::kOutOfRange) return RaiseIndexError(vm, msg);
  if (status.code() == absl::StatusCode::kFailedPrecondition) return RaiseRuntimeError(vm, msg);
  // ATen's dispatch failure, `"normal_kernel_cpu" not implemented for 'Long'`,
  // is a NotImplementedError in PyTorch.
  if (absl::StartsWith(msg, "\"") && absl::StrContains(msg, "\" not implemented for '")) {
    return RaiseNotImplementedError(vm, msg);
  }
  if (absl::StartsWith(msg, "Dimension out of range") ||
      (absl::StartsWith(msg, "index ") && absl::StrContains(msg, "out of")) ||
      absl::StartsWith(msg, "Index ")) {
    return RaiseIndexError(vm, msg);
  }
  return RaiseRuntimeError(vm, msg);
}

Value RaiseUnsupported(VM& vm, std::string_view qualified_name) {
  std::string file;
  int32_t line = 0;
  std::string msg = absl::StrFormat("%s is not supported by tc", qualified_name);
  if (vm.CurrentLocation(&file, &line)) {
    absl::StrAppendFormat(&msg, " (%s:%d)", Basename(file), line);
  }
  return RaiseNotImplementedError(vm, msg);
}

namespace {

// `op` for the installed tracer instead of the kernels, with the schema's
// defaults filled in so that every recorded call is complete.
absl::StatusOr<std::vector<tensor::Tensor>> TraceOp(OpTracer& tracer, const graph_ir::OpDef& op,
                                                    std::span<const kernels::KernelArg> args) {
  if (absl::Status s = graph_ir::CheckArity(op, args.size()); !s.ok()) return s;
  absl::StatusOr<std::vector<tensor::Tensor>> outs;
  if (args.size() == op.args.size()) {
    outs = tracer.RunOp(op, args);
  } else {
    std::vector<kernels::KernelArg> full(args.begin(), args.end());
    for (size_t i = args.size(); i < op.args.size(); ++i)
      full.emplace_back(*op.args[i].default_value);
    outs = tracer.RunOp(op, full);
  }
  // Callers index the outputs by the schema's count.
  if (outs.ok() && outs->size() != static_cast<size_t>(op.num_outputs)) {
    return absl::InternalError(absl::StrFormat("op tracer returned %d outputs for %s, expected %d",
                                               outs->size(), op.name, op.num_outputs));
  }
  return outs;
}

// The traced op's fake outputs get autograd history as real ones would
// (requires_grad, grad_fn's name), which the traced code may read and
// the compiled frame's outputs carry.
absl::StatusOr<std::vector<tensor::Tensor>> TraceAndRecord(
    OpTracer& tracer, const graph_ir::OpDef& op, std::span<const kernels::KernelArg> args) {
  absl::StatusOr<std::vector<tensor::Tensor>> outs = TraceOp(tracer, op, args);
  if (outs.ok() && autodiff::ShouldRecord(args)) {
    if (absl::Status s = autodiff::Record(op, args, *outs); !s.ok()) return s;
  }
  return outs;
}

}  // namespace

absl::StatusOr<std::vector<tensor::Tensor>> RunKernel(const graph_ir::OpDef& op,
                                                      std::vector<kernels::KernelArg> args) {
  if (OpTracer* tracer = ActiveOpTracer()) [[unlikely]] {
    return TraceAndRecord(*tracer, op, args);
  }
  // Composite ops too: kernels::Call runs their fused kernel where one
  // applies, else their decomposition; autodiff records the call for
  // backward when an input requires grad.
  return autodiff::Call(op, args);
}

absl::StatusOr<std::vector<tensor::Tensor>> RunKernel(const graph_ir::OpDef& op,
                                                      std::span<const kernels::KernelArg> args) {
  // While tracing, the tracer runs every op: one load and one branch here.
  if (OpTracer* tracer = ActiveOpTracer()) [[unlikely]] {
    return TraceAndRecord(*tracer, op, args);
  }
  return autodiff::Call(op, args);
}

absl::StatusOr<std::vector<tensor::Tensor>> RunKernel(std::string_view op,
                                                      std::vector<kernels::KernelArg> args) {
  const graph_ir::OpDef* def = graph_ir::FindOp(op);
  if (def == nullptr) return absl::NotFoundError(absl::StrFormat("unknown op '%s'", op));
  return RunKernel(*def, std::move(args));
}

bool RunOp(VM& vm, std::string_view op, std::vector<kernels::KernelArg> args, tensor::Tensor* out) {
  absl::StatusOr<std::vector<tensor::Tensor>> r = RunKernel(op, std::move(args));
  if (!r.ok()) {
    RaiseStatus(vm, r.status());
    return false;
  }
  *out = std::move((*r)[0]);
  return true;
}

Value CallOp(VM& vm, std::string_view op, std::vector<kernels::KernelArg> args) {
  tensor::Tensor t;
  if (!RunOp(vm, op, std::move(args), &t)) return {};
  return WrapTensor(std::move(t));
}

Value CallOp(VM& vm, const graph_ir::OpDef& op, std::vector<kernels::KernelArg> args) {
  absl::StatusOr<std::vector<tensor::Tensor>> r = RunKernel(op, std::move(args));
  if (!r.ok()) return RaiseStatus(vm, r.status());
  return WrapTensor(std::move((*r)[0]));
}

Value CallOp(VM& vm, const graph_ir::OpDef& op, std::span<const kernels::KernelArg> args) {
  absl::StatusOr<std::vector<tensor::Tensor>> r = RunKernel(op, args);
  if (!r.ok()) return RaiseStatus(vm, r.status());
  return WrapTensor(std::move((*r)[0]));
}

bool IsNumber(const Value& v) { return v.is_int() || v.is_float() || v.is_bool(); }

tensor::Scalar NumberToScalar(const Value& v) {
  if (v.is_bool()) return tensor::Scalar(v.as_bool());
  if (v.is_int()) return tensor::Scalar(v.as_int());
  return tensor::Scalar(v.as_float());
}

bool ToDType(VM& vm, const Value& v, DType* out) {
  if (IsInstance(v, DTypeType())) {
    *out = Cast<DTypeObject>(v)->dtype;
    return true;
  }
  // Python types as dtypes (x.to(float) is an error in torch, but
  // torch.zeros(2, dtype=float) works: float -> float64, int -> int64).
  if (v.is_object() && v.as_object() == Types().float_) {
    *out = DType::kFloat64;
    return true;
  }
  if (v.is_object() && v.as_object() == Types().int_) {
    *out = DType::kInt64;
    return true;
  }
  if (v.is_object() && v.as_object() == Types().bool_) {
    *out = DType::kBool;
    return true;
  }
  RaiseTypeError(vm, absl::StrFormat("expected a torch.dtype, not %s", TypeName(v)));
  return false;
}

bool ToDevice(VM& vm, const Value& v, tensor::Device* out) {
  if (IsInstance(v, DeviceType())) {
    *out = Cast<DeviceObject>(v)->device;
    return true;
  }
  if (const std::string* s = StrValue(v)) {
    absl::StatusOr<tensor::Device> d = tensor::ParseDevice(*s);
    if (!d.ok()) {
      RaiseStatus(vm, d.status());
      return false;
    }
    *out = *d;
    return true;
  }
  if (v.is_int()) {
    *out = tensor::Device::CUDA(static_cast<int>(v.as_int()));
    return true;
  }
  RaiseTypeError(vm, absl::StrFormat("expected a torch.device, not %s", TypeName(v)));
  return false;
}

bool RaiseArgTypeError(VM& vm, std::string_view fname, std::string_view arg,
                       std::string_view expected, const Value& v) {
  RaiseTypeError(vm, absl::StrFormat("%s(): argument '%s' must be %s, not %s", fname, arg, expected,
                                     TypeName(v)));
  return false;
}

bool WrapDimArg(VM& vm, const tensor::Tensor& t, const Value& v, int64_t* dim) {
  *dim = 0;
  if (!v.is_null() && !ToInt(vm, v, dim)) return false;
  absl::StatusOr<int64_t> w = tensor::WrapDim(*dim, t.dim());
  if (!w.ok()) {
    RaiseStatus(vm, w.status());
    return false;
  }
  *dim = *w;
  return true;
}

bool ToTensorArg(VM& vm, const Value& v, std::string_view fname, std::string_view arg,
                 tensor::Tensor* out) {
  if (IsTensor(v)) {
    *out = TensorOf(v);
    return true;
  }
  return RaiseArgTypeError(vm, fname, arg, "Tensor", v);
}

bool ToScalarArg(VM& vm, const Value& v, std::string_view fname, std::string_view arg,
                 tensor::Scalar* out) {
  if (IsNumber(v)) {
    *out = NumberToScalar(v);
    return true;
  }
  // PyTorch's text for a Python int beyond int64 (and uint64).
  if (script::IsBigInt(v)) return !RaiseOverflowError(vm, "int too big to convert").is_null();
  if (IsTensor(v) && TensorOf(v).numel() == 1) {
    if (!CheckHasData(vm, TensorOf(v))) return false;
    *out = TensorOf(v).Item();
    return true;
  }
  return RaiseArgTypeError(vm, fname, arg, "Number", v);
}

bool ToIntList(VM& vm, const Value& v, std::string_view fname, std::string_view arg,
               tensor::Shape* out) {
  out->clear();
  if (v.is_int() || v.is_bool()) {
    out->push_back(v.as_int());
    return true;
  }
  if (v.is_object() && (IsInstance(v, Types().tuple) || IsInstance(v, Types().list))) {
    const std::vector<Value>& items =
        IsInstance(v, Types().tuple) ? Cast<TupleObject>(v)->items : Cast<ListObject>(v)->items;
    for (const Value& i : items) {
      if (i.is_int()) {
        out->push_back(i.as_int());
      } else if (IsTensor(i) && TensorOf(i).numel() == 1 &&
                 tensor::IsIntegral(TensorOf(i).dtype(), false)) {
        if (!CheckHasData(vm, TensorOf(i))) return false;
        out->push_back(TensorOf(i).item_int());
      } else {
        RaiseTypeError(vm, absl::StrFormat("%s(): argument '%s' must be tuple of ints, but found "
                                           "element of type %s",
                                           fname, arg, TypeName(i)));
        return false;
      }
    }
    return true;
  }
  if (IsTensor(v) && TensorOf(v).numel() == 1 && tensor::IsIntegral(TensorOf(v).dtype(), false)) {
    if (!CheckHasData(vm, TensorOf(v))) return false;
    out->push_back(TensorOf(v).item_int());
    return true;
  }
  return RaiseArgTypeError(vm, fname, arg, "tuple of ints", v);
}

bool SizesFromArgs(VM& vm, const ArgsView& args, int first, const Value& kw, std::string_view fname,
                   tensor::Shape* out) {
  out->clear();
  int n = args.nargs - first;
  if (n <= 0) {
    if (!kw.is_null()) return ToIntList(vm, kw, fname, "size", out);
    return true;
  }
  if (n == 1 && !args[first].is_int() && !args[first].is_bool()) {
    return ToIntList(vm, args[first], fname, "size", out);
  }
  for (int i = first; i < args.nargs; ++i) {
    int64_t s;
    if (!args[i].is_int()) {
      if (IsTensor(args[i]) && TensorOf(args[i]).numel() == 1) {
        if (!CheckHasData(vm, TensorOf(args[i]))) return false;
        out->push_back(TensorOf(args[i]).item_int());
        continue;
      }
      RaiseTypeError(vm, absl::StrFormat("%s(): argument 'size' must be tuple of ints, but found "
                                         "element of type %s at pos %d",
                                         fname, TypeName(args[i]), i - first));
      return false;
    }
    s = args[i].as_int();
    out->push_back(s);
  }
  return true;
}

Value KwArg(const ArgsView& args, std::string_view name) {
  for (int i = 0; i < args.nkw(); ++i) {
    if (args.kwname(i) == name) return args.kwvalue(i);
  }
  return Value();
}

bool GradEnabled() { return autodiff::GradModeEnabled(); }
void SetGradEnabled(bool enabled) { autodiff::SetGradModeEnabled(enabled); }

Type* ParameterType() {
  static Type* t = NewNativeType({.name = "Parameter",
                                  .module = "torch.nn.parameter",
                                  .base = TensorType(),
                                  .flags = Type::kBaseType | Type::kInstanceDict});
  return t;
}

}  // namespace tc::script_torch
