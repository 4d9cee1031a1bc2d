// The `collections` package. Its parts: namedtuple
// (collections_namedtuple.cc), defaultdict (collections_defaultdict.cc),
// deque (collections_deque.cc), Counter (py/collections_counter.py) and
// ChainMap, UserDict, UserList, UserString (py/collections_wrappers.py, on
// CPython's own _collections_abc.py), both run in the module's namespace,
// and, here, OrderedDict, a native dict subclass. Its __path__ is CPython's
// collections directory, so `import collections.abc` runs CPython's own
// collections/abc.py. OrderedDict's table
// is a dict's (insertion-ordered already), so only what differs from dict
// is here: the repr, order-sensitive equality between OrderedDicts,
// move_to_end, popitem(last=...), copy, and the odict_keys / odict_values /
// odict_items views (named and printed as CPython's).
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

#include "tc/script/module_registry.h"
#include "tc/script/native.h"

#include "collections_internal.h"
#include "import_finder.h"
#include "module_prelude.h"
#include "script_embedded.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

DictObject* D(const Value& v) { return static_cast<DictObject*>(v.as_object()); }

// The live (key, value) entries in order, copied: callers may run script
// code (repr, __eq__) that mutates the dict.
std::vector<DictObject::Entry> LiveEntries(const DictObject* d) {
  std::vector<DictObject::Entry> out;
  out.reserve(d->used);
  for (const auto& e : d->entries) {
    if (!e.key.is_null()) out.push_back(e);
  }
  return out;
}

// CPython 3.11's odict_repr: "OrderedDict()" or "OrderedDict([(k, v), ...])",
// named after the instance's type (subclasses print their own name).
Value OdRepr(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__repr__", 0, 0)) return {};
  const std::string& name = self.type()->name;
  std::vector<DictObject::Entry> entries = LiveEntries(D(self));
  if (entries.empty()) return NewStr(absl::StrCat(name, "()"));
  std::string s = absl::StrCat(name, "([");
  for (size_t i = 0; i < entries.size(); ++i) {
    std::string k, v;
    if (!vm.ReprString(entries[i].key, &k) || !vm.ReprString(entries[i].value, &v)) return {};
    absl::StrAppend(&s, i > 0 ? ", (" : "(", k, ", ", v, ")");
  }
  return NewStr(absl::StrCat(s, "])"));
}

// Between two OrderedDicts equality also needs the same key order; with a
// plain dict it is dict equality.
int OdEqual(VM& vm, const Value& self, const Value& other) {
  DictObject* a = D(self);
  DictObject* b = DictTable(other);
  int eq = DictEqual(vm, a, b);
  if (eq != 1 || !IsInstance(other, OrderedDictType())) return eq;
  std::vector<DictObject::Entry> x = LiveEntries(a), y = LiveEntries(b);
  for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
    int q = vm.Equal(x[i].key, y[i].key);
    if (q != 1) return q;
  }
  return 1;
}
// __eq__ (kEq) and __ne__.
template <bool kEq>
Value OdCompare(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, kEq ? "__eq__" : "__ne__", 1, 1)) return {};
  if (DictTable(args[0]) == nullptr) return NotImplementedValue();
  int eq = OdEqual(vm, self, args[0]);
  if (eq < 0) return {};
  return Value::Bool((eq == 1) == kEq);
}

// Parses the optional `last` flag (default True) after `positional` args.
bool LastFlag(VM& vm, const ArgsView& args, const char* fname, std::span<const char* const> names,
              Value* a, int required, bool* last) {
  if (!ParseArgs(vm, args, fname, names, required, a)) return false;
  const Value& flag = a[names.size() - 1];
  int t = flag.is_null() ? 1 : vm.Truthy(flag);
  if (t < 0) return false;
  *last = t == 1;
  return true;
}

Value OdMoveToEnd(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"key", "last"};
  Value a[2];
  bool last;
  if (!LastFlag(vm, args, "move_to_end", kNames, a, 1, &last)) return {};
  bool found;
  if (!DictMoveToEnd(vm, D(self), a[0], last, &found)) return {};
  if (!found) return RaiseKeyError(vm, a[0]);
  return Value::None();
}

Value OdPopItem(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"last"};
  Value a[1];
  bool last;
  if (!LastFlag(vm, args, "popitem", kNames, a, 0, &last)) return {};
  DictObject* d = D(self);
  if (d->used == 0) return RaiseKeyError(vm, NewStr("dictionary is empty"));
  Value key;
  if (last) {
    for (auto it = d->entries.rbegin(); key.is_null(); ++it) key = it->key;
  } else {
    for (auto it = d->entries.begin(); key.is_null(); ++it) key = it->key;
  }
  Value value;
  if (DictGet(vm, d, key, &value) < 0) return {};
  bool found;
  if (!DictDel(vm, d, key, &found)) return {};
  return NewTuple({key, value});
}

// type(self)(self), as CPython's OrderedDict.copy.
Value OdCopy(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "copy", 0, 0)) return {};
  return vm.Call(Value::Borrow(self.type()), {self});
}

// (type(self), (), the instance dict or None, None, iter(items)), as
// CPython's odict_reduce: pickle then rebuilds with REDUCE + SETITEMS and
// restores attributes (a state dict's _metadata) with BUILD.
Value OdReduce(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__reduce__", 0, 0)) return {};
  DictObject* d = self.as_object()->dict;
  Value state = d != nullptr && d->used > 0 ? Value::Borrow(d) : Value::None();
  Value items = vm.CallMethod(self, "items", {});
  if (items.is_null()) return {};
  Value it = vm.Iter(items);
  if (it.is_null()) return {};
  return NewTuple({Value::Borrow(self.type()), NewTuple({}), state, Value::None(), it});
}

Type* ViewType(int kind);

Value OdView(const Value& self, int kind) {
  auto* v = new DictViewObject(ViewType(kind));
  v->dict = self;
  v->kind = kind;
  return Value::Adopt(v);
}
Value OdKeys(VM&, const Value& self, const ArgsView&) { return OdView(self, 0); }
Value OdValues(VM&, const Value& self, const ArgsView&) { return OdView(self, 1); }
Value OdItems(VM&, const Value& self, const ArgsView&) { return OdView(self, 2); }

constexpr MethodDef kOdMethods[] = {
    {"__repr__", OdRepr},    {"__eq__", OdCompare<true>}, {"__ne__", OdCompare<false>},
    {"keys", OdKeys},        {"values", OdValues},        {"items", OdItems},
    {"copy", OdCopy},        {"popitem", OdPopItem},      {"move_to_end", OdMoveToEnd},
    {"__reduce__", OdReduce}};

// --- odict_keys / odict_values / odict_items ------------------------------------
// Subtypes of the dict views, so the VM's exact-type paths for dict views
// do not apply: these special methods give them the same behaviour.
DictViewObject* V(const Value& v) { return static_cast<DictViewObject*>(v.as_object()); }

Value ViewLen(VM&, const Value& self, const ArgsView&) {
  return Value::Int(D(V(self)->dict)->used);
}
Value ViewIter(VM&, const Value& self, const ArgsView&) {
  return NewDictIter(V(self)->dict, V(self)->kind);
}
Value ViewContains(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__contains__", 1, 1)) return {};
  DictViewObject* v = V(self);
  const Value& x = args[0];
  if (v->kind == 0) {
    Value out;
    int r = DictGet(vm, D(v->dict), x, &out);
    if (r < 0) return {};
    return Value::Bool(r == 1);
  }
  if (v->kind == 2) {
    // (key, value) in items: look the key up, compare the value.
    const std::vector<Value>* kv = TupleOrListItems(x);
    if (kv == nullptr || !IsInstance(x, Types().tuple) || kv->size() != 2) {
      return Value::Bool(false);
    }
    Value key = (*kv)[0], want = (*kv)[1], out;
    int r = DictGet(vm, D(v->dict), key, &out);
    if (r <= 0) return r < 0 ? Value() : Value::Bool(false);
    int eq = vm.Equal(out, want);
    if (eq < 0) return {};
    return Value::Bool(eq == 1);
  }
  for (const auto& e : LiveEntries(D(v->dict))) {
    int eq = vm.Equal(e.value, x);
    if (eq != 0) return eq < 0 ? Value() : Value::Bool(true);
  }
  return Value::Bool(false);
}
Value ViewRepr(VM& vm, const Value& self, const ArgsView&) {
  std::vector<Value> items;
  if (!vm.Extend(&items, self)) return {};
  bool ok;
  std::string s = SeqRepr(vm, items, absl::StrCat(self.type()->name, "([").c_str(), "])", &ok);
  if (!ok) return {};
  return NewStr(std::move(s));
}
constexpr MethodDef kViewMethods[] = {{"__len__", ViewLen},
                                      {"__iter__", ViewIter},
                                      {"__contains__", ViewContains},
                                      {"__repr__", ViewRepr}};

Type* MakeViewType(const char* name, Type* base) {
  return NewNativeType({.name = name, .base = base, .methods = kViewMethods});
}

Type* ViewType(int kind) {
  static Type* const kTypes[3] = {MakeViewType("odict_keys", Types().dict_keys),
                                  MakeViewType("odict_values", Types().dict_values),
                                  MakeViewType("odict_items", Types().dict_items)};
  return kTypes[kind];
}

// The module's __getattr__ (PEP 562): ChainMap and the User* wrappers are
// made on first use (py/collections_wrappers.py, which imports
// _collections_abc).
Value CollectionsGetAttr(VM& vm, const Value& module, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__getattr__", 1, 1)) return {};
  auto* m = Cast<ModuleObject>(module);
  const std::string* name = StrValue(args[0]);
  static constexpr const char* kLazy[] = {"ChainMap", "UserDict", "UserList", "UserString"};
  bool lazy = false;
  for (const char* n : kLazy) lazy = lazy || (name != nullptr && *name == n);
  if (lazy && DictGetStr(m->dict, "ChainMap") == nullptr &&
      !RunModulePrelude(vm, m, kCollectionsWrappersPy)) {
    return {};
  }
  if (const Value* v = name == nullptr ? nullptr : DictGetStr(m->dict, *name)) return *v;
  std::string shown;
  if (!vm.StrString(args[0], &shown)) return {};
  return RaiseAttributeError(vm,
                             absl::StrCat("module 'collections' has no attribute '", shown, "'"));
}
constexpr MethodDef kLazyGetAttr[] = {{"__getattr__", CollectionsGetAttr}};

// deque is a MutableSequence: registered with CPython's _collections_abc
// once that module's body has run, whichever of the two comes first.
bool RegisterDequeAbc(VM& vm, ModuleObject* m) {
  const Value* ms = DictGetStr(m->dict, "MutableSequence");
  if (ms == nullptr) return true;
  return !vm.CallMethod(*ms, "register", {Value::Borrow(CollectionsDequeType())}).is_null();
}
const ModuleExtensionRegistrar kDequeAbc("_collections_abc", RegisterDequeAbc);

}  // namespace

Type* OrderedDictType() {
  static Type* const kType = NewNativeType({.name = "OrderedDict",
                                            .module = "collections",
                                            .base = Types().dict,
                                            .methods = kOdMethods,
                                            .flags = Type::kBaseType | Type::kInstanceDict});
  return kType;
}

bool InitCollectionsModule(VM& vm, ModuleObject* m) {
  AddType(m, OrderedDictType());
  AddCollectionsNamedTuple(m);
  AddCollectionsDefaultDict(m);
  AddCollectionsDeque(m);
  // deque[int], defaultdict[str, list], OrderedDict[str, int].
  static const bool kGenerics = [m] {
    AddClassGetItem(OrderedDictType());
    for (const char* name : {"deque", "defaultdict"}) {
      AddClassGetItem(Cast<Type>(*DictGetStr(m->dict, name)));
    }
    return true;
  }();
  (void)kGenerics;
  if (!RunModulePrelude(vm, m, kCollectionsCounterPy)) return false;
  AddFunctions(m, kLazyGetAttr);
  std::vector<Value> all;
  for (const char* name : {"ChainMap", "Counter", "OrderedDict", "UserDict", "UserList",
                           "UserString", "defaultdict", "deque", "namedtuple"}) {
    all.push_back(NewStr(name));
  }
  ModuleSet(m, "__all__", NewList(std::move(all)));
  // A package: its submodule abc is CPython's collections/abc.py, found
  // where sys.path finds CPython's collections package.
  std::vector<Value> path;
  const Value* sys = DictGetStr(vm.modules(), "sys");
  const Value* sys_path = sys == nullptr ? nullptr : DictGetStr(sys->as_object()->dict, "path");
  const std::vector<Value>* entries = sys_path == nullptr ? nullptr : TupleOrListItems(*sys_path);
  if (entries != nullptr) {
    std::vector<std::string> dirs;
    for (const Value& entry : *entries) {
      if (const std::string* s = StrValue(entry)) dirs.push_back(*s);
    }
    FoundModule found = FindModule("collections", dirs);
    if (found.kind == FoundModule::Kind::kPackage) {
      for (const std::string& d : found.search_locations) path.push_back(NewStr(d));
    }
  }
  ModuleSet(m, "__path__", NewList(std::move(path)));
  return true;
}

}  // namespace tc::script
