// The host side of kernel_abi.h: the KernelRuntime every generated kernel
// is called with. Its parallel_for runs on the kernels library's thread
// pool (the one pool BLAS and eager kernels share, so generated code never
// starts threads of its own).
#ifndef TC_CODEGEN_CPU_KERNEL_RUNTIME_H_
#define TC_CODEGEN_CPU_KERNEL_RUNTIME_H_

#include "tc/codegen_cpu/kernel_abi.h"

namespace tc::codegen_cpu {

// The process's runtime: parallel_for splits [0, n) into chunks of at least
// `grain` on the kernels thread pool, running inline when n <= grain, when
// the pool has one thread, or when already inside a pool job (a kernel
// called from a parallel region); num_threads is the pool's thread count.
const KernelRuntime& HostRuntime();

// HostRuntime() with generated kernels' parallel loops on at most `threads`
// threads, the caller included (torch._inductor.config.cpp.threads): 1 runs
// every loop inline (no parallel_for), N > 1 splits a loop into at most N
// chunks, so at most N threads work on it; N < 1 or above the pool's thread
// count: HostRuntime().
KernelRuntime LimitedRuntime(int threads);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_KERNEL_RUNTIME_H_
