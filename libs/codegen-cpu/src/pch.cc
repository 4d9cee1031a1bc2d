// Building and finding the precompiled headers. Each header's text is
// written next to its PCH (in the directory named by their hash, never
// rewritten once there: clang refuses a PCH whose header file changed) and
// compiled with -fpch-instantiate-templates: the templates the header's own
// functions use (Highway's math, the prelude's helpers) are instantiated
// once in the PCH instead of in every translation unit, which cut the toy's
// front end from ~160 ms to ~25 ms with the same object code.
#include "pch.h"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>

#include "absl/strings/str_cat.h"

#include "tc/codegen_cpu/emit.h"
#include "tc/support/env.h"

#include "digest.h"
#include "process.h"
#include <sys/stat.h>

namespace tc::codegen_cpu {
namespace {

constexpr std::string_view kHighwayHeader =
    R"(// tc codegen-cpu: the precompiled header of generated code
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

std::string_view KindName(PchKind kind) {
  return kind == PchKind::kPrelude ? "prelude" : "highway";
}

// Writes `text` to `path` unless a file is there already: link() publishes
// the complete file or fails with EEXIST, and an existing header is never
// replaced (a PCH built from it records its size and modification time).
absl::Status WriteHeaderOnce(const std::string& path, std::string_view text) {
  if (IsNonEmptyFile(path)) return absl::OkStatus();
  std::string temp = TempName(path);
  {
    std::ofstream out(temp, std::ios::binary);
    out << text;
    if (!out.good()) {
      unlink(temp.c_str());
      return absl::InternalError(absl::StrCat("cannot write ", temp));
    }
  }
  const bool linked = link(temp.c_str(), path.c_str()) == 0 || errno == EEXIST;
  unlink(temp.c_str());
  if (!linked) return absl::InternalError(absl::StrCat("cannot create ", path));
  return absl::OkStatus();
}

// Set once the compiler refused the build's header of some kind (its
// inputs changed since the build): this process then uses the cache
// directory's.
std::atomic<bool> build_pch_rejected{false};

}  // namespace

std::string_view PrecompiledHeaderText(PchKind kind) {
  return kind == PchKind::kPrelude ? CppPrelude() : kHighwayHeader;
}

PchKind PchKindFor(std::string_view source) {
  return source.starts_with(CppPrelude()) ? PchKind::kPrelude : PchKind::kHighway;
}

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

std::string_view BuildPchRoot() {
  // TC_CODEGEN_PCH_BUILD_ROOT overrides the compiled-in directory (tests,
  // benches; "" turns the build's headers off).
  if (const char* v = std::getenv("TC_CODEGEN_PCH_BUILD_ROOT")) return v;
#ifdef TC_CODEGEN_PCH_BUILD_ROOT
  return TC_CODEGEN_PCH_BUILD_ROOT;
#else
  return "";
#endif
}

std::string PrecompiledHeaderPath(std::string_view root, const Toolchain& toolchain,
                                  CpuTarget target, PchKind kind) {
  const std::string_view text = PrecompiledHeaderText(kind);
  return absl::StrCat(std::string(root), "/",
                      HexDigest(absl::StrCat(toolchain.version, "\n", TargetFlagsText(target),
                                             " -fpch-instantiate-templates\n", std::string(text)),
                                16),
                      "/", std::string(KindName(kind)), ".pch");
}

absl::Status BuildPrecompiledHeader(std::string_view root, const Toolchain& toolchain,
                                    CpuTarget target, PchKind kind, bool* built) {
  *built = false;
  const std::string path = PrecompiledHeaderPath(root, toolchain, target, kind);
  if (IsNonEmptyFile(path)) return absl::OkStatus();
  if (!toolchain.status.ok()) return toolchain.status;
  const std::string dir = std::filesystem::path(path).parent_path().string();
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return absl::InternalError(absl::StrCat("cannot create ", dir, ": ", ec.message()));
  const std::string header = absl::StrCat(dir, "/", std::string(KindName(kind)), ".h");
  if (absl::Status s = WriteHeaderOnce(header, PrecompiledHeaderText(kind)); !s.ok()) return s;
  const std::string temp = TempName(path);
  std::vector<std::string> argv = {toolchain.cxx};
  for (const std::string& f : TargetFlags(target)) argv.push_back(f);
  for (const char* a : {"-fpch-instantiate-templates", "-x", "c++-header"}) argv.push_back(a);
  for (const std::string& a : {header, std::string("-o"), temp}) argv.push_back(a);
  absl::StatusOr<ProcessResult> run = RunProcess(argv);
  if (!run.ok() || run->exit_code != 0 || !IsNonEmptyFile(temp) ||
      std::rename(temp.c_str(), path.c_str()) != 0) {
    unlink(temp.c_str());
    if (!run.ok()) return run.status();
    return absl::InternalError(absl::StrCat("building the precompiled header ", path,
                                            " failed: ", run->output.substr(0, 2000)));
  }
  *built = true;
  return absl::OkStatus();
}

std::optional<std::string> EnsurePrecompiledHeader(const Toolchain& toolchain, CpuTarget target,
                                                   PchKind kind, bool* built) {
  *built = false;
  const std::string root = CacheDir() + "/pch";
  const std::string path = PrecompiledHeaderPath(root, toolchain, target, kind);
  if (IsNonEmptyFile(path)) return path;
  if (!BuildPchRoot().empty() && !build_pch_rejected.load()) {
    std::string from_build = PrecompiledHeaderPath(BuildPchRoot(), toolchain, target, kind);
    if (IsNonEmptyFile(from_build)) return from_build;
  }
  // One build per process at a time: a second thread wanting the same
  // header waits here and then finds it.
  static std::mutex build_mu;
  std::lock_guard<std::mutex> lock(build_mu);
  if (!BuildPrecompiledHeader(root, toolchain, target, kind, built).ok()) return std::nullopt;
  return path;
}

void DiscardPrecompiledHeader(const std::string& path) {
  const std::string_view build_root = BuildPchRoot();
  if (!build_root.empty() && path.starts_with(absl::StrCat(std::string(build_root), "/"))) {
    build_pch_rejected = true;
    return;
  }
  unlink(path.c_str());
}

}  // namespace tc::codegen_cpu
