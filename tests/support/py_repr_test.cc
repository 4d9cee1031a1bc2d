// PyStrRepr, PyBytesRepr and PyFloatRepr against CPython 3.11's repr():
// every expected string below was printed by python3 (repr(x)) for the
// input beside it.
#include "tc/support/py_repr.h"

#include <cmath>
#include <string_view>

#include <gtest/gtest.h>

namespace tc::support {
namespace {

using namespace std::string_view_literals;

struct TextCase {
  std::string_view input;
  std::string_view expected;
};

TEST(PyReprTest, StrMatchesCPython) {
  const TextCase cases[] = {
      {""sv, "''"},
      {"abc"sv, "'abc'"},
      {"it's"sv, "\"it's\""},
      {"say \"hi\""sv, "'say \"hi\"'"},
      {"both ' and \""sv, "'both \\' and \"'"},
      {"back\\slash"sv, "'back\\\\slash'"},
      {"tab\x09here\x0anew\x0dret"sv, "'tab\\there\\nnew\\rret'"},
      {"\x00\x01\x1f\x7f"sv, "'\\x00\\x01\\x1f\\x7f'"},
      {"\xc2\x85\xc2\xa0\xc2\xad"sv, "'\\x85\\xa0\\xad'"},
      {"caf\xc3\xa9 \xe4\xb8\xad\xe6\x96\x87"sv, "'caf\xc3\xa9 \xe4\xb8\xad\xe6\x96\x87'"},
      {"\xe2\x80\xa8\xe2\x80\x8b\xef\xbb\xbf\xee\x80\x80"sv, "'\\u2028\\u200b\\ufeff\\ue000'"},
      {"\xcd\xb8"sv, "'\\u0378'"},
      {"\xf0\x9f\x98\x80 \xf3\xa0\x80\x81 \xf4\x8f\xbf\xbf"sv,
       "'\xf0\x9f\x98\x80 \\U000e0001 \\U0010ffff'"},
      {"\xce\x94x=1"sv, "'\xce\x94x=1'"},
  };
  for (const TextCase& c : cases) EXPECT_EQ(PyStrRepr(c.input), c.expected) << c.expected;
}

TEST(PyReprTest, StrShowsInvalidUtf8AsHexEscapes) {
  // Not a str CPython can hold; each stray byte shows as \xNN.
  EXPECT_EQ(PyStrRepr("a\xff\xc3"
                      "b"sv),
            "'a\\xff\\xc3b'");
}

TEST(PyReprTest, StrShowsLoneSurrogatesAsUEscapes) {
  // A str may hold a lone surrogate (its 3-byte form): CPython shows \udXXX.
  EXPECT_EQ(PyStrRepr("\xed\xa0\x80"sv), "'\\ud800'");
  EXPECT_EQ(PyStrRepr("a\xed\xbf\xbf"
                      "b"sv),
            "'a\\udfffb'");
}

TEST(PyReprTest, BytesMatchesCPython) {
  const TextCase cases[] = {
      {""sv, "b''"},
      {"abc"sv, "b'abc'"},
      {"it's"sv, "b\"it's\""},
      {"both ' and \""sv, "b'both \\' and \"'"},
      {"\x00\x09\x0a\x0d\x7f\x80\xff"sv, "b'\\x00\\t\\n\\r\\x7f\\x80\\xff'"},
      {"\\"sv, "b'\\\\'"},
  };
  for (const TextCase& c : cases) EXPECT_EQ(PyBytesRepr(c.input), c.expected) << c.expected;
}

TEST(PyReprTest, FloatMatchesCPython) {
  struct FloatCase {
    double input;
    std::string_view expected;
  };
  const FloatCase cases[] = {
      {0.1, "0.1"},         {1e16, "1e+16"},
      {1e-5, "1e-05"},      {123456789012345680.0, "1.2345678901234568e+17"},
      {5e-324, "5e-324"},   {std::nan(""), "nan"},
      {-HUGE_VAL, "-inf"},  {HUGE_VAL, "inf"},
      {-0.0, "-0.0"},       {0.0, "0.0"},
      {1.0, "1.0"},         {1e15, "1000000000000000.0"},
      {1e22, "1e+22"},      {0.0001, "0.0001"},
      {2.5e-05, "2.5e-05"}, {1.7976931348623157e308, "1.7976931348623157e+308"},
      {-1.5, "-1.5"},       {100.0, "100.0"},
      {3.14159, "3.14159"}, {1.0 / 3, "0.3333333333333333"},
  };
  for (const FloatCase& c : cases) EXPECT_EQ(PyFloatRepr(c.input), c.expected) << c.expected;
}

}  // namespace
}  // namespace tc::support
