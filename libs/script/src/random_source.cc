// RandomSource (random_object.h): how a Random method draws, for
// random.Random itself and for script subclasses that override random(),
// getrandbits() or _randbelow(); and the arithmetic helpers the methods
// share.
#include <cmath>
#include <cstdint>

#include "random_object.h"

namespace tc::script {

RandomSource::RandomSource(VM& vm, const Value& self)
    : vm_(vm), self_(self), r_(Cast<RandomObject>(self)) {
  Type* t = self.type();
  if (TC_LIKELY(t == RandomType())) return;
  for (Type* c : t->mro) {
    if (c == RandomType()) break;
    if (c->dict == nullptr) continue;
    if (below_ == Way::kEngine) {
      if (DictGetStr(c->dict, "_randbelow") != nullptr) {
        below_ = Way::kOverride;
      } else if (DictGetStr(c->dict, "getrandbits") != nullptr) {
        below_ = Way::kGetRandBits;
      } else if (DictGetStr(c->dict, "random") != nullptr) {
        below_ = Way::kRandom;
      }
    }
    if (DictGetStr(c->dict, "random") != nullptr) script_random_ = true;
  }
}

bool RandomSource::ScriptRandom(double* out) {
  Value v = vm_.CallMethod(self_, "random", {});
  return !v.is_null() && ToFloat(vm_, v, out);
}

bool RandomSource::ToUnsigned(const Value& v, uint64_t* out) {
  int64_t i;
  if (!ToInt(vm_, v, &i)) return false;
  *out = static_cast<uint64_t>(i);  // a negative draw compares as huge: redrawn, as in Python
  return true;
}

bool RandomSource::Below(uint64_t n, uint64_t* out) {
  switch (below_) {
    case Way::kEngine:
      *out = RandomBelow(r_->mt, n);
      return true;
    case Way::kOverride: {
      if (n > INT64_MAX) {
        RaiseOverflowError(vm_, "integer overflow: tc ints are 64-bit");
        return false;
      }
      Value v = vm_.CallMethod(self_, "_randbelow", {Value::Int(static_cast<int64_t>(n))});
      return !v.is_null() && ToUnsigned(v, out);
    }
    case Way::kGetRandBits: {  // _randbelow_with_getrandbits
      int k = 64 - __builtin_clzll(n);
      do {
        Value v = vm_.CallMethod(self_, "getrandbits", {Value::Int(k)});
        if (v.is_null() || !ToUnsigned(v, out)) return false;
      } while (*out >= n);
      return true;
    }
    case Way::kRandom:  // _randbelow_without_getrandbits
      return BelowFromRandom(n, out);
  }
  return false;
}

bool RandomSource::BelowFromRandom(uint64_t n, uint64_t* out) {
  constexpr uint64_t kMaxSize = uint64_t{1} << kRandomBpf;
  double r;
  if (n >= kMaxSize) {
    // CPython warns here that random() has too few bits for the range.
    if (!Random(&r)) return false;
    *out = static_cast<uint64_t>(std::floor(r * static_cast<double>(n)));
    return true;
  }
  uint64_t rem = kMaxSize % n;
  double limit = static_cast<double>(kMaxSize - rem) / static_cast<double>(kMaxSize);
  do {
    if (!Random(&r)) return false;
  } while (r >= limit);
  *out = static_cast<uint64_t>(std::floor(r * static_cast<double>(kMaxSize))) % n;
  return true;
}

bool RandomAsNumber(const Value& v, double* out) {
  if (v.is_float()) {
    *out = v.as_float();
    return true;
  }
  if (v.is_int() || v.is_bool()) {
    *out = static_cast<double>(v.as_int());
    return true;
  }
  return false;
}

Value RandomMuPlusZSigma(VM& vm, const Value& mu, const Value& z, const Value& sigma) {
  double m, s;
  if (z.is_float() && RandomAsNumber(mu, &m) && RandomAsNumber(sigma, &s)) {
    return Value::Float(m + z.as_float() * s);
  }
  Value prod = vm.Binary(BinaryOp::kMul, z, sigma);
  if (prod.is_null()) return prod;
  return vm.Binary(BinaryOp::kAdd, mu, prod);
}

}  // namespace tc::script
