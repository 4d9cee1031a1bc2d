// The torch module's small value types: torch.dtype, torch.Size,
// torch.device, torch.Generator (what manual_seed returns) and the
// torch.return_types.* tuples; their type objects and value makers.
#include <array>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

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
}  // namespace

Type* DTypeType() {
  static Type* t = NewNativeType(
      {.name = "dtype", .module = "torch", .methods = kDTypeMethods, .getsets = kDTypeGetSets});
  return t;
}

Type* SizeType() {
  static Type* t =
      NewNativeType({.name = "Size",
                     .module = "torch",
                     .base = Types().tuple,
                     .methods = kSizeMethods,
                     .alloc = [](Type* cls) -> Object* { return new TupleObject(cls); }});
  return t;
}

Type* DeviceType() {
  static Type* t = NewNativeType(
      {.name = "device", .module = "torch", .methods = kDeviceMethods, .getsets = kDeviceGetSets});
  return t;
}

Type* ReturnTypesType(std::string_view name) {
  static std::map<std::string, Type*, std::less<>>* types =
      new std::map<std::string, Type*, std::less<>>;
  auto it = types->find(name);
  if (it != types->end()) return it->second;
  static std::vector<std::string>* names = new std::vector<std::string>;
  names->emplace_back(name);
  Type* t = NewNativeType({.name = names->back().c_str(),
                           .module = "torch.return_types",
                           .base = Types().tuple,
                           .methods = kReturnMethods,
                           .getsets = kReturnGetSets,
                           .alloc = [](Type* cls) -> Object* { return new TupleObject(cls); }});
  (*types)[std::string(name)] = t;
  return t;
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

}  // namespace tc::script_torch
