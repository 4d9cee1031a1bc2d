// The per-run cache directory of the jit tests (see jit_test_env.h).
#include "jit_test_env.h"

#include <stdlib.h>

#include <cstdlib>
#include <filesystem>

#include "gtest/gtest.h"

namespace tc::codegen_cpu::testing {
namespace {

std::string& Dir() {
  static std::string dir;
  return dir;
}

class CacheDirEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    if (IsChildProcess()) {
      const char* inherited = std::getenv("TC_CACHE_DIR");
      Dir() = inherited ? inherited : "";
      return;
    }
    std::string pattern = (std::filesystem::temp_directory_path() / "tc-jit-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    Dir() = pattern;
    owned_ = true;
    setenv("TC_CACHE_DIR", pattern.c_str(), 1);
  }
  void TearDown() override {
    std::error_code ec;
    if (owned_) std::filesystem::remove_all(Dir(), ec);
  }

 private:
  bool owned_ = false;
};

[[maybe_unused]] ::testing::Environment* const kEnvironment =
    ::testing::AddGlobalTestEnvironment(new CacheDirEnvironment);

}  // namespace

std::string AbiSource() {
  return "#include \"" TC_KERNEL_ABI_H "\"\nusing namespace tc::codegen_cpu;\n";
}

const std::string& TestCacheDir() { return Dir(); }

bool IsChildProcess() { return std::getenv("TC_JIT_TEST_CHILD") != nullptr; }

ScopedEnv::ScopedEnv(const char* name, const char* value) : name_(name) {
  if (const char* old = std::getenv(name)) {
    had_ = true;
    old_ = old;
  }
  if (value) {
    setenv(name, value, 1);
  } else {
    unsetenv(name);
  }
}

ScopedEnv::~ScopedEnv() {
  if (had_) {
    setenv(name_.c_str(), old_.c_str(), 1);
  } else {
    unsetenv(name_.c_str());
  }
}

}  // namespace tc::codegen_cpu::testing
