// Int literal values beyond int64 through GMP (lex_numbers.h).
#include "src/lex_numbers.h"

#include <gmp.h>

namespace tc::script {

bool IntLiteralValue(const std::string& digits, int base, int64_t* value, std::string* decimal) {
  uint64_t v = 0;
  bool fits = true;
  for (char c : digits) {
    int d = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
    if (v > (static_cast<uint64_t>(INT64_MAX) - d) / base) {
      fits = false;
      break;
    }
    v = v * base + d;
  }
  if (fits) {
    *value = static_cast<int64_t>(v);
    return true;
  }
  mpz_t z;
  mpz_init_set_str(z, digits.c_str(), base);
  decimal->resize(mpz_sizeinbase(z, 10) + 1);
  mpz_get_str(decimal->data(), 10, z);
  decimal->resize(std::char_traits<char>::length(decimal->data()));
  mpz_clear(z);
  return false;
}

}  // namespace tc::script
