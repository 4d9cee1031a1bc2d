// Target detection and the compiler's identity. The flags name every ISA
// extension Highway's static target needs (its AVX2 target also wants
// BMI1/2, FMA, F16C, PCLMUL and AES; AVX3 adds AVX-512 F/VL/DQ/BW), so the
// precompiled header and the generated code select exactly that target.
// -ffp-contract=off: eager's kernels are built by g++ in ISO C++ mode, which
// never fuses a*b+c into an FMA behind the code's back; clang's default
// (fuse within an expression) would round differently from eager.
// -fno-exceptions -fno-rtti: generated code neither throws nor asks for
// types; the same object code, a little less for the compiler to do.
#include "toolchain.h"

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

#include "tc/runtime_cache/disk_store.h"
#include "tc/support/env.h"

#include "digest.h"
#include "pch.h"
#include "process.h"
#include <sys/stat.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace tc::codegen_cpu {
namespace {

std::atomic<int64_t> version_probes{0};

bool Bit(unsigned value, int bit) { return (value >> bit) & 1u; }

CpuTarget Detect() {
#if defined(__x86_64__) || defined(__i386__)
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return CpuTarget::kBaseline;
  const bool avx_base = Bit(ecx, 27) /*OSXSAVE*/ && Bit(ecx, 28) /*AVX*/ && Bit(ecx, 12) /*FMA*/ &&
                        Bit(ecx, 29) /*F16C*/ && Bit(ecx, 20) /*SSE4.2*/ &&
                        Bit(ecx, 1) /*PCLMUL*/ && Bit(ecx, 25) /*AES*/;
  if (!avx_base) return CpuTarget::kBaseline;
  // The OS must save the YMM (and for AVX-512 the ZMM and mask) registers.
  unsigned xcr0_lo = 0, xcr0_hi = 0;
  __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
  if ((xcr0_lo & 0x6u) != 0x6u) return CpuTarget::kBaseline;
  if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return CpuTarget::kBaseline;
  if (!(Bit(ebx, 3) /*BMI1*/ && Bit(ebx, 5) /*AVX2*/ && Bit(ebx, 8) /*BMI2*/)) {
    return CpuTarget::kBaseline;
  }
  const bool avx512 = Bit(ebx, 16) /*F*/ && Bit(ebx, 17) /*DQ*/ && Bit(ebx, 30) /*BW*/ &&
                      Bit(ebx, 31) /*VL*/ && (xcr0_lo & 0xE6u) == 0xE6u;
  return avx512 ? CpuTarget::kAvx512 : CpuTarget::kAvx2;
#else
  return CpuTarget::kBaseline;
#endif
}

std::vector<std::string> MakeFlags(CpuTarget target) {
  std::vector<std::string> flags = {
      "-O2", "-std=c++17", "-fPIC", "-ffp-contract=off", "-fno-exceptions", "-fno-rtti"};
  if (target == CpuTarget::kAvx2 || target == CpuTarget::kAvx512) {
    for (const char* f : {"-mavx2", "-mfma", "-mbmi", "-mbmi2", "-mf16c", "-mpclmul", "-maes"}) {
      flags.push_back(f);
    }
  }
  if (target == CpuTarget::kAvx512) {
    for (const char* f : {"-mavx512f", "-mavx512vl", "-mavx512dq", "-mavx512bw"}) {
      flags.push_back(f);
    }
  }
  return flags;
}

std::string DefaultCompiler() {
  if (access("/usr/bin/clang++", X_OK) == 0) return "/usr/bin/clang++";
  return "clang++";
}

// Where the version text of compiler `cxx` is remembered between
// processes, under cache directory `base`: a warm process (its kernels in
// the disk cache) must not start the compiler even once, and `clang++
// --version` costs tens of ms. The name covers the resolved binary's path,
// inode, size and modification time, so an upgraded compiler is asked
// again. nullopt for a compiler found on PATH (no fixed file to identify).
std::optional<std::string> VersionCachePath(std::string_view base, const std::string& cxx) {
  if (base.empty() || cxx.empty() || cxx[0] != '/') return std::nullopt;
  std::error_code ec;
  std::filesystem::path real = std::filesystem::canonical(cxx, ec);
  struct stat st {};
  if (ec || stat(real.c_str(), &st) != 0) return std::nullopt;
  std::string id = absl::StrCat(real.string(), "|", st.st_ino, "|", st.st_size, "|",
                                st.st_mtim.tv_sec, ".", st.st_mtim.tv_nsec);
  return absl::StrCat(std::string(base), "/toolchain/", HexDigest(id, 16), ".version");
}

std::optional<std::string> ReadCachedVersion(const std::optional<std::string>& path) {
  if (!path) return std::nullopt;
  std::ifstream in(*path);
  std::string version;
  if (!std::getline(in, version) || version.empty()) return std::nullopt;
  return version;
}

// Atomically (a temporary name, then rename); failure only costs the next
// process a probe.
void WriteCachedVersion(const std::optional<std::string>& path, const std::string& version) {
  if (!path) return;
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(*path).parent_path(), ec);
  std::string tmp = absl::StrCat(*path, ".", getpid(), ".tmp");
  {
    std::ofstream out(tmp);
    out << version << "\n";
    if (!out) return;
  }
  std::filesystem::rename(tmp, *path, ec);
  if (ec) std::filesystem::remove(tmp, ec);
}

Toolchain Probe(const std::string& cxx) {
  Toolchain t;
  t.cxx = cxx;
  const std::optional<std::string> cache_path =
      VersionCachePath(runtime_cache::DiskStore::DefaultDir(), cxx);
  if (std::optional<std::string> cached = ReadCachedVersion(cache_path)) {
    t.version = *cached;
    return t;
  }
  // The build ran this compiler too (tc_codegen_pch remembered its answer
  // under the build's directory): a first process with an empty cache
  // directory need not ask it either.
  if (!BuildPchRoot().empty()) {
    std::optional<std::string> cached = ReadCachedVersion(
        VersionCachePath(absl::StrCat(std::string(BuildPchRoot()), "/cache"), cxx));
    if (cached) {
      t.version = *cached;
      WriteCachedVersion(cache_path, t.version);
      return t;
    }
  }
  ++version_probes;
  absl::StatusOr<ProcessResult> r = RunProcess({cxx, "--version"});
  if (!r.ok()) {
    t.status = absl::FailedPreconditionError(
        absl::StrCat("the C++ compiler '", cxx, "' cannot be run (", r.status().message(),
                     "); install clang (scripts/setup) or set TC_CXX to a clang++"));
    return t;
  }
  if (r->exit_code != 0) {
    t.status = absl::FailedPreconditionError(absl::StrCat(
        "the C++ compiler '", cxx, "' failed on --version (exit ", r->exit_code, "): ", r->output));
    return t;
  }
  std::vector<std::string> lines;
  for (absl::string_view line : absl::StrSplit(r->output, '\n', absl::SkipWhitespace())) {
    lines.emplace_back(absl::StripAsciiWhitespace(line));
  }
  t.version = absl::StrJoin(lines, "; ");
  WriteCachedVersion(cache_path, t.version);
  return t;
}

}  // namespace

std::string_view CpuTargetName(CpuTarget target) {
  static constexpr std::string_view kNames[] = {"baseline", "avx2", "avx512"};
  return kNames[static_cast<int>(target)];
}

CpuTarget DetectedCpuTarget() {
  static const CpuTarget target = Detect();
  return target;
}

CpuTarget ChosenCpuTarget() {
  CpuTarget best = DetectedCpuTarget();
  std::optional<std::string> forced = support::GetEnv("TC_CPU_TARGET");
  if (!forced) return best;
  for (CpuTarget t : {CpuTarget::kBaseline, CpuTarget::kAvx2, CpuTarget::kAvx512}) {
    if (*forced == CpuTargetName(t) && static_cast<int>(t) <= static_cast<int>(best)) return t;
  }
  return best;
}

const std::vector<std::string>& TargetFlags(CpuTarget target) {
  static const auto* flags = new std::vector<std::vector<std::string>>{
      MakeFlags(CpuTarget::kBaseline), MakeFlags(CpuTarget::kAvx2), MakeFlags(CpuTarget::kAvx512)};
  return (*flags)[static_cast<int>(target)];
}

const std::string& TargetFlagsText(CpuTarget target) {
  static const auto* texts =
      new std::vector<std::string>{absl::StrJoin(TargetFlags(CpuTarget::kBaseline), " "),
                                   absl::StrJoin(TargetFlags(CpuTarget::kAvx2), " "),
                                   absl::StrJoin(TargetFlags(CpuTarget::kAvx512), " ")};
  return (*texts)[static_cast<int>(target)];
}

const std::vector<std::string>& LinkerFlags() {
  static const auto* flags = [] {
    auto* f = new std::vector<std::string>;
    absl::StatusOr<bool> lld = support::GetEnvBool("TC_CODEGEN_LLD", true);
    if (!lld.ok() || !*lld) return f;
    std::string path = support::GetEnv("PATH").value_or("/usr/bin:/bin");
    for (absl::string_view dir : absl::StrSplit(path, ':', absl::SkipEmpty())) {
      if (access(absl::StrCat(dir, "/ld.lld").c_str(), X_OK) == 0) {
        f->push_back("-fuse-ld=lld");
        break;
      }
    }
    return f;
  }();
  return *flags;
}

const Toolchain& CurrentToolchain() {
  static std::mutex mu;
  static auto* probed = new std::map<std::string, std::unique_ptr<Toolchain>>;
  std::string cxx = support::GetEnv("TC_CXX").value_or("");
  if (cxx.empty()) cxx = DefaultCompiler();
  std::lock_guard<std::mutex> lock(mu);
  std::unique_ptr<Toolchain>& slot = (*probed)[cxx];
  if (!slot) slot = std::make_unique<Toolchain>(Probe(cxx));
  return *slot;
}

int64_t VersionProbes() { return version_probes.load(); }

}  // namespace tc::codegen_cpu
