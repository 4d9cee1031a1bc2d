// types.GenericAlias: what `list[int]` makes (PEP 585), as CPython 3.11's
// Objects/genericaliasobject.c: __origin__/__args__/__parameters__, the
// repr (`list[int]`, `dict[str, typing.Any]`, `tuple[()]`), equality and
// hash, calling (makes an instance of the origin), __mro_entries__ (so
// `class C(list[int])` subclasses list), type-variable substitution
// (`list[T][int]`), and TypeError from isinstance/issubclass. Subclassable
// (collections.abc's _CallableGenericAlias). The builtin containers and
// `type` get the __class_getitem__ that makes one.
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "vm_internal.h"
#include "vm_ops_util.h"

namespace tc::script {

namespace {

struct GenericAliasObject : Object {
  explicit GenericAliasObject(Type* t) : Object(t) {}
  Value origin;
  Value args;        // a tuple
  Value parameters;  // a tuple, computed on first use
};
GenericAliasObject* Ga(const Value& v) { return Cast<GenericAliasObject>(v); }

const std::vector<Value>& Items(const Value& tuple) { return Cast<TupleObject>(tuple)->items; }

bool Contains(const std::vector<Value>& items, const Value& v) {
  for (const Value& x : items) {
    if (x.is_object() && v.is_object() && x.as_object() == v.as_object()) return true;
  }
  return false;
}

// _PyObject_LookupAttr: the attribute, or null when it is missing (an
// AttributeError, an alias's forwarding to its origin included, is
// cleared); null with the exception set on another error.
Value Lookup(VM& vm, const Value& v, StrObject* name) {
  Value out = vm.GetAttrOrNull(v, name);
  if (out.is_null() && vm.HasException() && vm.ExceptionMatches(Types().attribute_error)) {
    vm.ClearException();
  }
  return out;
}

// _Py_make_parameters: the type variables among the args (objects with
// __typing_subst__), and those of args that have __parameters__ of their
// own, each once, in order.
bool MakeParameters(VM& vm, const Value& args, Value* out) {
  static StrObject* const kSubst = Intern("__typing_subst__");
  static StrObject* const kParams = Intern("__parameters__");
  std::vector<Value> params;
  for (const Value& a : Items(args)) {
    if (IsInstance(a, Types().type)) continue;
    Value subst = Lookup(vm, a, kSubst);
    if (vm.HasException()) return false;
    if (!subst.is_null()) {
      if (!Contains(params, a)) params.push_back(a);
      continue;
    }
    Value sub = Lookup(vm, a, kParams);
    if (vm.HasException()) return false;
    if (sub.is_null() || !IsInstance(sub, Types().tuple)) continue;
    for (const Value& p : Items(sub)) {
      if (!Contains(params, p)) params.push_back(p);
    }
  }
  *out = NewTuple(std::move(params));
  return true;
}

const Value* Parameters(VM& vm, GenericAliasObject* g) {
  if (g->parameters.is_null() && !MakeParameters(vm, g->args, &g->parameters)) return nullptr;
  return &g->parameters;
}

Value ArgsTuple(const Value& args) {
  return IsInstance(args, Types().tuple) ? args : NewTuple({args});
}

Value NewAlias(Type* cls, Value origin, Value args) {
  auto* g = new GenericAliasObject(cls);
  g->origin = std::move(origin);
  g->args = ArgsTuple(args);
  return Value::Adopt(g);
}

// ga_repr_item: `...`, an alias's own repr, `module.qualname` for classes
// (just the qualname for builtins), else repr().
bool ReprItem(VM& vm, const Value& v, std::string* out) {
  if (v.is_object() && v.as_object() == EllipsisValue().as_object()) {
    *out += "...";
    return true;
  }
  static StrObject* const kOrigin = Intern("__origin__");
  static StrObject* const kArgs = Intern("__args__");
  static StrObject* const kQualname = Intern("__qualname__");
  static StrObject* const kModule = Intern("__module__");
  std::string text;
  Value origin = Lookup(vm, v, kOrigin);
  if (vm.HasException()) return false;
  Value args = origin.is_null() ? Value() : Lookup(vm, v, kArgs);
  if (vm.HasException()) return false;
  if (!origin.is_null() && !args.is_null()) {
    if (!vm.ReprString(v, &text)) return false;
    *out += text;
    return true;
  }
  Value qualname = Lookup(vm, v, kQualname);
  Value module = qualname.is_null() ? Value() : Lookup(vm, v, kModule);
  if (vm.HasException()) return false;
  const std::string* q = StrValue(qualname);
  if (q == nullptr || module.is_null()) {
    if (!vm.ReprString(v, &text)) return false;
    *out += text;
    return true;
  }
  const std::string* m = StrValue(module);
  if (m != nullptr && *m == "builtins") {
    *out += *q;
  } else {
    std::string mod;
    if (!vm.StrString(module, &mod)) return false;
    absl::StrAppend(out, mod, ".", *q);
  }
  return true;
}

Value GaRepr(VM& vm, const Value& self, const ArgsView&) {
  GenericAliasObject* g = Ga(self);
  std::string s;
  if (!ReprItem(vm, g->origin, &s)) return {};
  s += "[";
  const std::vector<Value>& args = Items(g->args);
  if (args.empty()) s += "()";
  for (size_t i = 0; i < args.size(); ++i) {
    if (i > 0) s += ", ";
    if (ops::IsType(args[i], Types().list)) {
      // Callable's argument list: [int, str].
      s += "[";
      const std::vector<Value>& items = Cast<ListObject>(args[i])->items;
      for (size_t j = 0; j < items.size(); ++j) {
        if (j > 0) s += ", ";
        if (!ReprItem(vm, items[j], &s)) return {};
      }
      s += "]";
    } else if (!ReprItem(vm, args[i], &s)) {
      return {};
    }
  }
  return NewStr(s + "]");
}

// GenericAlias.__new__(cls, origin, args): a static method, so a
// subclass's `super().__new__(cls, origin, args)` passes its class.
Value GaNew(VM& vm, const Value&, const ArgsView& args) {
  if (args.nkw() > 0) return RaiseTypeError(vm, "GenericAlias() takes no keyword arguments");
  if (args.nargs < 1 || !IsSubtype(args[0].type(), Types().type) ||
      !IsSubtype(Cast<Type>(args[0]), GenericAliasType())) {
    return RaiseTypeError(vm, "GenericAlias.__new__(X): X is not a subtype of GenericAlias");
  }
  if (args.nargs != 3) {
    return RaiseTypeError(
        vm, absl::StrFormat("GenericAlias expected 2 arguments, got %d", args.nargs - 1));
  }
  return NewAlias(Cast<Type>(args[0]), args[1], args[2]);
}

Value GaOrigin(VM&, const Value& self) { return Ga(self)->origin; }
Value GaArgs(VM&, const Value& self) { return Ga(self)->args; }
Value GaParameters(VM& vm, const Value& self) {
  const Value* p = Parameters(vm, Ga(self));
  return p == nullptr ? Value() : *p;
}
Value GaUnpacked(VM&, const Value&) { return Value::Bool(false); }

// Equal when both are aliases with equal origins and args.
Value GaEq(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__eq__", 1, 1)) return {};
  if (!IsInstance(args[0], GenericAliasType())) return NotImplementedValue();
  GenericAliasObject *a = Ga(self), *b = Ga(args[0]);
  int eq = vm.Equal(a->origin, b->origin);
  if (eq == 1) eq = vm.Equal(a->args, b->args);
  return eq < 0 ? Value() : Value::Bool(eq == 1);
}
Value GaNe(VM& vm, const Value& self, const ArgsView& args) {
  Value eq = GaEq(vm, self, args);
  if (eq.is_null() || !eq.is_bool()) return eq;
  return Value::Bool(!eq.as_bool());
}
Value GaHash(VM& vm, const Value& self, const ArgsView&) {
  int64_t h0, h1;
  if (!vm.Hash(Ga(self)->origin, &h0) || !vm.Hash(Ga(self)->args, &h1)) return {};
  int64_t h = h0 ^ h1;
  return Value::Int(h == -1 ? -2 : h);
}

// Calls the origin, then records the alias on the instance as
// __orig_class__ where the instance takes attributes.
Value GaCall(VM& vm, const Value& self, const ArgsView& args) {
  Value obj = vm.Call(Ga(self)->origin, args);
  if (obj.is_null()) return obj;
  if (!vm.SetAttr(obj, "__orig_class__", self)) {
    if (!vm.ExceptionMatches(Types().attribute_error) && !vm.ExceptionMatches(Types().type_error)) {
      return {};
    }
    vm.ClearException();
  }
  return obj;
}

Value GaMroEntries(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__mro_entries__", 1, 1)) return {};
  return NewTuple({Ga(self)->origin});
}

Value GaInstanceCheck(VM& vm, const Value&, const ArgsView&) {
  return RaiseTypeError(vm, "isinstance() argument 2 cannot be a parameterized generic");
}
Value GaSubclassCheck(VM& vm, const Value&, const ArgsView&) {
  return RaiseTypeError(vm, "issubclass() argument 2 cannot be a parameterized generic");
}

int IndexOf(const std::vector<Value>& items, const Value& v) {
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].is_object() && v.is_object() && items[i].as_object() == v.as_object()) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

// subs_tvars: `arg[...]` with arg's own parameters replaced by their
// values, for an arg that is itself generic (`list[T]` inside `dict[str,
// list[T]]`).
Value SubstituteIn(VM& vm, const Value& arg, const std::vector<Value>& params,
                   const std::vector<Value>& values) {
  static StrObject* const kParams = Intern("__parameters__");
  Value sub = Lookup(vm, arg, kParams);
  if (vm.HasException()) return {};
  if (sub.is_null() || !IsInstance(sub, Types().tuple) || Items(sub).empty()) return arg;
  std::vector<Value> subargs;
  for (const Value& p : Items(sub)) {
    int i = IndexOf(params, p);
    subargs.push_back(i < 0 ? p : values[i]);
  }
  Value key = subargs.size() == 1 ? subargs[0] : NewTuple(std::move(subargs));
  return vm.GetItem(arg, key);
}

// alias[values]: each type variable among the args replaced by its value
// (through the variable's __typing_subst__, which checks it).
Value GaGetItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__getitem__", 1, 1)) return {};
  GenericAliasObject* g = Ga(self);
  const Value* pv = Parameters(vm, g);
  if (pv == nullptr) return {};
  const std::vector<Value>& params = Items(*pv);
  if (params.empty()) {
    std::string r;
    if (!vm.ReprString(self, &r)) return {};
    return RaiseTypeError(vm, absl::StrCat(r, " is not a generic class"));
  }
  std::vector<Value> values =
      IsInstance(args[0], Types().tuple) ? Items(args[0]) : std::vector<Value>{args[0]};
  if (values.size() != params.size()) {
    std::string r;
    if (!vm.ReprString(self, &r)) return {};
    return RaiseTypeError(vm, absl::StrFormat("Too %s arguments for %s; actual %d, expected %d",
                                              values.size() > params.size() ? "many" : "few", r,
                                              values.size(), params.size()));
  }
  static StrObject* const kSubst = Intern("__typing_subst__");
  std::vector<Value> out;
  for (const Value& arg : Items(g->args)) {
    if (IsInstance(arg, Types().type)) {
      out.push_back(arg);
      continue;
    }
    Value subst = Lookup(vm, arg, kSubst);
    if (vm.HasException()) return {};
    Value v = subst.is_null() ? SubstituteIn(vm, arg, params, values)
                              : vm.Call(subst, {values[IndexOf(params, arg)]});
    if (v.is_null()) return {};
    out.push_back(std::move(v));
  }
  return NewAlias(GenericAliasType(), g->origin, NewTuple(std::move(out)));
}

// Attributes the alias does not have of its own come from its origin
// (`list[int].__name__` is 'list'), except those naming the alias itself.
Value GaGetAttr(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__getattr__", 1, 1)) return {};
  const std::string* name = StrValue(args[0]);
  static constexpr const char* kOwn[] = {
      "__class__",       "__origin__",     "__args__",
      "__unpacked__",    "__parameters__", "__typing_unpacked_tuple_args__",
      "__mro_entries__", "__reduce_ex__",  "__reduce__",
      "__copy__",        "__deepcopy__"};
  bool own = name == nullptr;
  for (const char* n : kOwn) own = own || *name == n;
  if (own) {
    return RaiseAttributeError(vm, absl::StrFormat("'%s' object has no attribute '%s'",
                                                   TypeName(self), name ? *name : ""));
  }
  return vm.GetAttr(Ga(self)->origin, *name);
}

Value GaReduce(VM&, const Value& self, const ArgsView&) {
  return NewTuple(
      {Value::Borrow(GenericAliasType()), NewTuple({Ga(self)->origin, Ga(self)->args})});
}

Value GaDir(VM& vm, const Value& self, const ArgsView&) {
  return vm.CallMethod(Ga(self)->origin, "__dir__", {});
}

constexpr MethodDef kGaMethods[] = {
    {"__new__", GaNew, MethodDef::kStatic},
    {"__repr__", GaRepr},
    {"__eq__", GaEq},
    {"__ne__", GaNe},
    {"__hash__", GaHash},
    {"__call__", GaCall},
    {"__getitem__", GaGetItem},
    {"__getattr__", GaGetAttr},
    {"__mro_entries__", GaMroEntries},
    {"__instancecheck__", GaInstanceCheck},
    {"__subclasscheck__", GaSubclassCheck},
    {"__reduce__", GaReduce},
    {"__dir__", GaDir},
};
constexpr GetSetDef kGaGetSets[] = {{"__origin__", GaOrigin},
                                    {"__args__", GaArgs},
                                    {"__parameters__", GaParameters},
                                    {"__unpacked__", GaUnpacked}};

// cls[args], the classmethod __class_getitem__ of the builtin generics.
Value ClassGetItem(VM& vm, const Value& cls, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__class_getitem__", 1, 1)) return {};
  return NewAlias(GenericAliasType(), cls, args[0]);
}
constexpr MethodDef kClassGetItem[] = {{"__class_getitem__", ClassGetItem, MethodDef::kClass}};

}  // namespace

Type* GenericAliasType() {
  static Type* const kType = NewNativeType({.name = "GenericAlias",
                                            .module = "types",
                                            .methods = kGaMethods,
                                            .getsets = kGaGetSets,
                                            .flags = Type::kBaseType});
  return kType;
}

void AddClassGetItem(Type* t) {
  AddMethods(t, kClassGetItem);
  UpdateSlots(t);
}

}  // namespace tc::script
