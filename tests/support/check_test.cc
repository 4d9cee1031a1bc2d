#include "tc/support/check.h"

#include "gtest/gtest.h"

namespace tc::support {
namespace {

TEST(CheckTest, PassingCheckDoesNothing) {
  int evaluated = 0;
  TC_CHECK(++evaluated == 1) << "never printed";
  EXPECT_EQ(evaluated, 1);
}

TEST(CheckDeathTest, FailingCheckAbortsWithMessage) {
  EXPECT_DEATH(TC_CHECK(1 + 1 == 3) << "math broke", "TC_CHECK failed: 1 \\+ 1 == 3: math broke");
}

}  // namespace
}  // namespace tc::support
