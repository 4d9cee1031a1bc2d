// The one process-wide thread pool shared by every kernel and by BLAS.
//
// OpenBLAS is forced to one thread and GEMMs are split into row panels here,
// so exactly one set of worker threads exists: two pools spinning on the same
// few cores made a small MLP step several times slower.
#ifndef TC_KERNELS_THREAD_POOL_H_
#define TC_KERNELS_THREAD_POOL_H_

#include <cstdint>
#include <functional>

namespace tc::kernels {

// Threads the pool uses, the caller included: TC_NUM_THREADS, else
// OMP_NUM_THREADS, else the hardware concurrency.
int NumThreads();

// Runs fn(begin, end) over disjoint chunks covering [0, n). Inline on the
// calling thread when n <= grain, when there is one thread, or when called
// from inside another ParallelFor (no nested oversubscription). Each chunk
// holds at least `grain` elements.
void ParallelFor(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& fn);

// True on a pool worker, or on a caller while it runs a ParallelFor.
bool InParallelRegion();

}  // namespace tc::kernels

#endif  // TC_KERNELS_THREAD_POOL_H_
