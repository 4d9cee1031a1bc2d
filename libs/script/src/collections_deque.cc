// collections.deque: a double-ended queue over std::deque with an optional
// maxlen (appends to a full deque drop from the other end), indexing,
// iteration that notices mutation, comparisons as sequences, and CPython
// 3.11's reprs and error texts (Modules/_collectionsmodule.c).
#include <algorithm>
#include <deque>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "collections_internal.h"
#include "native_iter.h"
#include "positional_args.h"
#include "rich_compare.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

struct DequeObject : Object {
  explicit DequeObject(Type* t) : Object(t) {}
  std::deque<Value> items;
  int64_t maxlen = -1;  // -1: unbounded
  uint64_t state = 0;   // bumped on every mutation (iterators check it)
  int64_t size() const { return static_cast<int64_t>(items.size()); }
};
DequeObject* Dq(const Value& v) { return Cast<DequeObject>(v); }
Type* DequeType();

void Append(DequeObject* d, Value v, bool left) {
  ++d->state;
  if (d->maxlen == 0) return;
  if (left) {
    d->items.push_front(std::move(v));
    if (d->maxlen > 0 && d->size() > d->maxlen) d->items.pop_back();
  } else {
    d->items.push_back(std::move(v));
    if (d->maxlen > 0 && d->size() > d->maxlen) d->items.pop_front();
  }
}

// Appends every item of `iterable` (a snapshot first: d.extend(d) works).
bool Extend(VM& vm, DequeObject* d, const Value& iterable, bool left) {
  std::vector<Value> items;
  if (!vm.Extend(&items, iterable)) return false;
  for (Value& v : items) Append(d, std::move(v), left);
  return true;
}

// deque(iterable=(), maxlen=None)
Value DequeInit(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"iterable", "maxlen"};
  Value a[2];
  if (!ParseArgs(vm, args, "deque", kNames, 0, a)) return {};
  DequeObject* d = Dq(self);
  int64_t maxlen = -1;
  if (!a[1].is_null() && !a[1].is_none()) {
    if (!ToInt(vm, a[1], &maxlen)) return {};
    if (maxlen < 0) return RaiseValueError(vm, "maxlen must be non-negative");
  }
  d->maxlen = maxlen;
  if (!d->items.empty()) {
    d->items.clear();
    ++d->state;
  }
  if (!a[0].is_null() && !Extend(vm, d, a[0], false)) return {};
  return Value::None();
}

Value DequeAppend(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "append", 1, 1)) return {};
  Append(Dq(self), args[0], false);
  return Value::None();
}
Value DequeAppendLeft(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "appendleft", 1, 1)) return {};
  Append(Dq(self), args[0], true);
  return Value::None();
}
Value DequeExtend(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "extend", 1, 1)) return {};
  if (!Extend(vm, Dq(self), args[0], false)) return {};
  return Value::None();
}
Value DequeExtendLeft(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "extendleft", 1, 1)) return {};
  if (!Extend(vm, Dq(self), args[0], true)) return {};
  return Value::None();
}
template <bool kLeft>
Value DequePop(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, kLeft ? "popleft" : "pop", 0, 0)) return {};
  DequeObject* d = Dq(self);
  if (d->items.empty()) return RaiseIndexError(vm, "pop from an empty deque");
  ++d->state;
  Value v;
  if (kLeft) {
    v = std::move(d->items.front());
    d->items.pop_front();
  } else {
    v = std::move(d->items.back());
    d->items.pop_back();
  }
  return v;
}
Value DequeRotate(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckPositional(vm, args, "rotate", 0, 1)) return {};
  int64_t n = 1;
  if (args.nargs == 1 && !ToInt(vm, args[0], &n)) return {};
  DequeObject* d = Dq(self);
  int64_t len = d->size();
  ++d->state;
  if (len <= 1) return Value::None();
  n %= len;
  if (n < 0) n += len;
  // Rotating right by n moves the last n items to the front.
  std::rotate(d->items.begin(), d->items.end() - n, d->items.end());
  return Value::None();
}
Value DequeClear(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "clear", 0, 0)) return {};
  Dq(self)->items.clear();
  ++Dq(self)->state;
  return Value::None();
}
Value DequeReverse(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "reverse", 0, 0)) return {};
  std::reverse(Dq(self)->items.begin(), Dq(self)->items.end());
  ++Dq(self)->state;
  return Value::None();
}

// Compares with the items of a snapshot, so __eq__ may mutate the deque;
// raises RuntimeError as CPython when it did.
bool FindItem(VM& vm, DequeObject* d, const Value& x, int64_t start, int64_t stop, int64_t* out,
              bool count_all) {
  uint64_t state = d->state;
  std::vector<Value> items(d->items.begin(), d->items.end());
  int64_t n = 0;
  *out = -1;
  for (int64_t i = start; i < stop && i < static_cast<int64_t>(items.size()); ++i) {
    bool same = items[i].tag() == x.tag() && items[i].raw() == x.raw();
    int eq = same ? 1 : vm.Equal(items[i], x);
    if (eq < 0) return false;
    if (d->state != state) {
      RaiseRuntimeError(vm, "deque mutated during iteration");
      return false;
    }
    if (eq == 1) {
      if (!count_all) {
        *out = i;
        return true;
      }
      ++n;
    }
  }
  if (count_all) *out = n;
  return true;
}
Value DequeCount(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "count", 1, 1)) return {};
  int64_t n;
  if (!FindItem(vm, Dq(self), args[0], 0, Dq(self)->size(), &n, true)) return {};
  return Value::Int(n);
}
Value DequeIndex(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckPositional(vm, args, "index", 1, 3)) return {};
  DequeObject* d = Dq(self);
  int64_t len = d->size(), start = 0, stop = len;
  if (args.nargs > 1 && !ToInt(vm, args[1], &start)) return {};
  if (args.nargs > 2 && !ToInt(vm, args[2], &stop)) return {};
  if (start < 0) start = std::max<int64_t>(0, start + len);
  if (stop < 0) stop = std::max<int64_t>(0, stop + len);
  int64_t i;
  if (!FindItem(vm, d, args[0], start, std::min(stop, len), &i, false)) return {};
  if (i < 0) {
    std::string r;
    if (!vm.ReprString(args[0], &r)) return {};
    return RaiseValueError(vm, absl::StrCat(r, " is not in deque"));
  }
  return Value::Int(i);
}
Value DequeRemove(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "remove", 1, 1)) return {};
  DequeObject* d = Dq(self);
  int64_t i;
  if (!FindItem(vm, d, args[0], 0, d->size(), &i, false)) return {};
  if (i < 0) {
    std::string r;
    if (!vm.ReprString(args[0], &r)) return {};
    return RaiseValueError(vm, absl::StrCat(r, " is not in deque"));
  }
  d->items.erase(d->items.begin() + i);
  ++d->state;
  return Value::None();
}
Value DequeInsert(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckPositional(vm, args, "insert", 2, 2)) return {};
  DequeObject* d = Dq(self);
  int64_t i;
  if (!ToInt(vm, args[0], &i)) return {};
  if (d->maxlen >= 0 && d->size() >= d->maxlen) {
    return RaiseIndexError(vm, "deque already at its maximum size");
  }
  int64_t len = d->size();
  if (i < 0) i = std::max<int64_t>(0, i + len);
  if (i > len) i = len;
  d->items.insert(d->items.begin() + i, args[1]);
  ++d->state;
  return Value::None();
}
Value NewDequeLike(VM& vm, const Value& self, std::deque<Value> items) {
  DequeObject* d = Dq(self);
  Value maxlen = d->maxlen < 0 ? Value::None() : Value::Int(d->maxlen);
  Value copy = vm.Call(Value::Borrow(self.type()), {NewList({}), maxlen});
  if (copy.is_null()) return copy;
  for (Value& v : items) Append(Dq(copy), std::move(v), false);
  return copy;
}
Value DequeCopy(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "copy", 0, 0)) return {};
  return NewDequeLike(vm, self, Dq(self)->items);
}

Value DequeLen(VM&, const Value& self, const ArgsView&) { return Value::Int(Dq(self)->size()); }
Value DequeBool(VM&, const Value& self, const ArgsView&) {
  return Value::Bool(!Dq(self)->items.empty());
}
bool Index(VM& vm, const Value& self, const Value& key, int64_t* i) {
  if (!key.is_int() && !key.is_bool() && key.type()->slot(Slot::kIndex).is_null()) {
    RaiseTypeError(vm, absl::StrFormat("sequence index must be integer, not '%s'", TypeName(key)));
    return false;
  }
  return SeqIndex(vm, key, Dq(self)->size(), "deque", i);
}
Value DequeGetItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__getitem__", 1, 1)) return {};
  int64_t i;
  if (!Index(vm, self, args[0], &i)) return {};
  return Dq(self)->items[i];
}
Value DequeSetItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__setitem__", 2, 2)) return {};
  int64_t i;
  if (!Index(vm, self, args[0], &i)) return {};
  Dq(self)->items[i] = args[1];
  return Value::None();
}
Value DequeDelItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__delitem__", 1, 1)) return {};
  int64_t i;
  if (!Index(vm, self, args[0], &i)) return {};
  Dq(self)->items.erase(Dq(self)->items.begin() + i);
  ++Dq(self)->state;
  return Value::None();
}
Value DequeContains(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__contains__", 1, 1)) return {};
  int64_t i;
  if (!FindItem(vm, Dq(self), args[0], 0, Dq(self)->size(), &i, false)) return {};
  return Value::Bool(i >= 0);
}

// deque([1, 2]) or deque([1, 2], maxlen=3), named after the instance's type.
Value DequeRepr(VM& vm, const Value& self, const ArgsView&) {
  DequeObject* d = Dq(self);
  std::vector<Value> items(d->items.begin(), d->items.end());
  bool ok;
  std::string list = SeqRepr(vm, items, "[", "]", &ok);
  if (!ok) return {};
  if (d->maxlen < 0) return NewStr(absl::StrCat(self.type()->name, "(", list, ")"));
  return NewStr(absl::StrCat(self.type()->name, "(", list, ", maxlen=", d->maxlen, ")"));
}

Value DequeCompare(VM& vm, CompareOp op, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__eq__", 1, 1)) return {};
  if (!IsInstance(args[0], DequeType())) return NotImplementedValue();
  std::vector<Value> a(Dq(self)->items.begin(), Dq(self)->items.end());
  std::vector<Value> b(Dq(args[0])->items.begin(), Dq(args[0])->items.end());
  return SeqCompare(vm, op, a, b);
}

Value DequeAdd(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__add__", 1, 1)) return {};
  if (!IsInstance(args[0], DequeType())) {
    return RaiseTypeError(
        vm, absl::StrFormat("can only concatenate deque (not \"%s\") to deque", TypeName(args[0])));
  }
  std::deque<Value> items = Dq(self)->items;
  items.insert(items.end(), Dq(args[0])->items.begin(), Dq(args[0])->items.end());
  return NewDequeLike(vm, self, std::move(items));
}
Value DequeIAdd(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__iadd__", 1, 1)) return {};
  if (!Extend(vm, Dq(self), args[0], false)) return {};
  return self;
}
bool Repeat(VM& vm, const ArgsView& args, std::deque<Value> items, std::deque<Value>* out) {
  if (!CheckArgCount(vm, args, "__mul__", 1, 1)) return false;
  int64_t n;
  if (!ToInt(vm, args[0], &n)) return false;
  out->clear();
  for (int64_t k = 0; k < n; ++k) out->insert(out->end(), items.begin(), items.end());
  return true;
}
Value DequeMul(VM& vm, const Value& self, const ArgsView& args) {
  std::deque<Value> items;
  if (!Repeat(vm, args, Dq(self)->items, &items)) return {};
  return NewDequeLike(vm, self, std::move(items));
}
Value DequeIMul(VM& vm, const Value& self, const ArgsView& args) {
  std::deque<Value> items;
  if (!Repeat(vm, args, Dq(self)->items, &items)) return {};
  DequeObject* d = Dq(self);
  d->items.clear();
  for (Value& v : items) Append(d, std::move(v), false);
  return self;
}

// Unhashable, worded with CPython's tp_name ("collections.deque"), while
// reprs use the short name.
Value DequeHash(VM& vm, const Value&, const ArgsView&) {
  return RaiseTypeError(vm, "unhashable type: 'collections.deque'");
}

Value DequeMaxlen(VM&, const Value& self) {
  return Dq(self)->maxlen < 0 ? Value::None() : Value::Int(Dq(self)->maxlen);
}

// --- iterators --------------------------------------------------------------
struct DequeIterObject : Object {
  explicit DequeIterObject(Type* t) : Object(t) {}
  Value deque;
  int64_t index = 0;  // items yielded so far
  uint64_t state = 0;
  bool reverse = false;
};
Value DequeIterNext(VM& vm, const Value& self) {
  auto* it = Cast<DequeIterObject>(self);
  DequeObject* d = Dq(it->deque);
  if (d->state != it->state) return RaiseRuntimeError(vm, "deque mutated during iteration");
  if (it->index >= d->size()) return {};
  int64_t i = it->reverse ? d->size() - 1 - it->index : it->index;
  ++it->index;
  return d->items[i];
}
Type* IterType(bool reverse) {
  static Type* const kTypes[2] = {
      NewNativeIterType("_deque_iterator", "_collections", nullptr, NativeIterNext<DequeIterNext>),
      NewNativeIterType("_deque_reverse_iterator", "_collections", nullptr,
                        NativeIterNext<DequeIterNext>)};
  return kTypes[reverse ? 1 : 0];
}
Value NewIter(const Value& self, bool reverse) {
  auto* it = new DequeIterObject(IterType(reverse));
  it->deque = self;
  it->state = Dq(self)->state;
  it->reverse = reverse;
  return Value::Adopt(it);
}
Value DequeIter(VM&, const Value& self, const ArgsView&) { return NewIter(self, false); }
Value DequeReversed(VM&, const Value& self, const ArgsView&) { return NewIter(self, true); }

constexpr MethodDef kDequeMethods[] = {
    {"__init__", DequeInit},
    {"append", DequeAppend},
    {"appendleft", DequeAppendLeft},
    {"extend", DequeExtend},
    {"extendleft", DequeExtendLeft},
    {"pop", DequePop<false>},
    {"popleft", DequePop<true>},
    {"rotate", DequeRotate},
    {"clear", DequeClear},
    {"reverse", DequeReverse},
    {"count", DequeCount},
    {"index", DequeIndex},
    {"remove", DequeRemove},
    {"insert", DequeInsert},
    {"copy", DequeCopy},
    {"__copy__", DequeCopy},
    {"__len__", DequeLen},
    {"__bool__", DequeBool},
    {"__getitem__", DequeGetItem},
    {"__setitem__", DequeSetItem},
    {"__delitem__", DequeDelItem},
    {"__contains__", DequeContains},
    {"__iter__", DequeIter},
    {"__reversed__", DequeReversed},
    {"__repr__", DequeRepr},
    {"__add__", DequeAdd},
    {"__iadd__", DequeIAdd},
    {"__mul__", DequeMul},
    {"__imul__", DequeIMul},
    {"__hash__", DequeHash},
};
constexpr GetSetDef kDequeGetSets[] = {{"maxlen", DequeMaxlen}};

Type* DequeType() {
  static Type* const kType = AddRichCompareMethods<DequeCompare>(
      NewNativeType({.name = "deque",
                     .module = "collections",
                     .methods = kDequeMethods,
                     .getsets = kDequeGetSets,
                     .alloc = [](Type* cls) -> Object* { return new DequeObject(cls); },
                     .flags = Type::kBaseType | Type::kSequence}));
  return kType;
}

}  // namespace

void AddCollectionsDeque(ModuleObject* m) { AddType(m, DequeType()); }
Type* CollectionsDequeType() { return DequeType(); }

}  // namespace tc::script
