// CompileAndLoad: the in-memory cache, the compiler run (with the
// precompiled header) in a private scratch directory, and dlopen. The disk
// store (runtime-cache) is looked up before compiling and written after.
#include "tc/codegen_cpu/compile.h"

#include <dlfcn.h>
#include <stdlib.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"

#include "tc/runtime_cache/disk_store.h"
#include "tc/support/env.h"
#include "tc/support/status.h"
#include "tc/support/timer.h"

#include "digest.h"
#include "pch.h"
#include "process.h"
#include "toolchain.h"

namespace tc::codegen_cpu {
namespace {

std::atomic<int64_t> compiler_runs{0}, pch_builds{0}, memory_hits{0}, disk_hits{0},
    compile_nanos{0}, pch_nanos{0}, lookup_nanos{0}, load_nanos{0};

// A dlopen'ed shared object.
class DlModule final : public LoadedModule {
 public:
  DlModule(void* handle, std::string_view origin) : handle_(handle), origin_(origin) {}
  ~DlModule() override { dlclose(handle_); }
  TcKernelFn Find(std::string_view name) const override {
    return reinterpret_cast<TcKernelFn>(dlsym(handle_, std::string(name).c_str()));
  }
  std::string_view origin() const override { return origin_; }

 private:
  void* handle_;
  std::string_view origin_;
};

// What an in-memory hit returns: the same loaded object (same functions),
// saying where this answer came from.
class MemoryHit final : public LoadedModule {
 public:
  explicit MemoryHit(std::shared_ptr<LoadedModule> module) : module_(std::move(module)) {}
  TcKernelFn Find(std::string_view name) const override { return module_->Find(name); }
  std::string_view origin() const override { return "memory"; }

 private:
  std::shared_ptr<LoadedModule> module_;
};

// A private directory under the system's temp dir, removed with its files
// when it goes (a loaded object stays mapped after its file is gone).
class ScratchDir {
 public:
  static absl::StatusOr<ScratchDir> Create() {
    std::error_code ec;
    std::filesystem::path base = std::filesystem::temp_directory_path(ec);
    if (ec) base = "/tmp";
    std::string pattern = (base / "tc-jit-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) {
      return absl::InternalError(absl::StrCat("cannot create a temporary directory ", pattern, ": ",
                                              std::strerror(errno)));
    }
    return ScratchDir(pattern);
  }
  ScratchDir(ScratchDir&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  ScratchDir& operator=(ScratchDir&&) = delete;
  ~ScratchDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  explicit ScratchDir(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

std::string Key(const Toolchain& toolchain, CpuTarget target, std::string_view source) {
  return HexDigest(
      absl::StrCat("tc-codegen-cpu abi ", kAbiVersion, "\n", TargetFlagsText(target), "\n",
                   toolchain.version, "\n", absl::string_view(source.data(), source.size())),
      32);
}

// The disk cache (runtime-cache's store under $TC_CACHE_DIR): before
// compiling, a verified shared object stored under `key` is loaded instead
// (a corrupt or truncated one is deleted with a warning and recompiled);
// after compiling, the object is stored atomically. A store that cannot be
// written (a read-only cache directory) only costs the next process a
// compile, so its failure is not an error.
std::optional<std::string> LookUpOnDisk(const std::string& key) {
  support::Timer timer;
  std::optional<std::string> path = runtime_cache::DiskStore::Default().Lookup(key);
  lookup_nanos += timer.ElapsedNanos();
  if (path) ++disk_hits;
  return path;
}
void InsertOnDisk(const std::string& key, const std::string& so_path) {
  (void)runtime_cache::DiskStore::Default().InsertFile(key, so_path);
}

absl::StatusOr<std::shared_ptr<LoadedModule>> Load(const std::string& path,
                                                   std::string_view origin) {
  support::Timer timer;
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  load_nanos += timer.ElapsedNanos();
  if (handle == nullptr) {
    const char* error = dlerror();
    return absl::InternalError(
        absl::StrCat("dlopen of generated code failed: ", error ? error : "(no reason given)"));
  }
  return std::make_shared<DlModule>(handle, origin);
}

// From the first error line on (the notes before it are context for
// warnings), at most 20 lines.
std::string FirstDiagnostics(const std::string& output) {
  std::vector<std::string> lines = absl::StrSplit(output, '\n');
  size_t first = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find("error") != std::string::npos) {
      first = i;
      break;
    }
  }
  std::string text;
  for (size_t i = first; i < lines.size() && i < first + 20; ++i) {
    if (!text.empty()) text += "\n";
    text += lines[i];
  }
  return text;
}

// A PCH the compiler refuses (headers changed since it was built: "file
// ... has been modified since the precompiled header ... was built"; a
// damaged file: "input is not a PCH file", "malformed or corrupted AST
// file") shows in its diagnostics under one of these phrases.
bool RejectsPch(std::string_view output) {
  for (std::string_view phrase : {"precompiled", "PCH file", "AST file"}) {
    if (output.find(phrase) != std::string_view::npos) return true;
  }
  return false;
}

absl::StatusOr<ProcessResult> RunCompiler(const Toolchain& toolchain,
                                          const std::vector<std::string>& argv) {
  support::Timer timer;
  absl::StatusOr<ProcessResult> run = RunProcess(argv);
  compile_nanos += timer.ElapsedNanos();
  if (absl::IsNotFound(run.status())) {
    return absl::FailedPreconditionError(absl::StrCat("the C++ compiler '", toolchain.cxx,
                                                      "' cannot be run: ", run.status().message()));
  }
  if (run.ok()) ++compiler_runs;
  return run;
}

absl::Status WriteFile(const std::string& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out.good()) return absl::InternalError(absl::StrCat("cannot write ", path));
  return absl::OkStatus();
}

// What the compiler reads: `source`, or with the prelude's precompiled
// header only what follows the prelude, after a #line that keeps the
// diagnostics' line numbers those of the whole source.
std::string CompiledText(std::string_view source, PchKind kind) {
  if (kind != PchKind::kPrelude) return std::string(source);
  const std::string_view prelude = PrecompiledHeaderText(kind);
  const int64_t lines = std::count(prelude.begin(), prelude.end(), '\n');
  return absl::StrCat("#line ", lines + 1, " \"generated.cc\"\n",
                      std::string(source.substr(prelude.size())));
}

// Writes `source`, compiles it to a shared object in `scratch`, returns its path.
absl::StatusOr<std::string> CompileInto(const ScratchDir& scratch, const Toolchain& toolchain,
                                        CpuTarget target, std::string_view source, bool use_pch) {
  std::string cc = scratch.path() + "/generated.cc";
  std::string so = scratch.path() + "/generated.so";
  const PchKind kind = PchKindFor(source);
  std::optional<std::string> pch;
  if (use_pch) {
    bool built = false;
    support::Timer timer;
    pch = EnsurePrecompiledHeader(toolchain, target, kind, &built);
    if (built) {
      ++pch_builds;
      pch_nanos += timer.ElapsedNanos();
      compile_nanos += timer.ElapsedNanos();
    }
  }
  for (int attempt = 0;; ++attempt) {
    TC_RETURN_IF_ERROR(WriteFile(cc, pch ? CompiledText(source, kind) : std::string(source)));
    std::vector<std::string> argv = {toolchain.cxx};
    for (const std::string& f : TargetFlags(target)) argv.push_back(f);
    for (const std::string& f : LinkerFlags()) argv.push_back(f);
    if (pch) {
      argv.push_back("-include-pch");
      argv.push_back(*pch);
    }
    for (const std::string& a : {std::string("-shared"), std::string("-o"), so, cc}) {
      argv.push_back(a);
    }
    absl::StatusOr<ProcessResult> run = RunCompiler(toolchain, argv);
    if (!run.ok()) return run.status();
    if (run->exit_code == 0) return so;
    if (pch && attempt == 0 && RejectsPch(run->output)) {
      // Stale or damaged: drop it (the next compile builds a new one) and
      // compile this source without it.
      DiscardPrecompiledHeader(*pch);
      pch.reset();
      continue;
    }
    std::string output = absl::StrReplaceAll(run->output, {{scratch.path() + "/", ""}});
    return absl::InternalError(absl::StrCat("the C++ compiler '", toolchain.cxx,
                                            "' failed on generated code (exit ", run->exit_code,
                                            "):\n", FirstDiagnostics(output)));
  }
}

absl::StatusOr<std::shared_ptr<LoadedModule>> Build(const Toolchain& toolchain, CpuTarget target,
                                                    const std::string& key, std::string_view source,
                                                    bool use_caches) {
  if (std::optional<std::string> stored = use_caches ? LookUpOnDisk(key) : std::nullopt) {
    absl::StatusOr<std::shared_ptr<LoadedModule>> loaded = Load(*stored, "disk");
    if (loaded.ok()) return loaded;
  }
  if (!toolchain.status.ok()) return toolchain.status;
  absl::StatusOr<bool> use_pch = support::GetEnvBool("TC_CODEGEN_PCH", true);
  if (!use_pch.ok()) return use_pch.status();
  absl::StatusOr<ScratchDir> scratch = ScratchDir::Create();
  if (!scratch.ok()) return scratch.status();
  absl::StatusOr<std::string> so = CompileInto(*scratch, toolchain, target, source, *use_pch);
  if (!so.ok()) return so.status();
  if (use_caches) InsertOnDisk(key, *so);
  return Load(*so, "compiled");
}

// One entry per key; its mutex makes a second caller of the same source
// wait for the first one's compile instead of compiling it again.
struct Slot {
  std::mutex mu;
  std::shared_ptr<LoadedModule> module;
};

std::mutex cache_mu;
// Modules stay loaded for the life of the process, as Inductor's code cache
// keeps them: a graph compiled once is likely to be compiled again.
absl::flat_hash_map<std::string, std::shared_ptr<Slot>>& Cache() {
  static auto* cache = new absl::flat_hash_map<std::string, std::shared_ptr<Slot>>;
  return *cache;
}

}  // namespace

const std::string& CompilerFlags() { return TargetFlagsText(ChosenCpuTarget()); }

const std::string& CompilerVersion() { return CurrentToolchain().version; }

std::string CacheKey(std::string_view source) {
  return Key(CurrentToolchain(), ChosenCpuTarget(), source);
}

absl::StatusOr<std::shared_ptr<LoadedModule>> CompileAndLoad(std::string_view source) {
  return CompileAndLoad(source, CompileOptions{});
}

absl::StatusOr<std::shared_ptr<LoadedModule>> CompileAndLoad(std::string_view source,
                                                             const CompileOptions& options) {
  const Toolchain& toolchain = CurrentToolchain();
  CpuTarget target = ChosenCpuTarget();
  std::string key = Key(toolchain, target, source);
  if (!options.use_caches || !options.memory_cache) {
    return Build(toolchain, target, key, source, options.use_caches);
  }
  std::shared_ptr<Slot> slot;
  {
    std::lock_guard<std::mutex> lock(cache_mu);
    std::shared_ptr<Slot>& entry = Cache()[key];
    if (!entry) entry = std::make_shared<Slot>();
    slot = entry;
  }
  std::lock_guard<std::mutex> slot_lock(slot->mu);
  if (slot->module) {
    ++memory_hits;
    return std::make_shared<MemoryHit>(slot->module);
  }
  absl::StatusOr<std::shared_ptr<LoadedModule>> module =
      Build(toolchain, target, key, source, /*use_caches=*/true);
  if (module.ok()) {
    slot->module = *module;
  } else {
    // Failures are not cached: a fixed compiler or TC_CXX is tried again.
    std::lock_guard<std::mutex> lock(cache_mu);
    auto it = Cache().find(key);
    if (it != Cache().end() && it->second == slot) Cache().erase(it);
  }
  return module;
}

CompileStats GetCompileStats() {
  return CompileStats{.compiler_runs = compiler_runs.load(),
                      .pch_builds = pch_builds.load(),
                      .memory_hits = memory_hits.load(),
                      .disk_hits = disk_hits.load(),
                      .version_probes = VersionProbes(),
                      .compile_nanos = compile_nanos.load(),
                      .pch_nanos = pch_nanos.load(),
                      .disk_lookup_nanos = lookup_nanos.load(),
                      .load_nanos = load_nanos.load()};
}

}  // namespace tc::codegen_cpu
