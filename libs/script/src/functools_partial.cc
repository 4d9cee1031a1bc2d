// functools.partial, functools.reduce and functools.cmp_to_key, the parts
// of functools that CPython writes in C (Modules/_functoolsmodule.c), with
// its flattening of nested partials, reprs and error texts.
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "functools_internal.h"
#include "positional_args.h"
#include "rich_compare.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

struct PartialObject : Object {
  explicit PartialObject(Type* t) : Object(t) {}
  Value func;
  Value args;      // tuple
  Value keywords;  // dict
};
PartialObject* P(const Value& v) { return Cast<PartialObject>(v); }

Value PartialCall(VM& vm, const Value& self, const ArgsView& args);

// partial(func, /, *args, **keywords). A partial of a plain partial (one
// that is called as partial and has no instance attributes) is flattened:
// partial(partial(f, 1), 2) is partial(f, 1, 2), keywords merged.
Value PartialNew(VM& vm, const Value& cls, const ArgsView& args) {
  if (args.nargs < 1) return RaiseTypeError(vm, "type 'partial' takes at least one argument");
  Value func = args[0];
  if (!IsCallable(func)) return RaiseTypeError(vm, "the first argument must be callable");
  std::vector<Value> pargs;
  Value kw = NewDict();
  if (IsInstance(func, PartialType()) && func.as_object()->dict == nullptr) {
    const Value& call = func.type()->slot(Slot::kCall);
    auto* nf = call.is_object() && call.as_object()->type == Types().native_function
                   ? Cast<NativeFunctionObject>(call)
                   : nullptr;
    if (nf != nullptr && nf->fn == PartialCall) {
      PartialObject* inner = P(func);
      pargs = Cast<TupleObject>(inner->args)->items;
      for (const auto& e : Cast<DictObject>(inner->keywords)->entries) {
        if (!e.key.is_null() && !DictSet(vm, Cast<DictObject>(kw), e.key, e.value)) return {};
      }
      func = inner->func;
    }
  }
  for (int i = 1; i < args.nargs; ++i) pargs.push_back(args[i]);
  for (int k = 0; k < args.nkw(); ++k) {
    DictSetStr(Cast<DictObject>(kw), args.kwname(k), args.kwvalue(k));
  }
  auto* p = new PartialObject(Cast<Type>(cls));
  p->func = std::move(func);
  p->args = NewTuple(std::move(pargs));
  p->keywords = std::move(kw);
  return Value::Adopt(p);
}

// func(*self.args, *args, **{**self.keywords, **kwargs})
Value PartialCall(VM& vm, const Value& self, const ArgsView& args) {
  PartialObject* p = P(self);
  const std::vector<Value>& bound = Cast<TupleObject>(p->args)->items;
  auto* kw = Cast<DictObject>(p->keywords);
  if (kw->used == 0 && bound.empty()) return vm.Call(p->func, args);
  std::vector<Value> data(bound);
  data.insert(data.end(), args.data, args.data + args.nargs);
  int32_t nargs = static_cast<int32_t>(data.size());
  if (kw->used == 0) {
    data.insert(data.end(), args.data + args.nargs, args.data + args.nargs + args.nkw());
    return vm.Call(p->func, ArgsView(data.data(), nargs, args.kwnames));
  }
  // Merge: the call's keywords replace the partial's of the same name.
  Value merged = DictCopyOf(kw, Types().dict);
  for (int k = 0; k < args.nkw(); ++k) {
    DictSetStr(Cast<DictObject>(merged), args.kwname(k), args.kwvalue(k));
  }
  std::vector<Value> names;
  for (const auto& e : Cast<DictObject>(merged)->entries) {
    if (e.key.is_null()) continue;
    if (StrValue(e.key) == nullptr) return RaiseTypeError(vm, "keywords must be strings");
    names.push_back(e.key);
    data.push_back(e.value);
  }
  Value kwnames = NewTuple(std::move(names));
  return vm.Call(p->func, ArgsView(data.data(), nargs, Cast<TupleObject>(kwnames)));
}

// functools.partial(<function f>, 1, key=2); subclasses print their name.
Value PartialRepr(VM& vm, const Value& self, const ArgsView&) {
  PartialObject* p = P(self);
  Type* t = self.type();
  std::string s = t == PartialType() ? "functools.partial(" : absl::StrCat(t->name, "(");
  std::string r;
  if (!vm.ReprString(p->func, &r)) return {};
  s += r;
  for (const Value& a : Cast<TupleObject>(p->args)->items) {
    if (!vm.ReprString(a, &r)) return {};
    absl::StrAppend(&s, ", ", r);
  }
  for (const auto& e : Cast<DictObject>(p->keywords)->entries) {
    if (e.key.is_null()) continue;
    std::string k;
    if (!vm.StrString(e.key, &k) || !vm.ReprString(e.value, &r)) return {};
    absl::StrAppend(&s, ", ", k, "=", r);
  }
  return NewStr(s + ")");
}

Value PartialFunc(VM&, const Value& self) { return P(self)->func; }
Value PartialArgs(VM&, const Value& self) { return P(self)->args; }
Value PartialKeywords(VM&, const Value& self) { return P(self)->keywords; }

constexpr MethodDef kPartialMethods[] = {
    {"__new__", PartialNew}, {"__call__", PartialCall}, {"__repr__", PartialRepr}};
constexpr GetSetDef kPartialGetSets[] = {
    {"func", PartialFunc}, {"args", PartialArgs}, {"keywords", PartialKeywords}};

// reduce(function, iterable[, initial], /)
Value Reduce(VM& vm, const Value&, const ArgsView& args) {
  if (args.nkw() > 0) return RaiseTypeError(vm, "reduce() takes no keyword arguments");
  if (!CheckPositional(vm, args, "reduce", 2, 3)) return {};
  Value it = vm.Iter(args[1]);
  if (it.is_null()) {
    if (!vm.ExceptionMatches(Types().type_error)) return it;
    vm.ClearException();
    return RaiseTypeError(vm, "reduce() arg 2 must support iteration");
  }
  Value acc = args.nargs == 3 ? args[2] : Value();
  while (true) {
    Value v = vm.Next(it);
    if (v.is_null()) {
      if (vm.HasException()) return v;
      break;
    }
    if (acc.is_null()) {
      acc = std::move(v);
      continue;
    }
    acc = vm.Call(args[0], {acc, v});
    if (acc.is_null()) return acc;
  }
  if (acc.is_null()) {
    return RaiseTypeError(vm, "reduce() of empty iterable with no initial value");
  }
  return acc;
}

// --- cmp_to_key -------------------------------------------------------------
// functools.KeyWrapper: cmp_to_key(f) is one without an object; calling it
// wraps an object; comparing two compares f(a, b) with 0.
struct KeyObject : Object {
  explicit KeyObject(Type* t) : Object(t) {}
  Value cmp;
  Value obj;  // null in the wrapper cmp_to_key returns
};
Type* KeyType();

Value KeyCall(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"obj"};
  Value a[1];
  if (!ParseArgs(vm, args, "K", kNames, 1, a)) return {};
  auto* k = new KeyObject(KeyType());
  k->cmp = Cast<KeyObject>(self)->cmp;
  k->obj = a[0];
  return Value::Adopt(k);
}
Value KeyCompare(VM& vm, CompareOp op, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__lt__", 1, 1)) return {};
  if (args[0].type() != KeyType() || Cast<KeyObject>(args[0])->obj.is_null()) {
    return RaiseTypeError(vm, "other argument must be K instance");
  }
  auto* k = Cast<KeyObject>(self);
  Value r = vm.Call(k->cmp, {k->obj, Cast<KeyObject>(args[0])->obj});
  if (r.is_null()) return r;
  return vm.Compare(op, r, Value::Int(0));
}
Value KeyObj(VM& vm, const Value& self) {
  const Value& obj = Cast<KeyObject>(self)->obj;
  if (obj.is_null()) return RaiseAttributeError(vm, "obj");
  return obj;
}
constexpr MethodDef kKeyMethods[] = {
    {"__call__", KeyCall},
};
constexpr GetSetDef kKeyGetSets[] = {{"obj", KeyObj}};
Type* KeyType() {
  static Type* const kType = [] {
    Type* t = NewNativeType({.name = "KeyWrapper",
                             .module = "functools",
                             .methods = kKeyMethods,
                             .getsets = kKeyGetSets});
    t->name = "functools.KeyWrapper";  // CPython's tp_name, shown by type errors
    AddMethods(t, kRichCompareMethods<KeyCompare>);
    TypeSet(t, "__hash__", Value::None());  // refreshes the slots
    return t;
  }();
  return kType;
}

Value CmpToKey(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"mycmp"};
  Value a[1];
  if (!ParseArgs(vm, args, "cmp_to_key", kNames, 1, a)) return {};
  auto* k = new KeyObject(KeyType());
  k->cmp = a[0];
  return Value::Adopt(k);
}

constexpr MethodDef kFunctions[] = {{"reduce", Reduce}, {"cmp_to_key", CmpToKey}};

}  // namespace

Type* PartialType() {
  static Type* const kType = NewNativeType({.name = "partial",
                                            .module = "functools",
                                            .methods = kPartialMethods,
                                            .getsets = kPartialGetSets,
                                            .alloc = nullptr,
                                            .flags = Type::kBaseType | Type::kInstanceDict});
  return kType;
}

bool IsCallable(const Value& v) {
  if (!v.is_object()) return false;
  const BuiltinTypes& T = Types();
  Type* t = v.type();
  return t == T.function || t == T.native_function || t == T.method || IsSubtype(t, T.type) ||
         !t->slot(Slot::kCall).is_null();
}

Value NewPartial(VM& vm, const Value& func, std::vector<Value> args, std::vector<Value> kwargs) {
  std::vector<Value> data = {func};
  data.insert(data.end(), args.begin(), args.end());
  int32_t nargs = static_cast<int32_t>(data.size());
  std::vector<Value> names;
  for (size_t i = 0; i + 1 < kwargs.size(); i += 2) {
    names.push_back(kwargs[i]);
    data.push_back(kwargs[i + 1]);
  }
  Value kwnames = NewTuple(std::move(names));
  return PartialNew(vm, Value::Borrow(PartialType()),
                    ArgsView(data.data(), nargs, Cast<TupleObject>(kwnames)));
}

void AddFunctoolsPartial(ModuleObject* m) {
  AddType(m, PartialType());
  AddFunctions(m, kFunctions);
}

}  // namespace tc::script
