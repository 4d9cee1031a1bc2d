// Arithmetic operators: 64-bit ints (big ints, bigint_ops.cc, past int64),
// floats, the builtin sequences' + and *, and other objects through their
// special-method slots (forward, reflected, in-place).
#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "src/obj_bigint.h"
#include "src/str_helpers.h"
#include "vm_internal.h"
#include "vm_ops_util.h"
#include "vm_set_table.h"

namespace tc::script {

using namespace ops;  // NOLINT(build/namespaces): the shared operator helpers

namespace {

// Past int64, the same operation on big ints (out of line: the int64 paths
// keep their registers).
[[gnu::noinline, gnu::cold]] Value Promote(VM& vm, BinaryOp op, int64_t x, int64_t y) {
  return IntBinarySlow(vm, op, Value::Int(x), Value::Int(y));
}

Value IntBinary(VM& vm, BinaryOp op, int64_t x, int64_t y, bool both_bool) {
  int64_t r;
  switch (op) {
    case BinaryOp::kAdd:
      if (__builtin_add_overflow(x, y, &r)) return Promote(vm, op, x, y);
      return Value::Int(r);
    case BinaryOp::kSub:
      if (__builtin_sub_overflow(x, y, &r)) return Promote(vm, op, x, y);
      return Value::Int(r);
    case BinaryOp::kMul:
      if (__builtin_mul_overflow(x, y, &r)) return Promote(vm, op, x, y);
      return Value::Int(r);
    case BinaryOp::kTrueDiv:
      if (y == 0) return vm.Raise(T().zero_division_error, "division by zero");
      // Beyond 2**53 a conversion would round before the division does.
      if (x > (int64_t{1} << 53) || x < -(int64_t{1} << 53) || y > (int64_t{1} << 53) ||
          y < -(int64_t{1} << 53)) {
        return Promote(vm, op, x, y);
      }
      return Value::Float(static_cast<double>(x) / static_cast<double>(y));
    case BinaryOp::kFloorDiv: {
      if (y == 0) return vm.Raise(T().zero_division_error, "integer division or modulo by zero");
      if (x == INT64_MIN && y == -1) return Promote(vm, op, x, y);
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
          if (__builtin_mul_overflow(result, base, &result)) return Promote(vm, op, x, y);
        }
        e >>= 1;
        if (e > 0 && __builtin_mul_overflow(base, base, &base)) return Promote(vm, op, x, y);
      }
      return Value::Int(result);
    }
    case BinaryOp::kLShift:
      if (y < 0) return vm.Raise(T().value_error, "negative shift count");
      if (x == 0) return Value::Int(0);
      if (y >= 63 || (x > 0 ? (x > (INT64_MAX >> y)) : (x < (INT64_MIN >> y)))) {
        return Promote(vm, op, x, y);
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
// A big int operand: int with int on big ints, int with float as floats
// (OverflowError when the int is beyond the double range).
Value BigIntBinary(VM& vm, BinaryOp op, const Value& a, const Value& b) {
  if (IsIntValue(a) && IsIntValue(b)) return IntBinarySlow(vm, op, a, b);
  if ((a.is_float() || b.is_float()) && IsNum(a) != IsNum(b)) {
    double x, y;
    if (!(a.is_float() ? (x = a.as_float(), true) : IntToDouble(vm, a, &x))) return {};
    if (!(b.is_float() ? (y = b.as_float(), true) : IntToDouble(vm, b, &y))) return {};
    return FloatBinary(vm, op, x, y);
  }
  return Value();
}

Value BuiltinBinary(VM& vm, BinaryOp op, const Value& a, const Value& b) {
  if ((a.is_int() || a.is_bool()) && (b.is_int() || b.is_bool())) {
    return IntBinary(vm, op, a.as_int(), b.as_int(), a.is_bool() && b.is_bool());
  }
  if (IsNum(a) && IsNum(b)) return FloatBinary(vm, op, AsDouble(a), AsDouble(b));
  if (IsBigInt(a) || IsBigInt(b)) {
    Value r = BigIntBinary(vm, op, a, b);
    if (!r.is_null() || vm.HasException()) return r;
    // A sequence repeated a big number of times.
    if (op == BinaryOp::kMul && (IsBigInt(a) ? b : a).is_object()) {
      return vm.Raise(T().overflow_error, "cannot fit 'int' into an index-sized integer");
    }
    if (IsBigInt(a)) return Value();  // str % big int goes on below
  }
  const BuiltinTypes& t = T();
  if (IsType(a, t.str)) {
    const StrObject* ao = static_cast<StrObject*>(a.as_object());
    const std::string& x = ao->value;
    if (op == BinaryOp::kAdd) {
      if (IsType(b, t.str) || IsInstance(b, t.str)) {
        // Known code point counts add up (no recount later).
        const StrObject* bo = static_cast<StrObject*>(b.as_object());
        if (ao->length >= 0 && bo->length >= 0) {
          return NewStrN(x + bo->value, ao->length + bo->length);
        }
        return NewStr(x + bo->value);
      }
      return vm.Raise(t.type_error,
                      absl::StrFormat("can only concatenate str (not \"%s\") to str", TypeName(b)));
    }
    if (op == BinaryOp::kMul && (b.is_int() || b.is_bool())) {
      std::string r;
      int64_t n = std::max<int64_t>(0, b.as_int());
      r.reserve(x.size() * static_cast<size_t>(n));
      for (int64_t i = 0; i < n; ++i) r += x;
      return NewStrN(std::move(r), ao->Length() * n);
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
      // A subclass instance (a namedtuple) concatenates as its base.
      bool same = IsInstance(b, at);
      if (!same) {
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
  if (op == BinaryOp::kOr && IsInstance(a, t.dict) && IsInstance(b, t.dict)) {
    Value r = DictCopyOf(static_cast<DictObject*>(a.as_object()), t.dict);
    for (auto& e : static_cast<DictObject*>(b.as_object())->entries) {
      if (!e.key.is_null() && !DictSet(vm, static_cast<DictObject*>(r.as_object()), e.key, e.value))
        return Value();
    }
    return r;
  }
  return Value();
}

// The types with CPython's sq_repeat (seq * n).
bool IsRepeatable(Type* t) {
  const BuiltinTypes& b = T();
  return IsSubtype(t, b.list) || IsSubtype(t, b.tuple) || IsSubtype(t, b.str) ||
         IsSubtype(t, b.bytes) || IsSubtype(t, b.bytearray);
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
    // Sequence concatenation and repetition come after both operands'
    // number methods in CPython, so `[0] + UserList(...)` reaches
    // UserList.__radd__ before list's own `+` rejects it.
    const BuiltinTypes& bt = T();
    bool seq_op = (op == BinaryOp::kAdd || op == BinaryOp::kMul) &&
                  (ta == bt.list || ta == bt.tuple || ta == bt.str);
    bool ref_first = !ref.is_null() && ((IsSubtype(tb, ta) && ta != tb) || seq_op);
    if (ref_first) {
      Value r = CallWithSelf(ref, b, ArgsView(&a, 1));
      if (r.is_null() || !IsNotImplemented(r)) return r;
    }
    if (!fwd.is_null()) {
      Value r = CallWithSelf(fwd, a, ArgsView(&b, 1));
      if (r.is_null() || !IsNotImplemented(r)) return r;
    } else if (IsBuiltinValueType(ta) || IsSubtype(ta, bt.dict)) {  // dict's `|` is the VM's
      Value r = BuiltinBinary(*this, op, a, b);
      if (!r.is_null() || HasException()) return r;
    }
    if (!ref.is_null() && !ref_first) {
      Value r = CallWithSelf(ref, b, ArgsView(&a, 1));
      if (r.is_null() || !IsNotImplemented(r)) return r;
    }
  }
  if (op == BinaryOp::kMul && (IsRepeatable(ta) || IsRepeatable(tb))) {
    // CPython's sequence repeat, tried after the number slots.
    return Raise(T().type_error, absl::StrFormat("can't multiply sequence by non-int of type '%s'",
                                                 (IsRepeatable(ta) ? tb : ta)->name));
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
  if (ta == t.list && op == BinaryOp::kMul && (b.is_int() || b.is_bool())) {
    // `l *= n` repeats the list in place, as CPython's list_inplace_repeat.
    Value r = Binary(op, a, b);
    if (r.is_null()) return r;
    static_cast<ListObject*>(a.as_object())->items =
        std::move(static_cast<ListObject*>(r.as_object())->items);
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
        if (x == INT64_MIN) return IntNegate(a);
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
  if (IsBigInt(a)) {
    return op == UnaryOp::kNeg ? IntNegate(a) : op == UnaryOp::kInvert ? IntInvert(a) : a;
  }
  Type* ta = a.type();
  Slot s = op == UnaryOp::kNeg ? Slot::kNeg : op == UnaryOp::kPos ? Slot::kPos : Slot::kInvert;
  const Value& m = ta->slot(s);
  if (!m.is_null()) return CallWithSelf(m, a, ArgsView());
  const char* sym = op == UnaryOp::kNeg ? "-" : op == UnaryOp::kPos ? "+" : "~";
  return Raise(t.type_error, absl::StrFormat("bad operand type for unary %s: '%s'", sym, ta->name));
}
}  // namespace tc::script
