// object.__reduce_ex__, __reduce__ and __getstate__ as CPython 3.11's
// Objects/typeobject.c writes them: what copy.copy / copy.deepcopy (and
// pickle) call on an instance without its own copier. Protocol 2 and up
// give (copyreg.__newobj__, (cls, *newargs), state, listitems, dictitems);
// lower protocols go to copyreg._reduce_ex, as in CPython. An object whose
// first builtin base keeps C state other than list and dict items (a
// generator, a file) cannot be reduced: "cannot pickle 'X' object";
// set, frozenset and bytearray reduce to their contents, as CPython's;
// builtin functions to their names.
#include "absl/strings/str_format.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

Value Copyreg(VM& vm, const char* name) {
  Value m = vm.Import("copyreg");
  return m.is_null() ? m : vm.GetAttr(m, name);
}

// The first class in the MRO that a class statement did not make.
Type* SolidBase(Type* t) {
  for (Type* m : t->mro) {
    if (!m->has_flag(Type::kHeapType)) return m;
  }
  return Types().object;
}

// The default __getstate__: the instance dict (None when empty), with the
// values of set __slots__ as (dict, slots) when there are any.
Value DefaultGetState(VM& vm, const Value& self, bool required) {
  Type* solid = SolidBase(self.type());
  const BuiltinTypes& T = Types();
  if (required && solid != T.object && solid != T.list && solid != T.dict) {
    return RaiseTypeError(vm, absl::StrFormat("cannot pickle '%s' object", TypeName(self)));
  }
  Value state = Value::None();
  // Slot values live in the instance dict too (vm_class.cc); a class
  // without __dict__ has only those, read below by name.
  DictObject* d = self.is_object() ? self.as_object()->dict : nullptr;
  if (d != nullptr && d->used > 0 && self.type()->has_flag(Type::kInstanceDict)) {
    state = Value::Borrow(d);
  }
  Value slotnames_fn = Copyreg(vm, "_slotnames");
  if (slotnames_fn.is_null()) return {};
  Value names = vm.Call(slotnames_fn, {Value::Borrow(self.type())});
  if (names.is_null()) return {};
  const std::vector<Value>* items = TupleOrListItems(names);
  if (items == nullptr || items->empty()) return state;
  Value slots = NewDict();
  for (const Value& n : *items) {
    const std::string* s = StrValue(n);
    if (s == nullptr) continue;
    Value v = vm.GetAttrOrNull(self, Intern(*s));
    if (v.is_null()) {
      if (vm.HasException()) {
        if (!vm.ExceptionMatches(T.attribute_error)) return {};
        vm.ClearException();
      }
      continue;
    }
    if (!DictSet(vm, DictTable(slots), n, v)) return {};
  }
  if (DictTable(slots)->used == 0) return state;
  return NewTuple({state, slots});
}

Value GetState(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__getstate__", 0, 0)) return {};
  return DefaultGetState(vm, self, false);
}

// Whether `t`'s attribute `name` is object's own (not overridden).
bool IsObjects(Type* t, const char* name) {
  const Value* mine = LookupInMro(t, Intern(name));
  const Value* base = DictGetStr(Types().object->dict, name);
  return mine != nullptr && base != nullptr && mine->raw() == base->raw();
}

Value ReduceNewObj(VM& vm, const Value& self) {
  Value cls = Value::Borrow(self.type());
  std::vector<Value> newargs = {cls};
  bool has_args = false;
  Value getnewargs = vm.GetAttrOrNull(self, Intern("__getnewargs_ex__"));
  if (!getnewargs.is_null()) {
    return RaiseNotImplementedError(vm, "__getnewargs_ex__ is not supported by tc's copy");
  }
  if (vm.HasException()) return {};
  getnewargs = vm.GetAttrOrNull(self, Intern("__getnewargs__"));
  if (!getnewargs.is_null()) {
    Value a = vm.Call(getnewargs, {});
    if (a.is_null()) return {};
    if (!IsInstance(a, Types().tuple)) {
      return RaiseTypeError(
          vm, absl::StrFormat("__getnewargs__ should return a tuple, not '%s'", TypeName(a)));
    }
    for (const Value& v : Cast<TupleObject>(a)->items) newargs.push_back(v);
    has_args = true;
  } else if (vm.HasException()) {
    return {};
  }
  const BuiltinTypes& T = Types();
  bool is_list = IsInstance(self, T.list), is_dict = IsInstance(self, T.dict);
  Value state;
  if (IsObjects(self.type(), "__getstate__")) {
    state = DefaultGetState(vm, self, !(has_args || is_list || is_dict));
  } else {
    state = vm.CallMethod(self, "__getstate__", {});
  }
  if (state.is_null()) return {};
  Value listitems = Value::None(), dictitems = Value::None();
  if (is_list && (listitems = vm.Iter(self)).is_null()) return {};
  if (is_dict) {
    Value items = vm.CallMethod(self, "items", {});
    if (items.is_null() || (dictitems = vm.Iter(items)).is_null()) return {};
  }
  Value newobj = Copyreg(vm, "__newobj__");
  if (newobj.is_null()) return {};
  return NewTuple({newobj, NewTuple(std::move(newargs)), state, listitems, dictitems});
}

// What CPython's set, frozenset and bytearray reduce to (their own
// __reduce__): (cls, (contents,), the instance dict or None); null when
// self is none of them.
Value ReduceBuiltinContainer(VM& vm, const Value& self) {
  const BuiltinTypes& T = Types();
  Type* solid = SolidBase(self.type());
  Value contents;
  if (solid == T.set || solid == T.frozenset) {
    std::vector<Value> items;
    if (!vm.Extend(&items, self)) return {};
    contents = NewList(std::move(items));
  } else if (solid == T.bytearray) {
    contents = NewBytes(*BytesValue(self));
  } else if (solid == T.native_function) {
    // A module's function reduces to its name, which pickle saves as a
    // global (CPython's meth_reduce); a bound method to getattr(self, name).
    auto* f = Cast<NativeFunctionObject>(self);
    if (f->self.is_null() || f->self.is_none() || IsInstance(f->self, T.module)) {
      return NewStr(f->name);
    }
    Value getattr = vm.GetAttr(vm.Import("builtins"), "getattr");
    if (getattr.is_null()) return {};
    return NewTuple({getattr, NewTuple({f->self, NewStr(f->name)})});
  } else {
    return {};
  }
  DictObject* d = self.as_object()->dict;
  Value state = d != nullptr && d->used > 0 ? Value::Borrow(d) : Value::None();
  return NewTuple({Value::Borrow(self.type()), NewTuple({contents}), state});
}

Value ReduceEx(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__reduce_ex__", 1, 1)) return {};
  int64_t protocol;
  if (!ToInt(vm, args[0], &protocol)) return {};
  if (!IsObjects(self.type(), "__reduce__")) return vm.CallMethod(self, "__reduce__", {});
  if (self.is_object()) {
    Value r = ReduceBuiltinContainer(vm, self);
    if (!r.is_null() || vm.HasException()) return r;
  }
  if (protocol >= 2) return ReduceNewObj(vm, self);
  Value fn = Copyreg(vm, "_reduce_ex");
  return fn.is_null() ? fn : vm.Call(fn, {self, Value::Int(protocol)});
}

Value Reduce(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__reduce__", 0, 0)) return {};
  Value fn = Copyreg(vm, "_reduce_ex");
  return fn.is_null() ? fn : vm.Call(fn, {self, Value::Int(0)});
}

constexpr MethodDef kMethods[] = {
    {"__reduce_ex__", ReduceEx}, {"__reduce__", Reduce}, {"__getstate__", GetState}};

}  // namespace

std::span<const MethodDef> ObjectReduceMethods() { return kMethods; }

}  // namespace tc::script
