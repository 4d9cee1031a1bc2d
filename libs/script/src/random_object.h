// The `random` module's generator object: CPython's `random.Random`, which
// is `_random.Random` (the Mersenne Twister, written in C) plus the derived
// methods of Lib/random.py. tc implements both natively: CPython's
// random.py cannot run on tc's VM as it is, because its seeding and
// getrandbits build integers wider than 64 bits (tc's ints are 64-bit) and
// it imports _sha512, os, bisect, itertools, operator and _collections_abc;
// natively, the hot paths (random(), randrange) are also faster. Every
// method follows random.py's code line by line, so the draws and the
// errors are CPython's.
#ifndef TC_SCRIPT_SRC_RANDOM_OBJECT_H_
#define TC_SCRIPT_SRC_RANDOM_OBJECT_H_

#include <cstdint>

#include "tc/script/native.h"
#include "tc/support/mt19937.h"

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

// Seeds as Random.seed(a, version) does; false with an exception set.
bool SeedRandom(VM& vm, RandomObject* r, const Value& a, const Value& version);

// The methods of random.py that draw through random(), getrandbits() and
// _randbelow() (module_random.cc), for the type's method table.
extern const std::span<const MethodDef> kRandomDerivedMethods;

// The names CPython's random.Random has and tc does not.
extern const std::span<const char* const> kRandomUnsupportedMethods;

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_RANDOM_OBJECT_H_
