// Comparisons (rich comparison with reflected slots, builtin orderings,
// sequences and dicts), truthiness and hashing.
#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "src/obj_bigint.h"
#include "vm_internal.h"
#include "vm_ops_util.h"
#include "vm_set_table.h"

namespace tc::script {

using namespace ops;  // NOLINT(build/namespaces): the shared operator helpers

namespace {

// Ordering of builtin values: -2 unsupported, -3 error, else -1/0/1 and
// *unordered for NaN.
// An int (either form) with a float, exactly as CPython compares them.
int IntFloatOrder(const Value& a, const Value& b, bool* unordered) {
  double d = a.is_float() ? a.as_float() : b.as_float();
  if (std::isnan(d)) {
    *unordered = true;
    return 0;
  }
  return a.is_float() ? -CompareIntDouble(b, d) : CompareIntDouble(a, d);
}

int BuiltinOrder(VM& vm, const Value& a, const Value& b, bool* unordered) {
  *unordered = false;
  if (IsNum(a) && IsNum(b)) {
    if (!a.is_float() && !b.is_float()) {
      return a.as_int() < b.as_int() ? -1 : (a.as_int() > b.as_int() ? 1 : 0);
    }
    if (a.is_float() != b.is_float()) return IntFloatOrder(a, b, unordered);
    double x = a.as_float(), y = b.as_float();
    if (std::isnan(x) || std::isnan(y)) {
      *unordered = true;
      return 0;
    }
    return x < y ? -1 : (x > y ? 1 : 0);
  }
  if (IsBigInt(a) || IsBigInt(b)) {
    if (IsIntValue(a) && IsIntValue(b)) return CompareInts(a, b);
    if ((a.is_float() && IsIntValue(b)) || (IsIntValue(a) && b.is_float())) {
      return IntFloatOrder(a, b, unordered);
    }
    return -2;
  }
  const BuiltinTypes& t = T();
  if (IsType(a, t.str) && IsType(b, t.str)) {
    int c = static_cast<StrObject*>(a.as_object())
                ->value.compare(static_cast<StrObject*>(b.as_object())->value);
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
  }
  (void)vm;
  return -2;
}

bool CompareResult(CompareOp op, int c) {
  switch (op) {
    case CompareOp::kLt:
      return c < 0;
    case CompareOp::kLe:
      return c <= 0;
    case CompareOp::kEq:
      return c == 0;
    case CompareOp::kNe:
      return c != 0;
    case CompareOp::kGt:
      return c > 0;
    case CompareOp::kGe:
      return c >= 0;
    default:
      return false;
  }
}

// Each rich comparison's special-method slot and its reflection's (a < b
// is tried as b.__gt__(a)), indexed by CompareOp, kLt to kGe.
struct CompareSlots {
  Slot forward;
  Slot reflected;
};
constexpr CompareSlots kCompareSlots[] = {{Slot::kLt, Slot::kGt}, {Slot::kLe, Slot::kGe},
                                          {Slot::kEq, Slot::kEq}, {Slot::kNe, Slot::kNe},
                                          {Slot::kGt, Slot::kLt}, {Slot::kGe, Slot::kLe}};

bool Identical(const Value& a, const Value& b) {
  if (a.tag() != b.tag()) return false;
  if (a.is_float())
    return a.as_float() == b.as_float() || (std::isnan(a.as_float()) && a.raw() == b.raw());
  return a.raw() == b.raw() || a.is_none();
}

}  // namespace

int SeqEqual(VM& vm, const std::vector<Value>& a, const std::vector<Value>& b) {
  if (a.size() != b.size()) return 0;
  for (size_t i = 0; i < a.size(); ++i) {
    if (Identical(a[i], b[i])) continue;
    int e = vm.Equal(a[i], b[i]);
    if (e <= 0) return e;
  }
  return 1;
}

Value SeqCompare(VM& vm, CompareOp op, const std::vector<Value>& a, const std::vector<Value>& b) {
  size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    if (Identical(a[i], b[i])) continue;
    int e = vm.Equal(a[i], b[i]);
    if (e < 0) return Value();
    if (e == 0) {
      if (op == CompareOp::kEq) return Value::Bool(false);
      if (op == CompareOp::kNe) return Value::Bool(true);
      return vm.Compare(op, a[i], b[i]);
    }
  }
  int c = a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
  return Value::Bool(CompareResult(op, c));
}

int DictEqual(VM& vm, DictObject* a, DictObject* b) {
  if (a->size() != b->size()) return 0;
  for (size_t i = 0; i < a->entries.size(); ++i) {
    // Copies: comparing values may run script code that mutates a.
    if (a->entries[i].key.is_null()) continue;
    Value key = a->entries[i].key;
    Value value = a->entries[i].value;
    Value other;
    int r = DictGet(vm, b, key, &other);
    if (r <= 0) return r;
    int q = vm.Equal(value, other);
    if (q != 1) return q;
  }
  return 1;
}

Value VM::Compare(CompareOp op, const Value& a, const Value& b) {
  const BuiltinTypes& t = T();
  switch (op) {
    case CompareOp::kIs:
      return Value::Bool(Identical(a, b));
    case CompareOp::kIsNot:
      return Value::Bool(!Identical(a, b));
    case CompareOp::kIn:
    case CompareOp::kNotIn: {
      int r = Contains(b, a);
      if (r < 0) return Value();
      return Value::Bool((r == 1) == (op == CompareOp::kIn));
    }
    default:
      break;
  }
  bool unordered;
  int c = BuiltinOrder(*this, a, b, &unordered);
  if (c == -3) return Value();
  if (c != -2) {
    if (unordered) return Value::Bool(op == CompareOp::kNe);
    return Value::Bool(CompareResult(op, c));
  }
  Type* ta = a.type();
  Type* tb = b.type();
  if (ta == tb && (ta == t.list || ta == t.tuple)) {
    const auto& x = ta == t.list ? static_cast<ListObject*>(a.as_object())->items
                                 : static_cast<TupleObject*>(a.as_object())->items;
    const auto& y = ta == t.list ? static_cast<ListObject*>(b.as_object())->items
                                 : static_cast<TupleObject*>(b.as_object())->items;
    return SeqCompare(*this, op, x, y);
  }
  bool eqop = op == CompareOp::kEq || op == CompareOp::kNe;
  if (eqop && ta == tb && ta == t.dict) {
    int eq = DictEqual(*this, static_cast<DictObject*>(a.as_object()),
                       static_cast<DictObject*>(b.as_object()));
    if (eq < 0) return Value();
    return Value::Bool((eq == 1) == (op == CompareOp::kEq));
  }
  if ((ta == t.set || ta == t.frozenset) && (tb == t.set || tb == t.frozenset)) {
    auto* x = static_cast<DictObject*>(a.as_object());
    auto* y = static_cast<DictObject*>(b.as_object());
    auto subset = [&](DictObject* p, DictObject* q) -> int {
      for (auto& e : p->entries) {
        if (e.key.is_null()) continue;
        Value d;
        int r = DictGet(*this, q, e.key, &d);
        if (r <= 0) return r;
      }
      return 1;
    };
    int r;
    switch (op) {
      case CompareOp::kEq:
      case CompareOp::kNe:
        r = x->size() == y->size() ? subset(x, y) : 0;
        if (r < 0) return Value();
        return Value::Bool((r == 1) == (op == CompareOp::kEq));
      case CompareOp::kLe:
      case CompareOp::kLt:
        r = subset(x, y);
        if (r < 0) return Value();
        return Value::Bool(r == 1 && (op == CompareOp::kLe || x->size() < y->size()));
      default:
        r = subset(y, x);
        if (r < 0) return Value();
        return Value::Bool(r == 1 && (op == CompareOp::kGe || x->size() > y->size()));
    }
  }
  // Special methods: the reflected one first when b's type is a subclass.
  // (is / is not / in / not in returned above.)
  const CompareSlots& slots = kCompareSlots[static_cast<int>(op)];
  const Value& fwd = ta->slot(slots.forward);
  const Value& ref = tb->slot(slots.reflected);
  bool ref_first = ta != tb && IsSubtype(tb, ta) && !ref.is_null();
  if (ref_first) {
    Value r = CallWithSelf(ref, b, ArgsView(&a, 1));
    if (r.is_null() || !IsNotImplemented(r)) return r;
  }
  if (!fwd.is_null() && !IsBuiltinValueType(ta)) {
    Value r = CallWithSelf(fwd, a, ArgsView(&b, 1));
    if (r.is_null() || !IsNotImplemented(r)) return r;
  }
  if (!ref.is_null() && !ref_first && !IsBuiltinValueType(tb)) {
    Value r = CallWithSelf(ref, b, ArgsView(&a, 1));
    if (r.is_null() || !IsNotImplemented(r)) return r;
  }
  // Tuple / list subclasses compare as their base (tuple with tuple, list
  // with list), as CPython's tuple and list comparisons accept subtypes.
  if (IsSubtype(ta, t.tuple) == IsSubtype(tb, t.tuple) &&
      IsSubtype(ta, t.list) == IsSubtype(tb, t.list)) {
    const std::vector<Value>* x = TupleOrListItems(a);
    const std::vector<Value>* y = x != nullptr ? TupleOrListItems(b) : nullptr;
    if (y != nullptr) return SeqCompare(*this, op, *x, *y);
  }
  // Dict subclasses without their own __eq__ compare as dicts (dict's
  // __ne__ too, as in CPython, even when a subclass defines __eq__).
  if (eqop) {
    DictObject* x = DictTable(a);
    DictObject* y = x != nullptr ? DictTable(b) : nullptr;
    if (y != nullptr) {
      int eq = DictEqual(*this, x, y);
      if (eq < 0) return Value();
      return Value::Bool((eq == 1) == (op == CompareOp::kEq));
    }
  }
  if (op == CompareOp::kEq) return Value::Bool(Identical(a, b));
  if (op == CompareOp::kNe) {
    // __ne__ defaults to the inverse of __eq__.
    const Value& eq = ta->slot(Slot::kEq);
    if (!eq.is_null() && !IsBuiltinValueType(ta)) {
      Value r = CallWithSelf(eq, a, ArgsView(&b, 1));
      if (r.is_null()) return r;
      if (!IsNotImplemented(r)) {
        int tr = Truthy(r);
        if (tr < 0) return Value();
        return Value::Bool(tr == 0);
      }
    }
    return Value::Bool(!Identical(a, b));
  }
  return Raise(t.type_error,
               absl::StrFormat("'%s' not supported between instances of '%s' and '%s'",
                               CompareOpSymbol(op), ta->name, tb->name));
}

int VM::Equal(const Value& a, const Value& b) {
  if (Identical(a, b)) return 1;
  if (a.is_int() && b.is_int()) return 0;
  Value r = Compare(CompareOp::kEq, a, b);
  if (r.is_null()) return -1;
  if (r.is_bool()) return r.as_bool();
  return Truthy(r);
}

int VM::Truthy(const Value& v) {
  switch (v.tag()) {
    case Value::Tag::kNone:
    case Value::Tag::kNull:
      return 0;
    case Value::Tag::kBool:
    case Value::Tag::kInt:
      return v.as_int() != 0;
    case Value::Tag::kFloat:
      return v.as_float() != 0.0;
    case Value::Tag::kObject:
      break;
  }
  const BuiltinTypes& t = T();
  Object* o = v.as_object();
  Type* ty = o->type;
  if (ty == t.str) return !static_cast<StrObject*>(o)->value.empty();
  if (ty == t.list) return !static_cast<ListObject*>(o)->items.empty();
  if (ty == t.tuple) return !static_cast<TupleObject*>(o)->items.empty();
  if (ty == t.dict || ty == t.set || ty == t.frozenset)
    return static_cast<DictObject*>(o)->used != 0;
  if (ty == t.range) {
    auto* r = static_cast<RangeObject*>(o);
    if (r->big.is_null()) return r->size() != 0;
    Value n = BigRangeLength(*this, r);
    return n.is_null() ? -1 : Truthy(n);
  }
  const Value& b = ty->slot(Slot::kBool);
  if (!b.is_null()) {
    Value r = CallWithSelf(b, v, ArgsView());
    if (r.is_null()) return -1;
    if (!r.is_bool()) {
      Raise(t.type_error, absl::StrFormat("__bool__ should return bool, returned %s", TypeName(r)));
      return -1;
    }
    return r.as_bool();
  }
  const Value& l = ty->slot(Slot::kLen);
  if (!l.is_null()) {
    int64_t n;
    if (!Length(v, &n)) return -1;
    return n != 0;
  }
  if (const std::vector<Value>* items = TupleOrListItems(v)) return !items->empty();
  if (const DictObject* d = DictTable(v)) return d->used != 0;
  return 1;
}

bool VM::Hash(const Value& v, int64_t* out) {
  switch (v.tag()) {
    case Value::Tag::kNone:
      *out = 0x5bd1e995;
      return true;
    case Value::Tag::kBool:
    case Value::Tag::kInt:
      *out = HashInt(v.as_int());
      return true;
    case Value::Tag::kFloat:
      *out = HashFloat(v.as_float());
      return true;
    default:
      break;
  }
  const BuiltinTypes& t = T();
  Object* o = v.as_object();
  Type* ty = o->type;
  if (ty == t.str) {
    *out = static_cast<StrObject*>(o)->Hash();
    return true;
  }
  if (ty == t.int_) {
    *out = HashBigInt(static_cast<BigIntObject*>(o));
    return true;
  }
  if (ty == t.tuple || (IsSubtype(ty, t.tuple) && ty->slot(Slot::kHash).is_null() &&
                        ty->slot(Slot::kEq).is_null())) {
    // CPython 3.11's xxHash-based tuplehash.
    constexpr uint64_t kPrime1 = 11400714785074694791ull;
    constexpr uint64_t kPrime2 = 14029467366897019727ull;
    constexpr uint64_t kPrime5 = 2870177450012600261ull;
    const std::vector<Value>& items = static_cast<TupleObject*>(o)->items;
    uint64_t acc = kPrime5;
    for (const Value& x : items) {
      int64_t xh;
      if (!Hash(x, &xh)) return false;
      acc += static_cast<uint64_t>(xh) * kPrime2;
      acc = (acc << 31) | (acc >> 33);
      acc *= kPrime1;
    }
    acc += items.size() ^ (kPrime5 ^ 3527539ull);
    *out = acc == ~uint64_t{0} ? 1546275796 : static_cast<int64_t>(acc);
    return true;
  }
  if (ty == t.list || ty == t.dict || ty == t.set || ty == t.bytearray ||
      (ty->slot(Slot::kHash).is_null() && (IsSubtype(ty, t.list) || IsSubtype(ty, t.dict)))) {
    Raise(t.type_error, absl::StrFormat("unhashable type: '%s'", ty->name));
    return false;
  }
  const Value& hs = ty->slot(Slot::kHash);
  if (!hs.is_null()) {
    Value r = CallWithSelf(hs, v, ArgsView());
    if (r.is_null()) return false;
    if (!r.is_int()) {
      Raise(t.type_error, "__hash__ method should return an integer");
      return false;
    }
    *out = r.as_int();
    return true;
  }
  // A class defining __eq__ but not __hash__ is unhashable.
  if (ty->has_flag(Type::kHeapType)) {
    const Value* eq = LookupInMro(ty, Intern("__eq__"));
    const Value* hsh = LookupInMro(ty, Intern("__hash__"));
    if (eq != nullptr && (hsh == nullptr || hsh->is_none())) {
      Raise(t.type_error, absl::StrFormat("unhashable type: '%s'", ty->name));
      return false;
    }
  }
  // `__hash__ = None` in a native class (deque, functools.KeyWrapper).
  static StrObject* const kHashName = Intern("__hash__");
  const Value* hsh = LookupInMro(ty, kHashName);
  if (hsh != nullptr && hsh->is_none()) {
    Raise(t.type_error, absl::StrFormat("unhashable type: '%s'", ty->name));
    return false;
  }
  *out = static_cast<int64_t>(reinterpret_cast<uintptr_t>(o) >> 4);
  return true;
}
}  // namespace tc::script
