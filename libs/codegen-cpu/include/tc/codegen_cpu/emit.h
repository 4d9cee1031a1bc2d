// Emission: a scheduled Program becomes one C++ translation unit against
// Highway (static dispatch: the host's best target, chosen by the compile
// flags), one extern "C" function per Kernel with the kernel_abi.h
// signature. The innermost loop runs Highway vectors over the dimension
// whose loads and store are contiguous (a scalar tail after it);
// reductions keep per-lane accumulators; the outer loop is split across
// the runtime's parallel_for above a size threshold. Extern kernels are
// not emitted (the host runs them); a kernel whose Extern is followed by
// an epilogue gets a TcEpilogueFn (kernel_abi.h) under its name.
#ifndef TC_CODEGEN_CPU_EMIT_H_
#define TC_CODEGEN_CPU_EMIT_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/codegen_cpu/loop_ir.h"

namespace tc::codegen_cpu {

struct EmittedKernel {
  std::string name;      // the exported symbol (Kernel::name)
  int vector_width = 1;  // lanes of the innermost loop (1: scalar)
  bool parallel = false;
};

struct EmittedSource {
  std::string cpp;                     // the whole translation unit
  std::vector<EmittedKernel> kernels;  // the non-Extern kernels and epilogues, in program order
};

struct EmitOptions {
  // false: only the kernels, no prelude, so that many programs' kernels can
  // share one translation unit after one CppPrelude() (the differential
  // fuzz compiles thousands of programs in a few clang++ runs); their
  // Kernel::names must then differ.
  bool prelude = true;
};

// Fails (InvalidArgument) only for IR the emitter cannot express; the
// caller then runs the graph on the interpreter.
absl::StatusOr<EmittedSource> EmitCpp(const Program& program, const EmitOptions& options = {});

// The text every translation unit starts with (what EmitCpp puts first
// when options.prelude is set).
std::string_view CppPrelude();

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_EMIT_H_
