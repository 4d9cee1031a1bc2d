// The heap form of Python's int (values beyond int64) and the int
// operations that need more than 64 bits, shared by the VM's operators,
// int's methods, formatting and the math/random modules. GMP does the
// arithmetic; every result that fits int64 goes back to the inline
// Value::Int, so each int value has one form (equality, hashing and dict
// keys compare like for like).
#ifndef TC_SCRIPT_SRC_OBJ_BIGINT_H_
#define TC_SCRIPT_SRC_OBJ_BIGINT_H_

#include <gmp.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "tc/script/bigint.h"
#include "tc/script/bytecode.h"
#include "tc/script/object.h"
#include "tc/script/vm.h"

namespace tc::script {

struct BigIntObject : Object {
  explicit BigIntObject(Type* t) : Object(t) { mpz_init(v); }
  ~BigIntObject() override { mpz_clear(v); }
  mpz_t v;
};

// An mpz_t that frees itself.
class Mpz {
 public:
  Mpz() { mpz_init(z_); }
  explicit Mpz(const Value& int_value);  // an int of either form, or a bool
  ~Mpz() { mpz_clear(z_); }
  Mpz(const Mpz&) = delete;
  Mpz& operator=(const Mpz&) = delete;
  mpz_ptr get() { return z_; }
  mpz_srcptr get() const { return z_; }

 private:
  mpz_t z_;
};

// A read-only view of an int of either form as an mpz, with no copy and
// no allocation (an inline int is viewed through one limb on the stack).
// Neither copyable nor movable: the mpz points into the view.
class IntView {
 public:
  explicit IntView(const Value& v) {
    if (v.is_object()) {
      p_ = static_cast<const BigIntObject*>(v.as_object())->v;
      return;
    }
    int64_t i = v.as_int();
    limb_ = i < 0 ? 0 - static_cast<uint64_t>(i) : static_cast<uint64_t>(i);
    p_ = mpz_roinit_n(z_, &limb_, i < 0 ? -1 : (i != 0 ? 1 : 0));
  }
  IntView(const IntView&) = delete;
  IntView& operator=(const IntView&) = delete;
  mpz_srcptr get() const { return p_; }

 private:
  mp_limb_t limb_ = 0;
  mpz_t z_;
  mpz_srcptr p_;
};

// A result computed straight into a new big int's mpz; Finish returns
// it, or the inline int when it fits int64 (freeing the object).
class IntResult {
 public:
  IntResult() : o_(new BigIntObject(Types().int_)) {}
  ~IntResult() {
    if (o_ != nullptr) DecRef(o_);
  }
  IntResult(const IntResult&) = delete;
  IntResult& operator=(const IntResult&) = delete;
  mpz_ptr get() { return o_->v; }
  Value Finish() {
    if (mpz_fits_slong_p(o_->v)) return Value::Int(mpz_get_si(o_->v));
    BigIntObject* o = o_;
    o_ = nullptr;
    return Value::Adopt(o);
  }

 private:
  BigIntObject* o_;
};

// Loads an int of either form (or a bool) into `out`.
void LoadInt(const Value& v, mpz_ptr out);
// The int `z` holds: inline when it fits int64, else a new big int.
Value IntFromMpz(mpz_srcptr z);
inline const BigIntObject* AsBig(const Value& v) {
  return static_cast<const BigIntObject*>(v.as_object());
}

// The most bits an int result may have; beyond it the operation raises
// (GMP aborts the process when an allocation fails).
inline constexpr uint64_t kMaxIntBits = uint64_t{1} << 34;
// "too many digits in integer" when an int of `bits` bits would exceed it.
bool CheckIntBits(VM& vm, double bits);

// Conversions with CPython's errors. IntToDouble rounds half to even
// ("int too large to convert to float" beyond the double range).
bool IntToDouble(VM& vm, const Value& v, double* out);
// The double nearest q * 2**-shift, where `sticky` says the true value is
// a little above q (bits were dropped below q); false on overflow.
bool RoundMpzToDouble(mpz_srcptr q, int64_t shift, bool sticky, double* out);
Value FloatToInt(VM& vm, double d);

// CPython's int hash: |v| mod 2**61-1 with v's sign, -1 becomes -2.
int64_t HashBigInt(const BigIntObject* b);
// Orders two ints of either form (-1, 0, 1).
int CompareInts(const Value& a, const Value& b);
// Orders an int of either form and a non-NaN double exactly, as CPython
// does (no rounding of the int).
int CompareIntDouble(const Value& a, double d);

// Operators on ints of either form (at least one operand big, or an
// int64 operation that overflowed). Null with an exception on error.
Value IntBinarySlow(VM& vm, BinaryOp op, const Value& a, const Value& b);
Value IntNegate(const Value& a);
Value IntInvert(const Value& a);
Value IntAbs(const Value& a);
// pow(a, b, m) on ints (m may be null: pow(a, b)).
Value IntPow(VM& vm, const Value& a, const Value& b, const Value& m);
// round(x, nd) for nd < 0: the nearest multiple of 10**-nd, ties to even.
Value IntRoundDigits(const Value& x, int64_t nd);

// sys.set_int_max_str_digits' limit (0: none).
extern int64_t g_int_max_str_digits;
// The digits of |v| in `base` (2..36, lower-case), sign apart; the
// decimal form checks the str-digits limit.
bool IntMagnitudeDigits(VM& vm, const Value& v, int base, std::string* out);
// repr/str of an int of either form (decimal, with the limit).
bool IntRepr(VM& vm, const Value& v, std::string* out);
// int(text, base) with CPython's grammar (sign, prefix, underscores,
// whitespace, Unicode digits) and errors; `orig` is repr'd in them.
Value ParseIntValue(VM& vm, std::string_view text, int base, const Value& orig);
// int's methods beyond __new__ (bit_length, to_bytes, ...).
void AddIntMethods(Type* int_type);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_OBJ_BIGINT_H_
