// TC_CODEGEN_PROFILE=1: an opt-in per-kernel profile of generated
// programs. Each ProgramRunner created while it is set times every kernel
// of every run (a steady_clock read before and after, nothing else) and at
// process exit prints, per program, each kernel's name, kind (pointwise,
// reduction, row, extern, extern+epilogue), iteration space and mean time
// and fastest time to stderr, slowest program first. It exists to find where a compiled
// graph's time goes (issue 13's GPT forward); unset, Run pays one branch.
#ifndef TC_CODEGEN_CPU_SRC_RUNNER_PROFILE_H_
#define TC_CODEGEN_CPU_SRC_RUNNER_PROFILE_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tc/codegen_cpu/loop_ir.h"

namespace tc::codegen_cpu {

struct KernelProfile {
  std::string name;
  std::string kind;   // pointwise / reduction / row / extern / extern+epilogue
  std::string space;  // the iteration space, e.g. "[256, 64]" or "linear -> [4, 64, 192]"
  std::atomic<int64_t> nanos{0};
  std::atomic<int64_t> calls{0};
  std::atomic<int64_t> min_nanos{INT64_MAX};  // the fastest call (the noise floor)
  void Add(int64_t n);
};

struct ProgramProfile {
  std::vector<std::unique_ptr<KernelProfile>> kernels;  // one per kernel, in run order
  std::atomic<int64_t> runs{0};
  std::atomic<int64_t> nanos{0};  // whole runs, host work included
  std::atomic<int64_t> min_nanos{INT64_MAX};
  void Add(int64_t n);
};

// Whether TC_CODEGEN_PROFILE is set to a true value (read once).
bool ProfileEnabled();

// A profile for `program`'s kernels, registered for the report at exit.
std::shared_ptr<ProgramProfile> NewProgramProfile(const Program& program);

// What a kernel is, for the profile and for errors: its kind and space.
std::string KernelKind(const Program& program, const Kernel& kernel);
std::string KernelSpace(const Program& program, const Kernel& kernel);

// runner.h's CodegenProfileReport (runner_profile.cc) is the report
// printed at exit: every registered profile.

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_SRC_RUNNER_PROFILE_H_
