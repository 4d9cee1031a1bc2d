// The torch module's core types (Tensor allocation, dtype, Size, device,
// Generator, return_types) and the helpers every torch file shares: status
// mapping, op calls and argument conversion.
// GCC 12 reports false maybe-uninitialized warnings when copying the
// KernelArg / Constant variants (graph-ir's meson.build silences the same).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <array>
#include <map>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "tc/graph_ir/op.h"
#include "tc/kernels/composite.h"
#include "tc/tensor/philox.h"

#include "torch_tensor.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

bool g_grad_enabled = true;

// --- dtype -------------------------------------------------------------------

Value DTypeRepr(VM&, const Value& self, const ArgsView&) {
  return NewStr(absl::StrFormat("torch.%s", tensor::DTypeName(Cast<DTypeObject>(self)->dtype)));
}
Value DTypeIsFloating(VM&, const Value& self) {
  return Value::Bool(tensor::IsFloatingPoint(Cast<DTypeObject>(self)->dtype));
}
Value DTypeIsSigned(VM&, const Value& self) {
  DType d = Cast<DTypeObject>(self)->dtype;
  return Value::Bool(d != DType::kBool && d != DType::kUInt8);
}
Value DTypeItemSize(VM&, const Value& self) {
  return Value::Int(static_cast<int64_t>(tensor::ItemSize(Cast<DTypeObject>(self)->dtype)));
}
Value DTypeHash(VM&, const Value& self, const ArgsView&) {
  return Value::Int(static_cast<int64_t>(Cast<DTypeObject>(self)->dtype) + 7919);
}
constexpr MethodDef kDTypeMethods[] = {{"__repr__", DTypeRepr}, {"__hash__", DTypeHash}};
constexpr GetSetDef kDTypeGetSets[] = {{"is_floating_point", DTypeIsFloating},
                                       {"is_signed", DTypeIsSigned},
                                       {"itemsize", DTypeItemSize}};

// --- torch.Size ----------------------------------------------------------------
// A tuple subclass: the VM gives it the tuple's behaviour (iteration,
// equality, hashing as a tuple, containment); only slicing is its own, as
// a slice of a Size is a Size.

Value SizeGetItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__getitem__", 1, 1)) return {};
  auto* t = Cast<TupleObject>(self);
  const Value& key = args[0];
  if (key.is_object() && key.as_object()->type == Types().slice) {
    int64_t start, stop, step, count;
    if (!SliceIndices(vm, Cast<SliceObject>(key), t->size(), &start, &stop, &step, &count))
      return {};
    auto* out = new TupleObject(SizeType());
    for (int64_t i = 0, j = start; i < count; ++i, j += step) out->items.push_back(t->items[j]);
    return Value::Adopt(out);
  }
  int64_t i;
  if (!SeqIndex(vm, key, t->size(), "tuple", &i)) return {};
  return t->items[i];
}

// Static __new__: the class comes first in args.
Value SizeNew(VM& vm, const Value&, const ArgsView& all) {
  const Value& cls = all[0];
  ArgsView args(all.data + 1, all.nargs - 1, all.kwnames);
  if (!CheckArgCount(vm, args, "Size", 0, 1)) return {};
  auto* t = new TupleObject(static_cast<Type*>(cls.as_object()));
  Value r = Value::Adopt(t);
  if (args.nargs == 1) {
    std::vector<Value> items;
    if (!vm.Extend(&items, args[0])) return {};
    for (const Value& v : items) {
      int64_t i;
      if (!ToInt(vm, v, &i)) return {};
      t->items.push_back(Value::Int(i));
    }
  }
  return r;
}
Value SizeRepr(VM& vm, const Value& self, const ArgsView&) {
  std::vector<std::string> parts;
  for (const Value& v : Cast<TupleObject>(self)->items) {
    std::string s;
    if (!vm.ReprString(v, &s)) return {};
    parts.push_back(std::move(s));
  }
  return NewStr(absl::StrCat("torch.Size([", absl::StrJoin(parts, ", "), "])"));
}
Value SizeNumel(VM&, const Value& self, const ArgsView&) {
  int64_t n = 1;
  for (const Value& v : Cast<TupleObject>(self)->items) n *= v.as_int();
  return Value::Int(n);
}
// Size + tuple, tuple + Size and Size * n are Sizes, as in torch.
Value SizeConcat(const Value& a, const Value& b) {
  if (!IsInstance(a, Types().tuple) || !IsInstance(b, Types().tuple)) {
    return NotImplementedValue();
  }
  auto* out = new TupleObject(SizeType());
  Value r = Value::Adopt(out);
  for (const Value* t : {&a, &b}) {
    const std::vector<Value>& items = Cast<TupleObject>(*t)->items;
    out->items.insert(out->items.end(), items.begin(), items.end());
  }
  return r;
}
Value SizeAdd(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__add__", 1, 1)) return {};
  if (!IsInstance(args[0], Types().tuple)) {
    return RaiseTypeError(vm, absl::StrFormat("can only concatenate tuple (not %s) to torch.Size",
                                              TypeName(args[0])));
  }
  return SizeConcat(self, args[0]);
}
Value SizeRAdd(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__radd__", 1, 1)) return {};
  return SizeConcat(args[0], self);
}
Value SizeMul(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__mul__", 1, 1)) return {};
  if (!args[0].is_int() && !args[0].is_bool()) return NotImplementedValue();
  const std::vector<Value>& items = Cast<TupleObject>(self)->items;
  const int64_t n = args[0].as_int();
  if (n > 0 && static_cast<int64_t>(items.size()) > (int64_t{1} << 28) / n) {
    return vm.Raise(Types().overflow_error, "repeated tuple is too long");
  }
  auto* out = new TupleObject(SizeType());
  Value r = Value::Adopt(out);
  for (int64_t k = 0; k < n; ++k) {
    out->items.insert(out->items.end(), items.begin(), items.end());
  }
  return r;
}
constexpr MethodDef kSizeMethods[] = {{"__new__", SizeNew, MethodDef::kStatic},
                                      {"__repr__", SizeRepr},
                                      {"__str__", SizeRepr},
                                      {"__getitem__", SizeGetItem},
                                      {"__add__", SizeAdd},
                                      {"__radd__", SizeRAdd},
                                      {"__mul__", SizeMul},
                                      {"__rmul__", SizeMul},
                                      {"numel", SizeNumel}};

// --- torch.device ------------------------------------------------------------

Value DeviceNew(VM& vm, const Value&, const ArgsView& all) {
  ArgsView args(all.data + 1, all.nargs - 1, all.kwnames);
  static constexpr const char* kNames[] = {"type", "index"};
  Value a[2];
  if (!ParseArgs(vm, args, "device", kNames, 1, a)) return {};
  if (IsInstance(a[0], DeviceType())) return a[0];
  const std::string* s = StrValue(a[0]);
  if (s == nullptr) {
    return RaiseTypeError(vm, absl::StrFormat("device() received an invalid combination of "
                                              "arguments - got (%s)",
                                              TypeName(a[0])));
  }
  absl::StatusOr<tensor::Device> d = tensor::ParseDevice(*s);
  if (!d.ok()) return RaiseStatus(vm, d.status());
  if (!a[1].is_null() && !a[1].is_none()) {
    int64_t idx;
    if (!ToInt(vm, a[1], &idx)) return {};
    d->index = static_cast<int>(idx);
  }
  return DeviceValue(*d);
}
Value DeviceRepr(VM&, const Value& self, const ArgsView&) {
  const tensor::Device& d = Cast<DeviceObject>(self)->device;
  std::string_view type = d.TypeName();
  if (d.index < 0) return NewStr(absl::StrFormat("device(type='%s')", type));
  return NewStr(absl::StrFormat("device(type='%s', index=%d)", type, d.index));
}
Value DeviceStr(VM&, const Value& self, const ArgsView&) {
  return NewStr(Cast<DeviceObject>(self)->device.ToString());
}
Value DeviceEq(VM&, const Value& self, const ArgsView& args) {
  if (!IsInstance(args[0], DeviceType())) return NotImplementedValue();
  return Value::Bool(Cast<DeviceObject>(self)->device == Cast<DeviceObject>(args[0])->device);
}
Value DeviceHash(VM&, const Value& self, const ArgsView&) {
  const tensor::Device& d = Cast<DeviceObject>(self)->device;
  return Value::Int(static_cast<int64_t>(d.type) * 1000 + d.index);
}
Value DeviceEnter(VM&, const Value& self, const ArgsView&) { return self; }
Value DeviceExit(VM&, const Value&, const ArgsView&) { return Value::Bool(false); }
Value DeviceTypeGet(VM&, const Value& self) {
  return NewStr(std::string(Cast<DeviceObject>(self)->device.TypeName()));
}
Value DeviceIndexGet(VM&, const Value& self) {
  int i = Cast<DeviceObject>(self)->device.index;
  return i < 0 ? Value::None() : Value::Int(i);
}
constexpr MethodDef kDeviceMethods[] = {{"__new__", DeviceNew, MethodDef::kStatic},
                                        {"__repr__", DeviceRepr},
                                        {"__str__", DeviceStr},
                                        {"__eq__", DeviceEq},
                                        {"__hash__", DeviceHash},
                                        {"__enter__", DeviceEnter},
                                        {"__exit__", DeviceExit}};
constexpr GetSetDef kDeviceGetSets[] = {{"type", DeviceTypeGet}, {"index", DeviceIndexGet}};

// --- torch.Generator (what manual_seed returns) ------------------------------

Value GeneratorSeed(VM&, const Value&, const ArgsView&) {
  return Value::Int(static_cast<int64_t>(tensor::DefaultGenerator().seed()));
}
Value GeneratorRepr(VM&, const Value& self, const ArgsView&) {
  return NewStr(absl::StrFormat("<torch._C.Generator object at 0x%x>",
                                reinterpret_cast<uintptr_t>(self.as_object())));
}
constexpr MethodDef kGeneratorMethods[] = {{"initial_seed", GeneratorSeed},
                                           {"__repr__", GeneratorRepr}};

// --- torch.return_types.* ----------------------------------------------------

Value ReturnValues(VM&, const Value& self) { return Cast<TupleObject>(self)->items[0]; }
Value ReturnIndices(VM&, const Value& self) { return Cast<TupleObject>(self)->items[1]; }
Value ReturnRepr(VM& vm, const Value& self, const ArgsView&) {
  std::string v, i;
  auto* t = Cast<TupleObject>(self);
  if (!vm.ReprString(t->items[0], &v) || !vm.ReprString(t->items[1], &i)) return {};
  return NewStr(
      absl::StrFormat("torch.return_types.%s(\nvalues=%s,\nindices=%s)", self.type()->name, v, i));
}
constexpr MethodDef kReturnMethods[] = {{"__repr__", ReturnRepr}};
constexpr GetSetDef kReturnGetSets[] = {{"values", ReturnValues}, {"indices", ReturnIndices}};

// --- Tensor ------------------------------------------------------------------

Object* AllocTensor(Type* cls) { return new TensorObject(cls); }

std::string Basename(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

Type* DTypeType() {
  static Type* t = [] {
    TypeSpec spec;
    spec.name = "dtype";
    spec.module = "torch";
    spec.methods = kDTypeMethods;
    spec.getsets = kDTypeGetSets;
    return NewNativeType(spec);
  }();
  return t;
}

Type* SizeType() {
  static Type* t = [] {
    TypeSpec spec;
    spec.name = "Size";
    spec.module = "torch";
    spec.base = Types().tuple;
    spec.methods = kSizeMethods;
    spec.alloc = [](Type* cls) -> Object* { return new TupleObject(cls); };
    return NewNativeType(spec);
  }();
  return t;
}

Type* DeviceType() {
  static Type* t = [] {
    TypeSpec spec;
    spec.name = "device";
    spec.module = "torch";
    spec.methods = kDeviceMethods;
    spec.getsets = kDeviceGetSets;
    return NewNativeType(spec);
  }();
  return t;
}

Type* GeneratorType() {
  static Type* t = [] {
    TypeSpec spec;
    spec.name = "Generator";
    spec.module = "torch";
    spec.methods = kGeneratorMethods;
    spec.alloc = [](Type* cls) -> Object* { return new Object(cls); };
    return NewNativeType(spec);
  }();
  return t;
}

Type* ReturnTypesType(std::string_view name) {
  static std::map<std::string, Type*, std::less<>>* types =
      new std::map<std::string, Type*, std::less<>>;
  auto it = types->find(name);
  if (it != types->end()) return it->second;
  static std::vector<std::string>* names = new std::vector<std::string>;
  names->emplace_back(name);
  TypeSpec spec;
  spec.name = names->back().c_str();
  spec.module = "torch.return_types";
  spec.base = Types().tuple;
  spec.methods = kReturnMethods;
  spec.getsets = kReturnGetSets;
  spec.alloc = [](Type* cls) -> Object* { return new TupleObject(cls); };
  Type* t = NewNativeType(spec);
  (*types)[std::string(name)] = t;
  return t;
}

Type* TensorType() {
  static Type* t = [] {
    TypeSpec spec;
    spec.name = "Tensor";
    spec.module = "torch";
    spec.alloc = AllocTensor;
    spec.flags = Type::kBaseType | Type::kInstanceDict;
    Type* type = NewNativeType(spec);
    AddTensorMethods(type);
    AddTensorOperators(type);
    AddTensorIndexing(type);
    AddTensorReductions(type);
    AddTensorShapeMethods(type);
    AddGradTracking(type);
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

Value DTypeValue(DType d) {
  static std::array<Value, tensor::kNumDTypes>* values = [] {
    auto* v = new std::array<Value, tensor::kNumDTypes>;
    for (int i = 0; i < tensor::kNumDTypes; ++i) {
      (*v)[i] = NewObject<DTypeObject>(DTypeType(), static_cast<DType>(i));
      (*v)[i].as_object()->refcnt = kImmortalRefcount;
    }
    return v;
  }();
  return (*values)[static_cast<int>(d)];
}

Value DeviceValue(tensor::Device d) { return NewObject<DeviceObject>(DeviceType(), d); }

Value SizeValue(tensor::IntSpan sizes) {
  auto* t = new TupleObject(SizeType());
  for (int64_t s : sizes) t->items.push_back(Value::Int(s));
  return Value::Adopt(t);
}

Value NewReturnTypes(std::string_view name, Value values, Value indices) {
  auto* t = new TupleObject(ReturnTypesType(name));
  t->items.push_back(std::move(values));
  t->items.push_back(std::move(indices));
  return Value::Adopt(t);
}

Value RaiseStatus(VM& vm, const absl::Status& status) {
  std::string msg(status.message());
  if (status.code() == absl::StatusCode::kNotFound) return RaiseNotImplementedError(vm, msg);
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

}  // namespace

absl::StatusOr<std::vector<tensor::Tensor>> RunKernel(const graph_ir::OpDef& op,
                                                      std::vector<kernels::KernelArg> args) {
  if (OpTracer* tracer = ActiveOpTracer()) [[unlikely]] {
    return TraceOp(*tracer, op, args);
  }
  // kernels::Call does not route composite ops yet (COMPOSITE.md).
  if (op.category == graph_ir::OpCategory::kComposite) return kernels::RunComposite(op, args);
  return kernels::Call(op, std::move(args));
}

absl::StatusOr<std::vector<tensor::Tensor>> RunKernel(const graph_ir::OpDef& op,
                                                      std::span<const kernels::KernelArg> args) {
  // While tracing, the tracer runs every op: one load and one branch here.
  if (OpTracer* tracer = ActiveOpTracer()) [[unlikely]] {
    return TraceOp(*tracer, op, args);
  }
  if (op.category == graph_ir::OpCategory::kComposite) return kernels::RunComposite(op, args);
  return kernels::Call(op, args);
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

bool ToTensorArg(VM& vm, const Value& v, std::string_view fname, std::string_view arg,
                 tensor::Tensor* out) {
  if (IsTensor(v)) {
    *out = TensorOf(v);
    return true;
  }
  RaiseTypeError(
      vm, absl::StrFormat("%s(): argument '%s' must be Tensor, not %s", fname, arg, TypeName(v)));
  return false;
}

bool ToScalarArg(VM& vm, const Value& v, std::string_view fname, std::string_view arg,
                 tensor::Scalar* out) {
  if (IsNumber(v)) {
    *out = NumberToScalar(v);
    return true;
  }
  if (IsTensor(v) && TensorOf(v).numel() == 1) {
    if (!CheckHasData(vm, TensorOf(v))) return false;
    *out = TensorOf(v).Item();
    return true;
  }
  RaiseTypeError(
      vm, absl::StrFormat("%s(): argument '%s' must be Number, not %s", fname, arg, TypeName(v)));
  return false;
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
  RaiseTypeError(vm, absl::StrFormat("%s(): argument '%s' must be tuple of ints, not %s", fname,
                                     arg, TypeName(v)));
  return false;
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

bool GradEnabled() { return g_grad_enabled; }
void SetGradEnabled(bool enabled) { g_grad_enabled = enabled; }

Type* ParameterType() {
  static Type* t = [] {
    TypeSpec spec;
    spec.name = "Parameter";
    spec.module = "torch.nn.parameter";
    spec.base = TensorType();
    spec.flags = Type::kBaseType | Type::kInstanceDict;
    return NewNativeType(spec);
  }();
  return t;
}

}  // namespace tc::script
