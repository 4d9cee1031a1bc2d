// GEMM throughput at the GELU MLP's shapes (256x784 @ 784x512 and
// 256x512 @ 512x10, the "Linear, GELU, Linear") and a few others
// (7x3000x17, 33x100x65, 1024^3): our own sgemm (tc/kernels/sgemm.h) on
// the pool, and OpenBLAS's sgemm alone on one thread, split over the kernels pool's two threads by
// rows (two panels of 128 rows, each packing all of the weight) or by columns (each thread packs
// half of the weight), OpenBLAS's own threads, and the eager linear kernel. Each reports GFLOP/s
// and `peak`, the fraction of this machine's FMA peak with the same thread count (BM_FmaPeak
// measures it: 12 independent chains of AVX-512 FMAs per thread).
#include <cblas.h>
#include <immintrin.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include <benchmark/benchmark.h>

#include "tc/kernels/caching_allocator.h"
#include "tc/kernels/eager.h"
#include "tc/kernels/sgemm.h"
#include "tc/kernels/thread_pool.h"
#include "tc/tensor/tensor.h"

namespace tc::kernels {
namespace {

using tensor::DType;
using tensor::Shape;

// FLOPs one thread does in FmaLoop(iterations): 12 chains x 16 lanes x 2.
constexpr double kFlopsPerIteration = 12 * 16 * 2;

__attribute__((target("avx512f,fma"))) float FmaLoop(int64_t iterations) {
  __m512 acc[12];
  for (int i = 0; i < 12; ++i) acc[i] = _mm512_set1_ps(1.0f + static_cast<float>(i) * 1e-7f);
  const __m512 b = _mm512_set1_ps(0.9999999f), c = _mm512_set1_ps(1e-7f);
  for (int64_t it = 0; it < iterations; ++it) {
#pragma GCC unroll 12
    for (int i = 0; i < 12; ++i) acc[i] = _mm512_fmadd_ps(acc[i], b, c);
  }
  alignas(64) float lanes[16];
  float s = 0;
  for (int i = 0; i < 12; ++i) {
    _mm512_store_ps(lanes, acc[i]);
    s += lanes[0];
  }
  return s;
}

// GFLOP/s of `threads` pool threads each running FmaLoop (best of 5).
double FmaPeak(int threads) {
  constexpr int64_t kIterations = 2'000'000;
  double best = 0;
  for (int rep = 0; rep < 5; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    ParallelFor(threads, 1, [](int64_t b, int64_t e) {
      for (int64_t i = b; i < e; ++i) benchmark::DoNotOptimize(FmaLoop(kIterations));
    });
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    best = std::max(best, threads * kIterations * kFlopsPerIteration / s / 1e9);
  }
  return best;
}

// The FMA peak of `threads` threads: threads x one thread's, or what they
// measured together if more (on a shared machine, a neighbour's build
// would otherwise lower the all-thread figure and flatter the fractions).
double PeakFor(int threads) {
  static const double one = FmaPeak(1);
  static const double all = FmaPeak(NumThreads());
  return threads == 1 ? one : std::max(all, one * NumThreads());
}

void BM_FmaPeak(benchmark::State& state) {
  const int threads = state.range(0) == 1 ? 1 : NumThreads();
  double gflops = 0;
  for (auto _ : state) gflops = FmaPeak(threads);
  state.counters["GFLOPs"] = gflops;
}
BENCHMARK(BM_FmaPeak)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->Iterations(3);

struct Shape3 {
  int n, k, m;
};
const Shape3 kShapes[] = {
    {256, 784, 512}, {256, 512, 10}, {7, 3000, 17}, {33, 100, 65}, {1024, 1024, 1024}};

// Runs `fn` per iteration and reports GFLOP/s of the fastest iteration
// (noisy neighbours on a shared machine only ever slow a run down) and
// `peak`, that rate over the FMA peak of `threads` threads.
template <typename Fn>
void Measure(benchmark::State& state, const Shape3& s, int threads, Fn fn) {
  const double flops = 2.0 * s.n * s.k * s.m;
  double best = 1e30;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    best = std::min(best,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  const double gflops = flops / best / 1e9;
  state.counters["best_us"] = best * 1e6;
  state.counters["GFLOPs"] = gflops;
  state.counters["peak"] = gflops / PeakFor(threads);
}

struct Operands {
  explicit Operands(const Shape3& s) : x(s.n * s.k), w(s.m * s.k), out(s.n * s.m) {
    for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>((i * 7919) % 1000) / 500 - 1;
    for (size_t i = 0; i < w.size(); ++i) w[i] = static_cast<float>((i * 104729) % 1000) / 5e4f;
  }
  std::vector<float> x, w, out;
};

// out[r0:r1, c0:c1] = x[r0:r1] @ w[c0:c1]^T (linear's layout: w is [m, k]).
void Sgemm(const Shape3& s, Operands& o, int64_t r0, int64_t r1, int64_t c0, int64_t c1) {
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, static_cast<int>(r1 - r0),
              static_cast<int>(c1 - c0), s.k, 1.0f, o.x.data() + r0 * s.k, s.k,
              o.w.data() + c0 * s.k, s.k, 0.0f, o.out.data() + r0 * s.m + c0, s.m);
}

// range(0): the shape; range(1): 0 one thread, 1 pool row panels, 2 pool
// column panels (multiples of 16 columns), 3 OpenBLAS's own threads, 4 our
// own sgemm on the pool.
void BM_Sgemm(benchmark::State& state) {
  const Shape3 s = kShapes[state.range(0)];
  Operands o(s);
  const int mode = static_cast<int>(state.range(1));
  const int threads = mode == 0 ? 1 : NumThreads();
  const char* names[] = {"1 thread", "pool rows", "pool cols", "openblas threads", "tc sgemm"};
  state.SetLabel(names[mode]);
  if (mode == 3) openblas_set_num_threads(threads);
  Measure(state, s, threads, [&] {
    switch (mode) {
      case 0:
        Sgemm(s, o, 0, s.n, 0, s.m);
        break;
      case 1:
        ParallelFor(threads, 1, [&](int64_t b, int64_t e) {
          for (int64_t p = b; p < e; ++p) {
            Sgemm(s, o, s.n * p / threads, s.n * (p + 1) / threads, 0, s.m);
          }
        });
        break;
      case 2:
        ParallelFor(threads, 1, [&](int64_t b, int64_t e) {
          for (int64_t p = b; p < e; ++p) {
            const auto col = [&](int64_t q) {
              return std::min<int64_t>(s.m, (s.m * q / threads + 15) / 16 * 16);
            };
            if (col(p + 1) > col(p)) Sgemm(s, o, 0, s.n, col(p), col(p + 1));
          }
        });
        break;
      case 3:
        Sgemm(s, o, 0, s.n, 0, s.m);
        break;
      default:
        kernels::Sgemm({s.n, s.m, s.k, 1.0f, GemmMat{o.x.data(), s.k, 1},
                        GemmMat{o.w.data(), 1, s.k}, 0.0f, o.out.data(), s.m});
    }
  });
  if (mode == 3) openblas_set_num_threads(1);
}
BENCHMARK(BM_Sgemm)
    ->ArgsProduct({{0, 1, 2, 3, 4}, {0, 1, 2, 3, 4}})
    ->Unit(benchmark::kMicrosecond)
    ->MinTime(0.3);

// The eager linear kernel (bias written first, BLAS adds the product).
void BM_Linear(benchmark::State& state) {
  InstallCachingAllocator();
  const Shape3 s = kShapes[state.range(0)];
  Operands o(s);
  Tensor x = Tensor::Empty(Shape{s.n, s.k}, DType::kFloat32);
  Tensor w = Tensor::Empty(Shape{s.m, s.k}, DType::kFloat32);
  Tensor b = Tensor::Empty(Shape{s.m}, DType::kFloat32);
  std::copy(o.x.begin(), o.x.end(), x.data<float>());
  std::copy(o.w.begin(), o.w.end(), w.data<float>());
  std::fill(b.data<float>(), b.data<float>() + s.m, 0.5f);
  Measure(state, s, NumThreads(), [&] {
    auto r = Call("linear", {x, w, b});
    benchmark::DoNotOptimize(r);
  });
}
BENCHMARK(BM_Linear)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond)->MinTime(0.3);

// The GPT zoo model's attention products: bmm [16, 64, 16] x [16, 16, 64]
// (q @ k^T, range(0) 0) and [16, 64, 64] x [16, 64, 16] (p @ v, 1); the
// eager bmm kernel (range(1) 0) against OpenBLAS (1) and our sgemm (2)
// per batch over the pool.
void BM_Bmm(benchmark::State& state) {
  InstallCachingAllocator();
  const bool qk = state.range(0) == 0;
  const int64_t batch = 16, n = 64, k = qk ? 16 : 64, m = qk ? 64 : 16;
  Operands o({static_cast<int>(batch * n), static_cast<int>(k), static_cast<int>(batch * m)});
  Tensor a = Tensor::Empty(Shape{batch, n, k}, DType::kFloat32);
  Tensor b = Tensor::Empty(Shape{batch, k, m}, DType::kFloat32);
  std::copy(o.x.begin(), o.x.end(), a.data<float>());
  std::copy(o.w.begin(), o.w.end(), b.data<float>());
  std::vector<float> out(batch * n * m);
  const int64_t mode = state.range(1);
  const char* names[] = {"eager bmm", "openblas per batch", "tc sgemm per batch"};
  state.SetLabel(names[mode]);
  Measure(state, {static_cast<int>(batch * n), static_cast<int>(k), static_cast<int>(m)},
          NumThreads(), [&] {
            if (mode == 0) {
              auto r = Call("bmm", {a, b});
              benchmark::DoNotOptimize(r);
              return;
            }
            ParallelFor(batch, 1, [&](int64_t b0, int64_t b1) {
              for (int64_t bi = b0; bi < b1; ++bi) {
                if (mode == 2) {
                  kernels::Sgemm({n, m, k, 1.0f, GemmMat{a.data<float>() + bi * n * k, k, 1},
                                  GemmMat{b.data<float>() + bi * k * m, m, 1}, 0.0f,
                                  out.data() + bi * n * m, m});
                  continue;
                }
                cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, m, k, 1.0f,
                            a.data<float>() + bi * n * k, k, b.data<float>() + bi * k * m, m, 0.0f,
                            out.data() + bi * n * m, m);
              }
            });
          });
}
BENCHMARK(BM_Bmm)->ArgsProduct({{0, 1}, {0, 1, 2}})->Unit(benchmark::kMicrosecond)->MinTime(0.3);

}  // namespace
}  // namespace tc::kernels
