#include "tc/kernels/thread_pool.h"

#include <cblas.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "tc/support/env.h"

namespace tc::kernels {
namespace {

thread_local bool in_parallel = false;

int ReadNumThreads() {
  for (const char* name : {"TC_NUM_THREADS", "OMP_NUM_THREADS"}) {
    auto v = support::GetEnvInt(name, 0);
    if (v.ok() && *v > 0) return static_cast<int>(std::min<int64_t>(*v, 256));
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

// Workers sleep on a condition variable between jobs (no spinning, so BLAS
// and other processes keep the cores). A job is a chunked range; chunks are
// claimed with an atomic counter so the caller works too.
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
    {
      std::lock_guard<std::mutex> lock(mu_);
      fn_ = &fn;
      n_ = n;
      chunks_ = chunks;
      next_.store(0, std::memory_order_relaxed);
      pending_ = chunks;
      ++generation_;
    }
    cv_.notify_all();
    Work();
    std::unique_lock<std::mutex> lock(mu_);
    // Waiting for active_ too keeps the job's fields stable while any worker
    // may still read them.
    done_cv_.wait(lock, [this] { return pending_ == 0 && active_ == 0; });
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
    std::lock_guard<std::mutex> lock(mu_);
    pending_ -= done;
    if (pending_ == 0) done_cv_.notify_all();
  }

  void WorkerLoop() {
    in_parallel = true;
    uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [&] { return generation_ != seen && fn_ != nullptr; });
        seen = generation_;
        ++active_;
      }
      Work();
      std::lock_guard<std::mutex> lock(mu_);
      if (--active_ == 0 && pending_ == 0) done_cv_.notify_all();
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
  int64_t pending_ = 0;
  int active_ = 0;
  uint64_t generation_ = 0;
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
