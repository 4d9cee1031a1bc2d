// Shared by the compile and runner tests: every test binary run gets its own
// cache directory (TC_CACHE_DIR in a fresh temporary directory, removed at
// the end), so tests never touch ~/.cache/tc and the first compile really
// builds the precompiled header. A child process started by a test (the
// second-process PCH tests) runs no tests: it compiles one source and
// reports (see RunChildren in compile_test.cc).
#ifndef TC_TESTS_CODEGEN_CPU_JIT_TEST_ENV_H_
#define TC_TESTS_CODEGEN_CPU_JIT_TEST_ENV_H_

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tc::codegen_cpu::testing {

// The files under `dir` whose path satisfies `want`.
std::vector<std::filesystem::path> FilesUnder(
    const std::string& dir, const std::function<bool(const std::filesystem::path&)>& want);

// What a child process reports.
struct ChildReport {
  int64_t compiler_runs = -1;
  int64_t pch_builds = -1;
  int64_t disk_hits = -1;
  int64_t version_probes = -1;
  std::string origin;
};

// Compiles `source` in `count` new processes of this binary at once (they
// inherit this environment, TC_CACHE_DIR included); nullopt unless every
// one exits 0 and reports.
std::optional<std::vector<ChildReport>> RunChildren(const std::string& source, int count);

// The start of a hand-written test kernel's source: kernel_abi.h itself
// (its path is built in), so test kernels and the host cannot disagree on
// the calling convention.
std::string AbiSource();

// The TC_CACHE_DIR of this test binary run.
const std::string& TestCacheDir();

// True in a child process a test started (TC_JIT_TEST_CHILD names the
// source file it compiles).
bool IsChildProcess();

// Sets an environment variable for one scope and restores the old value.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value);
  ~ScopedEnv();
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  std::string name_;
  bool had_ = false;
  std::string old_;
};

}  // namespace tc::codegen_cpu::testing

#endif  // TC_TESTS_CODEGEN_CPU_JIT_TEST_ENV_H_
