// dict and set (and frozenset): constructors and methods.
#include <algorithm>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "for_each_item.h"
#include "obj_containers.h"
#include "vm_internal.h"
#include "vm_set_table.h"

namespace tc::script {

namespace {

DictObject* D(const Value& v) { return static_cast<DictObject*>(v.as_object()); }

// --- dict ----------------------------------------------------------------------
bool DictUpdateFrom(VM& vm, DictObject* d, const Value& src) {
  if (IsInstance(src, Types().dict)) {
    for (const auto& e : D(src)->entries) {
      if (!e.key.is_null() && !DictSet(vm, d, e.key, e.value)) return false;
    }
    return true;
  }
  // A mapping with keys(), or an iterable of pairs.
  Value keys_fn = src.is_object() ? vm.GetAttrOrNull(src, Intern("keys")) : Value();
  if (vm.HasException()) return false;
  if (!keys_fn.is_null()) {
    Value keys = vm.Call(keys_fn, ArgsView());
    std::vector<Value> ks;
    if (keys.is_null() || !vm.Extend(&ks, keys)) return false;
    for (const Value& k : ks) {
      Value v = vm.GetItem(src, k);
      if (v.is_null() || !DictSet(vm, d, k, v)) return false;
    }
    return true;
  }
  std::vector<Value> pairs;
  if (!vm.Extend(&pairs, src)) return false;
  for (size_t i = 0; i < pairs.size(); ++i) {
    std::vector<Value> kv;
    if (!vm.Extend(&kv, pairs[i])) return false;
    if (kv.size() != 2) {
      RaiseValueError(vm, absl::StrFormat("dictionary update sequence element #%d has length %d; 2 "
                                          "is required",
                                          i, kv.size()));
      return false;
    }
    if (!DictSet(vm, d, kv[0], kv[1])) return false;
  }
  return true;
}
Value DictInit(VM& vm, const Value& self, const ArgsView& args) {
  if (args.nargs > 1) {
    return RaiseTypeError(vm,
                          absl::StrFormat("dict expected at most 1 argument, got %d", args.nargs));
  }
  if (args.nargs == 1 && !DictUpdateFrom(vm, D(self), args[0])) return {};
  for (int k = 0; k < args.nkw(); ++k) DictSetStr(D(self), args.kwname(k), args.kwvalue(k));
  return Value::None();
}
Value DictGetM(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "get", 1, 2)) return {};
  Value out;
  int r = DictGet(vm, D(self), args[0], &out);
  if (r < 0) return {};
  if (r == 0) return args.nargs == 2 ? args[1] : Value::None();
  return out;
}
Value DictKeys(VM&, const Value& self, const ArgsView&) { return NewDictView(self, 0); }
Value DictValues(VM&, const Value& self, const ArgsView&) { return NewDictView(self, 1); }
Value DictItems(VM&, const Value& self, const ArgsView&) { return NewDictView(self, 2); }
Value DictPop(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "pop", 1, 2)) return {};
  Value out;
  int r = DictGet(vm, D(self), args[0], &out);
  if (r < 0) return {};
  if (r == 0) {
    if (args.nargs == 2) return args[1];
    return RaiseKeyError(vm, args[0]);
  }
  bool found;
  if (!DictDel(vm, D(self), args[0], &found)) return {};
  return out;
}
Value DictPopItem(VM& vm, const Value& self, const ArgsView&) {
  DictObject* d = D(self);
  for (auto it = d->entries.rbegin(); it != d->entries.rend(); ++it) {
    if (it->key.is_null()) continue;
    Value t = NewTuple({it->key, it->value});
    bool found;
    Value k = it->key;
    if (!DictDel(vm, d, k, &found)) return {};
    return t;
  }
  return RaiseKeyError(vm, NewStr("popitem(): dictionary is empty"));
}
Value DictSetDefault(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "setdefault", 1, 2)) return {};
  Value out;
  int r = DictGet(vm, D(self), args[0], &out);
  if (r < 0) return {};
  if (r == 1) return out;
  Value v = args.nargs == 2 ? args[1] : Value::None();
  if (!DictSet(vm, D(self), args[0], v)) return {};
  return v;
}
Value DictUpdate(VM& vm, const Value& self, const ArgsView& args) {
  if (args.nargs > 1) {
    return RaiseTypeError(
        vm, absl::StrFormat("update expected at most 1 argument, got %d", args.nargs));
  }
  if (args.nargs == 1 && !DictUpdateFrom(vm, D(self), args[0])) return {};
  for (int k = 0; k < args.nkw(); ++k) DictSetStr(D(self), args.kwname(k), args.kwvalue(k));
  return Value::None();
}
Value DictCopy(VM&, const Value& self, const ArgsView&) {
  return DictCopyOf(D(self), Types().dict);
}
Value DictClearM(VM&, const Value& self, const ArgsView&) {
  DictClear(D(self));
  return Value::None();
}
// A classmethod: OrderedDict.fromkeys(...) makes an OrderedDict.
Value DictFromKeys(VM& vm, const Value& cls, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "fromkeys", 1, 2)) return {};
  std::vector<Value> keys;
  if (!vm.Extend(&keys, args[0])) return {};
  bool exact = !IsInstance(cls, Types().type) || cls.as_object() == Types().dict;
  Value d = exact ? NewDict() : vm.Call(cls, ArgsView());
  if (d.is_null()) return {};
  for (const Value& k : keys) {
    if (!vm.SetItem(d, k, args.nargs == 2 ? args[1] : Value::None())) return {};
  }
  return d;
}

// dict's special methods, for `super().__setitem__(k, v)` and
// `dict.__repr__(d)` in subclasses. They act on the table whatever the
// type overrides (calling the VM's operators would recurse into the
// override). UpdateSlots does not cache them: the VM's operators already
// give dict and subclasses that do not override them this behaviour.
Value DictGetItemM(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__getitem__", 1, 1)) return {};
  return DictSubscript(vm, self, args[0]);
}
Value DictSetItemM(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__setitem__", 2, 2)) return {};
  if (!DictSet(vm, D(self), args[0], args[1])) return {};
  return Value::None();
}
Value DictDelItemM(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__delitem__", 1, 1)) return {};
  bool found;
  if (!DictDel(vm, D(self), args[0], &found)) return {};
  if (!found) return RaiseKeyError(vm, args[0]);
  return Value::None();
}
Value DictContainsM(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__contains__", 1, 1)) return {};
  Value out;
  int r = DictGet(vm, D(self), args[0], &out);
  if (r < 0) return {};
  return Value::Bool(r == 1);
}
Value DictLenM(VM&, const Value& self, const ArgsView&) { return Value::Int(D(self)->used); }
Value DictIterM(VM&, const Value& self, const ArgsView&) { return NewDictIter(self, 0); }
Value DictReprM(VM& vm, const Value& self, const ArgsView&) {
  std::string s;
  if (!DictReprString(vm, D(self), &s)) return {};
  return NewStr(std::move(s));
}
// __eq__ (kEq) and __ne__.
template <bool kEq>
Value DictCompareM(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, kEq ? "__eq__" : "__ne__", 1, 1)) return {};
  DictObject* other = DictTable(args[0]);
  if (other == nullptr) return NotImplementedValue();
  int r = DictEqual(vm, D(self), other);
  if (r < 0) return {};
  return Value::Bool((r == 1) == kEq);
}

constexpr MethodDef kDictMethodDefs[] = {{"__init__", DictInit},
                                         {"get", DictGetM},
                                         {"keys", DictKeys},
                                         {"values", DictValues},
                                         {"items", DictItems},
                                         {"pop", DictPop},
                                         {"popitem", DictPopItem},
                                         {"setdefault", DictSetDefault},
                                         {"update", DictUpdate},
                                         {"copy", DictCopy},
                                         {"clear", DictClearM},
                                         {"fromkeys", DictFromKeys, MethodDef::kClass},
                                         {"__getitem__", DictGetItemM},
                                         {"__setitem__", DictSetItemM},
                                         {"__delitem__", DictDelItemM},
                                         {"__contains__", DictContainsM},
                                         {"__len__", DictLenM},
                                         {"__iter__", DictIterM},
                                         {"__repr__", DictReprM},
                                         {"__eq__", DictCompareM<true>},
                                         {"__ne__", DictCompareM<false>}};

// --- set -----------------------------------------------------------------------
Value SetInit(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "set", 0, 1)) return {};
  if (args.nargs == 1) {
    DictClear(D(self));
    if (!SetUpdateFrom(vm, static_cast<SetObject*>(D(self)), args[0])) return {};
  }
  return Value::None();
}
Value SetAdd(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "add", 1, 1)) return {};
  if (!DictSet(vm, D(self), args[0], Value::None())) return {};
  return Value::None();
}
Value SetRemoveImpl(VM& vm, const Value& self, const ArgsView& args, bool must) {
  if (!CheckArgCount(vm, args, must ? "remove" : "discard", 1, 1)) return {};
  bool found;
  if (!DictDel(vm, D(self), args[0], &found)) return {};
  if (!found && must) return RaiseKeyError(vm, args[0]);
  return Value::None();
}
Value SetRemove(VM& vm, const Value& self, const ArgsView& a) {
  return SetRemoveImpl(vm, self, a, true);
}
Value SetDiscard(VM& vm, const Value& self, const ArgsView& a) {
  return SetRemoveImpl(vm, self, a, false);
}
Value SetUpdateM(VM& vm, const Value& self, const ArgsView& args) {
  for (int i = 0; i < args.nargs; ++i)
    if (!SetUpdateFrom(vm, static_cast<SetObject*>(D(self)), args[i])) return {};
  return Value::None();
}
// CPython's set_union / set_intersection_multi / set_difference_multi:
// the first argument builds the result, the rest fold into it.
Value SetUnion(VM& vm, const Value& self, const ArgsView& a) {
  Value r = SetCopyOf(vm, D(self));
  for (int i = 0; i < a.nargs && !r.is_null(); ++i) {
    if (a[i].raw() == self.raw()) continue;
    if (!SetUpdateFrom(vm, static_cast<SetObject*>(D(r)), a[i])) return {};
  }
  return r;
}
Value SetIntersection(VM& vm, const Value& self, const ArgsView& a) {
  if (a.nargs == 0) return SetCopyOf(vm, D(self));
  Value r = self;
  for (int i = 0; i < a.nargs && !r.is_null(); ++i) r = SetIntersectionWith(vm, r, a[i]);
  return r;
}
Value SetDifference(VM& vm, const Value& self, const ArgsView& a) {
  if (a.nargs == 0) return SetCopyOf(vm, D(self));
  Value r = SetDifferenceWith(vm, self, a[0]);
  for (int i = 1; i < a.nargs && !r.is_null(); ++i) r = SetDifferenceWith(vm, r, a[i]);
  return r;
}
Value SetSymDiff(VM& vm, const Value& self, const ArgsView& a) {
  if (!CheckArgCount(vm, a, "symmetric_difference", 1, 1)) return {};
  return SetSymmetricDifferenceWith(vm, self, a[0]);
}
Value SetIsSubset(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "issubset", 1, 1)) return {};
  Value other = NewSet();
  if (!SetUpdateFrom(vm, static_cast<SetObject*>(D(other)), args[0])) return {};
  return vm.Compare(CompareOp::kLe, self, other);
}
Value SetIsSuperset(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "issuperset", 1, 1)) return {};
  Value other = NewSet();
  if (!SetUpdateFrom(vm, static_cast<SetObject*>(D(other)), args[0])) return {};
  return vm.Compare(CompareOp::kGe, self, other);
}
Value SetCopy(VM& vm, const Value& self, const ArgsView&) { return SetCopyOf(vm, D(self)); }
Value SetPop(VM& vm, const Value& self, const ArgsView&) {
  Value k = SetPopEntry(static_cast<SetObject*>(D(self)));
  if (!k.is_null()) return k;
  return RaiseKeyError(vm, NewStr("pop from an empty set"));
}
// The in-place forms, as CPython's set_difference_update /
// set_intersection_update (the result's table replaces self's, so the
// order is the new set's) / set_symmetric_difference_update.
Value SetDifferenceUpdate(VM& vm, const Value& self, const ArgsView& a) {
  for (int i = 0; i < a.nargs; ++i) {
    if (a[i].raw() == self.raw()) {
      DictClear(D(self));
      continue;
    }
    bool ok = ForEachItem(vm, a[i], [&](Value item) {
      bool found;
      return DictDel(vm, D(self), item, &found) ? ItemStep::kNext : ItemStep::kError;
    });
    if (!ok) return {};
  }
  return Value::None();
}
Value SetIntersectionUpdate(VM& vm, const Value& self, const ArgsView& a) {
  Value r = SetIntersection(vm, self, a);
  if (r.is_null()) return {};
  if (r.raw() == self.raw()) return Value::None();
  auto* s = static_cast<SetObject*>(D(self));
  auto* n = static_cast<SetObject*>(D(r));
  std::swap(s->entries, n->entries);
  std::swap(s->index, n->index);
  std::swap(s->used, n->used);
  std::swap(s->fill, n->fill);
  std::swap(s->finger, n->finger);
  ++s->version;
  ++n->version;
  return Value::None();
}
Value SetSymDiffUpdate(VM& vm, const Value& self, const ArgsView& a) {
  if (!CheckArgCount(vm, a, "symmetric_difference_update", 1, 1)) return {};
  if (a[0].raw() == self.raw()) {
    DictClear(D(self));
    return Value::None();
  }
  // A non-set iterable counts each distinct item once.
  Value other = a[0];
  if (!IsInstance(other, Types().set) && !IsInstance(other, Types().frozenset)) {
    other = NewSet();
    if (!SetUpdateFrom(vm, static_cast<SetObject*>(D(other)), a[0])) return {};
  }
  bool ok = ForEachItem(vm, other, [&](Value item) {
    bool found;
    if (!DictDel(vm, D(self), item, &found)) return ItemStep::kError;
    if (!found && !DictSet(vm, D(self), item, Value::None())) return ItemStep::kError;
    return ItemStep::kNext;
  });
  return ok ? Value::None() : Value();
}
Value SetIsDisjoint(VM& vm, const Value& self, const ArgsView& a) {
  if (!CheckArgCount(vm, a, "isdisjoint", 1, 1)) return {};
  bool disjoint = true;
  bool ok = ForEachItem(vm, a[0], [&](Value item) {
    int in = vm.Contains(self, item);
    if (in < 0) return ItemStep::kError;
    if (in == 0) return ItemStep::kNext;
    disjoint = false;
    return ItemStep::kStop;
  });
  if (!ok) return {};
  return Value::Bool(disjoint);
}
constexpr MethodDef kSetMethodDefs[] = {{"__init__", SetInit},
                                        {"difference_update", SetDifferenceUpdate},
                                        {"intersection_update", SetIntersectionUpdate},
                                        {"symmetric_difference_update", SetSymDiffUpdate},
                                        {"isdisjoint", SetIsDisjoint},
                                        {"add", SetAdd},
                                        {"remove", SetRemove},
                                        {"discard", SetDiscard},
                                        {"update", SetUpdateM},
                                        {"union", SetUnion},
                                        {"intersection", SetIntersection},
                                        {"difference", SetDifference},
                                        {"symmetric_difference", SetSymDiff},
                                        {"issubset", SetIsSubset},
                                        {"issuperset", SetIsSuperset},
                                        {"copy", SetCopy},
                                        {"clear", DictClearM},
                                        {"pop", SetPop}};

}  // namespace

std::span<const MethodDef> DictMethods() { return kDictMethodDefs; }
std::span<const MethodDef> SetMethods() { return kSetMethodDefs; }

}  // namespace tc::script
