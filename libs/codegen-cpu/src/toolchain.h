// The C++ compiler generated code is built with: which program (TC_CXX,
// else clang++), its version, and the flags of the host's SIMD target
// (AVX-512 when the CPU and the OS support it, else AVX2, else the
// baseline). The flags and the version are part of every cache key, so
// an object built for one target is never loaded on another.
#ifndef TC_CODEGEN_CPU_SRC_TOOLCHAIN_H_
#define TC_CODEGEN_CPU_SRC_TOOLCHAIN_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"

namespace tc::codegen_cpu {

enum class CpuTarget { kBaseline, kAvx2, kAvx512 };
std::string_view CpuTargetName(CpuTarget target);

// The best target this CPU and OS run (cpuid + xgetbv), detected once.
CpuTarget DetectedCpuTarget();
// DetectedCpuTarget(), lowered by TC_CPU_TARGET=avx2|baseline when set
// (a value above the detected target is ignored: its code would fault).
CpuTarget ChosenCpuTarget();

// The compiler flags for `target` (without inputs, outputs or the
// precompiled header): the same for the header and every translation unit.
const std::vector<std::string>& TargetFlags(CpuTarget target);
// TargetFlags joined with spaces.
const std::string& TargetFlagsText(CpuTarget target);
// Flags for the link step (not part of cache keys: they do not change the
// code): -fuse-ld=lld when ld.lld is on PATH (it links a kernel's object
// ~20 ms faster than GNU ld); TC_CODEGEN_LLD=0 keeps the default linker.
const std::vector<std::string>& LinkerFlags();

struct Toolchain {
  std::string cxx;      // the program run: TC_CXX, else /usr/bin/clang++, else clang++ in PATH
  std::string version;  // its `--version` text on one line; empty when it cannot run
  absl::Status status;  // FailedPrecondition naming `cxx` when it cannot run
};
// The toolchain for TC_CXX's current value; each distinct program is asked
// for its version at most once per process, and not at all when an earlier
// process remembered the answer (under the cache directory's toolchain/). The reference stays valid
// forever.
const Toolchain& CurrentToolchain();
// How many times this process ran a compiler's --version.
int64_t VersionProbes();

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_SRC_TOOLCHAIN_H_
