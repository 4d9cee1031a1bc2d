#include "tc/support/env.h"

#include <cstdlib>

#include "gtest/gtest.h"

namespace tc::support {
namespace {

TEST(EnvTest, UnsetGivesFallback) {
  unsetenv("TC_TEST_UNSET");
  EXPECT_FALSE(GetEnv("TC_TEST_UNSET").has_value());
  EXPECT_EQ(*GetEnvBool("TC_TEST_UNSET", true), true);
  EXPECT_EQ(*GetEnvInt("TC_TEST_UNSET", 8), 8);
}

TEST(EnvTest, ParsesBooleansAsPythonUsersWriteThem) {
  for (const char* yes : {"1", "true", "True", "YES", "on"}) {
    setenv("TC_TEST_BOOL", yes, 1);
    EXPECT_TRUE(*GetEnvBool("TC_TEST_BOOL", false)) << yes;
  }
  for (const char* no : {"0", "false", "FALSE", "no", "off", ""}) {
    setenv("TC_TEST_BOOL", no, 1);
    EXPECT_FALSE(*GetEnvBool("TC_TEST_BOOL", true)) << no;
  }
  setenv("TC_TEST_BOOL", "maybe", 1);
  absl::StatusOr<bool> bad = GetEnvBool("TC_TEST_BOOL", true);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("TC_TEST_BOOL"), std::string::npos);
}

TEST(EnvTest, ParsesIntegers) {
  setenv("TC_TEST_INT", "-42", 1);
  EXPECT_EQ(*GetEnvInt("TC_TEST_INT", 0), -42);
  setenv("TC_TEST_INT", "4x", 1);
  EXPECT_EQ(GetEnvInt("TC_TEST_INT", 0).status().code(), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace tc::support
