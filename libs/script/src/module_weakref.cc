// The _weakref module, native in CPython too: weak references (ref and its
// subclasses, with callbacks), getweakrefcount/getweakrefs and
// _remove_dead_weakref, which CPython's weakref.py and _weakrefset.py build
// WeakValueDictionary, WeakKeyDictionary and WeakSet on. Objects are freed
// when their count drops to zero, so a referent's death is seen at once:
// Object's destructor calls ClearWeakRefs, which empties every reference
// to it and then runs their callbacks, as CPython's PyObject_ClearWeakRefs.
// Proxies (weakref.proxy) are not supported.
#include <algorithm>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_format.h"

#include "core_modules.h"
#include "module_unsupported.h"
#include "vm_internal.h"

namespace tc::script {
namespace {

struct WeakRefObject : Object {
  explicit WeakRefObject(Type* t) : Object(t) {}
  ~WeakRefObject() override;
  Object* referent = nullptr;  // not owned; null once it died
  Value callback;              // null or None: no callback
  int64_t hash = -1;
  bool hashed = false;
};

// The references to each weakly referenced object, oldest first, with the
// VM that runs their callbacks.
struct WeakList {
  VM* vm = nullptr;
  std::vector<WeakRefObject*> refs;
};
absl::flat_hash_map<const Object*, WeakList>& Table() {
  static auto* table = new absl::flat_hash_map<const Object*, WeakList>();
  return *table;
}

WeakRefObject::~WeakRefObject() {
  if (referent == nullptr) return;
  auto it = Table().find(referent);
  if (it == Table().end()) return;
  std::vector<WeakRefObject*>& refs = it->second.refs;
  refs.erase(std::remove(refs.begin(), refs.end(), this), refs.end());
  if (refs.empty()) {
    referent->weakly_referenced = false;
    Table().erase(it);
  }
}

Type* RefType();

WeakRefObject* W(const Value& v) { return static_cast<WeakRefObject*>(v.as_object()); }

// CPython's weakrefable objects: not the immutable builtin values or the
// plain containers (whose types have no weakref slot).
bool Weakrefable(const Value& v) {
  if (!v.is_object()) return false;
  const BuiltinTypes& T = Types();
  Type* t = v.type();
  for (Type* no :
       {T.str, T.tuple, T.list, T.dict, T.bytes, T.bytearray, T.int_, T.float_, T.bool_, T.none}) {
    if (t == no) return false;
  }
  return !IsInstance(v, RefType());
}

// ref.__new__(cls, ob, callback=None, /) (static, so subclasses call it as
// CPython's weakref.py does): a basic reference (no callback, exact type)
// to an object is shared, as CPython shares it.
Value RefNew(VM& vm, const Value&, const ArgsView& args) {
  if (args.nargs < 1 || !IsInstance(args[0], Types().type) ||
      !IsSubtype(static_cast<Type*>(args[0].as_object()), RefType())) {
    return RaiseTypeError(vm, "ReferenceType.__new__(X): X is not a subtype of ReferenceType");
  }
  if (args.nargs < 2 || args.nargs > 3) {
    return RaiseTypeError(
        vm, absl::StrFormat("__new__ expected at most 2 arguments, got %d", args.nargs - 1));
  }
  const Value& cls = args[0];
  const Value& ob = args[1];
  Value callback = args.nargs > 2 ? args[2] : Value::None();
  if (!Weakrefable(ob)) {
    return RaiseTypeError(
        vm, absl::StrFormat("cannot create weak reference to '%s' object", TypeName(ob)));
  }
  auto* type = static_cast<Type*>(cls.as_object());
  Object* o = ob.as_object();
  WeakList& list = Table()[o];
  list.vm = &vm;
  if (type == RefType() && callback.is_none()) {
    for (WeakRefObject* r : list.refs) {
      if (r->type == RefType() && (r->callback.is_null() || r->callback.is_none())) {
        return Value::Borrow(r);
      }
    }
  }
  auto* r = new WeakRefObject(type);
  r->referent = o;
  r->callback = std::move(callback);
  list.refs.push_back(r);
  o->weakly_referenced = true;
  return Value::Adopt(r);
}

// __init__(ob, callback=None): the work is done in __new__.
Value RefInit(VM& vm, const Value&, const ArgsView& args) {
  if (args.nargs < 1 || args.nargs > 2) {
    return RaiseTypeError(
        vm, absl::StrFormat("__init__ expected at most 2 arguments, got %d", args.nargs));
  }
  return Value::None();
}

Value RefCall(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "weakref", 0, 0)) return {};
  Object* o = W(self)->referent;
  return o == nullptr ? Value::None() : Value::Borrow(o);
}

Value RefHash(VM& vm, const Value& self, const ArgsView&) {
  WeakRefObject* r = W(self);
  if (!r->hashed) {
    if (r->referent == nullptr) return RaiseTypeError(vm, "weak object has gone away");
    int64_t h;
    if (!vm.Hash(Value::Borrow(r->referent), &h)) return {};
    r->hash = h;
    r->hashed = true;
  }
  return Value::Int(r->hash);
}

// Two live references compare their referents; otherwise identity.
Value RefCompare(VM& vm, const Value& self, const ArgsView& args, bool eq) {
  if (!CheckArgCount(vm, args, eq ? "__eq__" : "__ne__", 1, 1)) return {};
  if (!IsInstance(args[0], RefType())) return NotImplementedValue();
  WeakRefObject* a = W(self);
  WeakRefObject* b = W(args[0]);
  if (a->referent == nullptr || b->referent == nullptr) {
    return Value::Bool((a == b) == eq);
  }
  return vm.Compare(eq ? CompareOp::kEq : CompareOp::kNe, Value::Borrow(a->referent),
                    Value::Borrow(b->referent));
}
Value RefEq(VM& vm, const Value& self, const ArgsView& args) {
  return RefCompare(vm, self, args, true);
}
Value RefNe(VM& vm, const Value& self, const ArgsView& args) {
  return RefCompare(vm, self, args, false);
}

// <weakref at 0x...; to 'Foo' at 0x...> / <weakref at 0x...; dead>
Value RefRepr(VM&, const Value& self, const ArgsView&) {
  WeakRefObject* r = W(self);
  if (r->referent == nullptr) {
    return NewStr(absl::StrFormat("<weakref at %#x; dead>", reinterpret_cast<uintptr_t>(r)));
  }
  return NewStr(absl::StrFormat("<weakref at %#x; to '%s' at %#x>", reinterpret_cast<uintptr_t>(r),
                                r->referent->type->name, reinterpret_cast<uintptr_t>(r->referent)));
}

Value RefCallback(VM&, const Value& self) {
  const Value& cb = W(self)->callback;
  return cb.is_null() ? Value::None() : cb;
}

constexpr MethodDef kRefMethods[] = {
    {"__new__", RefNew, MethodDef::kStatic},
    {"__init__", RefInit},
    {"__call__", RefCall},
    {"__hash__", RefHash},
    {"__eq__", RefEq},
    {"__ne__", RefNe},
    {"__repr__", RefRepr},
};
constexpr GetSetDef kRefGetSets[] = {{"__callback__", RefCallback}};

Type* RefType() {
  static Type* const kType = [] {
    Type* t = NewNativeType({.name = "ReferenceType",
                             .module = "weakref",
                             .methods = kRefMethods,
                             .getsets = kRefGetSets,
                             .alloc = [](Type* cls) -> Object* { return new WeakRefObject(cls); },
                             .flags = Type::kBaseType});
    return t;
  }();
  return kType;
}

// The proxy types exist (weakref.py names them) but proxy() is unsupported.
Type* ProxyType(bool callable) {
  static Type* const kTypes[2] = {
      NewNativeType({.name = "ProxyType", .module = "weakref"}),
      NewNativeType({.name = "CallableProxyType", .module = "weakref"}),
  };
  return kTypes[callable ? 1 : 0];
}

Value GetWeakRefCount(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "getweakrefcount", 1, 1)) return {};
  if (!args[0].is_object()) return Value::Int(0);
  auto it = Table().find(args[0].as_object());
  return Value::Int(it == Table().end() ? 0 : static_cast<int64_t>(it->second.refs.size()));
}

Value GetWeakRefs(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "getweakrefs", 1, 1)) return {};
  std::vector<Value> out;
  if (args[0].is_object()) {
    auto it = Table().find(args[0].as_object());
    if (it != Table().end()) {
      for (WeakRefObject* r : it->second.refs) out.push_back(Value::Borrow(r));
    }
  }
  return NewList(std::move(out));
}

Value Proxy(VM& vm, const Value&, const ArgsView&) {
  return RaiseUnsupportedName(vm, "weakref.proxy");
}

// _remove_dead_weakref(dict, key): del dict[key] if it holds a dead ref.
Value RemoveDeadWeakref(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_remove_dead_weakref", 2, 2)) return {};
  if (!IsInstance(args[0], Types().dict)) return RaiseTypeError(vm, "not a dict");
  auto* d = static_cast<DictObject*>(args[0].as_object());
  Value v;
  int found = DictGet(vm, d, args[1], &v);
  if (found < 0) return {};
  if (found > 0 && IsInstance(v, RefType()) && W(v)->referent == nullptr) {
    if (!vm.DelItem(args[0], args[1])) return {};
  }
  return Value::None();
}

constexpr MethodDef kFunctions[] = {
    {"getweakrefcount", GetWeakRefCount},
    {"getweakrefs", GetWeakRefs},
    {"proxy", Proxy},
    {"_remove_dead_weakref", RemoveDeadWeakref},
};

}  // namespace

void ClearWeakRefs(Object* o) {
  auto it = Table().find(o);
  if (it == Table().end()) return;
  WeakList list = std::move(it->second);
  Table().erase(it);
  // Every reference reads dead before any callback runs.
  std::vector<Value> pending;
  for (WeakRefObject* r : list.refs) {
    r->referent = nullptr;
    if (!r->callback.is_null() && !r->callback.is_none()) pending.push_back(Value::Borrow(r));
  }
  if (pending.empty() || list.vm == nullptr) return;
  VM& vm = *list.vm;
  Value saved = vm.TakeException();
  for (const Value& ref : pending) {
    Value cb = std::move(W(ref)->callback);
    W(ref)->callback = Value::None();
    // An error in a callback is not the caller's: CPython reports it as
    // unraisable and goes on.
    if (vm.Call(cb, {ref}).is_null()) vm.ClearException();
  }
  if (!saved.is_null()) vm.SetException(std::move(saved));
}

bool InitWeakrefModule(VM&, ModuleObject* m) {
  AddFunctions(m, kFunctions);
  ModuleSet(m, "ref", Value::Borrow(RefType()));
  ModuleSet(m, "ReferenceType", Value::Borrow(RefType()));
  ModuleSet(m, "ProxyType", Value::Borrow(ProxyType(false)));
  ModuleSet(m, "CallableProxyType", Value::Borrow(ProxyType(true)));
  return true;
}

}  // namespace tc::script
