// Building and finding the precompiled header. The header's source goes
// to the compiler on stdin: a PCH built from a file records that file and
// is refused once the file is gone or touched, while one built from stdin
// depends only on the system headers it includes.
#include "pch.h"

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <mutex>

#include "absl/strings/str_cat.h"

#include "tc/support/env.h"

#include "digest.h"
#include "process.h"
#include <sys/stat.h>

namespace tc::codegen_cpu {
namespace {

constexpr std::string_view kHeader = R"(// tc codegen-cpu: the precompiled header of generated code
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "hwy/highway.h"
#include "hwy/contrib/math/math-inl.h"
)";

bool IsNonEmptyFile(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
}

// A name no other process or thread uses for its temporary.
std::string TempName(const std::string& path) {
  static std::atomic<int64_t> counter{0};
  return absl::StrCat(path, ".tmp.", getpid(), ".", counter.fetch_add(1));
}

}  // namespace

std::string_view PrecompiledHeaderText() { return kHeader; }

std::string CacheDir() {
  if (std::optional<std::string> dir = support::GetEnv("TC_CACHE_DIR"); dir && !dir->empty()) {
    return *dir;
  }
  if (std::optional<std::string> home = support::GetEnv("HOME"); home && !home->empty()) {
    return absl::StrCat(*home, "/.cache/tc");
  }
  std::error_code ec;
  return (std::filesystem::temp_directory_path(ec) / "tc-cache").string();
}

std::optional<std::string> EnsurePrecompiledHeader(const Toolchain& toolchain, CpuTarget target,
                                                   bool* built) {
  *built = false;
  const std::string& flags = TargetFlagsText(target);
  std::string dir = absl::StrCat(
      CacheDir(), "/pch/",
      HexDigest(absl::StrCat(toolchain.version, "\n", flags, "\n", std::string(kHeader)), 16));
  std::string path = dir + "/highway.pch";
  if (IsNonEmptyFile(path)) return path;
  // One build per process at a time: a second thread wanting the same
  // header waits here and then finds it.
  static std::mutex build_mu;
  std::lock_guard<std::mutex> lock(build_mu);
  if (IsNonEmptyFile(path)) return path;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return std::nullopt;
  std::string temp = TempName(path);
  std::vector<std::string> argv = {toolchain.cxx};
  for (const std::string& f : TargetFlags(target)) argv.push_back(f);
  for (const char* a : {"-x", "c++-header", "-", "-o"}) argv.push_back(a);
  argv.push_back(temp);
  absl::StatusOr<ProcessResult> run = RunProcess(argv, kHeader);
  if (!run.ok() || run->exit_code != 0 || !IsNonEmptyFile(temp) ||
      std::rename(temp.c_str(), path.c_str()) != 0) {
    unlink(temp.c_str());
    return std::nullopt;
  }
  *built = true;
  return path;
}

void DiscardPrecompiledHeader(const std::string& path) { unlink(path.c_str()); }

}  // namespace tc::codegen_cpu
