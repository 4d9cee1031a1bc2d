// The fused scaled_dot_product_attention kernel, flash-attention style: for
// each (batch x head, block of query rows) the keys are visited in blocks;
// a block's scores (Q_blk K_blk^T, through BLAS) are scaled, masked and
// folded into a running row max and row sum (online softmax), and the
// output accumulator is rescaled and gains P_blk V_blk (BLAS again). No
// score matrix larger than one block ever exists. Tasks run on the shared
// pool. float32/float64 compute in their own type; float16/bfloat16 in
// float32, rounded once at the end. Rows whose every key is masked out come
// out as zeros, as ATen's CPU kernel gives them.
#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"

#include "src/attention_simd.h"
#include "src/copy.h"
#include "src/families.h"
#include "src/kernel.h"
#include "src/norm_simd.h"
#include "src/simd.h"

namespace tc::kernels {
namespace {

constexpr int64_t kQueryBlock = 64;
constexpr int64_t kKeyBlock = 512;

template <typename T>
void Gemm(bool trans_b, int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b,
          int64_t ldb, T beta, T* c, int64_t ldc) {
  const auto tb = trans_b ? CblasTrans : CblasNoTrans;
  // BLAS rejects leading dimensions below 1 (an empty head dim).
  lda = std::max<int64_t>(lda, 1);
  ldb = std::max<int64_t>(ldb, 1);
  if constexpr (std::is_same_v<T, float>) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, tb, static_cast<int>(m), static_cast<int>(n),
                static_cast<int>(k), 1.0f, a, static_cast<int>(lda), b, static_cast<int>(ldb), beta,
                c, static_cast<int>(ldc));
  } else {
    cblas_dgemm(CblasRowMajor, CblasNoTrans, tb, static_cast<int>(m), static_cast<int>(n),
                static_cast<int>(k), 1.0, a, static_cast<int>(lda), b, static_cast<int>(ldb), beta,
                c, static_cast<int>(ldc));
  }
}

// Everything a task needs: the inputs (rows of unit-stride elements, `*_rs`
// elements apart, so the head views of a fused qkv projection are read in
// place), the element offset of each output batch's matrix in each input,
// and the additive mask (its own contiguous tensor, read through broadcast
// strides over [L, S]).
template <typename T>
struct Problem {
  const T *q, *k, *v, *mask;
  T* out;
  int64_t l, s, e, ev;
  int64_t q_rs, k_rs, v_rs;
  std::vector<int64_t> q_off, k_off, v_off, m_off;
  int64_t m_ls = 0, m_ss = 0;
  bool causal;
  T scale;
};

// Per-thread scratch: the scaled query block, the block's scores (rows of
// `key_block` = min(kKeyBlock, S) columns, so short sequences do not clear
// a full-size block per task) and the running statistics.
template <typename T>
struct Scratch {
  int64_t key_block;
  // OnlineSoftmaxRows reads whole vectors past a row's end.
  static constexpr int64_t kPad = 64;
  std::vector<T> q, scores, acc, row_max, row_sum, block_max, block_sum;
  Scratch(int64_t e, int64_t ev, int64_t s)
      : key_block(std::max<int64_t>(1, std::min(kKeyBlock, s))),
        q(kQueryBlock * e),
        scores(kQueryBlock * key_block + kPad),
        acc(kQueryBlock * ev),
        row_max(kQueryBlock),
        row_sum(kQueryBlock),
        block_max(kQueryBlock),
        block_sum(kQueryBlock) {}
};

// Applies the mask (causal or additive) to the block's scores.
template <typename T>
void MaskBlock(const Problem<T>& p, int64_t b, int64_t r0, int64_t rows, int64_t c0, int64_t cols,
               T* sc, int64_t ldsc) {
  constexpr T kNegInf = -std::numeric_limits<T>::infinity();
  for (int64_t r = 0; r < rows; ++r) {
    T* row = sc + r * ldsc;
    if (p.mask != nullptr) {
      const T* m = p.mask + p.m_off[b] + (r0 + r) * p.m_ls + c0 * p.m_ss;
      for (int64_t c = 0; c < cols; ++c) row[c] += m[c * p.m_ss];
    }
    if (p.causal) {
      // Upper-left aligned: query i sees keys j <= i.
      for (int64_t c = std::max<int64_t>(0, r0 + r + 1 - c0); c < cols; ++c) row[c] = kNegInf;
    }
  }
}

// One task: query rows [r0, r0 + rows) of output batch b.
template <typename T>
void AttendBlock(const Problem<T>& p, int64_t b, int64_t r0, int64_t rows, Scratch<T>& w) {
  constexpr T kNegInf = -std::numeric_limits<T>::infinity();
  // The scale goes into the query block once (rows x E), not into every
  // block of scores (rows x S).
  const T* q = w.q.data();
  const T* q_in = p.q + p.q_off[b] + r0 * p.q_rs;
  if (p.q_rs == p.e) {
    simd::ScaleShift(q_in, p.scale, T(0), w.q.data(), rows * p.e);
  } else {
    for (int64_t r = 0; r < rows; ++r) {
      simd::ScaleShift(q_in + r * p.q_rs, p.scale, T(0), w.q.data() + r * p.e, p.e);
    }
  }
  const T* k = p.k + p.k_off[b];
  const T* v = p.v + p.v_off[b];
  std::fill(w.acc.begin(), w.acc.begin() + rows * p.ev, T(0));
  std::fill(w.row_max.begin(), w.row_max.end(), kNegInf);
  std::fill(w.row_sum.begin(), w.row_sum.end(), T(0));
  // Causal: keys past the block's last query row are all masked.
  const int64_t s_end = p.causal ? std::min(p.s, r0 + rows) : p.s;
  const int64_t ld = w.key_block;
  for (int64_t c0 = 0; c0 < s_end; c0 += ld) {
    const int64_t cols = std::min(ld, s_end - c0);
    T* sc = w.scores.data();
    Gemm<T>(true, rows, cols, p.e, q, p.e, k + c0 * p.k_rs, p.k_rs, T(0), sc, ld);
    MaskBlock(p, b, r0, rows, c0, cols, sc, ld);
    // Causal: row r sees keys [0, r0 + r + 1 - c0) of the block.
    const int64_t first_visible = p.causal ? r0 + 1 - c0 : cols;
    if constexpr (std::is_same_v<T, float>) {
      // One call for the block's rows: the per-row passes below cost more
      // in calls than in arithmetic at short sequence lengths.
      simd::OnlineSoftmaxRows(sc, ld, rows, cols, first_visible, w.row_max.data(),
                              w.block_max.data(), w.block_sum.data());
    }
    for (int64_t r = 0; r < rows; ++r) {
      T* row = sc + r * ld;
      // Causal: the keys past the row's own position are -inf; only the
      // visible prefix goes through exp (-inf lanes would take libm's
      // scalar path), the rest is 0.
      T m_new, sum;
      if constexpr (std::is_same_v<T, float>) {
        m_new = w.block_max[r];
        sum = w.block_sum[r];
        if (m_new == kNegInf) continue;  // every key so far is masked
      } else {
        const int64_t visible = std::clamp<int64_t>(first_visible + r, 0, cols);
        const T bmax = visible > 0 ? simd::MaxMin(row, visible, /*is_max=*/true) : kNegInf;
        m_new = std::max(w.row_max[r], bmax);
        if (m_new == kNegInf) {
          // Every key so far is masked: nothing to add.
          std::fill(row, row + cols, T(0));
          continue;
        }
        sum = static_cast<T>(simd::ExpShifted(row, m_new, row, visible));
        std::fill(row + visible, row + cols, T(0));
      }
      if (w.row_max[r] == kNegInf) {
        // First visible block of the row: the accumulator is still zero.
        w.row_sum[r] = sum;
      } else {
        const T correction = std::exp(w.row_max[r] - m_new);
        w.row_sum[r] = w.row_sum[r] * correction + sum;
        if (correction != T(1)) {
          T* acc = w.acc.data() + r * p.ev;
          simd::ScaleShift(acc, correction, T(0), acc, p.ev);
        }
      }
      w.row_max[r] = m_new;
    }
    Gemm<T>(false, rows, p.ev, cols, sc, ld, v + c0 * p.v_rs, p.v_rs, T(1), w.acc.data(), p.ev);
  }
  T* out = p.out + (b * p.l + r0) * p.ev;
  for (int64_t r = 0; r < rows; ++r) {
    const T sum = w.row_sum[r];
    const T inv = sum > T(0) ? T(1) / sum : T(0);
    simd::ScaleShift(w.acc.data() + r * p.ev, inv, T(0), out + r * p.ev, p.ev);
  }
}

// The element offset of output batch `b`'s matrix in an input of sizes
// `in` and `strides` (batch dims right-aligned with `batch`; size-1 dims
// broadcast; the heads dim divided by `group` for grouped-query attention).
std::vector<int64_t> BatchOffsets(const Shape& batch, IntSpan in, IntSpan strides, int64_t group) {
  const int64_t nb = tensor::Numel(batch);
  const int64_t rank = static_cast<int64_t>(batch.size());
  const int64_t in_batch = static_cast<int64_t>(in.size()) - 2;
  std::vector<int64_t> off(nb, 0);
  for (int64_t b = 0; b < nb; ++b) {
    int64_t rem = b, o = 0;
    for (int64_t d = rank - 1; d >= 0; --d) {
      const int64_t i = rem % batch[d];
      rem /= batch[d];
      const int64_t id = d - (rank - in_batch);
      if (id < 0 || in[id] == 1) continue;
      o += (d == rank - 1 && group > 1 ? i / group : i) * strides[id];
    }
    off[b] = o;
  }
  return off;
}

template <typename T>
absl::Status RunAttention(std::span<const KernelArg> args, const Tensor& out_t, DType ct) {
  // Inputs whose rows BLAS can read (unit-stride elements, rows at least a
  // row apart) are used in place; others are copied contiguous.
  auto rows_of = [&](const Tensor& arg) {
    Tensor t = ToDType(arg, ct);
    const int64_t d = t.dim();
    const bool unit = t.size(d - 1) <= 1 || t.stride(d - 1) == 1;
    const bool apart = t.size(d - 2) <= 1 || t.stride(d - 2) >= std::max<int64_t>(1, t.size(d - 1));
    return unit && apart ? t : Contiguous(t);
  };
  const Tensor q = rows_of(TensorArg(args, 0));
  const Tensor k = rows_of(TensorArg(args, 1));
  const Tensor v = rows_of(TensorArg(args, 2));
  const bool is_fp = out_t.dtype() == ct;
  Tensor out = is_fp ? out_t : Tensor::Empty(out_t.sizes(), ct);
  Problem<T> p;
  p.q = q.data<T>();
  p.k = k.data<T>();
  p.v = v.data<T>();
  p.out = out.data<T>();
  p.l = q.size(q.dim() - 2);
  p.e = q.size(q.dim() - 1);
  p.s = k.size(k.dim() - 2);
  p.ev = v.size(v.dim() - 1);
  p.causal = BoolArg(args, 4);
  p.scale = IsNone(args, 5) ? static_cast<T>(1.0 / std::sqrt(static_cast<double>(p.e)))
                            : static_cast<T>(ScalarArg(args, 5).to_double());
  const Shape batch(out.sizes().begin(), out.sizes().end() - 2);
  const int64_t nb = tensor::Numel(batch);
  auto group = [&](const Tensor& t) {
    if (!BoolArg(args, 6) || batch.empty() || t.dim() < 3) return int64_t{1};
    return batch.back() / t.size(t.dim() - 3);
  };
  // A row stride for BLAS: any value >= the row length serves a single row.
  auto row_stride = [](const Tensor& t) {
    const int64_t d = t.dim();
    return t.size(d - 2) <= 1 ? std::max<int64_t>(1, t.size(d - 1)) : t.stride(d - 2);
  };
  p.q_rs = row_stride(q);
  p.k_rs = row_stride(k);
  p.v_rs = row_stride(v);
  p.q_off = BatchOffsets(batch, q.sizes(), q.strides(), 1);
  p.k_off = BatchOffsets(batch, k.sizes(), k.strides(), group(k));
  p.v_off = BatchOffsets(batch, v.sizes(), v.strides(), group(v));
  Tensor mask;
  p.mask = nullptr;
  if (!IsNone(args, 3)) {
    const Tensor& m = TensorArg(args, 3);
    if (m.dtype() == DType::kBool) {
      // True takes part: 0; False: -inf.
      const Tensor mb = Contiguous(m);
      mask = Tensor::Empty(m.sizes(), ct);
      for (int64_t i = 0; i < m.numel(); ++i) {
        mask.data<T>()[i] = mb.data<bool>()[i] ? T(0) : -std::numeric_limits<T>::infinity();
      }
    } else {
      mask = Contiguous(ToDType(m, ct));
    }
    Shape ms(mask.sizes().begin(), mask.sizes().end());
    while (ms.size() < 2) ms.insert(ms.begin(), 1);
    const Shape mst = tensor::ContiguousStrides(ms);
    p.m_ls = ms[ms.size() - 2] == 1 ? 0 : mst[ms.size() - 2];
    p.m_ss = ms.back() == 1 ? 0 : mst.back();
    p.m_off = BatchOffsets(batch, ms, mst, 1);
    p.mask = mask.data<T>();
  }
  const int64_t qblocks = (p.l + kQueryBlock - 1) / kQueryBlock;
  const int64_t tasks = nb * qblocks;
  // About 2 * L * S * (E + Ev) flops a batch; small problems stay inline.
  const double flops_per_task = 2.0 * std::min(p.l, kQueryBlock) * p.s * (p.e + p.ev);
  const int64_t grain = std::max<int64_t>(1, static_cast<int64_t>(1e6 / (flops_per_task + 1)));
  if (p.l > 0 && p.ev > 0) {
    ParallelFor(tasks, grain, [&](int64_t t0, int64_t t1) {
      Scratch<T> w(p.e, p.ev, p.s);
      for (int64_t t = t0; t < t1; ++t) {
        const int64_t b = t / qblocks, r0 = (t % qblocks) * kQueryBlock;
        AttendBlock(p, b, r0, std::min(kQueryBlock, p.l - r0), w);
      }
    });
  }
  if (!is_fp) CopyCast(out, out_t);
  return absl::OkStatus();
}

absl::Status AttentionKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                             std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  if (out.numel() == 0) return absl::OkStatus();
  if (TensorArg(args, 1).size(TensorArg(args, 1).dim() - 2) == 0) {
    // No keys: every row is fully masked.
    CopyCast(Tensor::Zeros(Shape{}, out.dtype()), out);
    return absl::OkStatus();
  }
  if (out.dtype() == DType::kFloat64) return RunAttention<double>(args, out, DType::kFloat64);
  return RunAttention<float>(args, out, DType::kFloat32);
}

}  // namespace

KernelFn FindAttentionKernel(std::string_view name) {
  if (name == "scaled_dot_product_attention") return AttentionKernel;
  return nullptr;
}

}  // namespace tc::kernels
