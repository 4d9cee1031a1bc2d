// Python's arbitrary-precision ints against CPython: every case of
// tests/script/data/bigint_cases.txt (random operands around the int64 and
// uint64 boundaries and up to 400 bits, with CPython's results, written by
// scripts/gen_bigint_cases.py) goes through the VM's operators and
// builtins, and the result's repr (or the exception's type) must be
// CPython's exactly.
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include <gtest/gtest.h>

#include "tc/script/bigint.h"
#include "tc/script/native.h"
#include "tc/script/vm.h"

namespace tc::script {
namespace {

struct Case {
  std::string op, a, b, c, expected;
};

std::vector<Case> LoadCases() {
  std::ifstream in(TC_SCRIPT_TEST_DATA_DIR "/bigint_cases.txt");
  std::vector<Case> cases;
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> f = absl::StrSplit(line, absl::MaxSplits(' ', 4));
    if (f.size() == 5) cases.push_back({f[0], f[1], f[2], f[3], f[4]});
  }
  return cases;
}

// The repr of what `c` computes on the VM, or "!" and the exception type.
std::string RunCase(VM& vm, const Case& c) {
  Value a = IntFromDecimal(c.a);
  Value b = c.b == "-" ? Value() : IntFromDecimal(c.b);
  Value m = c.c == "-" ? Value() : IntFromDecimal(c.c);
  auto builtin = [&](const char* name, std::initializer_list<Value> args) {
    return vm.Call(*DictGetStr(vm.builtins(), name), args);
  };
  struct BinaryCase {
    const char* name;
    BinaryOp op;
  };
  static constexpr BinaryCase kBinary[] = {
      {"add", BinaryOp::kAdd},         {"sub", BinaryOp::kSub},
      {"mul", BinaryOp::kMul},         {"floordiv", BinaryOp::kFloorDiv},
      {"mod", BinaryOp::kMod},         {"pow", BinaryOp::kPow},
      {"truediv", BinaryOp::kTrueDiv}, {"and", BinaryOp::kAnd},
      {"or", BinaryOp::kOr},           {"xor", BinaryOp::kXor},
      {"lshift", BinaryOp::kLShift},   {"rshift", BinaryOp::kRShift}};
  Value r;
  bool found = false;
  for (const BinaryCase& bc : kBinary) {
    if (c.op == bc.name) {
      r = vm.Binary(bc.op, a, b);
      found = true;
    }
  }
  if (found) {
  } else if (c.op == "lt") {
    r = vm.Compare(CompareOp::kLt, a, b);
  } else if (c.op == "eq") {
    r = vm.Compare(CompareOp::kEq, a, b);
  } else if (c.op == "divmod") {
    r = builtin("divmod", {a, b});
  } else if (c.op == "powmod") {
    r = builtin("pow", {a, b, m});
  } else if (c.op == "neg") {
    r = vm.Unary(UnaryOp::kNeg, a);
  } else if (c.op == "invert") {
    r = vm.Unary(UnaryOp::kInvert, a);
  } else if (c.op == "abs") {
    r = builtin("abs", {a});
  } else if (c.op == "hash") {
    r = builtin("hash", {a});
  } else if (c.op == "float") {
    r = builtin("float", {a});
  } else if (c.op == "hex") {
    r = vm.Format(a, "#x");
  } else if (c.op == "str") {
    r = builtin("str", {a});
  } else {
    return "unknown op " + c.op;
  }
  if (r.is_null()) {
    Value e = vm.TakeException();
    return "!" + std::string(TypeName(e));
  }
  std::string out;
  if (!vm.ReprString(r, &out)) return "!repr failed";
  return out;
}

TEST(VmBigIntFuzz, MatchesCPython) {
  std::vector<Case> cases = LoadCases();
  ASSERT_GE(cases.size(), 2000u) << "missing data: run scripts/gen_bigint_cases.py";
  VM vm;
  int failures = 0;
  for (const Case& c : cases) {
    std::string got = RunCase(vm, c);
    if (got != c.expected && ++failures <= 20) {
      ADD_FAILURE() << c.op << " " << c.a << " " << c.b << " " << c.c << "\n  expected "
                    << c.expected << "\n  got      " << got;
    }
  }
  EXPECT_EQ(failures, 0);
}

// Results that fit int64 come back in the inline form, so equal values
// have one representation (equality, hashing and dict keys rely on it).
TEST(VmBigIntFuzz, SmallResultsAreInline) {
  VM vm;
  Value big = IntFromDecimal("18446744073709551616");  // 2**64
  ASSERT_TRUE(IsBigInt(big));
  Value r = vm.Binary(BinaryOp::kSub, big, IntFromDecimal("18446744073709551615"));
  ASSERT_TRUE(r.is_int());
  EXPECT_EQ(r.as_int(), 1);
  Value min = vm.Unary(UnaryOp::kNeg, IntFromDecimal("9223372036854775808"));
  ASSERT_TRUE(min.is_int());
  EXPECT_EQ(min.as_int(), INT64_MIN);
  Value over = vm.Binary(BinaryOp::kAdd, Value::Int(INT64_MAX), Value::Int(1));
  ASSERT_TRUE(IsBigInt(over));
  EXPECT_EQ(IntToDecimal(over), "9223372036854775808");
  EXPECT_EQ(IntLow64(IntFromDecimal("-1")), ~uint64_t{0});
  EXPECT_EQ(IntLow64(IntFromDecimal("-18446744073709551617")), ~uint64_t{0});
  uint64_t u = 0;
  EXPECT_TRUE(IntToUint64(IntFromDecimal("18446744073709551615"), &u));
  EXPECT_EQ(u, ~uint64_t{0});
  EXPECT_FALSE(IntToUint64(big, &u));
  EXPECT_TRUE(IntFromDecimal("12x").is_null());
}

}  // namespace
}  // namespace tc::script
