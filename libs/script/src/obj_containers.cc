// tuple, list, range and slice: constructors and methods; the container
// types' creation (dict and set methods are in obj_dict_set.cc).
#include "obj_containers.h"

#include <algorithm>

#include "absl/strings/str_format.h"

#include "tc/script/bigint.h"
#include "tc/script/native.h"

#include "vm_internal.h"
#include "vm_set_table.h"

namespace tc::script {

namespace {

ListObject* L(const Value& v) { return static_cast<ListObject*>(v.as_object()); }

// --- tuple ---------------------------------------------------------------------
// self is the class being instantiated (tuple or a subclass).
Value TupleNew(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "tuple", 0, 1)) return {};
  Type* cls = Types().tuple;
  if (self.is_object() && IsInstance(self, Types().type) &&
      IsSubtype(static_cast<Type*>(self.as_object()), cls)) {
    cls = static_cast<Type*>(self.as_object());
  }
  if (cls == Types().tuple) {
    if (args.nargs == 0) return NewTuple({});
    if (args[0].is_object() && args[0].as_object()->type == Types().tuple) return args[0];
  }
  std::vector<Value> items;
  if (args.nargs == 1 && !vm.Extend(&items, args[0])) return {};
  auto* t = new TupleObject(cls);
  t->items = std::move(items);
  return Value::Adopt(t);
}
const std::vector<Value>& Items(const Value& v) {
  return v.as_object()->type == Types().list || IsInstance(v, Types().list)
             ? L(v)->items
             : static_cast<TupleObject*>(v.as_object())->items;
}
Value SeqIndexMethod(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "index", 1, 3)) return {};
  const auto& items = Items(self);
  int64_t n = static_cast<int64_t>(items.size()), b = 0, e = n;
  if (args.nargs >= 2 && !ToInt(vm, args[1], &b)) return {};
  if (args.nargs >= 3 && !ToInt(vm, args[2], &e)) return {};
  if (b < 0) b = std::max<int64_t>(0, b + n);
  if (e < 0) e = std::max<int64_t>(0, e + n);
  for (int64_t i = b; i < std::min(e, n); ++i) {
    int eq = vm.Equal(items[i], args[0]);
    if (eq < 0) return {};
    if (eq) return Value::Int(i);
  }
  if (self.as_object()->type == Types().tuple) {
    return RaiseValueError(vm, "tuple.index(x): x not in tuple");
  }
  std::string r;
  vm.ReprString(args[0], &r);
  return RaiseValueError(vm, absl::StrFormat("%s is not in list", r));
}
Value SeqCount(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "count", 1, 1)) return {};
  int64_t n = 0;
  for (const Value& v : Items(self)) {
    int eq = vm.Equal(v, args[0]);
    if (eq < 0) return {};
    n += eq;
  }
  return Value::Int(n);
}
constexpr MethodDef kTupleMethods[] = {
    {"__new__", TupleNew}, {"index", SeqIndexMethod}, {"count", SeqCount}};

// --- list ----------------------------------------------------------------------
Value ListInit(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "list", 0, 1)) return {};
  L(self)->items.clear();
  if (args.nargs == 1) {
    std::vector<Value> items;
    if (!vm.Extend(&items, args[0])) return {};
    L(self)->items = std::move(items);
  }
  return Value::None();
}
Value ListAppend(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "append", 1, 1)) return {};
  L(self)->items.push_back(args[0]);
  return Value::None();
}
Value ListExtend(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "extend", 1, 1)) return {};
  std::vector<Value> items;
  if (!vm.Extend(&items, args[0])) return {};
  auto& l = L(self)->items;
  l.insert(l.end(), items.begin(), items.end());
  return Value::None();
}
Value ListInsert(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "insert", 2, 2)) return {};
  int64_t i;
  if (!ToInt(vm, args[0], &i)) return {};
  auto& l = L(self)->items;
  int64_t n = static_cast<int64_t>(l.size());
  if (i < 0) i = std::max<int64_t>(0, i + n);
  i = std::min(i, n);
  l.insert(l.begin() + i, args[1]);
  return Value::None();
}
Value ListPop(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "pop", 0, 1)) return {};
  auto& l = L(self)->items;
  if (l.empty()) return RaiseIndexError(vm, "pop from empty list");
  int64_t i = static_cast<int64_t>(l.size()) - 1;
  if (args.nargs == 1) {
    if (!ToInt(vm, args[0], &i)) return {};
    if (i < 0) i += static_cast<int64_t>(l.size());
    if (i < 0 || i >= static_cast<int64_t>(l.size()))
      return RaiseIndexError(vm, "pop index out of range");
  }
  Value v = std::move(l[i]);
  l.erase(l.begin() + i);
  return v;
}
Value ListRemove(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "remove", 1, 1)) return {};
  auto& l = L(self)->items;
  for (size_t i = 0; i < l.size(); ++i) {
    int eq = vm.Equal(l[i], args[0]);
    if (eq < 0) return {};
    if (eq) {
      l.erase(l.begin() + i);
      return Value::None();
    }
  }
  return RaiseValueError(vm, "list.remove(x): x not in list");
}
Value ListReverse(VM&, const Value& self, const ArgsView&) {
  std::reverse(L(self)->items.begin(), L(self)->items.end());
  return Value::None();
}
Value ListCopy(VM&, const Value& self, const ArgsView&) { return NewList(L(self)->items); }
Value ListClear(VM&, const Value& self, const ArgsView&) {
  L(self)->items.clear();
  return Value::None();
}
Value ListSortFn(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"key", "reverse"};
  Value a[2];
  if (!ParseArgs(vm, args, "sort", kNames, 0, a, 0)) return {};
  int rev = a[1].is_null() ? 0 : vm.Truthy(a[1]);
  if (rev < 0) return {};
  if (!ListSort(vm, L(self), a[0].is_none() ? Value() : a[0], rev != 0)) return {};
  return Value::None();
}
constexpr MethodDef kListMethods[] = {
    {"__init__", ListInit},    {"append", ListAppend}, {"extend", ListExtend},
    {"insert", ListInsert},    {"pop", ListPop},       {"remove", ListRemove},
    {"index", SeqIndexMethod}, {"count", SeqCount},    {"sort", ListSortFn},
    {"reverse", ListReverse},  {"copy", ListCopy},     {"clear", ListClear}};

// --- range / slice -------------------------------------------------------------
Value RangeNewFn(VM& vm, const Value&, const ArgsView& args) {
  if (args.nkw() > 0) return RaiseTypeError(vm, "range() takes no keyword arguments");
  if (args.nargs < 1 || args.nargs > 3) {
    return RaiseTypeError(
        vm, args.nargs == 0
                ? "range expected at least 1 argument, got 0"
                : absl::StrFormat("range expected at most 3 arguments, got %d", args.nargs));
  }
  int64_t v[3] = {0, 0, 1};
  Value big[3] = {Value::Int(0), Value::Int(0), Value::Int(1)};
  bool any_big = false;
  for (int i = 0; i < args.nargs; ++i) {
    if (IsBigInt(args[i])) {
      big[i] = args[i];
      any_big = true;
      continue;
    }
    if (!ToInt(vm, args[i], &v[i])) return {};
    big[i] = Value::Int(v[i]);
  }
  if (any_big) {
    if (args.nargs == 1) return MakeRange(vm, Value::Int(0), big[0], Value::Int(1));
    if (args.nargs == 3 && v[2] == 0 && !IsBigInt(big[2])) {
      return RaiseValueError(vm, "range() arg 3 must not be zero");
    }
    return MakeRange(vm, big[0], big[1], big[2]);
  }
  if (args.nargs == 1) return NewRange(0, v[0], 1);
  if (args.nargs == 3 && v[2] == 0) return RaiseValueError(vm, "range() arg 3 must not be zero");
  return NewRange(v[0], v[1], v[2]);
}
template <int kPart>
Value RangePart(VM&, const Value& s) {
  auto* r = static_cast<RangeObject*>(s.as_object());
  if (!r->big.is_null()) return BigRangeAttr(r, kPart);
  return Value::Int(kPart == 0 ? r->start : kPart == 1 ? r->stop : r->step);
}
constexpr MethodDef kRangeMethods[] = {{"__new__", RangeNewFn}, {"index", SeqIndexMethod}};
constexpr GetSetDef kRangeGetSets[] = {
    {"start", RangePart<0>}, {"stop", RangePart<1>}, {"step", RangePart<2>}};

Value SliceNewFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "slice", 1, 3)) return {};
  if (args.nargs == 1) return NewSlice(Value::None(), args[0], Value::None());
  return NewSlice(args[0], args[1], args.nargs == 3 ? args[2] : Value::None());
}
Value SliceStart(VM&, const Value& s) { return static_cast<SliceObject*>(s.as_object())->start; }
Value SliceStop(VM&, const Value& s) { return static_cast<SliceObject*>(s.as_object())->stop; }
Value SliceStep(VM&, const Value& s) { return static_cast<SliceObject*>(s.as_object())->step; }
// slice.indices(length): (start, stop, step) resolved against a length.
Value SliceIndicesFn(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "indices", 1, 1)) return {};
  int64_t length, start, stop, step, n;
  if (!ToInt(vm, args[0], &length)) return {};
  if (length < 0) return RaiseValueError(vm, "length should not be negative");
  if (!SliceIndices(vm, static_cast<SliceObject*>(self.as_object()), length, &start, &stop, &step,
                    &n)) {
    return {};
  }
  return NewTuple({Value::Int(start), Value::Int(stop), Value::Int(step)});
}
constexpr MethodDef kSliceMethods[] = {{"__new__", SliceNewFn}, {"indices", SliceIndicesFn}};
constexpr GetSetDef kSliceGetSets[] = {
    {"start", SliceStart}, {"stop", SliceStop}, {"step", SliceStep}};

Type* Make(BuiltinTypes& bt, const char* name, uint32_t flags, Object* (*alloc)(Type*)) {
  Type* t = NewBuiltinType(name, bt.object, flags, alloc);
  t->type = bt.type;
  t->dict = static_cast<DictObject*>(NewDict().Release());
  return t;
}
void Finish(Type* t, std::span<const MethodDef> m, std::span<const GetSetDef> g = {}) {
  AddMethods(t, m);
  AddGetSets(t, g);
  UpdateSlots(t);
}

}  // namespace

int64_t RangeObject::size() const {
  if (step > 0) return start < stop ? (stop - start + step - 1) / step : 0;
  return start > stop ? (start - stop - step - 1) / (-step) : 0;
}

Value NewRange(int64_t start, int64_t stop, int64_t step) {
  auto* r = new RangeObject(Types().range);
  r->start = start;
  r->stop = stop;
  r->step = step;
  return Value::Adopt(r);
}

Value NewSlice(Value start, Value stop, Value step) {
  auto* s = new SliceObject(Types().slice);
  s->start = std::move(start);
  s->stop = std::move(stop);
  s->step = std::move(step);
  return Value::Adopt(s);
}

bool SliceIndices(VM& vm, const SliceObject* s, int64_t length, int64_t* start, int64_t* stop,
                  int64_t* step, int64_t* count) {
  *step = 1;
  // Big ints clamp as CPython's _PyEval_SliceIndex does (to +-(2**63-1)).
  auto clamp_big = [](const Value& v, int64_t* out) {
    if (!IsBigInt(v)) return false;
    *out = IntSign(v) < 0 ? -INT64_MAX : INT64_MAX;
    return true;
  };
  if (!s->step.is_none() && !clamp_big(s->step, step) && !ToInt(vm, s->step, step)) return false;
  if (*step == 0) {
    RaiseValueError(vm, "slice step cannot be zero");
    return false;
  }
  auto resolve = [&](const Value& v, int64_t def, int64_t* out) {
    if (v.is_none()) {
      *out = def;
      return true;
    }
    int64_t i;
    if (!clamp_big(v, &i) && !ToInt(vm, v, &i)) {
      // __index__'s own error propagates, as in CPython.
      if (v.is_object() && !v.type()->slot(Slot::kIndex).is_null()) return false;
      vm.ClearException();
      RaiseTypeError(vm, "slice indices must be integers or None or have an __index__ method");
      return false;
    }
    if (i < 0) {
      i += length;
      if (i < 0) i = *step < 0 ? -1 : 0;
    } else if (i >= length) {
      i = *step < 0 ? length - 1 : length;
    }
    *out = i;
    return true;
  };
  if (!resolve(s->start, *step < 0 ? length - 1 : 0, start)) return false;
  if (!resolve(s->stop, *step < 0 ? -1 : length, stop)) return false;
  // As CPython's PySlice_AdjustIndices: no overflow for steps near 2**63.
  if (*step > 0) {
    *count = *start < *stop ? (*stop - *start - 1) / *step + 1 : 0;
  } else {
    *count = *start > *stop ? (*start - *stop - 1) / (-*step) + 1 : 0;
  }
  return true;
}

bool ListSort(VM& vm, ListObject* l, const Value& key, bool reverse) {
  std::vector<Value> items = std::move(l->items);
  l->items.clear();
  std::vector<Value> keys;
  if (!key.is_null()) {
    keys.reserve(items.size());
    for (const Value& v : items) {
      Value k = vm.Call(key, {v});
      if (k.is_null()) {
        l->items = std::move(items);
        return false;
      }
      keys.push_back(std::move(k));
    }
  }
  const std::vector<Value>& ks = key.is_null() ? items : keys;
  std::vector<size_t> idx(items.size());
  for (size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  bool error = false;
  auto less = [&](size_t a, size_t b) {
    if (error) return false;
    const Value& x = reverse ? ks[b] : ks[a];
    const Value& y = reverse ? ks[a] : ks[b];
    if (x.is_int() && y.is_int()) return x.as_int() < y.as_int();
    if (x.is_float() && y.is_float()) return x.as_float() < y.as_float();
    Value r = vm.Compare(CompareOp::kLt, x, y);
    if (r.is_null()) {
      error = true;
      return false;
    }
    int t = vm.Truthy(r);
    if (t < 0) error = true;
    return t == 1;
  };
  std::stable_sort(idx.begin(), idx.end(), less);
  std::vector<Value> sorted;
  sorted.reserve(items.size());
  for (size_t i : idx) sorted.push_back(items[i]);
  l->items = error ? std::move(items) : std::move(sorted);
  return !error;
}

void InitContainerTypes(BuiltinTypes& bt) {
  // A class statement's subclass reaches the sequence and set operators
  // through slots (vm_object.cc: UpdateSlots).
  constexpr uint32_t kBase = Type::kBaseType | Type::kOperatorSlots;
  bt.tuple = Make(bt, "tuple", kBase, [](Type* c) -> Object* { return new TupleObject(c); });
  bt.list = Make(bt, "list", kBase, [](Type* c) -> Object* { return new ListObject(c); });
  bt.set = Make(bt, "set", kBase, [](Type* c) -> Object* { return new SetObject(c); });
  bt.frozenset = Make(bt, "frozenset", 0, [](Type* c) -> Object* { return new SetObject(c); });
  bt.range = Make(bt, "range", 0, nullptr);
  bt.slice = Make(bt, "slice", 0, nullptr);
  Finish(bt.tuple, kTupleMethods);
  Finish(bt.list, kListMethods);
  Finish(bt.dict, DictMethods());
  Finish(bt.set, SetMethods());
  Finish(bt.frozenset, SetMethods());
  Finish(bt.range, kRangeMethods, kRangeGetSets);
  Finish(bt.slice, kSliceMethods, kSliceGetSets);
}

}  // namespace tc::script
