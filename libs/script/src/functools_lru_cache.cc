// functools.lru_cache and functools.cache: the `_lru_cache_wrapper` type
// (native in CPython too), with CPython's key rules (positional arguments,
// a marker, keyword name/value pairs, and the argument types when typed),
// least-recently-used eviction for a bounded size, cache_info() as a
// CacheInfo namedtuple, cache_clear(), cache_parameters(), and binding as
// a method when the wrapper is a class attribute.
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "collections_internal.h"
#include "functools_internal.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

struct LruObject : Object {
  explicit LruObject(Type* t) : Object(t) {}
  Value func;
  Value cache;           // dict: key -> result, least recently used first
  int64_t maxsize = -1;  // -1: unbounded (maxsize=None)
  bool typed = false;
  int64_t hits = 0, misses = 0;
};
LruObject* L(const Value& v) { return Cast<LruObject>(v); }

// Separates positional from keyword arguments in keys (CPython's kwd_mark).
const Value& KwdMark() {
  static const Value* const kMark = new Value(NewObject<Object>(Types().object));
  return *kMark;
}

Value MakeKey(const ArgsView& args, bool typed) {
  int32_t nkw = args.nkw();
  std::vector<Value> key(args.data, args.data + args.nargs);
  if (nkw > 0) {
    key.push_back(KwdMark());
    for (int32_t k = 0; k < nkw; ++k) {
      key.push_back(args.kwnames->items[k]);
      key.push_back(args.kwvalue(k));
    }
  }
  if (typed) {
    for (int32_t i = 0; i < args.nargs; ++i) key.push_back(Value::Borrow(args[i].type()));
    for (int32_t k = 0; k < nkw; ++k) key.push_back(Value::Borrow(args.kwvalue(k).type()));
  }
  return NewTuple(std::move(key));
}

Value LruCall(VM& vm, const Value& self, const ArgsView& args) {
  LruObject* l = L(self);
  if (l->maxsize == 0) {
    ++l->misses;
    return vm.Call(l->func, args);
  }
  auto* cache = Cast<DictObject>(l->cache);
  Value key = MakeKey(args, l->typed);
  Value result;
  int found = DictGet(vm, cache, key, &result);
  if (found < 0) return {};
  if (found == 1) {
    ++l->hits;
    bool present;
    if (l->maxsize > 0 && !DictMoveToEnd(vm, cache, key, true, &present)) return {};
    return result;
  }
  ++l->misses;
  result = vm.Call(l->func, args);
  if (result.is_null()) return result;
  // A recursive call may have cached this key meanwhile: keep that entry.
  Value again;
  found = DictGet(vm, cache, key, &again);
  if (found < 0) return {};
  if (found == 1) return result;
  if (l->maxsize > 0 && cache->used >= l->maxsize) {
    for (const auto& e : cache->entries) {
      if (e.key.is_null()) continue;
      Value oldest = e.key;
      bool present;
      if (!DictDel(vm, cache, oldest, &present)) return {};
      break;
    }
  }
  if (!DictSet(vm, cache, key, result)) return {};
  return result;
}

Type* CacheInfoType() {
  static Type* const kType =
      NewNamedTupleType("CacheInfo", {"hits", "misses", "maxsize", "currsize"}, {}, "functools");
  return kType;
}

Value MaxsizeValue(const LruObject* l) {
  return l->maxsize < 0 ? Value::None() : Value::Int(l->maxsize);
}

Value LruCacheInfo(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "cache_info", 0, 0)) return {};
  LruObject* l = L(self);
  Value info[] = {Value::Int(l->hits), Value::Int(l->misses), MaxsizeValue(l),
                  Value::Int(Cast<DictObject>(l->cache)->used)};
  return vm.Call(Value::Borrow(CacheInfoType()), ArgsView(info, 4));
}
Value LruCacheClear(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "cache_clear", 0, 0)) return {};
  LruObject* l = L(self);
  l->cache = NewDict();
  l->hits = l->misses = 0;
  return Value::None();
}
Value LruCacheParameters(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "cache_parameters", 0, 0)) return {};
  LruObject* l = L(self);
  Value d = NewDict();
  DictSetStr(Cast<DictObject>(d), "maxsize", MaxsizeValue(l));
  DictSetStr(Cast<DictObject>(d), "typed", Value::Bool(l->typed));
  return d;
}
// As a class attribute the wrapper binds to the instance like a function.
Value LruGet(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__get__", 1, 2)) return {};
  if (args[0].is_none()) return self;
  auto* m = new MethodObject(Types().method);
  m->function = self;
  m->self = args[0];
  return Value::Adopt(m);
}

constexpr MethodDef kLruMethods[] = {
    {"__call__", LruCall},
    {"cache_info", LruCacheInfo},
    {"cache_clear", LruCacheClear},
    {"cache_parameters", LruCacheParameters},
    {"__get__", LruGet},
};

Type* LruType() {
  static Type* const kType = NewNativeType({.name = "_lru_cache_wrapper",
                                            .module = "functools",
                                            .methods = kLruMethods,
                                            .flags = Type::kInstanceDict});
  return kType;
}

Value Wrap(VM& vm, const Value& func, int64_t maxsize, bool typed) {
  auto* l = new LruObject(LruType());
  Value lv = Value::Adopt(l);
  l->func = func;
  l->cache = NewDict();
  l->maxsize = maxsize;
  l->typed = typed;
  if (!UpdateWrapper(vm, lv, func)) return {};
  return lv;
}

// The decorator lru_cache(maxsize, typed) returns: wraps its argument.
Value Decorate(VM& vm, const Value&, const ArgsView& args, const Value& data) {
  if (!CheckArgCount(vm, args, "decorating_function", 1, 1)) return {};
  const std::vector<Value>& params = Cast<TupleObject>(data)->items;
  return Wrap(vm, args[0], params[0].as_int(), params[1].as_bool());
}

// lru_cache(maxsize=128, typed=False); lru_cache(user_function) directly.
Value LruCache(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"maxsize", "typed"};
  Value a[2];
  if (!ParseArgs(vm, args, "lru_cache", kNames, 0, a)) return {};
  int typed = a[1].is_null() ? 0 : vm.Truthy(a[1]);
  if (typed < 0) return {};
  int64_t maxsize = 128;
  const Value& m = a[0];
  if (m.is_null()) {
    // lru_cache() with no arguments: the default size.
  } else if (m.is_int() || m.is_bool()) {
    maxsize = m.as_int() < 0 ? 0 : m.as_int();
  } else if (m.is_none()) {
    maxsize = -1;
  } else if (IsCallable(m) && a[1].is_null()) {
    return Wrap(vm, m, 128, false);
  } else {
    return RaiseTypeError(vm, "Expected first argument to be an integer, a callable, or None");
  }
  return NewNativeDataMethod(nullptr, "decorating_function", Decorate,
                             NewTuple({Value::Int(maxsize), Value::Bool(typed == 1)}),
                             "lru_cache.<locals>.decorating_function");
}

// cache(user_function): lru_cache(maxsize=None)(user_function).
Value Cache(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "cache", 1, 1)) return {};
  return Wrap(vm, args[0], -1, false);
}

constexpr MethodDef kFunctions[] = {{"lru_cache", LruCache}, {"cache", Cache}};

}  // namespace

void AddFunctoolsLruCache(VM&, ModuleObject* m) {
  AddType(m, LruType());
  ModuleSet(m, "_CacheInfo", Value::Borrow(CacheInfoType()));
  AddFunctions(m, kFunctions);
}

}  // namespace tc::script
