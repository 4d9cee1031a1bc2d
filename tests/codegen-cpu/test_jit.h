// Test-only: runs an emitted program's kernels on tensors, with a runtime
// on the kernels library's pool. The emitted source is compiled by the
// library's own CompileAndLoad (compile.h: its flags, precompiled header
// and cache; the binary's cache directory is jit_test_env's). Kept small
// on purpose.
#ifndef TC_TESTS_CODEGEN_CPU_TEST_JIT_H_
#define TC_TESTS_CODEGEN_CPU_TEST_JIT_H_

#include <vector>

#include "absl/status/status.h"

#include "tc/codegen_cpu/compile.h"
#include "tc/codegen_cpu/emit.h"
#include "tc/codegen_cpu/kernel_abi.h"
#include "tc/tensor/tensor.h"

namespace tc::codegen_cpu::testing {

// A runtime whose parallel_for is the kernels library's pool (or null:
// serial), with an error flag.
struct TestRuntime {
  explicit TestRuntime(bool parallel);
  KernelRuntime rt;
  int error = 0;
};

// Runs source.kernels in order on `buffers` (one tensor per program buffer,
// its view's offset applied).
absl::Status RunKernels(const LoadedModule& module, const EmittedSource& source,
                        const std::vector<tensor::Tensor>& buffers, TestRuntime& runtime);

}  // namespace tc::codegen_cpu::testing

#endif  // TC_TESTS_CODEGEN_CPU_TEST_JIT_H_
