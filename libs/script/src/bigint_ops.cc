// Python's int operators beyond 64 bits: what the VM's int64 fast paths
// hand over when an operand is a big int or a result overflows. Bitwise
// operators and shifts act on two's complement of unbounded width, // and
// % round toward negative infinity, / rounds once (half to even), as
// CPython's longobject.c does.
#include <cmath>

#include "tc/script/native.h"

#include "src/obj_bigint.h"

namespace tc::script {

namespace {

Value TrueDivide(VM& vm, const Value& a, const Value& b) {
  Mpz x(a), y(b);
  if (mpz_sgn(y.get()) == 0) return RaiseZeroDivisionError(vm, "division by zero");
  bool negate = (mpz_sgn(x.get()) < 0) != (mpz_sgn(y.get()) < 0);
  if (mpz_sgn(x.get()) == 0) return Value::Float(negate ? -0.0 : 0.0);
  mpz_abs(x.get(), x.get());
  mpz_abs(y.get(), y.get());
  // Both exact as doubles: one IEEE division rounds correctly.
  if (mpz_sizeinbase(x.get(), 2) <= 53 && mpz_sizeinbase(y.get(), 2) <= 53) {
    double q = mpz_get_d(x.get()) / mpz_get_d(y.get());
    return Value::Float(negate ? -q : q);
  }
  auto diff = static_cast<int64_t>(mpz_sizeinbase(x.get(), 2)) -
              static_cast<int64_t>(mpz_sizeinbase(y.get(), 2));
  if (diff > 1025) {
    return RaiseOverflowError(vm, "integer division result too large for a float");
  }
  if (diff < -1200) return Value::Float(negate ? -0.0 : 0.0);
  // Scale so the integer quotient has at least 55 bits: two beyond the
  // double's 53 decide the rounding, the remainder says what lies below.
  int64_t shift = 55 - diff;
  if (shift > 0) {
    mpz_mul_2exp(x.get(), x.get(), shift);
  } else {
    mpz_mul_2exp(y.get(), y.get(), -shift);
  }
  Mpz q, r;
  mpz_tdiv_qr(q.get(), r.get(), x.get(), y.get());
  double d;
  if (!RoundMpzToDouble(q.get(), shift, mpz_sgn(r.get()) != 0, &d)) {
    return RaiseOverflowError(vm, "integer division result too large for a float");
  }
  return Value::Float(negate ? -d : d);
}

Value Shift(VM& vm, BinaryOp op, const Value& a, const Value& b) {
  if (IntSign(b) < 0) return RaiseValueError(vm, "negative shift count");
  Mpz x(a);
  if (mpz_sgn(x.get()) == 0) return Value::Int(0);
  Mpz n(b);
  if (op == BinaryOp::kRShift) {
    if (mpz_sizeinbase(n.get(), 2) > 62) return Value::Int(mpz_sgn(x.get()) < 0 ? -1 : 0);
    mpz_fdiv_q_2exp(x.get(), x.get(), mpz_get_ui(n.get()));  // floor: sign-extending
    return IntFromMpz(x.get());
  }
  if (mpz_sizeinbase(n.get(), 2) > 62) return RaiseOverflowError(vm, "too many digits in integer");
  uint64_t count = mpz_get_ui(n.get());
  if (!CheckIntBits(vm,
                    static_cast<double>(mpz_sizeinbase(x.get(), 2)) + static_cast<double>(count))) {
    return {};
  }
  mpz_mul_2exp(x.get(), x.get(), count);
  return IntFromMpz(x.get());
}

}  // namespace

Value IntPow(VM& vm, const Value& a, const Value& b, const Value& m) {
  Mpz x(a), e(b);
  if (m.is_null()) {
    if (mpz_sgn(e.get()) < 0) {
      // A negative exponent gives a float, computed as float ** float.
      double fx, fe;
      if (!IntToDouble(vm, a, &fx) || !IntToDouble(vm, b, &fe)) return {};
      if (fx == 0.0) {
        return RaiseZeroDivisionError(vm, "0.0 cannot be raised to a negative power");
      }
      return Value::Float(std::pow(fx, fe));
    }
    // 0, 1 and -1 stay small whatever the exponent.
    if (mpz_cmpabs_ui(x.get(), 1) <= 0) {
      if (mpz_sgn(e.get()) == 0) return Value::Int(1);
      if (mpz_sgn(x.get()) >= 0) return Value::Int(mpz_get_si(x.get()));
      return Value::Int(mpz_even_p(e.get()) ? 1 : -1);
    }
    if (mpz_sizeinbase(e.get(), 2) > 40)
      return RaiseOverflowError(vm, "too many digits in integer");
    uint64_t n = mpz_get_ui(e.get());
    if (!CheckIntBits(
            vm, static_cast<double>(mpz_sizeinbase(x.get(), 2) - 1) * static_cast<double>(n))) {
      return {};
    }
    Mpz r;
    mpz_pow_ui(r.get(), x.get(), n);
    return IntFromMpz(r.get());
  }
  Mpz mod(m);
  if (mpz_sgn(mod.get()) == 0) return RaiseValueError(vm, "pow() 3rd argument cannot be 0");
  bool negative_mod = mpz_sgn(mod.get()) < 0;
  mpz_abs(mod.get(), mod.get());
  if (mpz_cmp_ui(mod.get(), 1) == 0) return Value::Int(0);
  if (mpz_sgn(e.get()) < 0) {
    // pow(a, -n, m) is pow(inverse of a mod m, n, m).
    if (mpz_invert(x.get(), x.get(), mod.get()) == 0) {
      return RaiseValueError(vm, "base is not invertible for the given modulus");
    }
    mpz_neg(e.get(), e.get());
  }
  Mpz r;
  mpz_powm(r.get(), x.get(), e.get(), mod.get());  // in [0, |m|)
  // The result takes the modulus' sign, as % does.
  if (negative_mod && mpz_sgn(r.get()) != 0) mpz_sub(r.get(), r.get(), mod.get());
  return IntFromMpz(r.get());
}

Value IntBinarySlow(VM& vm, BinaryOp op, const Value& a, const Value& b) {
  switch (op) {
    case BinaryOp::kTrueDiv:
      return TrueDivide(vm, a, b);
    case BinaryOp::kPow:
      return IntPow(vm, a, b, Value());
    case BinaryOp::kLShift:
    case BinaryOp::kRShift:
      return Shift(vm, op, a, b);
    case BinaryOp::kMatMul:
      return Value();  // unsupported: the caller reports
    default:
      break;
  }
  IntView x(a), y(b);
  if (op == BinaryOp::kMul &&
      !CheckIntBits(vm, static_cast<double>(mpz_sizeinbase(x.get(), 2)) +
                            static_cast<double>(mpz_sizeinbase(y.get(), 2)))) {
    return {};
  }
  if (mpz_sgn(y.get()) == 0 && op == BinaryOp::kFloorDiv) {
    return RaiseZeroDivisionError(vm, "integer division or modulo by zero");
  }
  if (mpz_sgn(y.get()) == 0 && op == BinaryOp::kMod) {
    return RaiseZeroDivisionError(vm, "integer modulo by zero");
  }
  // One GMP call each: // and % floor (fdiv), and GMP's logical operations
  // act on two's complement, as Python's do.
  using MpzFn = void (*)(mpz_ptr, mpz_srcptr, mpz_srcptr);
  struct MpzOp {
    BinaryOp op;
    MpzFn fn;
  };
  static constexpr MpzOp kOps[] = {{BinaryOp::kAdd, mpz_add},    {BinaryOp::kSub, mpz_sub},
                                   {BinaryOp::kMul, mpz_mul},    {BinaryOp::kFloorDiv, mpz_fdiv_q},
                                   {BinaryOp::kMod, mpz_fdiv_r}, {BinaryOp::kAnd, mpz_and},
                                   {BinaryOp::kOr, mpz_ior},     {BinaryOp::kXor, mpz_xor}};
  for (const MpzOp& o : kOps) {
    if (o.op == op) {
      IntResult r;
      o.fn(r.get(), x.get(), y.get());
      return r.Finish();
    }
  }
  return Value();
}

Value IntRoundDigits(const Value& x, int64_t nd) {
  Mpz v(x);
  // A power of ten above twice |x| rounds it to 0 (and need not be made).
  if (-static_cast<double>(nd) > static_cast<double>(mpz_sizeinbase(v.get(), 10)) + 1) {
    return Value::Int(0);
  }
  Mpz p, q, r;
  mpz_ui_pow_ui(p.get(), 10, static_cast<unsigned long>(-nd));  // NOLINT(runtime/int): GMP's type
  mpz_fdiv_qr(q.get(), r.get(), v.get(), p.get());
  mpz_mul_2exp(r.get(), r.get(), 1);
  int c = mpz_cmp(r.get(), p.get());
  if (c > 0 || (c == 0 && mpz_odd_p(q.get()))) mpz_add_ui(q.get(), q.get(), 1);
  mpz_mul(q.get(), q.get(), p.get());
  return IntFromMpz(q.get());
}

Value IntNegate(const Value& a) {
  IntView x(a);
  IntResult r;
  mpz_neg(r.get(), x.get());
  return r.Finish();
}

Value IntInvert(const Value& a) {
  IntView x(a);
  IntResult r;
  mpz_com(r.get(), x.get());
  return r.Finish();
}

Value IntAbs(const Value& a) {
  IntView x(a);
  IntResult r;
  mpz_abs(r.get(), x.get());
  return r.Finish();
}

}  // namespace tc::script
