// Operators and protocols: arithmetic (64-bit ints that raise on overflow,
// floats), comparisons, truthiness, hashing, items, length, iteration,
// repr/str/format, for builtin values directly and for other objects
// through their special-method slots.
#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"
#include "tc/support/py_repr.h"

#include "vm_internal.h"
#include "vm_set_table.h"

namespace tc::script {

namespace {

bool IsNum(const Value& v) { return v.is_int() || v.is_bool() || v.is_float(); }
double AsDouble(const Value& v) {
  return v.is_float() ? v.as_float() : static_cast<double>(v.as_int());
}
const BuiltinTypes& T() { return Types(); }

Value IntOverflow(VM& vm) {
  return vm.Raise(T().overflow_error, "integer overflow: tc ints are 64-bit");
}

bool IsType(const Value& v, Type* t) { return v.is_object() && v.as_object()->type == t; }

Value IntBinary(VM& vm, BinaryOp op, int64_t x, int64_t y, bool both_bool) {
  int64_t r;
  switch (op) {
    case BinaryOp::kAdd:
      if (__builtin_add_overflow(x, y, &r)) return IntOverflow(vm);
      return Value::Int(r);
    case BinaryOp::kSub:
      if (__builtin_sub_overflow(x, y, &r)) return IntOverflow(vm);
      return Value::Int(r);
    case BinaryOp::kMul:
      if (__builtin_mul_overflow(x, y, &r)) return IntOverflow(vm);
      return Value::Int(r);
    case BinaryOp::kTrueDiv:
      if (y == 0) return vm.Raise(T().zero_division_error, "division by zero");
      return Value::Float(static_cast<double>(x) / static_cast<double>(y));
    case BinaryOp::kFloorDiv: {
      if (y == 0) return vm.Raise(T().zero_division_error, "integer division or modulo by zero");
      if (x == INT64_MIN && y == -1) return IntOverflow(vm);
      int64_t q = x / y;
      if ((x % y != 0) && ((x < 0) != (y < 0))) --q;
      return Value::Int(q);
    }
    case BinaryOp::kMod: {
      if (y == 0) return vm.Raise(T().zero_division_error, "integer modulo by zero");
      if (y == -1) return Value::Int(0);
      int64_t m = x % y;
      if (m != 0 && ((m < 0) != (y < 0))) m += y;
      return Value::Int(m);
    }
    case BinaryOp::kPow: {
      if (y < 0) {
        if (x == 0) {
          return vm.Raise(T().zero_division_error, "0.0 cannot be raised to a negative power");
        }
        return Value::Float(std::pow(static_cast<double>(x), static_cast<double>(y)));
      }
      int64_t result = 1, base = x;
      int64_t e = y;
      while (e > 0) {
        if (e & 1) {
          if (__builtin_mul_overflow(result, base, &result)) return IntOverflow(vm);
        }
        e >>= 1;
        if (e > 0 && __builtin_mul_overflow(base, base, &base)) return IntOverflow(vm);
      }
      return Value::Int(result);
    }
    case BinaryOp::kLShift:
      if (y < 0) return vm.Raise(T().value_error, "negative shift count");
      if (x == 0) return Value::Int(0);
      if (y >= 63 || (x > 0 ? (x > (INT64_MAX >> y)) : (x < (INT64_MIN >> y)))) {
        return IntOverflow(vm);
      }
      return Value::Int(static_cast<int64_t>(static_cast<uint64_t>(x) << y));
    case BinaryOp::kRShift:
      if (y < 0) return vm.Raise(T().value_error, "negative shift count");
      return Value::Int(y >= 63 ? (x < 0 ? -1 : 0) : (x >> y));
    case BinaryOp::kAnd:
      return both_bool ? Value::Bool((x & y) != 0) : Value::Int(x & y);
    case BinaryOp::kOr:
      return both_bool ? Value::Bool((x | y) != 0) : Value::Int(x | y);
    case BinaryOp::kXor:
      return both_bool ? Value::Bool((x ^ y) != 0) : Value::Int(x ^ y);
    case BinaryOp::kMatMul:
      break;
  }
  return Value();  // unsupported: caller reports
}

Value FloatBinary(VM& vm, BinaryOp op, double x, double y) {
  switch (op) {
    case BinaryOp::kAdd:
      return Value::Float(x + y);
    case BinaryOp::kSub:
      return Value::Float(x - y);
    case BinaryOp::kMul:
      return Value::Float(x * y);
    case BinaryOp::kTrueDiv:
      if (y == 0) return vm.Raise(T().zero_division_error, "float division by zero");
      return Value::Float(x / y);
    case BinaryOp::kFloorDiv:
    case BinaryOp::kMod: {
      if (y == 0) {
        return vm.Raise(T().zero_division_error,
                        op == BinaryOp::kMod ? "float modulo" : "float floor division by zero");
      }
      double mod = std::fmod(x, y);
      double div = (x - mod) / y;
      if (mod != 0) {
        if ((y < 0) != (mod < 0)) {
          mod += y;
          div -= 1.0;
        }
      } else {
        mod = std::copysign(0.0, y);
      }
      if (op == BinaryOp::kMod) return Value::Float(mod);
      double floordiv;
      if (div != 0) {
        floordiv = std::floor(div);
        if (div - floordiv > 0.5) floordiv += 1.0;
      } else {
        floordiv = std::copysign(0.0, x / y);
      }
      return Value::Float(floordiv);
    }
    case BinaryOp::kPow:
      if (x == 0 && y < 0) {
        return vm.Raise(T().zero_division_error, "0.0 cannot be raised to a negative power");
      }
      if (x < 0 && std::floor(y) != y) {
        return vm.Raise(T().value_error, "math domain error (complex results are not supported)");
      }
      return Value::Float(std::pow(x, y));
    default:
      return Value();
  }
}

Value Repeat(VM& vm, const std::vector<Value>& items, int64_t n, Type* type) {
  std::vector<Value> out;
  if (n > 0) {
    if (static_cast<double>(items.size()) * static_cast<double>(n) > 1e9) {
      return vm.Raise(T().overflow_error, "repeated sequence is too long");
    }
    out.reserve(items.size() * n);
    for (int64_t i = 0; i < n; ++i) out.insert(out.end(), items.begin(), items.end());
  }
  return type == T().list ? NewList(std::move(out)) : NewTuple(std::move(out));
}

// Builtin-type binary operators; null with no exception when unsupported.
Value BuiltinBinary(VM& vm, BinaryOp op, const Value& a, const Value& b) {
  if ((a.is_int() || a.is_bool()) && (b.is_int() || b.is_bool())) {
    return IntBinary(vm, op, a.as_int(), b.as_int(), a.is_bool() && b.is_bool());
  }
  if (IsNum(a) && IsNum(b)) return FloatBinary(vm, op, AsDouble(a), AsDouble(b));
  const BuiltinTypes& t = T();
  if (IsType(a, t.str)) {
    const std::string& x = static_cast<StrObject*>(a.as_object())->value;
    if (op == BinaryOp::kAdd) {
      if (IsType(b, t.str)) return NewStr(x + static_cast<StrObject*>(b.as_object())->value);
      return vm.Raise(t.type_error,
                      absl::StrFormat("can only concatenate str (not \"%s\") to str", TypeName(b)));
    }
    if (op == BinaryOp::kMul && (b.is_int() || b.is_bool())) {
      std::string r;
      for (int64_t i = 0; i < b.as_int(); ++i) r += x;
      return NewStr(std::move(r));
    }
    if (op == BinaryOp::kMod) return StrPercent(vm, x, b);
    return Value();
  }
  if (op == BinaryOp::kMul && (a.is_int() || a.is_bool()) && b.is_object() &&
      (IsType(b, t.str) || IsType(b, t.list) || IsType(b, t.tuple))) {
    return BuiltinBinary(vm, op, b, a);
  }
  if (IsType(a, t.list) || IsType(a, t.tuple)) {
    Type* at = a.as_object()->type;
    const auto& x = at == t.list ? static_cast<ListObject*>(a.as_object())->items
                                 : static_cast<TupleObject*>(a.as_object())->items;
    if (op == BinaryOp::kAdd) {
      if (!IsType(b, at)) {
        return vm.Raise(t.type_error, absl::StrFormat("can only concatenate %s (not \"%s\") to %s",
                                                      at->name, TypeName(b), at->name));
      }
      const auto& y = at == t.list ? static_cast<ListObject*>(b.as_object())->items
                                   : static_cast<TupleObject*>(b.as_object())->items;
      std::vector<Value> out;
      out.reserve(x.size() + y.size());
      out.insert(out.end(), x.begin(), x.end());
      out.insert(out.end(), y.begin(), y.end());
      return at == t.list ? NewList(std::move(out)) : NewTuple(std::move(out));
    }
    if (op == BinaryOp::kMul && (b.is_int() || b.is_bool())) return Repeat(vm, x, b.as_int(), at);
    return Value();
  }
  if ((IsType(a, t.set) || IsType(a, t.frozenset)) &&
      (IsType(b, t.set) || IsType(b, t.frozenset))) {
    return SetBinary(vm, op, a, b);
  }
  if (op == BinaryOp::kOr && IsType(a, t.dict) && IsType(b, t.dict)) {
    Value r = DictCopyOf(static_cast<DictObject*>(a.as_object()), t.dict);
    for (auto& e : static_cast<DictObject*>(b.as_object())->entries) {
      if (!e.key.is_null() && !DictSet(vm, static_cast<DictObject*>(r.as_object()), e.key, e.value))
        return Value();
    }
    return r;
  }
  return Value();
}

bool IsNotImplemented(const Value& v) {
  return v.is_object() && v.as_object() == NotImplementedValue().as_object();
}

Slot Forward(BinaryOp op) {
  return static_cast<Slot>(static_cast<int>(Slot::kAdd) + static_cast<int>(op));
}
Slot Reflected(BinaryOp op) {
  return static_cast<Slot>(static_cast<int>(Slot::kRAdd) + static_cast<int>(op));
}
Slot InplaceSlot(BinaryOp op) {
  return static_cast<Slot>(static_cast<int>(Slot::kIAdd) + static_cast<int>(op));
}

bool IsBuiltinValueType(Type* t) {
  const BuiltinTypes& b = T();
  return t == b.int_ || t == b.float_ || t == b.bool_ || t == b.str || t == b.list ||
         t == b.tuple || t == b.none || t == b.dict || t == b.set;
}

}  // namespace

Value VM::Binary(BinaryOp op, const Value& a, const Value& b) {
  Type* ta = a.type();
  Type* tb = b.type();
  if (IsBuiltinValueType(ta) && IsBuiltinValueType(tb)) {
    Value r = BuiltinBinary(*this, op, a, b);
    if (!r.is_null() || HasException()) return r;
  } else {
    const Value& fwd = ta->slot(Forward(op));
    const Value& ref = ta != tb ? tb->slot(Reflected(op)) : Value::Null();
    bool ref_first = !ref.is_null() && IsSubtype(tb, ta) && ta != tb;
    if (ref_first) {
      Value r = CallWithSelf(ref, b, ArgsView(&a, 1));
      if (r.is_null() || !IsNotImplemented(r)) return r;
    }
    if (!fwd.is_null()) {
      Value r = CallWithSelf(fwd, a, ArgsView(&b, 1));
      if (r.is_null() || !IsNotImplemented(r)) return r;
    } else if (IsBuiltinValueType(ta)) {
      Value r = BuiltinBinary(*this, op, a, b);
      if (!r.is_null() || HasException()) return r;
    }
    if (!ref.is_null() && !ref_first) {
      Value r = CallWithSelf(ref, b, ArgsView(&a, 1));
      if (r.is_null() || !IsNotImplemented(r)) return r;
    }
  }
  return Raise(T().type_error, absl::StrFormat("unsupported operand type(s) for %s: '%s' and '%s'",
                                               BinaryOpSymbol(op), ta->name, tb->name));
}

Value VM::Inplace(BinaryOp op, const Value& a, const Value& b) {
  Type* ta = a.type();
  const BuiltinTypes& t = T();
  if (ta == t.list && op == BinaryOp::kAdd) {
    auto* l = static_cast<ListObject*>(a.as_object());
    if (IsType(b, t.list)) {
      std::vector<Value> copy = static_cast<ListObject*>(b.as_object())->items;
      l->items.insert(l->items.end(), copy.begin(), copy.end());
    } else if (!Extend(&l->items, b)) {
      return Value();
    }
    return a;
  }
  if (!IsBuiltinValueType(ta)) {
    const Value& ip = ta->slot(InplaceSlot(op));
    if (!ip.is_null()) {
      Value r = CallWithSelf(ip, a, ArgsView(&b, 1));
      if (r.is_null() || !IsNotImplemented(r)) return r;
    }
  }
  Value r = Binary(op, a, b);
  if (r.is_null() && ExceptionMatches(t.type_error)) {
    std::string msg = ExceptionMessage(*this, exception());
    if (msg.rfind("unsupported operand type(s) for ", 0) == 0) {
      ClearException();
      return Raise(t.type_error,
                   absl::StrFormat("unsupported operand type(s) for %s=: '%s' and '%s'",
                                   BinaryOpSymbol(op), ta->name, b.type()->name));
    }
  }
  return r;
}

Value VM::Unary(UnaryOp op, const Value& a) {
  const BuiltinTypes& t = T();
  if (op == UnaryOp::kNot) {
    int r = Truthy(a);
    if (r < 0) return Value();
    return Value::Bool(r == 0);
  }
  if (a.is_int() || a.is_bool()) {
    int64_t x = a.as_int();
    switch (op) {
      case UnaryOp::kNeg:
        if (x == INT64_MIN) return IntOverflow(*this);
        return Value::Int(-x);
      case UnaryOp::kPos:
        return Value::Int(x);
      case UnaryOp::kInvert:
        return Value::Int(~x);
      default:
        break;
    }
  }
  if (a.is_float()) {
    if (op == UnaryOp::kNeg) return Value::Float(-a.as_float());
    if (op == UnaryOp::kPos) return a;
  }
  Type* ta = a.type();
  Slot s = op == UnaryOp::kNeg ? Slot::kNeg : op == UnaryOp::kPos ? Slot::kPos : Slot::kInvert;
  const Value& m = ta->slot(s);
  if (!m.is_null()) return CallWithSelf(m, a, ArgsView());
  const char* sym = op == UnaryOp::kNeg ? "-" : op == UnaryOp::kPos ? "+" : "~";
  return Raise(t.type_error, absl::StrFormat("bad operand type for unary %s: '%s'", sym, ta->name));
}

namespace {

// Ordering of builtin values: -2 unsupported, -3 error, else -1/0/1 and
// *unordered for NaN.
int BuiltinOrder(VM& vm, const Value& a, const Value& b, bool* unordered) {
  *unordered = false;
  if (IsNum(a) && IsNum(b)) {
    if (!a.is_float() && !b.is_float()) {
      return a.as_int() < b.as_int() ? -1 : (a.as_int() > b.as_int() ? 1 : 0);
    }
    double x = AsDouble(a), y = AsDouble(b);
    if (std::isnan(x) || std::isnan(y)) {
      *unordered = true;
      return 0;
    }
    return x < y ? -1 : (x > y ? 1 : 0);
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

Slot CompareSlot(CompareOp op) {
  switch (op) {
    case CompareOp::kLt:
      return Slot::kLt;
    case CompareOp::kLe:
      return Slot::kLe;
    case CompareOp::kEq:
      return Slot::kEq;
    case CompareOp::kNe:
      return Slot::kNe;
    case CompareOp::kGt:
      return Slot::kGt;
    default:
      return Slot::kGe;
  }
}
CompareOp Swapped(CompareOp op) {
  switch (op) {
    case CompareOp::kLt:
      return CompareOp::kGt;
    case CompareOp::kLe:
      return CompareOp::kGe;
    case CompareOp::kGt:
      return CompareOp::kLt;
    case CompareOp::kGe:
      return CompareOp::kLe;
    default:
      return op;
  }
}

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
  Slot s = CompareSlot(op);
  Slot rs = CompareSlot(Swapped(op));
  const Value& fwd = ta->slot(s);
  const Value& ref = tb->slot(rs);
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
  if (ty == t.range) return static_cast<RangeObject*>(o)->size() != 0;
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
  if (ty == t.list || ty == t.dict || ty == t.set ||
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
  *out = static_cast<int64_t>(reinterpret_cast<uintptr_t>(o) >> 4);
  return true;
}

bool SeqIndex(VM& vm, const Value& key, int64_t size, const char* what, int64_t* out) {
  int64_t i;
  if (key.is_int() || key.is_bool()) {
    i = key.as_int();
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

Value VM::GetItem(const Value& c, const Value& key) {
  const BuiltinTypes& t = T();
  Type* ty = c.type();
  bool is_slice = IsType(key, t.slice);
  if (ty == t.list || ty == t.tuple) {
    const auto& items = ty == t.list ? static_cast<ListObject*>(c.as_object())->items
                                     : static_cast<TupleObject*>(c.as_object())->items;
    if (is_slice) {
      int64_t start, stop, step, n;
      if (!SliceIndices(*this, static_cast<SliceObject*>(key.as_object()),
                        static_cast<int64_t>(items.size()), &start, &stop, &step, &n)) {
        return Value();
      }
      std::vector<Value> out;
      out.reserve(n);
      for (int64_t i = 0, j = start; i < n; ++i, j += step) out.push_back(items[j]);
      return ty == t.list ? NewList(std::move(out)) : NewTuple(std::move(out));
    }
    int64_t i;
    if (!SeqIndex(*this, key, static_cast<int64_t>(items.size()), ty->name.c_str(), &i)) {
      return Value();
    }
    return items[i];
  }
  if (ty == t.str) {
    const std::string& s = static_cast<StrObject*>(c.as_object())->value;
    if (is_slice) {
      int64_t start, stop, step, n;
      if (!SliceIndices(*this, static_cast<SliceObject*>(key.as_object()),
                        static_cast<int64_t>(s.size()), &start, &stop, &step, &n)) {
        return Value();
      }
      std::string out;
      for (int64_t i = 0, j = start; i < n; ++i, j += step) out += s[j];
      return NewStr(std::move(out));
    }
    int64_t i;
    if (!SeqIndex(*this, key, static_cast<int64_t>(s.size()), "string", &i)) return Value();
    return NewStr(std::string(1, s[i]));
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
    if (is_slice) {
      int64_t start, stop, step, n;
      if (!SliceIndices(*this, static_cast<SliceObject*>(key.as_object()),
                        static_cast<int64_t>(items->size()), &start, &stop, &step, &n)) {
        return Value();
      }
      std::vector<Value> out;
      out.reserve(n);
      for (int64_t i = 0, j = start; i < n; ++i, j += step) out.push_back((*items)[j]);
      return is_list ? NewList(std::move(out)) : NewTuple(std::move(out));
    }
    int64_t i;
    if (!SeqIndex(*this, key, static_cast<int64_t>(items->size()), is_list ? "list" : "tuple",
                  &i)) {
      return Value();
    }
    return (*items)[i];
  }
  if (DictTable(c) != nullptr) return DictSubscript(*this, c, key);
  if (IsSubtype(ty, t.type)) {
    // `list[int]` style annotations: return the class itself.
    return c;
  }
  return Raise(t.type_error, absl::StrFormat("'%s' object is not subscriptable", ty->name));
}

bool VM::SetItem(const Value& c, const Value& key, Value v) {
  const BuiltinTypes& t = T();
  Type* ty = c.type();
  if (ty == t.list) {
    auto* l = static_cast<ListObject*>(c.as_object());
    if (IsType(key, t.slice)) {
      int64_t start, stop, step, n;
      if (!SliceIndices(*this, static_cast<SliceObject*>(key.as_object()), l->size(), &start, &stop,
                        &step, &n)) {
        return false;
      }
      std::vector<Value> items;
      if (!Extend(&items, v)) return false;
      if (step == 1) {
        if (stop < start) stop = start;
        l->items.erase(l->items.begin() + start, l->items.begin() + stop);
        l->items.insert(l->items.begin() + start, items.begin(), items.end());
        return true;
      }
      if (static_cast<int64_t>(items.size()) != n) {
        Raise(t.value_error,
              absl::StrFormat("attempt to assign sequence of size %d to extended slice of size %d",
                              items.size(), n));
        return false;
      }
      for (int64_t i = 0, j = start; i < n; ++i, j += step) l->items[j] = items[i];
      return true;
    }
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
    if (IsType(key, t.slice)) {
      int64_t start, stop, step, n;
      if (!SliceIndices(*this, static_cast<SliceObject*>(key.as_object()), l->size(), &start, &stop,
                        &step, &n)) {
        return false;
      }
      std::vector<bool> drop(l->items.size(), false);
      for (int64_t i = 0, j = start; i < n; ++i, j += step) drop[j] = true;
      std::vector<Value> keep;
      for (size_t i = 0; i < l->items.size(); ++i)
        if (!drop[i]) keep.push_back(std::move(l->items[i]));
      l->items = std::move(keep);
      return true;
    }
    int64_t i;
    if (!SeqIndex(*this, key, l->size(), "list assignment", &i)) return false;
    l->items.erase(l->items.begin() + i);
    return true;
  }
  if (ty == t.dict) {
    bool found;
    if (!DictDel(*this, static_cast<DictObject*>(c.as_object()), key, &found)) return false;
    if (!found) {
      RaiseKeyError(*this, key);
      return false;
    }
    return true;
  }
  const Value& di = ty->slot(Slot::kDelItem);
  if (!di.is_null()) return !CallWithSelf(di, c, ArgsView(&key, 1)).is_null();
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
      *out = static_cast<int64_t>(static_cast<StrObject*>(o)->value.size());
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
      *out = static_cast<RangeObject*>(o)->size();
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

Value VM::Repr(const Value& v) {
  std::string s;
  if (!ReprString(v, &s)) return Value();
  return NewStr(std::move(s));
}

Value VM::Str(const Value& v) {
  if (IsType(v, T().str)) return v;
  std::string s;
  if (!StrString(v, &s)) return Value();
  return NewStr(std::move(s));
}

std::string SeqRepr(VM& vm, const std::vector<Value>& items, const char* open, const char* close,
                    bool* ok) {
  std::string s = open;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) s += ", ";
    std::string r;
    if (!vm.ReprString(items[i], &r)) {
      *ok = false;
      return "";
    }
    s += r;
  }
  s += close;
  *ok = true;
  return s;
}

bool DictReprString(VM& vm, const DictObject* d, std::string* out) {
  std::string s = "{";
  bool first = true;
  for (size_t i = 0; i < d->entries.size(); ++i) {
    if (d->entries[i].key.is_null()) continue;
    // Copies: a repr may run script code that mutates d.
    Value key = d->entries[i].key;
    Value value = d->entries[i].value;
    if (!first) s += ", ";
    first = false;
    std::string k, val;
    if (!vm.ReprString(key, &k) || !vm.ReprString(value, &val)) return false;
    s += k + ": " + val;
  }
  *out = s + "}";
  return true;
}

bool VM::ReprString(const Value& v, std::string* out) {
  const BuiltinTypes& t = T();
  switch (v.tag()) {
    case Value::Tag::kNone:
    case Value::Tag::kNull:
      *out = "None";
      return true;
    case Value::Tag::kBool:
      *out = v.as_bool() ? "True" : "False";
      return true;
    case Value::Tag::kInt:
      *out = std::to_string(v.as_int());
      return true;
    case Value::Tag::kFloat:
      *out = support::PyFloatRepr(v.as_float());
      return true;
    case Value::Tag::kObject:
      break;
  }
  Object* o = v.as_object();
  Type* ty = o->type;
  if (!RecursionEnter()) return false;
  struct Leave {
    VM* vm;
    ~Leave() { vm->RecursionLeave(); }
  } leave{this};
  bool ok = true;
  if (ty == t.str) {
    *out = support::PyStrRepr(static_cast<StrObject*>(o)->value);
    return true;
  }
  if (ty == t.list) {
    *out = SeqRepr(*this, static_cast<ListObject*>(o)->items, "[", "]", &ok);
    return ok;
  }
  if (ty == t.tuple) {
    auto* tu = static_cast<TupleObject*>(o);
    *out = SeqRepr(*this, tu->items, "(", tu->items.size() == 1 ? ",)" : ")", &ok);
    return ok;
  }
  if (ty == t.dict) return DictReprString(*this, static_cast<DictObject*>(o), out);
  if (ty == t.set || ty == t.frozenset) {
    auto* d = static_cast<DictObject*>(o);
    if (d->used == 0) {
      *out = ty == t.set ? "set()" : "frozenset()";
      return true;
    }
    std::vector<Value> keys;
    for (const auto& e : d->entries)
      if (!e.key.is_null()) keys.push_back(e.key);
    *out = SeqRepr(*this, keys, ty == t.set ? "{" : "frozenset({", ty == t.set ? "}" : "})", &ok);
    return ok;
  }
  if (ty == t.dict_keys || ty == t.dict_values || ty == t.dict_items) {
    auto* dv = static_cast<DictViewObject*>(o);
    std::vector<Value> items;
    if (!Extend(&items, v)) return false;
    const char* name = ty == t.dict_keys     ? "dict_keys(["
                       : ty == t.dict_values ? "dict_values(["
                                             : "dict_items([";
    (void)dv;
    *out = SeqRepr(*this, items, name, "])", &ok);
    return ok;
  }
  const Value& r = ty->slot(Slot::kRepr);
  if (!r.is_null()) {
    Value s = CallWithSelf(r, v, ArgsView());
    if (s.is_null()) return false;
    const std::string* sv = StrValue(s);
    if (sv == nullptr) {
      Raise(t.type_error, absl::StrFormat("__repr__ returned non-string (type %s)", TypeName(s)));
      return false;
    }
    *out = *sv;
    return true;
  }
  if (IsSubtype(ty, t.tuple)) {
    auto* tu = static_cast<TupleObject*>(o);
    *out = SeqRepr(*this, tu->items, "(", tu->items.size() == 1 ? ",)" : ")", &ok);
    return ok;
  }
  if (IsSubtype(ty, t.list)) {
    *out = SeqRepr(*this, static_cast<ListObject*>(o)->items, "[", "]", &ok);
    return ok;
  }
  if (const DictObject* d = DictTable(v)) return DictReprString(*this, d, out);
  if (IsSubtype(ty, t.type)) {
    *out = absl::StrFormat("<class '%s'>", TypeFullName(static_cast<Type*>(o)));
    return true;
  }
  if (ty == t.function) {
    *out = absl::StrFormat("<function %s at %p>", static_cast<FunctionObject*>(o)->qualname->value,
                           static_cast<void*>(o));
    return true;
  }
  if (ty == t.native_function) {
    auto* nf = static_cast<NativeFunctionObject*>(o);
    if (nf->is_method && !nf->self.is_null()) {
      *out = absl::StrFormat(
          "<built-in method %s of %s object at %p>", nf->name, TypeName(nf->self),
          static_cast<void*>(nf->self.is_object() ? nf->self.as_object() : nullptr));
    } else {
      *out = absl::StrFormat("<built-in function %s>", nf->name);
    }
    return true;
  }
  if (ty == t.method) {
    auto* m = static_cast<MethodObject*>(o);
    std::string sr;
    if (!ReprString(m->self, &sr)) return false;
    std::string qn = m->function.is_object() && m->function.as_object()->type == t.function
                         ? static_cast<FunctionObject*>(m->function.as_object())->qualname->value
                         : "?";
    *out = absl::StrFormat("<bound method %s of %s>", qn, sr);
    return true;
  }
  if (ty == t.module) {
    *out = absl::StrFormat("<module '%s' (built-in)>", static_cast<ModuleObject*>(o)->name);
    return true;
  }
  if (ty == t.range) {
    auto* rg = static_cast<RangeObject*>(o);
    *out = rg->step == 1 ? absl::StrFormat("range(%d, %d)", rg->start, rg->stop)
                         : absl::StrFormat("range(%d, %d, %d)", rg->start, rg->stop, rg->step);
    return true;
  }
  if (ty == t.slice) {
    auto* sl = static_cast<SliceObject*>(o);
    std::string a, b, c;
    if (!ReprString(sl->start, &a) || !ReprString(sl->stop, &b) || !ReprString(sl->step, &c)) {
      return false;
    }
    *out = absl::StrFormat("slice(%s, %s, %s)", a, b, c);
    return true;
  }
  if (o == NotImplementedValue().as_object()) {
    *out = "NotImplemented";
    return true;
  }
  if (o == EllipsisValue().as_object()) {
    *out = "Ellipsis";
    return true;
  }
  *out = absl::StrFormat("<%s object at %p>", TypeFullName(ty), static_cast<void*>(o));
  return true;
}

bool VM::StrString(const Value& v, std::string* out) {
  const BuiltinTypes& t = T();
  if (v.is_object()) {
    Object* o = v.as_object();
    Type* ty = o->type;
    if (ty == t.str) {
      *out = static_cast<StrObject*>(o)->value;
      return true;
    }
    const Value& s = ty->slot(Slot::kStr);
    if (!s.is_null()) {
      Value r = CallWithSelf(s, v, ArgsView());
      if (r.is_null()) return false;
      const std::string* sv = StrValue(r);
      if (sv == nullptr) {
        Raise(t.type_error, absl::StrFormat("__str__ returned non-string (type %s)", TypeName(r)));
        return false;
      }
      *out = *sv;
      return true;
    }
    if (ty->has_flag(Type::kExceptionType)) {
      *out = ExceptionMessage(*this, v);
      return !HasException();
    }
  }
  return ReprString(v, out);
}

Value VM::Format(const Value& v, std::string_view spec) {
  Type* ty = v.type();
  const BuiltinTypes& t = T();
  if (v.is_object() && ty != t.str && !ty->slot(Slot::kFormat).is_null()) {
    Value sv = NewStr(std::string(spec));
    return CallWithSelf(ty->slot(Slot::kFormat), v, ArgsView(&sv, 1));
  }
  if (spec.empty()) return Str(v);
  std::string out;
  if (!FormatBuiltin(*this, v, spec, &out)) return Value();
  return NewStr(std::move(out));
}

}  // namespace tc::script
