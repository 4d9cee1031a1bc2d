// The compiler tests' helpers: a VM with every tc module (libtc registers
// torch, torch.nn, torch._dynamo, ...) and a Run() that returns what a
// script printed, failing the test when it raised.
#ifndef TC_TESTS_COMPILER_COMPILER_TEST_UTIL_H_
#define TC_TESTS_COMPILER_COMPILER_TEST_UTIL_H_

#include <string>

#include <gtest/gtest.h>

#include "tc/script/vm.h"

#include "vm_test_util.h"

namespace tc::compiler::testing {

class CompilerTest : public ::testing::Test {
 protected:
  // Runs `body` after `import torch`; what it printed.
  std::string Run(const std::string& body) {
    auto r = script::RunSource(vm_, "import torch\n" + body);
    EXPECT_EQ(r.error, "") << body;
    return r.out;
  }
  // Runs `body`, which must raise; the formatted exception.
  std::string RunError(const std::string& body) {
    auto r = script::RunSource(vm_, "import torch\n" + body);
    EXPECT_NE(r.error, "") << "did not raise:\n" << body;
    return r.error;
  }
  script::VM vm_;
};

}  // namespace tc::compiler::testing

#endif  // TC_TESTS_COMPILER_COMPILER_TEST_UTIL_H_
