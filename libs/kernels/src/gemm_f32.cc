// The driver of our float32 GEMM (gemm_f32.h): blocking, the shared packed
// B, and the split of C over the kernels pool.
#include "src/gemm_f32.h"

#include <algorithm>
#include <functional>

#include <hwy/aligned_allocator.h>

#include "tc/kernels/thread_pool.h"

namespace tc::kernels {
namespace {

using gemm_detail::Blocking;

// k is cut into slabs as OpenBLAS 0.3.21's level-3 driver cuts it for its
// SkylakeX sgemm (GEMM_Q = 448, GEMM_UNROLL_M = 16): within a slab both sum
// each C element as one FMA chain in k order, and slab sums are added onto
// C in order, so with the same cuts our product is OpenBLAS's bit for bit
// (sgemm_test.cc checks it) and eager's answers do not move. A 12-row strip
// of A over a slab (12 x 4 x 448 bytes = 21 KiB) stays in L1 (48 KiB here)
// while B panels stream from L2.
constexpr int64_t kKc = 448;
constexpr int64_t kSlabUnroll = 16;
// Rows of C per task: a block of C (192 x n floats) and the slab of packed
// B it multiplies stay in L2 (2 MiB per core here) across slabs.
constexpr int64_t kMc = 192;
// Under this many FLOPs the product stays on the calling thread (handing
// it to the pool costs more).
constexpr double kParallelFlops = double{1 << 21};

int64_t SlabSteps(int64_t k) { return std::min(k, kKc); }

// A 64-byte aligned scratch buffer per thread, kept between calls (freed
// when a call needed more than 16 MiB, so one huge product does not pin
// its memory).
struct Scratch {
  hwy::AlignedFreeUniquePtr<float[]> data;
  size_t size = 0;
  float* Get(size_t n) {
    if (n > size) {
      data = hwy::AllocateAligned<float>(n);
      size = n;
    }
    return data.get();
  }
  void Trim() {
    if (size > (size_t{16} << 20) / sizeof(float)) {
      data.reset();
      size = 0;
    }
  }
};

Scratch& PackedB() {
  thread_local Scratch s;
  return s;
}
Scratch& StripBuffer() {
  thread_local Scratch s;
  return s;
}

// C = beta * C or the bias (alpha == 0 or k == 0: BLAS never reads A or
// B then).
void ScaleC(const SgemmArgs& g) {
  for (int64_t i = 0; i < g.m; ++i) {
    float* c = g.c + i * g.ldc;
    if (g.bias != nullptr) {
      std::copy(g.bias, g.bias + g.n, c);
    } else if (g.beta == 0.0f) {
      std::fill(c, c + g.n, 0.0f);
    } else if (g.beta != 1.0f) {
      for (int64_t j = 0; j < g.n; ++j) c[j] *= g.beta;
    }
  }
}

// Runs fn(p0, p1) once per thread on its share of the panels (shares
// differ by at most one). ParallelFor(panels, ceil(panels / threads)) would
// run an odd count on one thread: its chunks hold at least `grain` each.
void ForPanelShares(int64_t panels, int64_t threads,
                    const std::function<void(int64_t, int64_t)>& fn) {
  ParallelFor(threads, 1, [&](int64_t t0, int64_t t1) {
    for (int64_t t = t0; t < t1; ++t) {
      const int64_t p0 = panels * t / threads, p1 = panels * (t + 1) / threads;
      if (p1 > p0) fn(p0, p1);
    }
  });
}

// A rows-done hook after a column split: C is complete, so its callers'
// epilogues run over row blocks (multiples of `align` rows) on the pool,
// one block per thread, while C is still in cache.
void RowsDoneInParallel(const SgemmRowsDone& done, int64_t m, int64_t align, int64_t threads) {
  if (threads <= 1 || m < 2 * align) {
    done.fn(0, m);
    return;
  }
  int64_t rows = (m + threads - 1) / threads;
  rows = (rows + align - 1) / align * align;
  ParallelFor((m + rows - 1) / rows, 1, [&](int64_t b0, int64_t b1) {
    for (int64_t b = b0; b < b1; ++b) done.fn(b * rows, std::min(m, (b + 1) * rows));
  });
}

}  // namespace

// OpenBLAS's driver/level3/level3.c: a full slab while two remain, then
// two halves rounded up to its unroll.
int64_t gemm_detail::SlabLength(int64_t left) {
  if (left >= 2 * kKc) return kKc;
  if (left > kKc) return (left / 2 + kSlabUnroll - 1) / kSlabUnroll * kSlabUnroll;
  return left;
}

void Sgemm(const SgemmArgs& g, const SgemmRowsDone* done) {
  if (g.m <= 0) return;
  if (g.n <= 0 || g.k <= 0 || g.alpha == 0.0f) {
    if (g.n > 0) ScaleC(g);
    if (done != nullptr) done->fn(0, g.m);
    return;
  }
  const Blocking blk{gemm_detail::PanelWidth(g.n), SlabSteps(g.k)};
  const int64_t panels = (g.n + blk.nr - 1) / blk.nr;
  const bool parallel = 2.0 * g.m * g.n * g.k >= kParallelFlops && !InParallelRegion();
  const int64_t threads = parallel ? NumThreads() : 1;
  Scratch& packed = PackedB();
  float* pb = packed.Get(static_cast<size_t>(panels * g.k * blk.nr));
  const auto strip = static_cast<size_t>(gemm_detail::MaxStripFloats(blk.kc));
  const int64_t align = done != nullptr ? std::max<int64_t>(done->align_rows, 1) : 1;
  // The threads split the columns (whole panels) when each gets several
  // panels in even shares (a rows-done hook then runs once C is complete,
  // over row blocks on the pool: RowsDoneInParallel): each packs its own panels
  // of B and multiplies them with no wait between the two, and reads only
  // B it packed itself, half of B in its own L2 (packing B in a job of its
  // own, then splitting rows over all of B, took 713 us instead of 650 at
  // 256x784x512). Each thread reads all of A, so with fewer than 4 panels
  // each A strip would come from memory too often. With few rows they split
  // columns in any case.
  const bool even_cols = panels >= 4 * threads && (panels % threads == 0 || panels >= 8 * threads);
  if (threads > 1 && panels >= threads && (g.m < 2 * threads * 12 || even_cols)) {
    // Row blocks of at most kMc rows keep C's block in L2 across slabs.
    const int64_t row_blocks = (g.m + kMc - 1) / kMc;
    const int64_t rows = (g.m + row_blocks - 1) / row_blocks;
    ForPanelShares(panels, threads, [&](int64_t p0, int64_t p1) {
      gemm_detail::PackB(g.b, g.k, g.n, blk.nr, p0, p1, pb);
      float* a_buf = StripBuffer().Get(strip);
      for (int64_t r0 = 0; r0 < g.m; r0 += rows) {
        gemm_detail::ComputeBlock(g, pb, blk, r0, std::min(g.m, r0 + rows), p0, p1, a_buf);
      }
    });
    if (done != nullptr) RowsDoneInParallel(*done, g.m, align, threads);
  } else {
    ForPanelShares(panels, threads, [&](int64_t p0, int64_t p1) {
      gemm_detail::PackB(g.b, g.k, g.n, blk.nr, p0, p1, pb);
    });
    // Row blocks of at most kMc rows, at least one per thread, starting at
    // multiples of `align`.
    int64_t blocks = std::max<int64_t>(threads, (g.m + kMc - 1) / kMc);
    blocks = (blocks + threads - 1) / threads * threads;
    int64_t rows = (g.m + blocks - 1) / blocks;
    rows = (rows + align - 1) / align * align;
    blocks = (g.m + rows - 1) / rows;
    ParallelFor(blocks, 1, [&](int64_t b0, int64_t b1) {
      float* a_buf = StripBuffer().Get(strip);
      for (int64_t b = b0; b < b1; ++b) {
        const int64_t r0 = b * rows, r1 = std::min(g.m, r0 + rows);
        gemm_detail::ComputeBlock(g, pb, blk, r0, r1, 0, panels, a_buf);
        if (done != nullptr) done->fn(r0, r1);
      }
    });
  }
  packed.Trim();
}

// benches/kernels/gemm_bench.cc (best of many runs, 2 threads): ours is
// ahead from about a megaFLOP with at least 16 rows (256x784x512 0.65 ms vs
// OpenBLAS's row panels 1.64 ms, 256x512x10 37 us vs 52, 1024^3 19.4 ms vs
// 28.0); with few rows packing B costs as much as the product (7x3000x17:
// 20 us vs 11), and below that (33x100x65, the GPT zoo model's attention
// bmm batches of 64x16x64) the two are within the noise. The cut at
// m * n * k > 100^3 is also where OpenBLAS leaves its small-matrix kernels
// (their own sum order) for the level-3 driver whose order ours repeats:
// every product that switched to ours keeps OpenBLAS's bits.
bool SgemmPreferred(int64_t m, int64_t n, int64_t k) {
  return m >= 16 && static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k) > 1e6;
}

}  // namespace tc::kernels
