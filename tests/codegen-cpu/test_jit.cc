// Running emitted kernels in the emit tests (see test_jit.h).
#include "test_jit.h"

#include "absl/strings/str_cat.h"

#include "tc/kernels/thread_pool.h"

namespace tc::codegen_cpu::testing {
namespace {
void PoolFor(int64_t n, int64_t grain, TcParallelBody body, void* context) {
  kernels::ParallelFor(n, grain, [&](int64_t b, int64_t e) { body(context, b, e); });
}
}  // namespace

TestRuntime::TestRuntime(bool parallel) {
  rt.parallel_for = parallel ? &PoolFor : nullptr;
  rt.num_threads = parallel ? kernels::NumThreads() : 1;
  rt.error = &error;
}

absl::Status RunKernels(const LoadedModule& module, const EmittedSource& source,
                        const std::vector<tensor::Tensor>& buffers, TestRuntime& runtime) {
  std::vector<char*> ptrs;
  for (const tensor::Tensor& t : buffers) ptrs.push_back(static_cast<char*>(t.raw_data()));
  for (const EmittedKernel& k : source.kernels) {
    TcKernelFn fn = module.Find(k.name);
    if (fn == nullptr) return absl::NotFoundError(absl::StrCat("no symbol ", k.name));
    fn(ptrs.data(), &runtime.rt);
  }
  return absl::OkStatus();
}

}  // namespace tc::codegen_cpu::testing
