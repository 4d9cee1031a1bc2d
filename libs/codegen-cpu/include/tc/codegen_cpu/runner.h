// Running a scheduled Program whose generated kernels are in a loaded
// module: checks the inputs against the program's kInput buffers,
// allocates outputs (with their strides) and intermediates, runs the
// kernels in order (generated ones through their function pointers, Extern
// ones with kernels::Call on tensors viewing the buffers) and returns the
// graph outputs, kAlias ones as views of their base.
//
// A compiled graph runs once per call of the compiled function (per
// training step), so ProgramRunner does everything that does not depend on
// the inputs' data once: function pointers, op lookups, buffer layouts and
// allocation sizes.
//
// Buffer addresses (kernel_abi.h's buffers[b]): a kInput buffer starts at
// its caller tensor's data pointer (the tensor's storage offset applied)
// plus the buffer's offset; a kOutput or kIntermediate buffer at its own
// storage plus its offset; a kAlias buffer at its base's address plus its
// offset. So an alias's offset is relative to its base's element 0.
#ifndef TC_CODEGEN_CPU_RUNNER_H_
#define TC_CODEGEN_CPU_RUNNER_H_

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/codegen_cpu/compile.h"
#include "tc/codegen_cpu/loop_ir.h"
#include "tc/tensor/tensor.h"

namespace tc::codegen_cpu {

// How a runner runs (torch._inductor.config's cpp.threads and size_asserts).
struct RunnerOptions {
  // Threads the generated kernels' parallel loops use (the caller
  // included); -1: the kernels pool's (LimitedRuntime). Extern kernels use
  // the pool as eagerly.
  int num_threads = -1;
  // false: an input's dtype, sizes and strides are not compared with what
  // the program was compiled for (Dynamo's guards already checked them);
  // a CPU tensor whose storage holds the compiled layout is still required,
  // so a wrong input can give wrong numbers but never read out of bounds.
  bool check_inputs = true;
};

class ProgramRunner {
 public:
  // Checks `program` (scheduled, constant sizes, consistent buffer
  // references) and that `module` has every generated kernel (it may be
  // null when every kernel is an Extern); keeps
  // `module` loaded. Errors are InvalidArgument naming the buffer or kernel.
  static absl::StatusOr<ProgramRunner> Create(const Program& program,
                                              std::shared_ptr<const LoadedModule> module,
                                              const RunnerOptions& options = {});

  // One run. Inputs must match the kInput buffers (dtype, sizes, and
  // strides of dims longer than 1): InvalidArgument naming the input.
  absl::StatusOr<std::vector<tensor::Tensor>> Run(std::span<const tensor::Tensor> inputs) const;

  // Bytes of intermediate storage one run allocates (after memory planning;
  // extern results adopted as intermediates not counted).
  int64_t intermediate_bytes() const;

  struct Impl;  // runner.cc: layouts, steps, slots

 private:
  explicit ProgramRunner(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<const Impl> impl_;
};

// TC_CODEGEN_PROFILE=1 (read once per process) makes every runner created
// afterwards time each kernel of each run; at exit the report below is
// printed to stderr: per program (slowest first) its runs and mean and
// fastest run, then per kernel its name, kind (pointwise, reduction, row,
// extern, extern+epilogue), mean and fastest time and iteration space.
// "" while the profile is off or nothing ran.
std::string CodegenProfileReport();

// Prepares and runs once (`module` must stay loaded while it runs).
absl::StatusOr<std::vector<tensor::Tensor>> RunProgram(const Program& program,
                                                       const LoadedModule& module,
                                                       std::span<const tensor::Tensor> inputs);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_RUNNER_H_
