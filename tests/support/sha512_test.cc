// SHA-512 (tc/support/sha512.h) against hashlib's digests in
// golden/sha512.txt (scripts/gen_support_goldens.py), at lengths around the
// 128-byte block and the 112-byte padding boundary.
#include "tc/support/sha512.h"

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "absl/strings/str_format.h"
#include "gtest/gtest.h"

namespace tc::support {
namespace {

std::string Hex(const Sha512Digest& d) {
  std::string out;
  for (uint8_t b : d) absl::StrAppendFormat(&out, "%02x", b);
  return out;
}

TEST(Sha512Test, KnownAnswers) {
  // FIPS 180-4 example "abc".
  EXPECT_EQ(Hex(Sha512("abc")),
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
            "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
}

TEST(Sha512Test, MatchesHashlib) {
  const char* dir = std::getenv("TC_SUPPORT_GOLDEN_DIR");
  ASSERT_NE(dir, nullptr) << "TC_SUPPORT_GOLDEN_DIR is not set";
  std::ifstream file(std::string(dir) + "/sha512.txt");
  ASSERT_TRUE(file.good());
  std::string line;
  int cases = 0;
  while (std::getline(file, line)) {
    std::istringstream in(line);
    std::string tag, hex;
    size_t n;
    in >> tag >> n >> hex;
    ASSERT_EQ(tag, "sha512");
    std::string data;
    for (size_t i = 0; i < n; ++i) data.push_back(static_cast<char>(i % 251));
    EXPECT_EQ(Hex(Sha512(data)), hex) << "length " << n;
    ++cases;
  }
  EXPECT_EQ(cases, 14);
}

}  // namespace
}  // namespace tc::support
