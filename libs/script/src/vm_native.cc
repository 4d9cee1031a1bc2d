// The native-module API (native.h): argument parsing, conversions, value
// construction, native types and functions, and raising helpers.
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "py_method_args.h"
#include "src/obj_bigint.h"
#include "vm_internal.h"

namespace tc::script {

std::string_view ArgsView::kwname(int32_t i) const {
  return static_cast<StrObject*>(kwnames->items[i].as_object())->value;
}

bool CheckArgCount(VM& vm, const ArgsView& args, std::string_view fname, int min, int max) {
  if (args.nkw() > 0) {
    RaiseTypeError(vm, absl::StrFormat("%s() takes no keyword arguments", fname));
    return false;
  }
  int n = args.nargs;
  if (n >= min && n <= max) return true;
  if (min == max) {
    if (min == 0) {
      RaiseTypeError(vm, absl::StrFormat("%s() takes no arguments (%d given)", fname, n));
    } else if (min == 1) {
      RaiseTypeError(vm, absl::StrFormat("%s() takes exactly one argument (%d given)", fname, n));
    } else {
      RaiseTypeError(vm, absl::StrFormat("%s expected %d arguments, got %d", fname, min, n));
    }
  } else if (n < min) {
    RaiseTypeError(vm, absl::StrFormat("%s expected at least %d argument%s, got %d", fname, min,
                                       min == 1 ? "" : "s", n));
  } else {
    RaiseTypeError(vm, absl::StrFormat("%s expected at most %d argument%s, got %d", fname, max,
                                       max == 1 ? "" : "s", n));
  }
  return false;
}

bool ParseArgs(VM& vm, const ArgsView& args, std::string_view fname,
               std::span<const char* const> names, int required, Value* out, int max_positional) {
  int n = static_cast<int>(names.size());
  int maxpos = max_positional < 0 ? n : max_positional;
  if (args.nargs > maxpos) {
    RaiseTypeError(vm, absl::StrFormat("%s() takes at most %d %sargument%s (%d given)", fname,
                                       maxpos, max_positional >= 0 ? "positional " : "",
                                       maxpos == 1 ? "" : "s", args.nargs));
    return false;
  }
  auto duplicate = [](std::string_view fname, std::string_view kw, int slot) {
    return absl::StrFormat("argument for %s() given by name ('%s') and position (%d)", fname, kw,
                           slot + 1);
  };
  if (!BindArgSlots(vm, args, fname, names, out, duplicate)) return false;
  for (int i = 0; i < required; ++i) {
    if (out[i].is_null()) {
      RaiseTypeError(vm, absl::StrFormat("%s() missing required argument '%s' (pos %d)", fname,
                                         names[i], i + 1));
      return false;
    }
  }
  return true;
}

namespace {

// What v's special method in `slot` (__index__, __float__) returns; null
// when v has none (*raised false) or when it raised (*raised true).
Value CallConversion(VM& vm, const Value& v, Slot slot, bool* raised) {
  *raised = false;
  if (!v.is_object()) return Value();
  const Value& method = v.type()->slot(slot);
  if (method.is_null()) return Value();
  Value r = vm.CallWithSelf(method, v, ArgsView());
  *raised = r.is_null();
  return r;
}

}  // namespace

bool ToInt(VM& vm, const Value& v, int64_t* out) {
  if (v.is_int() || v.is_bool()) {
    *out = v.as_int();
    return true;
  }
  if (IsBigInt(v)) {
    RaiseOverflowError(vm, "Python int too large to convert to C ssize_t");
    return false;
  }
  bool raised = false;
  Value r = CallConversion(vm, v, Slot::kIndex, &raised);
  if (r.is_int() || r.is_bool()) {
    *out = r.as_int();
    return true;
  }
  if (IsBigInt(r)) {
    RaiseOverflowError(vm, "Python int too large to convert to C ssize_t");
    return false;
  }
  if (!raised) {
    RaiseTypeError(vm,
                   absl::StrFormat("'%s' object cannot be interpreted as an integer", TypeName(v)));
  }
  return false;
}

bool ToFloat(VM& vm, const Value& v, double* out) {
  if (v.is_float() || v.is_int() || v.is_bool()) {
    *out = v.is_float() ? v.as_float() : static_cast<double>(v.as_int());
    return true;
  }
  if (IsBigInt(v)) return IntToDouble(vm, v, out);
  bool raised = false;
  if (Value r = CallConversion(vm, v, Slot::kFloat, &raised); r.is_float()) {
    *out = r.as_float();
    return true;
  }
  if (!raised) RaiseTypeError(vm, absl::StrFormat("must be real number, not %s", TypeName(v)));
  return false;
}

int Truthy(VM& vm, const Value& v) { return vm.Truthy(v); }

const std::string* StrValue(const Value& v) {
  if (!v.is_object() || !IsSubtype(v.as_object()->type, Types().str)) return nullptr;
  return &static_cast<StrObject*>(v.as_object())->value;
}

Value NewStr(std::string s) { return Value::Adopt(new StrObject(Types().str, std::move(s))); }

Value NewTuple(std::vector<Value> items) {
  auto* t = new TupleObject(Types().tuple);
  t->items = std::move(items);
  return Value::Adopt(t);
}

Value NewList(std::vector<Value> items) {
  auto* l = new ListObject(Types().list);
  l->items = std::move(items);
  return Value::Adopt(l);
}

Type* NewNativeType(const TypeSpec& spec) {
  const BuiltinTypes& bt = Types();
  Type* base = spec.base != nullptr ? spec.base : bt.object;
  Type* t = NewBuiltinType(spec.name, base, spec.flags, spec.alloc);
  t->type = bt.type;
  t->module = spec.module != nullptr ? spec.module : "builtins";
  if (base->has_flag(Type::kExceptionType)) t->flags |= Type::kExceptionType;
  if (base->has_flag(Type::kInstanceDict)) t->flags |= Type::kInstanceDict;
  t->dict = static_cast<DictObject*>(NewDict().Release());
  AddMethods(t, spec.methods);
  AddGetSets(t, spec.getsets);
  DictSetStr(t->dict, "__module__", NewStr(t->module));
  UpdateSlots(t);
  return t;
}

void TypeSet(Type* t, std::string_view name, Value v) {
  DictSetStr(t->dict, name, std::move(v));
  UpdateSlots(t);
}

Value NewNativeFunction(std::string name, NativeFn fn, Value self, std::string qualname) {
  auto* f = new NativeFunctionObject(Types().native_function);
  f->qualname = qualname.empty() ? name : std::move(qualname);
  f->name = std::move(name);
  f->fn = fn;
  f->self = std::move(self);
  return Value::Adopt(f);
}

namespace {
// fn of a data function: only reached by code calling nf->fn directly
// instead of CallNative.
Value DataFnMisuse(VM& vm, const Value&, const ArgsView&) {
  return RaiseRuntimeError(vm, "native data function called without its data");
}
}  // namespace

Value NewNativeDataMethod(Type* owner, std::string name, NativeDataFn fn, Value data,
                          std::string qualname) {
  auto* f = new NativeFunctionObject(Types().native_function);
  if (qualname.empty()) qualname = owner != nullptr ? absl::StrCat(owner->name, ".", name) : name;
  f->qualname = std::move(qualname);
  f->name = std::move(name);
  f->fn = DataFnMisuse;
  f->data_fn = fn;
  f->data = std::move(data);
  if (owner != nullptr) {
    f->is_method = true;
    f->owner = owner;
  } else {
    f->self = Value::None();
  }
  return Value::Adopt(f);
}

void ModuleSet(ModuleObject* m, std::string_view name, Value v) {
  if (m->dict == nullptr) m->dict = static_cast<DictObject*>(NewDict().Release());
  DictSetStr(m->dict, name, std::move(v));
}

void AddFunctions(ModuleObject* m, std::span<const MethodDef> fns) {
  for (const MethodDef& d : fns) {
    ModuleSet(
        m, d.name,
        NewNativeFunction(d.name, d.fn, Value::Borrow(m), absl::StrCat(m->name, ".", d.name)));
  }
}

void AddType(ModuleObject* m, Type* t) { ModuleSet(m, t->name, Value::Borrow(t)); }

Value Raise(VM& vm, Type* type, std::string message) { return vm.Raise(type, std::move(message)); }
Value RaiseTypeError(VM& vm, std::string m) { return vm.Raise(Types().type_error, std::move(m)); }
Value RaiseValueError(VM& vm, std::string m) { return vm.Raise(Types().value_error, std::move(m)); }
Value RaiseRuntimeError(VM& vm, std::string m) {
  return vm.Raise(Types().runtime_error, std::move(m));
}
Value MarkUnsupportedAttribute(VM& vm) {
  const Value& e = vm.exception();
  if (e.is_object() && IsInstance(e, Types().base_exception)) {
    static_cast<ExceptionObject*>(e.as_object())->unsupported_attribute = true;
  }
  return Value();
}
Value RaiseNotImplementedError(VM& vm, std::string m) {
  return vm.Raise(Types().not_implemented_error, std::move(m));
}
Value RaiseIndexError(VM& vm, std::string m) { return vm.Raise(Types().index_error, std::move(m)); }
Value RaiseAttributeError(VM& vm, std::string m) {
  return vm.Raise(Types().attribute_error, std::move(m));
}
Value RaiseZeroDivisionError(VM& vm, std::string m) {
  return vm.Raise(Types().zero_division_error, std::move(m));
}
Value RaiseOverflowError(VM& vm, std::string m) {
  return vm.Raise(Types().overflow_error, std::move(m));
}
Value RaiseKeyError(VM& vm, Value key) {
  vm.SetException(NewExceptionArgs(Types().key_error, NewTuple({std::move(key)})));
  return Value();
}

std::string_view TypeName(const Value& v) { return v.type()->name; }

}  // namespace tc::script
