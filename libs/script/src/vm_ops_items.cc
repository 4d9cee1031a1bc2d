// Item and container protocols: subscripts (get, set, delete, slices),
// `in`, len(), iter() and extending a list from any iterable.
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/bigint.h"
#include "tc/script/native.h"

#include "src/str_helpers.h"
#include "vm_internal.h"
#include "vm_ops_util.h"
#include "vm_set_table.h"

namespace tc::script {

using namespace ops;  // NOLINT(build/namespaces): the shared operator helpers

bool SeqIndex(VM& vm, const Value& key, int64_t size, const char* what, int64_t* out) {
  int64_t i;
  if (key.is_int() || key.is_bool()) {
    i = key.as_int();
  } else if (IsBigInt(key)) {
    vm.Raise(T().index_error, "cannot fit 'int' into an index-sized integer");
    return false;
  } else {
    if (!ToInt(vm, key, &i)) {
      // __index__'s own error (a tensor with no data while tracing, a
      // tensor of several elements) propagates, as in CPython.
      if (key.is_object() && !key.type()->slot(Slot::kIndex).is_null()) return false;
      vm.ClearException();
      vm.Raise(T().type_error, absl::StrFormat("%s indices must be integers or slices, not %s",
                                               what, TypeName(key)));
      return false;
    }
  }
  if (i < 0) i += size;
  if (i < 0 || i >= size) {
    vm.Raise(T().index_error, absl::StrFormat("%s index out of range", what));
    return false;
  }
  *out = i;
  return true;
}

Value DictSubscript(VM& vm, const Value& d, const Value& key) {
  Value out;
  int r = DictGet(vm, static_cast<DictObject*>(d.as_object()), key, &out);
  if (r < 0) return Value();
  if (r == 1) return out;
  Type* ty = d.type();
  if (ty != Types().dict) {
    // A subclass's hook for missing keys (as dict.__getitem__ in CPython).
    static StrObject* const kMissing = Intern("__missing__");
    if (const Value* missing = LookupInMro(ty, kMissing)) {
      return vm.CallWithSelf(*missing, d, ArgsView(&key, 1));
    }
  }
  return RaiseKeyError(vm, key);
}

namespace {

// items[key] for a slice key, as a new list or tuple (a subclass's slice
// is of its base type, as in CPython); null when the slice raised.
Value SliceItems(VM& vm, const std::vector<Value>& items, const Value& key, bool as_list) {
  int64_t start, stop, step, n;
  if (!SliceIndices(vm, static_cast<SliceObject*>(key.as_object()),
                    static_cast<int64_t>(items.size()), &start, &stop, &step, &n)) {
    return Value();
  }
  std::vector<Value> out;
  out.reserve(n);
  for (int64_t i = 0, j = start; i < n; ++i, j += step) out.push_back(items[j]);
  return as_list ? NewList(std::move(out)) : NewTuple(std::move(out));
}

// `l[s] = v` for a slice s: a step-1 slice may change the list's length;
// an extended slice takes exactly as many items as it selects.
bool ListSetSlice(VM& vm, ListObject* l, const SliceObject* s, const Value& v) {
  int64_t start, stop, step, n;
  if (!SliceIndices(vm, s, l->size(), &start, &stop, &step, &n)) return false;
  std::vector<Value> items;
  if (!vm.Extend(&items, v)) return false;
  if (step == 1) {
    if (stop < start) stop = start;
    l->items.erase(l->items.begin() + start, l->items.begin() + stop);
    l->items.insert(l->items.begin() + start, items.begin(), items.end());
    return true;
  }
  if (static_cast<int64_t>(items.size()) != n) {
    vm.Raise(Types().value_error,
             absl::StrFormat("attempt to assign sequence of size %d to extended slice of size %d",
                             items.size(), n));
    return false;
  }
  for (int64_t i = 0, j = start; i < n; ++i, j += step) l->items[j] = items[i];
  return true;
}

// `del l[s]` for a slice s.
bool ListDelSlice(VM& vm, ListObject* l, const SliceObject* s) {
  int64_t start, stop, step, n;
  if (!SliceIndices(vm, s, l->size(), &start, &stop, &step, &n)) return false;
  std::vector<bool> drop(l->items.size(), false);
  for (int64_t i = 0, j = start; i < n; ++i, j += step) drop[j] = true;
  std::vector<Value> keep;
  for (size_t i = 0; i < l->items.size(); ++i)
    if (!drop[i]) keep.push_back(std::move(l->items[i]));
  l->items = std::move(keep);
  return true;
}

}  // namespace

Value VM::GetItem(const Value& c, const Value& key) {
  const BuiltinTypes& t = T();
  Type* ty = c.type();
  bool is_slice = IsType(key, t.slice);
  if (ty == t.list || ty == t.tuple) {
    const auto& items = ty == t.list ? static_cast<ListObject*>(c.as_object())->items
                                     : static_cast<TupleObject*>(c.as_object())->items;
    if (is_slice) return SliceItems(*this, items, key, ty == t.list);
    int64_t i;
    if (!SeqIndex(*this, key, static_cast<int64_t>(items.size()), ty->name.c_str(), &i)) {
      return Value();
    }
    return items[i];
  }
  if (ty == t.str) {
    const StrObject* s = AsStr(c);
    if (is_slice) {
      int64_t start, stop, step, n;
      if (!SliceIndices(*this, static_cast<SliceObject*>(key.as_object()), s->Length(), &start,
                        &stop, &step, &n)) {
        return Value();
      }
      return StrSlice(s, start, step, n);
    }
    int64_t i;
    if (!SeqIndex(*this, key, s->Length(), "string", &i)) return Value();
    return StrCharAt(s, i);
  }
  if (ty == t.dict) {
    Value out;
    int r = DictGet(*this, static_cast<DictObject*>(c.as_object()), key, &out);
    if (r < 0) return Value();
    if (r == 0) return RaiseKeyError(*this, key);
    return out;
  }
  if (ty == t.range) {
    auto* r = static_cast<RangeObject*>(c.as_object());
    if (!r->big.is_null()) return BigRangeGetItem(*this, r, key);
    if (is_slice) {
      int64_t start, stop, step, n;
      if (!SliceIndices(*this, static_cast<SliceObject*>(key.as_object()), r->size(), &start, &stop,
                        &step, &n)) {
        return Value();
      }
      return NewRange(r->start + start * r->step, r->start + stop * r->step, r->step * step);
    }
    int64_t i;
    if (!SeqIndex(*this, key, r->size(), "range object", &i)) return Value();
    return Value::Int(r->start + i * r->step);
  }
  const Value& gi = ty->slot(Slot::kGetItem);
  if (!gi.is_null()) return CallWithSelf(gi, c, ArgsView(&key, 1));
  if (const std::vector<Value>* items = TupleOrListItems(c)) {
    // A subclass without its own __getitem__: its base's (slices of a
    // subclass are of the base type, as in CPython).
    bool is_list = IsSubtype(ty, t.list);
    if (is_slice) return SliceItems(*this, *items, key, is_list);
    int64_t i;
    if (!SeqIndex(*this, key, static_cast<int64_t>(items->size()), is_list ? "list" : "tuple",
                  &i)) {
      return Value();
    }
    return (*items)[i];
  }
  if (DictTable(c) != nullptr) return DictSubscript(*this, c, key);
  if (IsSubtype(ty, t.type)) {
    // PEP 560: a class's own __class_getitem__ (implicitly a classmethod).
    static StrObject* const kClassGetItem = Intern("__class_getitem__");
    if (const Value* cg = LookupInMro(Cast<Type>(c), kClassGetItem)) {
      Value bound = Descr(*cg, c, Cast<Type>(c));
      if (bound.is_null()) return bound;
      return Call(bound, {key});
    }
    return Raise(t.type_error,
                 absl::StrFormat("type '%s' is not subscriptable", Cast<Type>(c)->name));
  }
  return Raise(t.type_error, absl::StrFormat("'%s' object is not subscriptable", ty->name));
}

bool VM::SetItem(const Value& c, const Value& key, Value v) {
  const BuiltinTypes& t = T();
  Type* ty = c.type();
  if (ty == t.list) {
    auto* l = static_cast<ListObject*>(c.as_object());
    if (IsType(key, t.slice))
      return ListSetSlice(*this, l, static_cast<SliceObject*>(key.as_object()), v);
    int64_t i;
    if (!SeqIndex(*this, key, l->size(), "list assignment", &i)) return false;
    l->items[i] = std::move(v);
    return true;
  }
  if (ty == t.dict)
    return DictSet(*this, static_cast<DictObject*>(c.as_object()), key, std::move(v));
  const Value& si = ty->slot(Slot::kSetItem);
  if (!si.is_null()) {
    Value args[2] = {key, std::move(v)};
    return !CallWithSelf(si, c, ArgsView(args, 2)).is_null();
  }
  if (DictObject* d = DictTable(c)) return DictSet(*this, d, key, std::move(v));
  Raise(t.type_error, absl::StrFormat("'%s' object does not support item assignment", ty->name));
  return false;
}

bool VM::DelItem(const Value& c, const Value& key) {
  const BuiltinTypes& t = T();
  Type* ty = c.type();
  if (ty == t.list) {
    auto* l = static_cast<ListObject*>(c.as_object());
    if (IsType(key, t.slice))
      return ListDelSlice(*this, l, static_cast<SliceObject*>(key.as_object()));
    int64_t i;
    if (!SeqIndex(*this, key, l->size(), "list assignment", &i)) return false;
    l->items.erase(l->items.begin() + i);
    return true;
  }
  const Value& di = ty->slot(Slot::kDelItem);
  if (ty != t.dict && !di.is_null()) return !CallWithSelf(di, c, ArgsView(&key, 1)).is_null();
  if (DictObject* d = DictTable(c)) {
    bool found;
    if (!DictDel(*this, d, key, &found)) return false;
    if (!found) {
      RaiseKeyError(*this, key);
      return false;
    }
    return true;
  }
  Raise(t.type_error, absl::StrFormat("'%s' object does not support item deletion", ty->name));
  return false;
}

int VM::Contains(const Value& c, const Value& item) {
  const BuiltinTypes& t = T();
  Type* ty = c.type();
  if (ty == t.list || ty == t.tuple) {
    const auto& items = ty == t.list ? static_cast<ListObject*>(c.as_object())->items
                                     : static_cast<TupleObject*>(c.as_object())->items;
    for (size_t i = 0; i < items.size(); ++i) {
      int e = Equal(items[i], item);
      if (e != 0) return e;
    }
    return 0;
  }
  if (ty == t.str) {
    const std::string* sub = StrValue(item);
    if (sub == nullptr) {
      Raise(t.type_error, absl::StrFormat("'in <string>' requires string as left operand, not %s",
                                          TypeName(item)));
      return -1;
    }
    return static_cast<StrObject*>(c.as_object())->value.find(*sub) != std::string::npos;
  }
  if (ty == t.dict || ty == t.set || ty == t.frozenset) {
    Value out;
    return DictGet(*this, static_cast<DictObject*>(c.as_object()), item, &out);
  }
  if (ty == t.dict_keys) {
    Value out;
    return DictGet(
        *this,
        static_cast<DictObject*>(static_cast<DictViewObject*>(c.as_object())->dict.as_object()),
        item, &out);
  }
  if (ty == t.range) {
    auto* r = static_cast<RangeObject*>(c.as_object());
    if (!r->big.is_null()) return BigRangeContains(*this, r, item);
    if (!item.is_int() && !item.is_bool()) {
      if (!item.is_float()) return 0;
      double d = item.as_float();
      if (d != std::floor(d)) return 0;
      Value iv = Value::Int(static_cast<int64_t>(d));
      return Contains(c, iv);
    }
    int64_t x = item.as_int();
    if (r->step > 0 ? (x < r->start || x >= r->stop) : (x > r->start || x <= r->stop)) return 0;
    return (x - r->start) % r->step == 0;
  }
  const Value& cs = ty->slot(Slot::kContains);
  if (!cs.is_null()) {
    Value r = CallWithSelf(cs, c, ArgsView(&item, 1));
    if (r.is_null()) return -1;
    return Truthy(r);
  }
  if (DictObject* d = DictTable(c)) {
    Value out;
    return DictGet(*this, d, item, &out);
  }
  Value it = Iter(c);
  if (it.is_null()) {
    if (ExceptionMatches(t.type_error)) {
      ClearException();
      Raise(t.type_error, absl::StrFormat("argument of type '%s' is not iterable", ty->name));
    }
    return -1;
  }
  while (true) {
    Value v = Next(it);
    if (v.is_null()) return HasException() ? -1 : 0;
    int e = Equal(v, item);
    if (e != 0) return e;
  }
}

bool VM::Length(const Value& v, int64_t* out) {
  const BuiltinTypes& t = T();
  Type* ty = v.type();
  if (v.is_object()) {
    Object* o = v.as_object();
    if (ty == t.str) {
      *out = static_cast<StrObject*>(o)->Length();
      return true;
    }
    if (ty == t.list) {
      *out = static_cast<ListObject*>(o)->size();
      return true;
    }
    if (ty == t.tuple) {
      *out = static_cast<TupleObject*>(o)->size();
      return true;
    }
    if (ty == t.dict || ty == t.set || ty == t.frozenset) {
      *out = static_cast<DictObject*>(o)->used;
      return true;
    }
    if (ty == t.range) {
      auto* r = static_cast<RangeObject*>(o);
      if (!r->big.is_null()) {
        Value n = BigRangeLength(*this, r);
        return !n.is_null() && ToInt(*this, n, out);
      }
      *out = r->size();
      return true;
    }
    if (ty == t.dict_keys || ty == t.dict_values || ty == t.dict_items) {
      *out = static_cast<DictObject*>(static_cast<DictViewObject*>(o)->dict.as_object())->used;
      return true;
    }
  }
  const Value& l = ty->slot(Slot::kLen);
  if (l.is_null()) {
    if (const std::vector<Value>* items = TupleOrListItems(v)) {
      *out = static_cast<int64_t>(items->size());
      return true;
    }
    if (const DictObject* d = DictTable(v)) {
      *out = d->used;
      return true;
    }
    Raise(t.type_error, absl::StrFormat("object of type '%s' has no len()", ty->name));
    return false;
  }
  Value r = CallWithSelf(l, v, ArgsView());
  if (r.is_null()) return false;
  if (!r.is_int() && !r.is_bool()) {
    Raise(t.type_error,
          absl::StrFormat("'%s' object cannot be interpreted as an integer", TypeName(r)));
    return false;
  }
  if (r.as_int() < 0) {
    Raise(t.value_error, "__len__() should return >= 0");
    return false;
  }
  *out = r.as_int();
  return true;
}

Value VM::Len(const Value& v) {
  int64_t n;
  if (!Length(v, &n)) return Value();
  return Value::Int(n);
}

Value VM::Iter(const Value& v) {
  const BuiltinTypes& t = T();
  Type* ty = v.type();
  if (ty == t.list) return NewSeqIter(t.list_iter, v);
  if (ty == t.tuple) return NewSeqIter(t.tuple_iter, v);
  if (ty == t.str) return NewSeqIter(t.str_iter, v);
  if (ty == t.range) {
    auto* r = static_cast<RangeObject*>(v.as_object());
    if (!r->big.is_null()) return BigRangeIter(*this, r);
    auto* it = new RangeIterObject(t.range_iter);
    it->cur = r->start;
    it->stop = r->stop;
    it->step = r->step;
    return Value::Adopt(it);
  }
  if (ty == t.dict || ty == t.set || ty == t.frozenset) return NewDictIter(v, 0);
  if (ty == t.dict_keys || ty == t.dict_values || ty == t.dict_items) {
    auto* dv = static_cast<DictViewObject*>(v.as_object());
    return NewDictIter(dv->dict, dv->kind);
  }
  if (ty == t.list_iter || ty == t.tuple_iter || ty == t.str_iter || ty == t.range_iter ||
      ty == t.dict_iter || ty == t.zip || ty == t.enumerate || ty == t.map || ty == t.filter ||
      ty == t.reversed || ty == t.seq_iter || ty == t.callable_iter) {
    return v;
  }
  const Value& it = ty->slot(Slot::kIter);
  if (!it.is_null()) {
    Value r = CallWithSelf(it, v, ArgsView());
    if (r.is_null()) return r;
    if (r.type()->slot(Slot::kNext).is_null() && !IsSubtype(r.type(), t.list_iter) &&
        r.type() != t.range_iter && r.type() != t.tuple_iter && r.type() != t.str_iter &&
        r.type() != t.dict_iter && r.type() != t.zip && r.type() != t.enumerate &&
        r.type() != t.map && r.type() != t.filter && r.type() != t.reversed) {
      return Raise(t.type_error,
                   absl::StrFormat("iter() returned non-iterator of type '%s'", TypeName(r)));
    }
    return r;
  }
  if (IsSubtype(ty, t.tuple)) return NewSeqIter(t.tuple_iter, v);
  if (IsSubtype(ty, t.list)) return NewSeqIter(t.list_iter, v);
  if (DictTable(v) != nullptr) return NewDictIter(v, 0);
  if (!ty->slot(Slot::kGetItem).is_null()) {
    auto* si = new SeqIterObject(t.seq_iter);
    si->seq = v;
    return Value::Adopt(si);
  }
  return Raise(t.type_error, absl::StrFormat("'%s' object is not iterable", ty->name));
}

bool VM::Extend(std::vector<Value>* out, const Value& iterable) {
  const BuiltinTypes& t = T();
  if (IsType(iterable, t.list)) {
    const auto& items = static_cast<ListObject*>(iterable.as_object())->items;
    if (&items == out) {
      std::vector<Value> copy = items;
      out->insert(out->end(), copy.begin(), copy.end());
    } else {
      out->insert(out->end(), items.begin(), items.end());
    }
    return true;
  }
  if (IsType(iterable, t.tuple)) {
    const auto& items = static_cast<TupleObject*>(iterable.as_object())->items;
    out->insert(out->end(), items.begin(), items.end());
    return true;
  }
  Value it = Iter(iterable);
  if (it.is_null()) return false;
  while (true) {
    Value v = Next(it);
    if (v.is_null()) return !HasException();
    out->push_back(std::move(v));
  }
}
}  // namespace tc::script
