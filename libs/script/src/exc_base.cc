// BaseException's own methods and attributes (args, __cause__,
// __context__, __traceback__, __suppress_context__, with_traceback, repr):
// what every exception type inherits.
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "obj_traceback.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

Value ExcInit(VM&, const Value& self, const ArgsView& args) {
  std::vector<Value> v(args.data, args.data + args.nargs);
  Cast<ExceptionObject>(self)->args = NewTuple(std::move(v));
  return Value::None();
}
Value ExcRepr(VM& vm, const Value& self, const ArgsView&) {
  auto* e = Cast<ExceptionObject>(self);
  std::string r;
  const auto& items = static_cast<TupleObject*>(e->args.as_object())->items;
  if (items.size() == 1) {
    std::string a;
    if (!vm.ReprString(items[0], &a)) return {};
    r = absl::StrCat("(", a, ")");
  } else if (!vm.ReprString(e->args, &r)) {
    return {};
  }
  return NewStr(absl::StrCat(self.type()->name, r));
}
Value ExcArgs(VM&, const Value& self) {
  const Value& a = Cast<ExceptionObject>(self)->args;
  return a.is_null() ? NewTuple({}) : a;
}
bool ExcSetArgs(VM& vm, const Value& self, const Value& v) {
  std::vector<Value> items;
  if (!vm.Extend(&items, v)) return false;
  Cast<ExceptionObject>(self)->args = NewTuple(std::move(items));
  return true;
}
Value ExcCause(VM&, const Value& self) {
  const Value& c = Cast<ExceptionObject>(self)->cause;
  return c.is_null() ? Value::None() : c;
}
bool ExcSetCause(VM&, const Value& self, const Value& v) {
  auto* e = Cast<ExceptionObject>(self);
  e->cause = v.is_none() ? Value() : v;
  e->suppress_context = true;
  return true;
}
Value ExcContext(VM&, const Value& self) {
  const Value& c = Cast<ExceptionObject>(self)->context;
  return c.is_null() ? Value::None() : c;
}
bool ExcSetContext(VM&, const Value& self, const Value& v) {
  Cast<ExceptionObject>(self)->context = v.is_none() ? Value() : v;
  return true;
}
Value ExcTraceback(VM& vm, const Value& self) {
  return ExceptionTraceback(vm, Cast<ExceptionObject>(self));
}
Value ExcSuppressContext(VM&, const Value& self) {
  return Value::Bool(Cast<ExceptionObject>(self)->suppress_context);
}
bool ExcSetSuppressContext(VM& vm, const Value& self, const Value& v) {
  if (!v.is_bool()) {
    RaiseTypeError(vm, "attribute value type must be bool");
    return false;
  }
  Cast<ExceptionObject>(self)->suppress_context = v.as_bool();
  return true;
}
bool ExcSetTraceback(VM& vm, const Value& self, const Value& v) {
  return SetExceptionTraceback(vm, Cast<ExceptionObject>(self), v);
}
Value ExcWithTraceback(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "with_traceback", 1, 1)) return {};
  if (!ExcSetTraceback(vm, self, args[0])) return {};
  return self;
}
constexpr MethodDef kExcMethods[] = {
    {"__init__", ExcInit}, {"__repr__", ExcRepr}, {"with_traceback", ExcWithTraceback}};
constexpr GetSetDef kExcGetSets[] = {
    {"args", ExcArgs, ExcSetArgs},
    {"__cause__", ExcCause, ExcSetCause},
    {"__context__", ExcContext, ExcSetContext},
    {"__traceback__", ExcTraceback, ExcSetTraceback},
    {"__suppress_context__", ExcSuppressContext, ExcSetSuppressContext}};

}  // namespace

std::span<const MethodDef> BaseExceptionMethods() { return kExcMethods; }
std::span<const GetSetDef> BaseExceptionGetSets() { return kExcGetSets; }

}  // namespace tc::script
