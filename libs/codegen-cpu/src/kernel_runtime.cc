// HostRuntime: generated kernels' parallel loops on the kernels thread pool.
#include "tc/codegen_cpu/kernel_runtime.h"

#include <algorithm>

#include "tc/kernels/thread_pool.h"

namespace tc::codegen_cpu {
namespace {

void PoolParallelFor(int64_t n, int64_t grain, TcParallelBody body, void* context) {
  if (n <= 0) return;
  if (grain < 1) grain = 1;
  // The inline cases first: no std::function is built for a loop that runs
  // on this thread anyway (most small kernels).
  if (n <= grain || kernels::InParallelRegion() || kernels::NumThreads() <= 1) {
    body(context, 0, n);
    return;
  }
  kernels::ParallelFor(n, grain, [body, context](int64_t begin, int64_t end) {
    if (begin < end) body(context, begin, end);
  });
}

// Chunks a loop of LimitedParallelFor may be split into, per calling
// thread: the ABI's parallel_for has no argument for it, and a generated
// kernel calls it on the thread that runs the kernel.
thread_local int max_chunks = 0;

void LimitedParallelFor(int64_t n, int64_t grain, TcParallelBody body, void* context) {
  if (max_chunks > 0 && n > 0) grain = std::max<int64_t>(grain, (n + max_chunks - 1) / max_chunks);
  PoolParallelFor(n, grain, body, context);
}

}  // namespace

KernelRuntime LimitedRuntime(int threads) {
  if (threads < 1 || threads >= kernels::NumThreads()) return HostRuntime();
  max_chunks = threads;
  return KernelRuntime{threads == 1 ? nullptr : &LimitedParallelFor, threads, nullptr};
}

const KernelRuntime& HostRuntime() {
  static const KernelRuntime runtime{&PoolParallelFor, kernels::NumThreads(), nullptr};
  return runtime;
}

}  // namespace tc::codegen_cpu
