// Test-only: compiles generated C++ with clang++ and dlopens it, until the
// library's CompileAndLoad lands; and runs an emitted program's kernels on
// tensors. Kept small on purpose.
#ifndef TC_TESTS_CODEGEN_CPU_TEST_JIT_H_
#define TC_TESTS_CODEGEN_CPU_TEST_JIT_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/codegen_cpu/emit.h"
#include "tc/codegen_cpu/kernel_abi.h"
#include "tc/tensor/tensor.h"

namespace tc::codegen_cpu::testing {

inline constexpr char kClangFlags[] =
    "-O2 -std=c++17 -fPIC -shared -mavx512f -mavx512vl -mavx512dq -mavx512bw -mavx2 -mfma "
    "-mbmi -mbmi2 -mf16c -mpclmul -maes";

class TestModule {
 public:
  ~TestModule();
  // Compiles `cpp` into a shared object and loads it; the compiler's
  // diagnostics in the error.
  static absl::StatusOr<std::unique_ptr<TestModule>> Compile(const std::string& cpp);
  TcKernelFn Find(const std::string& name) const;

 private:
  void* handle_ = nullptr;
  std::string dir_;
};

// A runtime whose parallel_for is the kernels library's pool (or null:
// serial), with an error flag.
struct TestRuntime {
  explicit TestRuntime(bool parallel);
  KernelRuntime rt;
  int error = 0;
};

// Runs source.kernels in order on `buffers` (one tensor per program buffer,
// its view's offset applied).
absl::Status RunKernels(const TestModule& module, const EmittedSource& source,
                        const std::vector<tensor::Tensor>& buffers, TestRuntime& runtime);

}  // namespace tc::codegen_cpu::testing

#endif  // TC_TESTS_CODEGEN_CPU_TEST_JIT_H_
