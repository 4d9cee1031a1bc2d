// Class creation, as CPython's __build_class__ and type.__new__: the class
// statement (VM::MakeClass) with its keywords, metaclasses (PEP 3115:
// the most derived metaclass, __prepare__), multiple inheritance (the
// layout base and C3 method resolution order), PEP 487 (__init_subclass__,
// __set_name__) and PEP 560 (__mro_entries__, __orig_bases__).
#include <algorithm>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "tc/script/native.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

// The class whose instance layout `t` uses: the nearest class in its base
// chain that allocates differently from its own base (CPython's
// solid_base); object for plain classes.
Type* SolidBase(Type* t) {
  while (t->base != nullptr && t->alloc == t->base->alloc) t = t->base;
  return t;
}

// The base whose layout the new class extends (CPython's best_base).
Type* BestBase(VM& vm, const std::vector<Type*>& bases) {
  Type* winner = nullptr;
  Type* best = nullptr;
  for (Type* b : bases) {
    Type* s = SolidBase(b);
    if (winner == nullptr || IsSubtype(s, winner)) {
      if (winner == nullptr || s != winner) best = b;
      winner = s;
    } else if (!IsSubtype(winner, s)) {
      RaiseTypeError(vm, "multiple bases have instance lay-out conflict");
      return nullptr;
    }
  }
  return best;
}

// C3 linearization of `t` over its bases' MROs and the bases themselves.
bool ComputeMro(VM& vm, Type* t, const std::vector<Type*>& bases) {
  std::vector<std::vector<Type*>> seqs;
  for (Type* b : bases) seqs.push_back(b->mro);
  seqs.push_back(bases);
  t->mro = {t};
  while (true) {
    std::erase_if(seqs, [](const std::vector<Type*>& s) { return s.empty(); });
    if (seqs.empty()) return true;
    Type* next = nullptr;
    for (const std::vector<Type*>& s : seqs) {
      Type* cand = s[0];
      bool in_tail = std::any_of(seqs.begin(), seqs.end(), [&](const std::vector<Type*>& o) {
        return std::find(o.begin() + 1, o.end(), cand) != o.end();
      });
      if (!in_tail) {
        next = cand;
        break;
      }
    }
    if (next == nullptr) {
      std::vector<std::string> names;
      for (const std::vector<Type*>& s : seqs) {
        if (std::find(names.begin(), names.end(), s[0]->name) == names.end())
          names.push_back(s[0]->name);
      }
      RaiseTypeError(vm, absl::StrFormat("Cannot create a consistent method resolution\norder "
                                         "(MRO) for bases %s",
                                         absl::StrJoin(names, ", ")));
      return false;
    }
    t->mro.push_back(next);
    for (std::vector<Type*>& s : seqs) {
      if (s[0] == next) s.erase(s.begin());
    }
  }
}

// The metaclass that wins over the metaclasses of all bases.
Type* CalculateMetaclass(VM& vm, Type* meta, const std::vector<Value>& bases) {
  Type* winner = meta;
  for (const Value& b : bases) {
    Type* bt = b.type();
    if (IsSubtype(winner, bt)) continue;
    if (IsSubtype(bt, winner)) {
      winner = bt;
      continue;
    }
    RaiseTypeError(vm,
                   "metaclass conflict: the metaclass of a derived class must be a (non-strict) "
                   "subclass of the metaclasses of all its bases");
    return nullptr;
  }
  return winner;
}

// Wraps a plain function stored under `name` in staticmethod / classmethod,
// as type.__new__ does for __new__, __init_subclass__ and __class_getitem__.
void WrapImplicit(DictObject* d, const char* name, Type* wrapper) {
  int64_t ix = DictFindStr(d, Intern(name));
  if (ix < 0) return;
  Value& v = d->entries[ix].value;
  if (!v.is_object() || v.type() != Types().function) return;
  Value w;
  if (wrapper == Types().staticmethod) {
    auto* s = new StaticMethodObject(wrapper);
    s->function = v;
    w = Value::Adopt(s);
  } else {
    auto* c = new ClassMethodObject(wrapper);
    c->function = v;
    w = Value::Adopt(c);
  }
  v = std::move(w);
}

// PEP 560: a base that is not a class may stand for others through its
// __mro_entries__(bases).
bool ResolveMroEntries(VM& vm, const Value& orig, std::vector<Value>* out, bool* changed) {
  const std::vector<Value>& items = Cast<TupleObject>(orig)->items;
  *changed = false;
  for (const Value& b : items) {
    if (IsInstance(b, Types().type)) {
      out->push_back(b);
      continue;
    }
    Value meth = vm.GetAttrOrNull(b, Intern("__mro_entries__"));
    if (meth.is_null()) {
      if (vm.HasException()) return false;
      out->push_back(b);
      continue;
    }
    Value r = vm.Call(meth, {orig});
    if (r.is_null()) return false;
    if (!r.is_object() || r.type() != Types().tuple) {
      RaiseTypeError(vm, "__mro_entries__ must return a tuple");
      return false;
    }
    for (const Value& e : Cast<TupleObject>(r)->items) out->push_back(e);
    *changed = true;
  }
  return true;
}

// The keyword arguments of a class statement as an ArgsView tail.
struct Keywords {
  std::vector<Value> values;
  Value names;  // tuple of str, or null
  void From(const DictObject* d) {
    std::vector<Value> n;
    for (const auto& e : d->entries) {
      if (e.key.is_null()) continue;
      n.push_back(e.key);
      values.push_back(e.value);
    }
    if (!n.empty()) names = NewTuple(std::move(n));
  }
  const TupleObject* kwnames() const {
    return names.is_null() ? nullptr : Cast<TupleObject>(names);
  }
};

// Instances get a __dict__ unless the class lists __slots__ without
// "__dict__" and no base gives them one (CPython's rule; tc keeps slot
// values in the instance dict too, and only the names are limited).
bool HasInstanceDict(const DictObject* ns, const std::vector<Type*>& bases) {
  const Value* slots = DictGetStr(ns, "__slots__");
  if (slots == nullptr) return true;
  for (Type* b : bases)
    if (b->has_flag(Type::kInstanceDict)) return true;
  if (const std::string* one = StrValue(*slots)) return *one == "__dict__";
  if (const std::vector<Value>* names = TupleOrListItems(*slots)) {
    for (const Value& n : *names) {
      const std::string* s = StrValue(n);
      if (s != nullptr && *s == "__dict__") return true;
    }
  }
  return false;
}

}  // namespace

// object.__new__(cls, *args): a blank instance of cls, with CPython's
// checks (object_new). A static method, as CPython's __new__ is, so
// `super().__new__(cls)` passes cls itself.
Value ObjectNew(VM& vm, const Value&, const ArgsView& args) {
  const BuiltinTypes& T = Types();
  if (args.nargs < 1) return RaiseTypeError(vm, "object.__new__(): not enough arguments");
  const Value& cls = args[0];
  if (!IsInstance(cls, T.type)) {
    return RaiseTypeError(
        vm, absl::StrFormat("object.__new__(X): X is not a type object (%s)", TypeName(cls)));
  }
  Type* t = Cast<Type>(cls);
  // The nearest class not made by a class statement decides the layout.
  Type* native = t;
  while (native->has_flag(Type::kHeapType) && native->base != nullptr) native = native->base;
  if (native != T.object) {
    // CPython names the nearest class whose __new__ is not a class
    // statement's own.
    Type* named = t;
    while (named->has_flag(Type::kHeapType) && named->base != nullptr &&
           DictGetStr(named->dict, "__new__") != nullptr) {
      named = named->base;
    }
    return RaiseTypeError(vm, absl::StrFormat("object.__new__(%s) is not safe, use %s.__new__()",
                                              t->name, named->name));
  }
  if (args.nargs > 1 || args.nkw() > 0) {
    static StrObject* const kNew = Intern("__new__");
    static StrObject* const kInit = Intern("__init__");
    const Value* own_new = LookupInMro(t, kNew);
    if (own_new != nullptr && !IsBuiltinDunder(*own_new)) {
      return RaiseTypeError(
          vm, "object.__new__() takes exactly one argument (the type to instantiate)");
    }
    const Value* own_init = LookupInMro(t, kInit);
    if (own_init == nullptr || own_init == LookupInMro(T.object, kInit)) {
      return RaiseTypeError(vm, absl::StrFormat("%s() takes no arguments", t->name));
    }
  }
  if (t->has_flag(Type::kAbstract)) return RaiseAbstractInstantiation(vm, t);
  if (t->alloc == nullptr) {
    return RaiseTypeError(vm, absl::StrFormat("cannot create '%s' instances", TypeFullName(t)));
  }
  return Value::Adopt(t->alloc(t));
}

Value NewClass(VM& vm, Type* meta, const Value& namev, const Value& basesv, const Value& nsv,
               const ArgsView& kwargs) {
  const BuiltinTypes& T = Types();
  const std::string* name = StrValue(namev);
  if (name == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("type.__new__() argument 1 must be str, not %s", TypeName(namev)));
  }
  if (!basesv.is_object() || basesv.type() != T.tuple) {
    return RaiseTypeError(
        vm, absl::StrFormat("type.__new__() argument 2 must be tuple, not %s", TypeName(basesv)));
  }
  DictObject* ns = DictTable(nsv);
  if (ns == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("type.__new__() argument 3 must be dict, not %s", TypeName(nsv)));
  }
  // The most derived metaclass makes the class (type(name, bases, ns)
  // with bases of a metaclass of their own).
  meta = CalculateMetaclass(vm, meta, Cast<TupleObject>(basesv)->items);
  if (meta == nullptr) return {};
  std::vector<Type*> bases;
  for (const Value& b : Cast<TupleObject>(basesv)->items) {
    if (!IsInstance(b, T.type)) {
      if (!vm.GetAttrOrNull(b, Intern("__mro_entries__")).is_null()) {
        return RaiseTypeError(vm,
                              "type() doesn't support MRO entry resolution; use "
                              "types.new_class()");
      }
      vm.ClearException();
      return RaiseTypeError(vm, absl::StrFormat("bases must be types"));
    }
    Type* bt = Cast<Type>(b);
    if (!bt->has_flag(Type::kBaseType)) {
      return RaiseTypeError(vm,
                            absl::StrFormat("type '%s' is not an acceptable base type", bt->name));
    }
    if (std::find(bases.begin(), bases.end(), bt) != bases.end()) {
      return RaiseTypeError(vm, absl::StrFormat("duplicate base class %s", bt->name));
    }
    bases.push_back(bt);
  }
  if (bases.empty()) bases.push_back(T.object);
  Type* base = BestBase(vm, bases);
  if (base == nullptr) return {};

  auto* t = new Type(meta);
  t->refcnt = kImmortalRefcount;  // classes live as long as the process
  Value tv = Value::Borrow(t);
  t->name = *name;
  t->qualname = *name;
  t->base = base;
  t->bases = bases;
  t->alloc = base->alloc;
  t->flags = Type::kBaseType | Type::kHeapType;
  if (HasInstanceDict(ns, bases)) t->flags |= Type::kInstanceDict;
  for (Type* b : bases) t->flags |= b->flags & (Type::kExceptionType | Type::kMetaclass);
  if (base->has_flag(Type::kValueBase) || base->has_flag(Type::kBoxed)) t->flags |= Type::kBoxed;
  if (!ComputeMro(vm, t, bases)) return {};
  if (std::find(t->mro.begin(), t->mro.end(), T.type) != t->mro.end()) t->flags |= Type::kMetaclass;
  for (Type* b : bases) b->subclasses.push_back(t);
  t->dict = static_cast<DictObject*>(DictCopyOf(ns, T.dict).Release());

  if (const Value* q = DictGetStr(t->dict, "__qualname__")) {
    const std::string* qs = StrValue(*q);
    if (qs == nullptr) {
      return RaiseTypeError(
          vm, absl::StrFormat("type __qualname__ must be a str, not %s", TypeName(*q)));
    }
    t->qualname = *qs;
    bool found;
    DictDel(vm, t->dict, InternStr("__qualname__"), &found);
  }
  if (const Value* m = DictGetStr(t->dict, "__module__"); m != nullptr && StrValue(*m)) {
    t->module = *StrValue(*m);
  } else {
    const Value* g = nullptr;
    if (Frame* f = vm.current_frame(); f != nullptr && f->globals != nullptr)
      g = DictGetStr(f->globals, "__name__");
    t->module = g != nullptr && StrValue(*g) ? *StrValue(*g) : "builtins";
    DictSetStr(t->dict, "__module__", NewStr(t->module));
  }
  // type() gives every class a __doc__ (None without a docstring), and a
  // class that defines __eq__ but not __hash__ is unhashable.
  if (DictGetStr(t->dict, "__doc__") == nullptr) DictSetStr(t->dict, "__doc__", Value::None());
  if (DictGetStr(t->dict, "__eq__") != nullptr && DictGetStr(t->dict, "__hash__") == nullptr) {
    DictSetStr(t->dict, "__hash__", Value::None());
  }
  WrapImplicit(t->dict, "__new__", T.staticmethod);
  WrapImplicit(t->dict, "__init_subclass__", T.classmethod);
  WrapImplicit(t->dict, "__class_getitem__", T.classmethod);
  if (const Value* cc = DictGetStr(t->dict, "__classcell__")) {
    if (!cc->is_object() || cc->type() != T.cell) {
      return RaiseTypeError(
          vm, absl::StrFormat("__classcell__ must be a nonlocal cell, not %s", TypeName(*cc)));
    }
    Cast<CellObject>(*cc)->value = tv;
    bool found;
    DictDel(vm, t->dict, InternStr("__classcell__"), &found);
  }
  UpdateSlots(t);

  // PEP 487: each attribute whose type has __set_name__ learns its owner
  // and name (functools.cached_property needs it), in definition order.
  static StrObject* const kSetName = Intern("__set_name__");
  std::vector<DictObject::Entry> attrs;
  for (const auto& e : t->dict->entries) {
    if (!e.key.is_null()) attrs.push_back(e);
  }
  for (const auto& e : attrs) {
    const Value* set_name = LookupInMro(e.value.type(), kSetName);
    if (set_name == nullptr) continue;
    Value args[2] = {tv, e.key};
    if (vm.CallWithSelf(*set_name, e.value, ArgsView(args, 2)).is_null()) return {};
  }
  // ... and the nearest base's __init_subclass__ sees the class keywords.
  Value init = vm.LoadSuper(tv, tv, Intern("__init_subclass__"));
  if (init.is_null()) return {};
  if (vm.Call(init, kwargs).is_null()) return {};
  return tv;
}

Value VM::MakeClass(const Value& body, const Value& bases_in, const Value& kwargs_in,
                    StrObject* name) {
  const BuiltinTypes& T = Types();
  std::vector<Value> bases;
  bool changed;
  if (!ResolveMroEntries(*this, bases_in, &bases, &changed)) return {};
  Value bases_t = changed ? NewTuple(bases) : bases_in;

  Value meta;
  Keywords kw;
  if (kwargs_in.is_object()) {
    Value kwargs = DictCopyOf(Cast<DictObject>(kwargs_in), T.dict);
    auto* kd = Cast<DictObject>(kwargs);
    if (const Value* m = DictGetStr(kd, "metaclass")) {
      meta = *m;
      bool found;
      DictDel(*this, kd, InternStr("metaclass"), &found);
    }
    kw.From(kd);
  }
  if (meta.is_null()) meta = Value::Borrow(bases.empty() ? T.type : bases[0].type());
  if (IsInstance(meta, T.type)) {
    Type* winner = CalculateMetaclass(*this, Cast<Type>(meta), bases);
    if (winner == nullptr) return {};
    meta = Value::Borrow(winner);
  }

  // The namespace the body runs in: a plain dict, or the metaclass's
  // __prepare__(name, bases, **kwargs).
  Value nsv;
  if (meta.as_object() != T.type) {
    Value p = GetAttrOrNull(meta, Intern("__prepare__"));
    if (p.is_null() && HasException()) return {};
    if (!p.is_null()) {
      std::vector<Value> a = {Value::Borrow(name), bases_t};
      a.insert(a.end(), kw.values.begin(), kw.values.end());
      nsv = Call(p, ArgsView(a.data(), 2, kw.kwnames()));
      if (nsv.is_null()) return {};
    }
  }
  if (nsv.is_null()) nsv = NewDict();
  DictObject* ns = DictTable(nsv);
  if (ns == nullptr) {
    std::string mname;
    ReprString(meta, &mname);
    return Raise(
        T.type_error,
        absl::StrFormat("%s.__prepare__() must return a mapping, not %s",
                        IsInstance(meta, T.type) ? Cast<Type>(meta)->name : mname, TypeName(nsv)));
  }

  auto* fn = static_cast<FunctionObject*>(body.as_object());
  Value r = RunClassBody(fn, ns);
  if (r.is_null()) return r;
  if (changed && !SetItem(nsv, InternStr("__orig_bases__"), bases_in)) return {};

  std::vector<Value> a = {Value::Borrow(name), bases_t, nsv};
  a.insert(a.end(), kw.values.begin(), kw.values.end());
  Value cls = Call(meta, ArgsView(a.data(), 3, kw.kwnames()));
  return cls;
}

namespace {

// type.__new__(meta, name, bases, ns, **kwargs), and type(obj).
Value TypeNewFn(VM& vm, const Value&, const ArgsView& args) {
  const BuiltinTypes& T = Types();
  if (args.nargs < 1 || !IsInstance(args[0], T.type) || !IsSubtype(Cast<Type>(args[0]), T.type)) {
    return RaiseTypeError(vm, "type.__new__(X): X is not a type object");
  }
  auto* meta = Cast<Type>(args[0]);
  if (meta == T.type && args.nargs == 2 && args.nkw() == 0) return Value::Borrow(args[1].type());
  if (args.nargs != 4) return RaiseTypeError(vm, "type() takes 1 or 3 arguments");
  // type(name, bases, ns, **kw) over bases of a metaclass with its own
  // __new__ is that metaclass's class (enum's _simple_enum: type(name,
  // (StrEnum,), body, boundary=...)), as CPython's type_new hands it over.
  if (IsInstance(args[2], T.tuple)) {
    Type* winner = CalculateMetaclass(vm, meta, Cast<TupleObject>(args[2])->items);
    if (winner == nullptr) return {};
    const Value& wnew = winner->slot(Slot::kNew);
    if (winner != meta && !wnew.is_null() &&
        wnew.as_object() != T.type->slot(Slot::kNew).as_object()) {
      std::vector<Value> v(args.data, args.data + args.nargs + args.nkw());
      v[0] = Value::Borrow(winner);
      const Value& fn = wnew.as_object()->type == T.staticmethod
                            ? static_cast<StaticMethodObject*>(wnew.as_object())->function
                            : wnew;
      return vm.Call(fn, ArgsView(v.data(), args.nargs, args.kwnames));
    }
  }
  ArgsView kwargs(args.data + 4, 0, args.kwnames);
  return NewClass(vm, meta, args[1], args[2], args[3], kwargs);
}

Value TypeInitFn(VM& vm, const Value&, const ArgsView& args) {
  if (args.nargs != 1 && args.nargs != 3) {
    return RaiseTypeError(vm, "type.__init__() takes 1 or 3 arguments");
  }
  return Value::None();
}

// type.__call__: what calling a class does (a metaclass's __call__ reaches
// it through super()).
Value TypeCallFn(VM& vm, const Value& self, const ArgsView& args) {
  return vm.CallType(Cast<Type>(self), args);
}

Value TypePrepareFn(VM&, const Value&, const ArgsView&) { return NewDict(); }

Value TypeSubclasses(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__subclasses__", 0, 0)) return {};
  std::vector<Value> v;
  for (Type* s : Cast<Type>(self)->subclasses) v.push_back(Value::Borrow(s));
  return NewList(std::move(v));
}

Value TypeInstanceCheck(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__instancecheck__", 1, 1)) return {};
  return Value::Bool(IsInstance(args[0], Cast<Type>(self)));
}

Value TypeSubclassCheck(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__subclasscheck__", 1, 1)) return {};
  if (!IsInstance(args[0], Types().type)) {
    return RaiseTypeError(vm, "issubclass() arg 1 must be a class");
  }
  return Value::Bool(IsSubtype(Cast<Type>(args[0]), Cast<Type>(self)));
}

constexpr MethodDef kTypeClassMethods[] = {
    {"__new__", TypeNewFn, MethodDef::kStatic},
    {"__init__", TypeInitFn},
    {"__call__", TypeCallFn},
    {"__prepare__", TypePrepareFn, MethodDef::kClass},
    {"__instancecheck__", TypeInstanceCheck},
    {"__subclasscheck__", TypeSubclassCheck},
    {"__subclasses__", TypeSubclasses},
};

// The end of every __init_subclass__ chain: no keywords left over.
Value ObjectInitSubclass(VM& vm, const Value& cls, const ArgsView& args) {
  if (args.nargs > 0 || args.nkw() > 0) {
    return RaiseTypeError(vm, absl::StrFormat("%s.__init_subclass__() takes no keyword arguments",
                                              Cast<Type>(cls)->name));
  }
  return Value::None();
}

// The default of abc's __subclasshook__ protocol.
Value ObjectSubclassHook(VM&, const Value&, const ArgsView&) { return NotImplementedValue(); }

constexpr MethodDef kObjectClassMethods[] = {
    {"__init_subclass__", ObjectInitSubclass, MethodDef::kClass},
    {"__subclasshook__", ObjectSubclassHook, MethodDef::kClass},
};

}  // namespace

Value RaiseAbstractInstantiation(VM& vm, Type* cls) {
  // CPython 3.11's wording: the sorted abstract names, comma-separated.
  std::vector<std::string> names;
  if (const Value* am = DictGetStr(cls->dict, "__abstractmethods__")) {
    std::vector<Value> items;
    if (!vm.Extend(&items, *am)) return {};
    for (const Value& n : items) {
      if (const std::string* s = StrValue(n)) names.push_back(*s);
    }
  }
  std::sort(names.begin(), names.end());
  return RaiseTypeError(
      vm, absl::StrFormat("Can't instantiate abstract class %s with abstract method%s %s",
                          cls->name, names.size() == 1 ? "" : "s", absl::StrJoin(names, ", ")));
}

void AddClassCreationMethods(BuiltinTypes& bt) {
  AddMethods(bt.type, kTypeClassMethods);
  AddMethods(bt.object, kObjectClassMethods);
  UpdateSlots(bt.object);
  UpdateSlots(bt.type);
}

}  // namespace tc::script
