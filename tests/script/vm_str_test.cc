// str storage (UTF-8 with a cached code point count and, for long non-ASCII
// text, a sparse offset index): every position and slice agrees with a
// plain decode of the text; bytes values; source files decoded as CPython
// decodes them.
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "tc/script/native.h"
#include "tc/script/object.h"

#include "vm_test_util.h"

namespace tc::script {
namespace {

// The code points of UTF-8 text, decoded independently of the VM.
std::vector<std::string> Chars(const std::string& s) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.size();) {
    auto b = static_cast<unsigned char>(s[i]);
    size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    out.push_back(s.substr(i, n));
    i += n;
  }
  return out;
}

// Text long enough for the offset index, with 1- to 4-byte characters in
// an irregular pattern.
std::string Mixed(int n) {
  const char* pieces[] = {"a", "\xc3\xa9", "\xe2\x98\x83", "\xf0\x9d\x84\x9e", "z", "\xc3\xbf"};
  std::string s;
  for (int i = 0; i < n; ++i) s += pieces[(i * 7 + i / 3) % 6];
  return s;
}

TEST(VmStr, LengthCountsCodePointsAndAsciiIsByteIndexed) {
  Value a = NewStr("hello");
  auto* as = static_cast<StrObject*>(a.as_object());
  EXPECT_EQ(as->Length(), 5);
  EXPECT_TRUE(as->IsAscii());
  EXPECT_EQ(as->ByteOffset(3), 3u);
  Value u = NewStr("h\xc3\xa9llo \xe2\x98\x83\xf0\x9d\x84\x9e");
  auto* us = static_cast<StrObject*>(u.as_object());
  EXPECT_EQ(us->Length(), 8);
  EXPECT_FALSE(us->IsAscii());
  EXPECT_EQ(us->ByteOffset(2), 3u);
  EXPECT_EQ(us->ByteOffset(7), 10u);
  EXPECT_EQ(us->ByteOffset(8), us->value.size());
}

TEST(VmStr, ByteOffsetOfEveryCodePointOfLongText) {
  for (int n : {5, 31, 32, 33, 64, 200, 1000}) {
    std::string text = Mixed(n);
    std::vector<std::string> chars = Chars(text);
    Value v = NewStr(text);
    auto* s = static_cast<StrObject*>(v.as_object());
    ASSERT_EQ(s->Length(), static_cast<int64_t>(chars.size()));
    size_t expect = 0;
    for (size_t i = 0; i <= chars.size(); ++i) {
      ASSERT_EQ(s->ByteOffset(static_cast<int64_t>(i)), expect) << "n=" << n << " i=" << i;
      if (i < chars.size()) expect += chars[i].size();
    }
  }
}

TEST(VmStr, BytesThatAreNotUtf8StayInRange) {
  // A native library may hand the VM such bytes; offsets must stay inside
  // the text and agree with the count (a stray continuation byte belongs
  // to the code point before it).
  std::string raw = std::string(
                        "a\xff\x80"
                        "b\xe2\x82") +
                    std::string(200, 'x') + "\xf0";
  Value v = NewStr(raw);
  auto* s = static_cast<StrObject*>(v.as_object());
  EXPECT_EQ(s->Length(), 3 + 1 + 200 + 1);
  std::vector<size_t> starts;  // the bytes that are not continuation bytes
  for (size_t b = 0; b < raw.size(); ++b) {
    if ((static_cast<unsigned char>(raw[b]) & 0xC0) != 0x80) starts.push_back(b);
  }
  starts.push_back(raw.size());
  ASSERT_EQ(static_cast<int64_t>(starts.size()), s->Length() + 1);
  for (int64_t i = 0; i <= s->Length(); ++i) {
    ASSERT_EQ(s->ByteOffset(i), starts[static_cast<size_t>(i)]) << i;
  }
  // The short form (no index) walks the same way.
  Value shortv =
      NewStr(std::string("a\xff\x80"
                         "b\xe2\x82"
                         "c"));
  auto* ss = static_cast<StrObject*>(shortv.as_object());
  EXPECT_EQ(ss->Length(), 5);
  EXPECT_EQ(ss->ByteOffset(2), 3u);
  EXPECT_EQ(ss->ByteOffset(4), 6u);
  EXPECT_EQ(s->ByteOffset(s->Length()), raw.size());
}

TEST(VmStr, IndexingSlicingAndIterationAgreeWithADecode) {
  std::string text = Mixed(300);
  std::vector<std::string> chars = Chars(text);
  // The script prints each check's result; compare with the same
  // computation done here on the decoded characters.
  std::string src = "s = '" + text + "'\n" +
                    "print(len(s))\n"
                    "print('|'.join(s[i] for i in range(len(s))))\n"
                    "print('|'.join(s[-i] for i in range(1, len(s) + 1)))\n"
                    "print(s[37:250:7])\n"
                    "print(s[::-13])\n"
                    "print(s[290:5:-31])\n"
                    "print('|'.join(c for c in s))\n"
                    "print(''.join(reversed(s)) == s[::-1])\n";
  RunResult r = RunSource(src);
  ASSERT_EQ(r.error, "");
  auto join = [](const std::vector<std::string>& v) {
    std::string out;
    for (size_t i = 0; i < v.size(); ++i) out += (i ? "|" : "") + v[i];
    return out;
  };
  auto slice = [&](long start, long stop, long step) {
    std::string out;
    for (long i = start; step > 0 ? i < stop : i > stop; i += step) out += chars[i];
    return out;
  };
  std::vector<std::string> backwards(chars.rbegin(), chars.rend());
  const long n = static_cast<long>(chars.size());
  std::string expected = std::to_string(n) + "\n" + join(chars) + "\n" + join(backwards) + "\n" +
                         slice(37, 250, 7) + "\n" + slice(n - 1, -1, -13) + "\n" +
                         slice(290, 5, -31) + "\n" + join(chars) + "\nTrue\n";
  EXPECT_EQ(r.out, expected);
}

TEST(VmStr, SearchResultsAreCodePointPositions) {
  RunResult r = RunSource(
      "s = '\xe2\x82\xac\xe2\x82\xac' * 40 + 'needle' + '\xc3\xa9' * 3 + 'needle'\n"
      "print(s.find('needle'), s.rfind('needle'), s.index('\xc3\xa9'), s.count('\xc3\xa9'))\n"
      "print(s.find('needle', 81), s.find('needle', 81, 90), s[s.find('n'):][:6])\n");
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.out, "80 89 86 3\n89 -1 needle\n");
}

TEST(VmStr, ConcatenationKeepsCountsRight) {
  RunResult r = RunSource(
      "a = '\xc3\xa9' * 100\n"
      "b = a + 'x' + a\n"
      "print(len(b), b[100], b[-1] == '\xc3\xa9', len(b[50:150]), b[50:150].count('x'))\n");
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.out, "201 x True 100 1\n");
}

TEST(VmBytes, PublicValues) {
  Value b = NewBytes(std::string("a\0\xff", 3));
  ASSERT_NE(BytesValue(b), nullptr);
  EXPECT_EQ(*BytesValue(b), std::string("a\0\xff", 3));
  EXPECT_EQ(b.type(), Types().bytes);
  Value ba = NewByteArray("xy");
  EXPECT_EQ(ba.type(), Types().bytearray);
  EXPECT_EQ(*BytesValue(ba), "xy");
  EXPECT_EQ(BytesValue(NewStr("a")), nullptr);
  EXPECT_EQ(BytesValue(Value::Int(1)), nullptr);
}

TEST(VmBytes, MethodsTcLacksAreNotImplementedErrors) {
  // CPython has bytes.zfill; tc says it lacks it (with file:line), and
  // hasattr() is False for it as for a name Python does not have either.
  RunResult r = RunSource("x = b'7'\nx.zfill(3)\n");
  EXPECT_NE(r.error.find("NotImplementedError: bytes.zfill is not supported by tc (t.py:2)"),
            std::string::npos)
      << r.error;
  r = RunSource(
      "print(hasattr(b'', 'zfill'), hasattr(bytearray(), 'title'), hasattr(b'', 'nope'))\n"
      "b''.nope\n");
  EXPECT_EQ(r.out, "False False False\n");
  EXPECT_NE(r.error.find("AttributeError: 'bytes' object has no attribute 'nope'"),
            std::string::npos)
      << r.error;
}

TEST(VmSource, DecodedAsCPythonDecodes) {
  // latin-1 declared on the first or second line: bytes become code points.
  EXPECT_EQ(RunSource("# -*- coding: latin-1 -*-\nprint(len('\xe9\xff'), '\xe9')\n").out,
            "2 \xc3\xa9\n");
  EXPECT_EQ(RunSource("#!/usr/bin/env python\n# vim: set fileencoding=iso-8859-1 :\n"
                      "print(ord('\xb5'))\n")
                .out,
            "181\n");
  // A BOM is dropped; a utf-8 declaration changes nothing.
  EXPECT_EQ(RunSource("\xef\xbb\xbfprint('ok')\n").out, "ok\n");
  EXPECT_EQ(RunSource("# coding=utf-8\nprint(len('\xc3\xa9'))\n").out, "1\n");
  // A declaration after code is not one.
  EXPECT_EQ(RunSource("x = 1\n# coding: latin-1\nprint('\xe9')\n").error,
            "SyntaxError: Non-UTF-8 code starting with '\\xe9' in file t.py on line 3, but no "
            "encoding declared; see https://peps.python.org/pep-0263/ for details\n");
  EXPECT_EQ(RunSource(std::string("print(1)\n\0", 10)).error,
            "  File \"t.py\", line 2\n    \nSyntaxError: source code cannot contain null bytes\n");
  EXPECT_EQ(RunSource("# coding: latin-1\nprint(1)\n", "t.py").error, "");
  EXPECT_EQ(RunSource("# coding: ascii\nprint('\xe9')\n").error,
            "SyntaxError: encoding problem: ascii\n");
}

}  // namespace
}  // namespace tc::script
