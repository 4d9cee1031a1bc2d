// The `random` module's generator object: CPython's `random.Random`, which
// is `_random.Random` (the Mersenne Twister, written in C) plus the derived
// methods of Lib/random.py. tc implements both natively: CPython's
// random.py cannot run on tc's VM as it is, because its seeding and
// getrandbits build integers wider than 64 bits (tc's ints are 64-bit) and
// it imports _sha512, os, bisect, itertools, operator and _collections_abc;
// natively, the hot paths (random(), randrange) are also faster. Every
// method follows random.py's code line by line, so the draws and the
// errors are CPython's. The parts: the core and seeding
// (module_random_core.cc), how methods draw (random_source.cc), the
// integer and sequence methods and the module (module_random.cc), the
// real-valued distributions (module_random_real.cc).
#ifndef TC_SCRIPT_SRC_RANDOM_OBJECT_H_
#define TC_SCRIPT_SRC_RANDOM_OBJECT_H_

#include <cstdint>
#include <span>

#include "tc/script/native.h"
#include "tc/support/mt19937.h"

#include "src/obj_bigint.h"
#include "vm_internal.h"

namespace tc::script {

struct RandomObject : Object {
  explicit RandomObject(Type* t) : Object(t) {}
  support::MT19937 mt;
  // random.py's `self.gauss_next`: None, or the second normal of the last
  // Box-Muller pair (any value setstate() put there).
  Value gauss_next = Value::None();
};

// random.Random (subclassable; instances take attributes).
Type* RandomType();

// _random.Random.random(): 53 bits from two draws, the first the high part.
inline double RandomDouble(support::MT19937& mt) {
  uint32_t a = mt.Next() >> 5, b = mt.Next() >> 6;
  return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}
// getrandbits(k) for 0 <= k <= 64: 32-bit words least significant first,
// the last (most significant) one cut to its top k % 32 bits.
uint64_t RandomBits64(support::MT19937& mt, int k);
// random.py's _randbelow_with_getrandbits(n) for n >= 1: getrandbits of
// n's bit length until below n.
uint64_t RandomBelow(support::MT19937& mt, uint64_t n);

// Big ints (random_bigint.cc): init_by_array over |n|'s 32-bit words,
// least significant first; getrandbits(k) for any k >= 1 into `out`;
// randrange(start, stop, step) on ints of any size (stop null:
// randrange(start)).
void SeedWithBigMagnitude(support::MT19937& mt, const Value& n);
bool RandomBitsBig(VM& vm, support::MT19937& mt, int64_t k, mpz_ptr out);

// Seeds as Random.seed(a, version) does; false with an exception set.
bool SeedRandom(VM& vm, RandomObject* r, const Value& a, const Value& version);

// random.py's constants, as CPython computes them (hex: exact bits).
inline constexpr double kRandomTwoPi = 0x1.921fb54442d18p+2;      // TWOPI = math.tau
inline constexpr double kRandomNvMagic = 0x1.b72cd3f331398p+0;    // 4 * exp(-0.5) / sqrt(2.0)
inline constexpr double kRandomLog4 = 0x1.62e42fefa39efp+0;       // LOG4 = log(4.0)
inline constexpr double kRandomSgMagic = 0x1.40859baee748fp+1;    // 1.0 + log(4.5)
inline constexpr double kRandomRecipBpf = 0x1.0000000000000p-53;  // 2 ** -53
inline constexpr int kRandomBpf = 53;

// Where a method's randomness comes from. For random.Random itself, the
// engine. A script subclass may override random(), getrandbits() or
// _randbelow(): then, as CPython's Random.__init_subclass__ arranges, the
// first class in the MRO defining one of _randbelow / getrandbits / random
// decides how _randbelow draws, and random() is whatever self.random is.
// Lives on the stack of one method call (it keeps a reference to `self`).
class RandomSource {
 public:
  RandomSource(VM& vm, const Value& self);

  // self.random(); false with an exception set.
  bool Random(double* out) {
    if (TC_LIKELY(!script_random_)) {
      *out = RandomDouble(r_->mt);
      return true;
    }
    return ScriptRandom(out);
  }
  // self._randbelow(n) for n >= 1.
  bool Below(uint64_t n, uint64_t* out);
  // The same for an n of any size (random_bigint.cc).
  bool BelowBig(mpz_srcptr n, mpz_ptr out);

 private:
  enum class Way { kEngine, kOverride, kGetRandBits, kRandom };
  bool ScriptRandom(double* out);
  bool ToUnsigned(const Value& v, uint64_t* out);
  bool BelowFromRandom(uint64_t n, uint64_t* out);

  VM& vm_;
  const Value& self_;
  RandomObject* r_;
  bool script_random_ = false;
  Way below_ = Way::kEngine;
};

// randrange(start, stop, step) on ints of any size (stop null:
// randrange(start)), random_bigint.cc.
Value RandRangeBig(VM& vm, RandomSource& src, const Value& start, const Value& stop,
                   const Value& step);

// A Python int, bool or float as a double, as mixed arithmetic converts
// it; false (no error set) for anything else.
bool RandomAsNumber(const Value& v, double* out);
// `mu + z * sigma` with Python's arithmetic for any operand types.
Value RandomMuPlusZSigma(VM& vm, const Value& mu, const Value& z, const Value& sigma);

// The methods of random.py that draw through random(), getrandbits() and
// _randbelow(), for the type's method table: the integer and sequence ones
// (module_random.cc) and the real-valued distributions
// (module_random_real.cc).
extern const std::span<const MethodDef> kRandomDerivedMethods;
extern const std::span<const MethodDef> kRandomRealMethods;

// The names CPython's random.Random has and tc does not.
extern const std::span<const char* const> kRandomUnsupportedMethods;

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_RANDOM_OBJECT_H_
