// The _weakref module, native in CPython too, behind CPython's own
// weakref.py (which copy, tempfile and others import): ref (alias
// ReferenceType, subclassable as weakref.py's WeakMethod and KeyedRef
// are), getweakrefcount, getweakrefs, _remove_dead_weakref, and the proxy
// types' names. A ref does not keep its referent alive: the referent's
// destructor clears every ref to it (Object::weakly_referenced marks the
// objects to look up). Differs from CPython: a ref's callback does not run
// inside the referent's destructor, where running script code is not
// safe in tc; it runs at the next weakref operation (creating, calling or
// counting a ref), so code that waits on callbacks (finalize at garbage
// collection, WeakValueDictionary's len) sees them late. weakref.proxy is
// NotImplementedError.
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_format.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

struct WeakRefObject : Object {
  explicit WeakRefObject(Type* t) : Object(t) {}
  ~WeakRefObject() override;
  Object* target = nullptr;  // not owned; null once the referent died
  Value callback;
  int64_t hash = -1;
};

// Every live ref, by referent, oldest first; and the callbacks whose
// referents died, waiting to run.
absl::flat_hash_map<Object*, std::vector<WeakRefObject*>>& Registry() {
  static auto* r = new absl::flat_hash_map<Object*, std::vector<WeakRefObject*>>();
  return *r;
}
std::vector<std::pair<Value, Value>>& Pending() {
  static auto* p = new std::vector<std::pair<Value, Value>>();
  return *p;
}

WeakRefObject::~WeakRefObject() {
  if (target == nullptr) return;
  auto it = Registry().find(target);
  if (it == Registry().end()) return;
  std::erase(it->second, this);
  if (it->second.empty()) {
    target->weakly_referenced = false;
    Registry().erase(it);
  }
}

// Runs the callbacks of referents that died since the last call; their
// errors are reported as CPython reports an exception in a callback.
bool RunPendingCallbacks(VM& vm) {
  while (!Pending().empty()) {
    auto [callback, ref] = std::move(Pending().front());
    Pending().erase(Pending().begin());
    Value saved = vm.TakeException();
    Value r = vm.Call(callback, {ref});
    if (r.is_null()) {
      Value exc = vm.TakeException();
      std::string cb;
      if (!vm.ReprString(callback, &cb)) vm.ClearException();
      vm.Write(absl::StrFormat("Exception ignored in: %s\n%s", cb, vm.FormatException(exc)), true);
    }
    if (!saved.is_null()) vm.SetException(std::move(saved));
  }
  return true;
}

WeakRefObject* W(const Value& v) { return Cast<WeakRefObject>(v); }

bool CanBeReferenced(const Value& v) {
  // As CPython: no weak references to ints, strs, tuples, lists, dicts
  // and the other builtin values (their subclasses may).
  if (!v.is_object()) return false;
  const BuiltinTypes& T = Types();
  for (Type* t : {T.int_, T.str, T.tuple, T.list, T.dict, T.bytes, T.float_, T.bool_}) {
    if (v.type() == t) return false;
  }
  return true;
}

// ref.__new__(cls, obj, callback=None): a static __new__, the class first.
Value RefNew(VM& vm, const Value&, const ArgsView& args) {
  if (args.nargs < 2 || args.nargs > 3) {
    return RaiseTypeError(
        vm, absl::StrFormat("__new__ expected at most 2 arguments, got %d", args.nargs - 1));
  }
  RunPendingCallbacks(vm);
  const Value& cls = args[0];
  const Value& obj = args[1];
  if (!CanBeReferenced(obj)) {
    return RaiseTypeError(
        vm, absl::StrFormat("cannot create weak reference to '%s' object", TypeName(obj)));
  }
  Value callback = args.nargs == 3 && !args[2].is_none() ? args[2] : Value();
  Type* t = static_cast<Type*>(cls.as_object());
  Object* target = obj.as_object();
  auto& refs = Registry()[target];
  // A plain ref without callback is shared, as CPython's.
  if (t == RefType() && callback.is_null()) {
    for (WeakRefObject* r : refs) {
      if (r->type == RefType() && r->callback.is_null()) return Value::Borrow(r);
    }
  }
  auto* r = static_cast<WeakRefObject*>(t->alloc(t));
  r->target = target;
  r->callback = std::move(callback);
  refs.push_back(r);
  target->weakly_referenced = true;
  return Value::Adopt(r);
}
Value RefInit(VM&, const Value&, const ArgsView&) { return Value::None(); }
Value RefCall(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "weakref", 0, 0)) return {};
  RunPendingCallbacks(vm);
  Object* t = W(self)->target;
  return t == nullptr ? Value::None() : Value::Borrow(t);
}
Value RefHash(VM& vm, const Value& self, const ArgsView&) {
  WeakRefObject* r = W(self);
  if (r->hash != -1) return Value::Int(r->hash);
  if (r->target == nullptr) return RaiseTypeError(vm, "weak object has gone away");
  int64_t h;
  if (!vm.Hash(Value::Borrow(r->target), &h)) return {};
  r->hash = h;
  return Value::Int(h);
}
Value RefCompare(VM& vm, const Value& self, const ArgsView& args, bool eq) {
  if (!CheckArgCount(vm, args, eq ? "__eq__" : "__ne__", 1, 1)) return {};
  if (!IsInstance(args[0], RefType())) return NotImplementedValue();
  WeakRefObject *a = W(self), *b = W(args[0]);
  if (a->target == nullptr || b->target == nullptr) {
    return Value::Bool((a == b) == eq);
  }
  int r = vm.Equal(Value::Borrow(a->target), Value::Borrow(b->target));
  if (r < 0) return {};
  return Value::Bool((r == 1) == eq);
}
Value RefEq(VM& vm, const Value& self, const ArgsView& args) {
  return RefCompare(vm, self, args, true);
}
Value RefNe(VM& vm, const Value& self, const ArgsView& args) {
  return RefCompare(vm, self, args, false);
}
Value RefRepr(VM&, const Value& self, const ArgsView&) {
  WeakRefObject* r = W(self);
  if (r->target == nullptr)
    return NewStr(absl::StrFormat("<weakref at %p; dead>", self.as_object()));
  return NewStr(absl::StrFormat("<weakref at %p; to '%s' at %p>", self.as_object(),
                                r->target->type->name, r->target));
}
Value RefCallback(VM&, const Value& self) {
  const Value& c = W(self)->callback;
  return c.is_null() ? Value::None() : c;
}

constexpr MethodDef kRefMethods[] = {{"__new__", RefNew, MethodDef::kStatic},
                                     {"__init__", RefInit},
                                     {"__call__", RefCall},
                                     {"__hash__", RefHash},
                                     {"__eq__", RefEq},
                                     {"__ne__", RefNe},
                                     {"__repr__", RefRepr}};
constexpr GetSetDef kRefGetSets[] = {{"__callback__", RefCallback}};

Value GetWeakRefCount(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "getweakrefcount", 1, 1)) return {};
  RunPendingCallbacks(vm);
  if (!args[0].is_object()) return Value::Int(0);
  auto it = Registry().find(args[0].as_object());
  return Value::Int(it == Registry().end() ? 0 : std::ssize(it->second));
}
Value GetWeakRefs(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "getweakrefs", 1, 1)) return {};
  RunPendingCallbacks(vm);
  std::vector<Value> out;
  if (args[0].is_object()) {
    auto it = Registry().find(args[0].as_object());
    if (it != Registry().end()) {
      for (WeakRefObject* r : it->second) out.push_back(Value::Borrow(r));
    }
  }
  return NewList(std::move(out));
}
Value Proxy(VM& vm, const Value&, const ArgsView&) {
  return RaiseNotImplementedError(vm, "weakref.proxy is not supported by tc");
}
// _remove_dead_weakref(dict, key): deletes dict[key] when it is a dead ref.
Value RemoveDeadWeakRef(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_remove_dead_weakref", 2, 2)) return {};
  DictObject* d = DictTable(args[0]);
  if (d == nullptr) return RaiseTypeError(vm, "_remove_dead_weakref() argument 1 must be dict");
  Value v;
  int got = DictGet(vm, d, args[1], &v);
  if (got < 0) return {};
  if (got == 1 && IsInstance(v, RefType()) && W(v)->target == nullptr) {
    bool found;
    if (!DictDel(vm, d, args[1], &found)) return {};
  }
  return Value::None();
}

constexpr MethodDef kFunctions[] = {{"getweakrefcount", GetWeakRefCount},
                                    {"getweakrefs", GetWeakRefs},
                                    {"proxy", Proxy},
                                    {"_remove_dead_weakref", RemoveDeadWeakRef}};

Type* ProxyType(const char* name) { return NewNativeType({.name = name, .module = "weakref"}); }

}  // namespace

Type* RefType() {
  static Type* t = NewNativeType({.name = "ReferenceType",
                                  .module = "weakref",
                                  .methods = kRefMethods,
                                  .getsets = kRefGetSets,
                                  .alloc = [](Type* c) -> Object* { return new WeakRefObject(c); },
                                  .flags = Type::kBaseType | Type::kInstanceDict});
  return t;
}

void ClearWeakReferences(Object* o) {
  auto it = Registry().find(o);
  if (it == Registry().end()) return;
  std::vector<WeakRefObject*> refs = std::move(it->second);
  Registry().erase(it);
  for (WeakRefObject* r : refs) {
    r->target = nullptr;
    if (!r->callback.is_null()) Pending().push_back({r->callback, Value::Borrow(r)});
  }
}

bool InitWeakrefModule(VM&, ModuleObject* m) {
  AddFunctions(m, kFunctions);
  ModuleSet(m, "ref", Value::Borrow(RefType()));
  ModuleSet(m, "ReferenceType", Value::Borrow(RefType()));
  static Type* proxy = ProxyType("ProxyType");
  static Type* callable_proxy = ProxyType("CallableProxyType");
  ModuleSet(m, "ProxyType", Value::Borrow(proxy));
  ModuleSet(m, "CallableProxyType", Value::Borrow(callable_proxy));
  return true;
}

}  // namespace tc::script
