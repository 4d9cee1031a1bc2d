#include "tc/kernels/thread_pool.h"

#include <cblas.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "tc/support/env.h"

namespace tc::kernels {
namespace {

thread_local bool in_parallel = false;

// OpenBLAS sizes its own thread set when it loads; the pool splits GEMMs
// itself, so BLAS runs single-threaded from the start of the process, not
// only once the pool exists (a GEMM small enough to skip the pool could
// otherwise wake OpenBLAS's threads, which then yield-spin beside ours).
[[maybe_unused]] const bool kBlasSingleThreaded = [] {
  openblas_set_num_threads(1);
  return true;
}();

int ReadNumThreads() {
  for (const char* name : {"TC_NUM_THREADS", "OMP_NUM_THREADS"}) {
    auto v = support::GetEnvInt(name, 0);
    if (v.ok() && *v > 0) return static_cast<int>(std::min<int64_t>(*v, 256));
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

// How long a thread busy-waits for the next event (a new job for a worker,
// the job's last chunk for the caller) before it sleeps on a condition
// variable. Eager models run many small kernels back to back: waking a
// sleeping worker costs a futex call and tens of microseconds of scheduler
// latency per op, while a short spin catches the next op's job directly
// (ATen's OpenMP pool spins the same way). Kept short so that BLAS, other
// processes and the single-threaded stretches of a script keep the cores.
constexpr auto kSpin = std::chrono::microseconds(100);

inline void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

// Spins until `done()` or kSpin passes; true when done() held.
template <typename Pred>
bool SpinUntil(Pred done) {
  const auto deadline = std::chrono::steady_clock::now() + kSpin;
  for (;;) {
    for (int i = 0; i < 64; ++i) {
      if (done()) return true;
      CpuRelax();
    }
    if (std::chrono::steady_clock::now() >= deadline) return done();
  }
}

// A job is a chunked range; chunks are claimed with an atomic counter so
// the caller works too. Job fields change only under mu_ while no worker is
// active; generation_, pending_ and active_ are also read without the lock
// while spinning (and re-checked under it).
class Pool {
 public:
  explicit Pool(int threads) : num_threads_(threads) {
    openblas_set_num_threads(1);
    for (int i = 1; i < threads; ++i) workers_.emplace_back([this] { WorkerLoop(); });
  }
  // Leaked on purpose: workers must outlive static destructors that may
  // still run kernels.
  int num_threads() const { return num_threads_; }

  void Run(int64_t n, int64_t chunks, const std::function<void(int64_t, int64_t)>& fn) {
    std::unique_lock<std::mutex> run_lock(run_mu_);  // one job at a time
    bool wake;
    {
      std::lock_guard<std::mutex> lock(mu_);
      fn_ = &fn;
      n_ = n;
      chunks_ = chunks;
      next_.store(0, std::memory_order_relaxed);
      pending_.store(chunks, std::memory_order_relaxed);
      generation_.fetch_add(1, std::memory_order_release);
      wake = sleepers_ > 0;
    }
    // Spinning workers see the new generation without a notify.
    if (wake) cv_.notify_all();
    Work();
    // Waiting for active_ too keeps the job's fields stable while any worker
    // may still read them.
    auto finished = [this] {
      return pending_.load(std::memory_order_acquire) == 0 &&
             active_.load(std::memory_order_acquire) == 0;
    };
    SpinUntil(finished);
    std::unique_lock<std::mutex> lock(mu_);
    if (!finished()) {
      caller_waiting_ = true;
      done_cv_.wait(lock, finished);
      caller_waiting_ = false;
    }
    fn_ = nullptr;
  }

 private:
  void Work() {
    int64_t done = 0;
    for (;;) {
      int64_t c = next_.fetch_add(1, std::memory_order_relaxed);
      if (c >= chunks_) break;
      int64_t begin = n_ * c / chunks_;
      int64_t end = n_ * (c + 1) / chunks_;
      (*fn_)(begin, end);
      ++done;
    }
    if (done == 0) return;
    std::lock_guard<std::mutex> lock(mu_);
    if (pending_.fetch_sub(done, std::memory_order_acq_rel) == done && caller_waiting_) {
      done_cv_.notify_all();
    }
  }

  void WorkerLoop() {
    in_parallel = true;
    uint64_t seen = 0;
    for (;;) {
      SpinUntil([&] { return generation_.load(std::memory_order_acquire) != seen; });
      {
        std::unique_lock<std::mutex> lock(mu_);
        auto ready = [&] {
          return generation_.load(std::memory_order_relaxed) != seen && fn_ != nullptr;
        };
        if (!ready()) {
          ++sleepers_;
          cv_.wait(lock, ready);
          --sleepers_;
        }
        seen = generation_.load(std::memory_order_relaxed);
        active_.fetch_add(1, std::memory_order_relaxed);
      }
      Work();
      std::lock_guard<std::mutex> lock(mu_);
      if (active_.fetch_sub(1, std::memory_order_acq_rel) == 1 &&
          pending_.load(std::memory_order_relaxed) == 0 && caller_waiting_) {
        done_cv_.notify_all();
      }
    }
  }

  int num_threads_;
  std::vector<std::thread> workers_;
  std::mutex run_mu_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::condition_variable done_cv_;
  const std::function<void(int64_t, int64_t)>* fn_ = nullptr;
  int64_t n_ = 0;
  int64_t chunks_ = 0;
  std::atomic<int64_t> next_{0};
  std::atomic<int64_t> pending_{0};
  std::atomic<int> active_{0};
  std::atomic<uint64_t> generation_{0};
  int sleepers_ = 0;             // workers blocked on cv_ (under mu_)
  bool caller_waiting_ = false;  // the caller blocked on done_cv_ (under mu_)
};

Pool& GetPool() {
  static Pool* pool = new Pool(ReadNumThreads());
  return *pool;
}

}  // namespace

int NumThreads() { return GetPool().num_threads(); }

bool InParallelRegion() { return in_parallel; }

void ParallelFor(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& fn) {
  if (n <= 0) return;
  grain = std::max<int64_t>(grain, 1);
  if (n <= grain || in_parallel) {
    fn(0, n);
    return;
  }
  Pool& pool = GetPool();
  int64_t chunks = std::min<int64_t>(pool.num_threads(), n / grain);
  if (chunks <= 1) {
    fn(0, n);
    return;
  }
  in_parallel = true;
  pool.Run(n, chunks, fn);
  in_parallel = false;
}

}  // namespace tc::kernels
