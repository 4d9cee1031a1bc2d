// The native `_abc` module behind CPython's abc.py (ABCMeta): abstract
// method sets, virtual subclass registration and the isinstance /
// issubclass caches, with CPython's rules (Modules/_abc.c). Classes are
// immortal in tc, so the registry and caches hold them directly where
// CPython needs weak references.
#include <algorithm>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

int64_t g_invalidation_counter = 0;  // abc.get_cache_token()

// cls._abc_impl: per-ABC state.
struct AbcDataObject : Object {
  explicit AbcDataObject(Type* t) : Object(t) {}
  std::vector<Type*> registry;
  absl::flat_hash_set<const Type*> cache;
  absl::flat_hash_set<const Type*> negative_cache;
  int64_t negative_cache_version = 0;
};

Type* AbcDataType() {
  static Type* const kType = NewNativeType({.name = "_abc_data", .module = "_abc"});
  return kType;
}

AbcDataObject* Impl(VM& vm, const Value& cls) {
  Value impl = vm.GetAttr(cls, "_abc_impl");
  if (impl.is_null()) return nullptr;
  if (impl.type() != AbcDataType()) {
    RaiseTypeError(vm, "_abc_impl is set to a wrong type");
    return nullptr;
  }
  return Cast<AbcDataObject>(impl);  // kept alive by the class
}

// 1 when getattr(v, "__isabstractmethod__", False) is true.
int IsAbstract(VM& vm, const Value& v) {
  static StrObject* const kName = Intern("__isabstractmethod__");
  Value flag = vm.GetAttrOrNull(v, kName);
  if (flag.is_null()) {
    if (!vm.HasException()) return 0;
    if (!vm.ExceptionIsMissingAttribute()) return -1;
    vm.ClearException();
    return 0;
  }
  return vm.Truthy(flag);
}

constexpr int64_t kAbcSequence = 1 << 5;
constexpr int64_t kAbcMapping = 1 << 6;

void SetCollectionFlag(Type* t, uint32_t flag) {
  constexpr uint32_t kMask = Type::kSequence | Type::kMapping;
  // Builtin types (CPython: immutable types) keep their own flags.
  if (!t->has_flag(Type::kHeapType) || (t->flags & kMask) == flag) return;
  t->flags = (t->flags & ~kMask) | flag;
  for (Type* sub : t->subclasses) SetCollectionFlag(sub, flag);
}

// _abc_init(cls): computes __abstractmethods__ and sets up _abc_impl.
Value AbcInit(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_abc_init", 1, 1)) return {};
  const Value& cls = args[0];
  if (!IsInstance(cls, Types().type))
    return RaiseTypeError(vm, "_abc_init() argument must be a class");
  auto* t = Cast<Type>(cls);
  std::vector<Value> abstracts;
  auto add = [&](const Value& name) {
    for (const Value& a : abstracts) {
      if (vm.Equal(a, name) == 1) return;
    }
    abstracts.push_back(name);
  };
  // Names defined abstract in the class body ...
  for (const auto& e : t->dict->entries) {
    if (e.key.is_null()) continue;
    int r = IsAbstract(vm, e.value);
    if (r < 0) return {};
    if (r) add(e.key);
  }
  // ... and the bases' abstract names the class has not overridden.
  for (Type* base : t->bases.empty() ? std::vector<Type*>{t->base} : t->bases) {
    if (base == nullptr) continue;
    Value names = vm.GetAttrOrNull(Value::Borrow(base), Intern("__abstractmethods__"));
    if (names.is_null()) {
      if (vm.HasException()) return {};
      continue;
    }
    std::vector<Value> items;
    if (!vm.Extend(&items, names)) return {};
    for (const Value& n : items) {
      const std::string* s = StrValue(n);
      if (s == nullptr) continue;
      Value v = vm.GetAttrOrNull(cls, Intern(*s));
      if (v.is_null()) {
        if (vm.HasException()) return {};
        continue;
      }
      int r = IsAbstract(vm, v);
      if (r < 0) return {};
      if (r) add(n);
    }
  }
  Value fs = vm.Call(Value::Borrow(Types().frozenset), {NewList(std::move(abstracts))});
  if (fs.is_null() || !vm.SetAttr(cls, "__abstractmethods__", fs)) return {};
  // collections.abc's pattern-matching flags (CPython's Py_TPFLAGS_SEQUENCE
  // 1 << 5 and Py_TPFLAGS_MAPPING 1 << 6): set on the class, then dropped.
  if (const Value* flags = DictGetStr(t->dict, "__abc_tpflags__")) {
    if (flags->is_int()) {
      int64_t v = flags->as_int();
      if ((v & kAbcSequence) && (v & kAbcMapping)) {
        return RaiseTypeError(
            vm, "__abc_tpflags__ cannot be both Py_TPFLAGS_SEQUENCE and Py_TPFLAGS_MAPPING");
      }
      if (v & kAbcSequence) t->flags |= Type::kSequence;
      if (v & kAbcMapping) t->flags |= Type::kMapping;
    }
    bool found;
    if (!DictDel(vm, t->dict, InternStr("__abc_tpflags__"), &found)) return {};
    UpdateSlots(t);
  }
  Value impl = Value::Adopt(new AbcDataObject(AbcDataType()));
  if (!vm.SetAttr(cls, "_abc_impl", impl)) return {};
  return Value::None();
}

// issubclass(a, b) with its hooks, as the builtin does it: 1, 0, -1.
int IsSubclass(VM& vm, const Value& a, const Value& b) {
  static StrObject* const kName = Intern("issubclass");
  const Value* fn = DictGetStr(vm.builtins(), kName->value);
  if (fn == nullptr) {
    RaiseRuntimeError(vm, "builtins.issubclass is missing");
    return -1;
  }
  Value r = vm.Call(*fn, {a, b});
  return r.is_null() ? -1 : vm.Truthy(r);
}

// _abc_register(cls, subclass)
Value AbcRegister(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_abc_register", 2, 2)) return {};
  const Value& cls = args[0];
  const Value& sub = args[1];
  if (!IsInstance(sub, Types().type)) return RaiseTypeError(vm, "Can only register classes");
  int r = IsSubclass(vm, sub, cls);
  if (r < 0) return {};
  if (r) return sub;  // already a subclass
  r = IsSubclass(vm, cls, sub);
  if (r < 0) return {};
  if (r) return RaiseRuntimeError(vm, "Refusing to create an inheritance cycle");
  AbcDataObject* impl = Impl(vm, cls);
  if (impl == nullptr) return {};
  impl->registry.push_back(Cast<Type>(sub));
  ++g_invalidation_counter;  // invalidates every ABC's negative cache
  // Mapping.register(X) makes X's instances match mapping patterns (and
  // its subclasses', unless they say otherwise), as CPython's
  // set_collection_flag_recursive.
  uint32_t collection = Cast<Type>(cls)->flags & (Type::kSequence | Type::kMapping);
  if (collection != 0) SetCollectionFlag(Cast<Type>(sub), collection);
  return sub;
}

Value SubclassCheck(VM& vm, const Value& cls, const Value& sub) {
  return vm.CallMethod(cls, "__subclasscheck__", {sub});
}

// _abc_instancecheck(cls, instance)
Value AbcInstanceCheck(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_abc_instancecheck", 2, 2)) return {};
  const Value& cls = args[0];
  const Value& inst = args[1];
  AbcDataObject* impl = Impl(vm, cls);
  if (impl == nullptr) return {};
  Value subclass = vm.GetAttr(inst, "__class__");
  if (subclass.is_null()) return {};
  if (IsInstance(subclass, Types().type) && impl->cache.contains(Cast<Type>(subclass)))
    return Value::Bool(true);
  Value subtype = Value::Borrow(inst.type());
  if (subtype.as_object() == subclass.as_object()) {
    if (impl->negative_cache_version == g_invalidation_counter &&
        impl->negative_cache.contains(Cast<Type>(subclass))) {
      return Value::Bool(false);
    }
    return SubclassCheck(vm, cls, subclass);
  }
  Value r = SubclassCheck(vm, cls, subclass);
  if (r.is_null()) return r;
  int t = vm.Truthy(r);
  if (t < 0) return {};
  if (t) return r;
  return SubclassCheck(vm, cls, subtype);
}

// _abc_subclasscheck(cls, subclass)
Value AbcSubclassCheck(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_abc_subclasscheck", 2, 2)) return {};
  const Value& cls = args[0];
  const Value& sub = args[1];
  if (!IsInstance(sub, Types().type))
    return RaiseTypeError(vm, "issubclass() arg 1 must be a class");
  auto* st = Cast<Type>(sub);
  AbcDataObject* impl = Impl(vm, cls);
  if (impl == nullptr) return {};
  if (impl->cache.contains(st)) return Value::Bool(true);
  if (impl->negative_cache_version < g_invalidation_counter) {
    impl->negative_cache.clear();
    impl->negative_cache_version = g_invalidation_counter;
  } else if (impl->negative_cache.contains(st)) {
    return Value::Bool(false);
  }
  auto answer = [&](bool yes) {
    (yes ? impl->cache : impl->negative_cache).insert(st);
    return Value::Bool(yes);
  };
  // 1. The class's own __subclasshook__.
  Value ok = vm.CallMethod(cls, "__subclasshook__", {sub});
  if (ok.is_null()) return ok;
  if (ok.as_object() != NotImplementedValue().as_object()) {
    int t = vm.Truthy(ok);
    if (t < 0) return {};
    return answer(t != 0);
  }
  // 2. A direct subclass.
  auto* ct = Cast<Type>(cls);
  if (std::find(st->mro.begin(), st->mro.end(), ct) != st->mro.end()) return answer(true);
  // 3. A subclass of a registered class.
  std::vector<Type*> registry = impl->registry;
  for (Type* r : registry) {
    int t = IsSubclass(vm, sub, Value::Borrow(r));
    if (t < 0) return {};
    if (t) return answer(true);
  }
  // 4. A subclass of a subclass (recursively, through their own checks).
  std::vector<Type*> subclasses = ct->subclasses;
  for (Type* s : subclasses) {
    int t = IsSubclass(vm, sub, Value::Borrow(s));
    if (t < 0) return {};
    if (t) return answer(true);
  }
  return answer(false);
}

Value AbcGetDump(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_get_dump", 1, 1)) return {};
  AbcDataObject* impl = Impl(vm, args[0]);
  if (impl == nullptr) return {};
  auto as_set = [&](auto types) -> Value {
    std::vector<Value> v;
    for (const Type* t : types) v.push_back(Value::Borrow(const_cast<Type*>(t)));
    return vm.Call(Value::Borrow(Types().set), {NewList(std::move(v))});
  };
  return NewTuple({as_set(impl->registry), as_set(impl->cache), as_set(impl->negative_cache),
                   Value::Int(impl->negative_cache_version)});
}

Value AbcResetRegistry(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_reset_registry", 1, 1)) return {};
  AbcDataObject* impl = Impl(vm, args[0]);
  if (impl == nullptr) return {};
  impl->registry.clear();
  return Value::None();
}

Value AbcResetCaches(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_reset_caches", 1, 1)) return {};
  AbcDataObject* impl = Impl(vm, args[0]);
  if (impl == nullptr) return {};
  impl->cache.clear();
  impl->negative_cache.clear();
  return Value::None();
}

Value AbcCacheToken(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "get_cache_token", 0, 0)) return {};
  return Value::Int(g_invalidation_counter);
}

constexpr MethodDef kAbcFunctions[] = {
    {"_abc_init", AbcInit},
    {"_abc_register", AbcRegister},
    {"_abc_instancecheck", AbcInstanceCheck},
    {"_abc_subclasscheck", AbcSubclassCheck},
    {"_get_dump", AbcGetDump},
    {"_reset_registry", AbcResetRegistry},
    {"_reset_caches", AbcResetCaches},
    {"get_cache_token", AbcCacheToken},
};

}  // namespace

bool InitAbcModule(VM&, ModuleObject* m) {
  AddFunctions(m, kAbcFunctions);
  return true;
}

}  // namespace tc::script
