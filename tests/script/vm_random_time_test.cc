// The random and time modules where CPython cannot be the golden: the
// names beyond tc's subset (NotImplementedError naming file:line), big
// ints from getrandbits, one module instance per VM seeded from OS
// entropy, and randrange's deprecated integral floats (CPython warns,
// which the goldens' `-W ignore` hides). Everything CPython can print is
// in tests/scripts/eager/py_random_*.py and py_time.py.
#include <string>

#include "gtest/gtest.h"

#include "vm_test_util.h"

namespace tc::script {
namespace {

TEST(RandomModuleTest, NamesBeyondTheSubsetAreNotImplementedWithTheirPlace) {
  RunResult r = RunSource("import random\n\nrandom.randbytes(4)\n");
  EXPECT_NE(r.error.find("NotImplementedError: random.randbytes is not supported by tc (t.py:3)"),
            std::string::npos)
      << r.error;
  r = RunSource("from random import SystemRandom\n");
  EXPECT_NE(
      r.error.find("NotImplementedError: random.SystemRandom is not supported by tc (t.py:1)"),
      std::string::npos)
      << r.error;
  r = RunSource("import random\nr = random.Random(1)\nr.randbytes(2)\n");
  EXPECT_NE(
      r.error.find("NotImplementedError: random.Random.randbytes is not supported by tc (t.py:3)"),
      std::string::npos)
      << r.error;
}

TEST(RandomModuleTest, UnsupportedNamesAreAbsentForHasattrAndOthersStayAttributeErrors) {
  RunResult r = RunSource(
      "import random\n"
      "print(hasattr(random, 'randbytes'), hasattr(random, 'gauss'))\n"
      "print(getattr(random, 'SystemRandom', 'fallback'))\n"
      "print(hasattr(random.Random(), 'randbytes'))\n"
      "random.nosuchname\n");
  EXPECT_EQ(r.out, "False True\nfallback\nFalse\n");
  EXPECT_NE(r.error.find("AttributeError: module 'random' has no attribute 'nosuchname'"),
            std::string::npos)
      << r.error;
  r = RunSource("import random\nrandom.Random().nosuchname\n");
  EXPECT_NE(r.error.find("AttributeError: 'Random' object has no attribute 'nosuchname'"),
            std::string::npos)
      << r.error;
}

TEST(RandomModuleTest, GetrandbitsBeyond64BitsGivesBigInts) {
  // (The values themselves are CPython's: tests/scripts/eager/int_big_modules.py.)
  RunResult r = RunSource(
      "import random\nprint(random.getrandbits(63) >= 0, random.getrandbits(64) >= 0)\n"
      "x = random.getrandbits(1000)\nprint(type(x).__name__, 0 <= x < 2**1000)\n");
  EXPECT_EQ(r.out, "True True\nint True\n") << r.error;
}

TEST(RandomModuleTest, RandrangeAcceptsIntegralFloatsAsCPython311Does) {
  RunResult r = RunSource(
      "import random\n"
      "random.seed(4)\n"
      "a = [random.randrange(10.0), random.randrange(1.0, 7.0, 2.0), random.randint(1.0, 6)]\n"
      "random.seed(4)\n"
      "b = [random.randrange(10), random.randrange(1, 7, 2), random.randint(1, 6)]\n"
      "print(a == b, type(a[0]).__name__)\n"
      "random.randrange(2.5)\n");
  EXPECT_EQ(r.out, "True int\n");
  EXPECT_NE(r.error.find("ValueError: non-integer arg 1 for randrange()"), std::string::npos)
      << r.error;
}

TEST(RandomModuleTest, EachVmHasItsOwnEntropySeededInstance) {
  VM a, b;
  RunResult ra = RunSource(a, "import random\nx = random.random()\nprint(x)\n");
  RunResult rb = RunSource(b, "import random\nx = random.random()\nprint(x)\n");
  ASSERT_EQ(ra.error, "");
  ASSERT_EQ(rb.error, "");
  EXPECT_NE(ra.out, rb.out);  // 2**-53 odds of a false failure
  // Seeding one VM's module leaves the other's stream alone.
  RunSource(a, "import random\nrandom.seed(1)\n");
  RunResult after = RunSource(b, "import random\nrandom.seed(2)\nprint(random.random())\n");
  RunResult seeded = RunSource(a, "import random\nprint(random.random())\n");
  EXPECT_EQ(after.out, "0.9560342718892494\n");    // CPython: random.seed(2); random.random()
  EXPECT_EQ(seeded.out, "0.13436424411240122\n");  // CPython: random.seed(1); random.random()
}

TEST(RandomModuleTest, SubclassRandbelowIsUsed) {
  RunResult r = RunSource(
      "import random\n"
      "class R(random.Random):\n"
      "    def _randbelow(self, n):\n"
      "        return n - 1\n"
      "r = R(3)\n"
      "print(r.choice([1, 2, 3]), r.randrange(10), r.randint(5, 9), r.sample(range(5), 3))\n"
      "x = [1, 2, 3, 4]\n"
      "r.shuffle(x)\n"
      "print(x, r.random() == random.Random(3).random())\n");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.out, "3 9 9 [4, 3, 2]\n[1, 2, 3, 4] True\n");  // as CPython 3.11 prints
}

TEST(TimeModuleTest, NamesBeyondTheSubsetAreNotImplemented) {
  RunResult r =
      RunSource("import time\nprint(hasattr(time, 'strptime'))\ntime.strptime('2024', '%Y')\n");
  EXPECT_EQ(r.out, "False\n");
  EXPECT_NE(r.error.find("NotImplementedError: time.strptime is not supported by tc (t.py:3)"),
            std::string::npos)
      << r.error;
  r = RunSource("import time\ntime.nosuchclock()\n");
  EXPECT_NE(r.error.find("AttributeError: module 'time' has no attribute 'nosuchclock'"),
            std::string::npos)
      << r.error;
}

TEST(TimeModuleTest, SleepTooLongForTheClockIsOverflowError) {
  RunResult r = RunSource("import time\ntime.sleep(1e300)\n");
  EXPECT_NE(r.error.find("OverflowError: timestamp out of range for platform time_t"),
            std::string::npos)
      << r.error;
  r = RunSource("import time\ntime.sleep(9223372036854775807)\n");
  EXPECT_NE(r.error.find("OverflowError: timestamp too large to convert to C _PyTime_t"),
            std::string::npos)
      << r.error;
}

}  // namespace
}  // namespace tc::script
