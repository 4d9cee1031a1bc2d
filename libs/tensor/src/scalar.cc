#include "tc/tensor/scalar.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string_view>

#include "absl/strings/str_cat.h"

namespace tc::tensor {
namespace {

// Python's float repr: the shortest digits that round-trip, fixed notation
// for exponents in [-4, 16), scientific otherwise.
std::string PythonFloatRepr(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::scientific);
  std::string_view s(buf, end - buf);
  std::string sign;
  if (!s.empty() && s[0] == '-') {
    sign = "-";
    s.remove_prefix(1);
  }
  size_t e = s.find('e');
  std::string digits;
  for (char c : s.substr(0, e)) {
    if (c != '.') digits.push_back(c);
  }
  int exp = std::atoi(std::string(s.substr(e + 1)).c_str());
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  if (exp >= -4 && exp < 16) {
    std::string out;
    if (exp < 0) {
      // StrCat, not operator+: GCC 12 reports a false -Wrestrict on
      // `"literal" + std::string` in release builds.
      out = absl::StrCat("0.", std::string(-exp - 1, '0'), digits);
    } else if (static_cast<int>(digits.size()) <= exp + 1) {
      out = absl::StrCat(digits, std::string(exp + 1 - digits.size(), '0'), ".0");
    } else {
      out = absl::StrCat(digits.substr(0, exp + 1), ".", digits.substr(exp + 1));
    }
    return absl::StrCat(sign, out);
  }
  std::string mant = digits.substr(0, 1);
  if (digits.size() > 1) absl::StrAppend(&mant, ".", digits.substr(1));
  std::string exp_text = std::to_string(std::abs(exp));
  if (exp_text.size() < 2) exp_text.insert(0, "0");
  return absl::StrCat(sign, mant, "e", exp < 0 ? "-" : "+", exp_text);
}

}  // namespace

std::string Scalar::ToString() const {
  switch (kind_) {
    case Kind::kBool:
      return i_ ? "True" : "False";
    case Kind::kInt:
      return std::to_string(i_);
    case Kind::kFloat:
      return PythonFloatRepr(d_);
  }
  return "";
}

}  // namespace tc::tensor
