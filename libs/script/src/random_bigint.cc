// The random methods on ints beyond 64 bits, as CPython computes them:
// getrandbits(k) for k > 64 (32-bit words, least significant first, the
// last cut to its top bits), seeding from a big int's 32-bit words, and
// randrange's arithmetic on big bounds (random.py's code with big ints).
#include <cmath>
#include <vector>

#include "absl/strings/str_format.h"

#include "random_object.h"
#include "src/obj_bigint.h"

namespace tc::script {

void SeedWithBigMagnitude(support::MT19937& mt, const Value& n) {
  Mpz mag(n);
  mpz_abs(mag.get(), mag.get());
  std::vector<uint32_t> key((mpz_sizeinbase(mag.get(), 2) + 31) / 32 + 1, 0);
  size_t count = 0;
  mpz_export(key.data(), &count, -1, sizeof(uint32_t), 0, 0, mag.get());
  key.resize(count == 0 ? 1 : count);
  mt.SeedByArray(key);
}

bool RandomBitsBig(VM& vm, support::MT19937& mt, int64_t k, mpz_ptr out) {
  if (!CheckIntBits(vm, static_cast<double>(k))) return false;
  std::vector<uint32_t> words(static_cast<size_t>((k - 1) / 32 + 1));
  for (uint32_t& w : words) {
    uint32_t r = mt.Next();
    if (k < 32) r >>= (32 - k);
    w = r;
    k -= 32;
  }
  mpz_import(out, words.size(), -1, sizeof(uint32_t), 0, 0, words.data());
  return true;
}

bool RandomSource::BelowBig(mpz_srcptr n, mpz_ptr out) {
  auto k = static_cast<int64_t>(mpz_sizeinbase(n, 2));
  switch (below_) {
    case Way::kEngine:
      do {
        if (!RandomBitsBig(vm_, r_->mt, k, out)) return false;
      } while (mpz_cmp(out, n) >= 0);
      return true;
    case Way::kOverride: {
      Value v = vm_.CallMethod(self_, "_randbelow", {IntFromMpz(n)});
      if (v.is_null()) return false;
      if (!IsIntValue(v)) return RaiseTypeError(vm_, "_randbelow() must return an int").is_null();
      LoadInt(v, out);
      return true;
    }
    case Way::kGetRandBits:
      do {
        Value v = vm_.CallMethod(self_, "getrandbits", {Value::Int(k)});
        if (v.is_null()) return false;
        if (!IsIntValue(v))
          return RaiseTypeError(vm_, "getrandbits() must return an int").is_null();
        LoadInt(v, out);
      } while (mpz_cmp(out, n) >= 0);
      return true;
    case Way::kRandom: {
      // _randbelow_without_getrandbits for n >= 2**53: floor(random() * n).
      double r, nd;
      if (!Random(&r) || !IntToDouble(vm_, IntFromMpz(n), &nd)) return false;
      mpz_set_d(out, std::floor(r * nd));
      return true;
    }
  }
  return false;
}

Value RandRangeBig(VM& vm, RandomSource& src, const Value& start, const Value& stop,
                   const Value& step) {
  Mpz istart(start), r;
  if (stop.is_null()) {  // randrange(n)
    if (mpz_sgn(istart.get()) <= 0) return RaiseValueError(vm, "empty range for randrange()");
    if (!src.BelowBig(istart.get(), r.get())) return {};
    return IntFromMpz(r.get());
  }
  Mpz istop(stop), istep(step), width, n;
  mpz_sub(width.get(), istop.get(), istart.get());
  if (mpz_cmp_ui(istep.get(), 1) == 0) {
    if (mpz_sgn(width.get()) <= 0) {
      return RaiseValueError(
          vm, absl::StrFormat("empty range for randrange() (%s, %s, %s)", IntToDecimal(start),
                              IntToDecimal(stop), IntToDecimal(IntFromMpz(width.get()))));
    }
    if (!src.BelowBig(width.get(), r.get())) return {};
    mpz_add(r.get(), r.get(), istart.get());
    return IntFromMpz(r.get());
  }
  if (mpz_sgn(istep.get()) == 0) return RaiseValueError(vm, "zero step for randrange()");
  // n = (width + step - 1) // step, or (width + step + 1) // step for a
  // negative step.
  mpz_add(n.get(), width.get(), istep.get());
  if (mpz_sgn(istep.get()) > 0) {
    mpz_sub_ui(n.get(), n.get(), 1);
  } else {
    mpz_add_ui(n.get(), n.get(), 1);
  }
  mpz_fdiv_q(n.get(), n.get(), istep.get());
  if (mpz_sgn(n.get()) <= 0) return RaiseValueError(vm, "empty range for randrange()");
  if (!src.BelowBig(n.get(), r.get())) return {};
  mpz_mul(r.get(), r.get(), istep.get());
  mpz_add(r.get(), r.get(), istart.get());
  return IntFromMpz(r.get());
}

}  // namespace tc::script
