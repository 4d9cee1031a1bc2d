// The per-run cache directory of the jit tests (see jit_test_env.h).
#include "jit_test_env.h"

#include <spawn.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "gtest/gtest.h"

#include "tc/codegen_cpu/compile.h"

#include <sys/wait.h>

extern char** environ;

namespace tc::codegen_cpu::testing {
namespace {

std::string& Dir() {
  static std::string dir;
  return dir;
}

// A child process's whole life: compile the source file at `path` (with
// the inherited environment) and write "<compiler runs> <pch builds>
// <disk hits> <version probes> <origin>" to
// path.<pid>; exit 0 when the module loaded.
int RunChild(const std::string& path) {
  std::ifstream in(path);
  std::stringstream source;
  source << in.rdbuf();
  absl::StatusOr<std::shared_ptr<LoadedModule>> module = CompileAndLoad(source.str());
  if (!module.ok()) std::fprintf(stderr, "child: %s\n", module.status().ToString().c_str());
  CompileStats stats = GetCompileStats();
  std::ofstream(path + "." + std::to_string(getpid()))
      << stats.compiler_runs << " " << stats.pch_builds << " " << stats.disk_hits << " "
      << stats.version_probes << " "
      << (module.ok() ? std::string((*module)->origin()) : std::string("failed")) << "\n";
  return module.ok() ? 0 : 1;
}

class CacheDirEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    if (IsChildProcess()) std::_Exit(RunChild(std::getenv("TC_JIT_TEST_CHILD")));
    std::string pattern = (std::filesystem::temp_directory_path() / "tc-jit-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    Dir() = pattern;
    owned_ = true;
    setenv("TC_CACHE_DIR", pattern.c_str(), 1);
    // Not the build's precompiled headers: the tests see the headers their
    // own cache directory builds (a test turns them on for its children).
    setenv("TC_CODEGEN_PCH_BUILD_ROOT", "", 1);
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

std::vector<std::filesystem::path> FilesUnder(
    const std::string& dir, const std::function<bool(const std::filesystem::path&)>& want) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(dir, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    if (want(it->path())) files.push_back(it->path());
  }
  return files;
}

std::optional<std::vector<ChildReport>> RunChildren(const std::string& source, int count) {
  static int n = 0;
  std::string path = TestCacheDir() + "/child-source-" + std::to_string(n++) + ".cc";
  std::ofstream(path) << source;
  std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  char* argv[] = {self.data(), nullptr};
  ScopedEnv child("TC_JIT_TEST_CHILD", path.c_str());
  std::vector<pid_t> pids(count);
  for (pid_t& pid : pids) {
    if (posix_spawn(&pid, self.c_str(), nullptr, nullptr, argv, environ) != 0) return std::nullopt;
  }
  std::vector<ChildReport> reports;
  bool ok = true;
  for (pid_t pid : pids) {
    int status = 0;
    ok = waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0 && ok;
    ChildReport r;
    std::ifstream(path + "." + std::to_string(pid)) >> r.compiler_runs >> r.pch_builds >>
        r.disk_hits >> r.version_probes >> r.origin;
    reports.push_back(r);
  }
  if (!ok) return std::nullopt;
  return reports;
}

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
