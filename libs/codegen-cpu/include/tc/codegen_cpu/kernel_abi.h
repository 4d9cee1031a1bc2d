// The calling convention between the host and generated kernels. A
// generated shared object does not link libtc: everything it needs from
// the host comes through KernelRuntime's function pointers, and each
// kernel is `extern "C" void NAME(char* const* buffers, const
// KernelRuntime* runtime)`, where buffers[b] points at buffer b's element
// at offset 0 (its Buffer::offset already applied). The emitter writes the
// same declarations into every translation unit (emit.cc keeps the text);
// kAbiVersion is part of the cache key, so changing this file changes it.
#ifndef TC_CODEGEN_CPU_KERNEL_ABI_H_
#define TC_CODEGEN_CPU_KERNEL_ABI_H_

#include <cstdint>

namespace tc::codegen_cpu {

inline constexpr int kAbiVersion = 3;

extern "C" {
// Runs body(context, begin, end) over [0, n) in chunks of at least `grain`
// on the kernels library's thread pool (inline when small or nested).
typedef void (*TcParallelBody)(void* context, int64_t begin, int64_t end);
typedef void (*TcParallelFor)(int64_t n, int64_t grain, TcParallelBody body, void* context);

struct KernelRuntime {
  TcParallelFor parallel_for;  // null: the kernel runs serially
  int num_threads;
  // Set to 1 by a kernel that divided an integer by zero (eager's kernels
  // fail with "ZeroDivisionError" there); the host zeroes it before the
  // call and turns it into that error after. May be null (not reported).
  int* error;
};

typedef void (*TcKernelFn)(char* const* buffers, const KernelRuntime* runtime);

// A GEMM epilogue: the Pointwise members of a Kernel that starts with a
// linear/mm/bmm/matmul Extern, computed for the rows [row_begin, row_end)
// of the extern's output (its leading dims flattened; row_end at most the
// row count). The host calls it on each panel of rows right after the
// GEMM computed it (kernels' gemm_panels.h), or once over all rows.
typedef void (*TcEpilogueFn)(char* const* buffers, const KernelRuntime* runtime, int64_t row_begin,
                             int64_t row_end);
}

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_KERNEL_ABI_H_
