// mm, bmm and matmul. float32 goes through our own GEMM
// (tc/kernels/sgemm.h) where it beats OpenBLAS; float64 and the other
// float32 shapes through OpenBLAS (one thread; our pool splits C into row
// panels), other dtypes through a plain loop with a
// float accumulator for 16-bit floats and wrapping integer arithmetic.
#include <cblas.h>

#include <vector>

#include "tc/kernels/sgemm.h"
#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"

#include "src/alloc_check.h"
#include "src/compute.h"
#include "src/copy.h"
#include "src/families.h"
#include "src/gemm_panels.h"
#include "src/kernel.h"

namespace tc::kernels {
namespace {

// One matrix operand: element (i, j) at data + i * rs + j * cs (elements).
struct Mat {
  const char* data;
  int64_t rs, cs;
};

// Rows of C per task: one panel per thread for large products (BLAS is
// fastest on big panels), one panel when the product is small.
int64_t RowGrain(int64_t n, int64_t k, int64_t m) {
  const int64_t flops = 2 * n * k * m;
  if (flops < (int64_t{1} << 21)) return std::max<int64_t>(n, 1);
  const int64_t panels = std::min<int64_t>(NumThreads(), std::max<int64_t>(1, n / 16));
  return std::max<int64_t>(1, (n + panels - 1) / panels);
}

template <typename T>
void BlasGemm(int64_t n, int64_t k, int64_t m, Mat a, Mat b, T* c, int64_t r0, int64_t r1) {
  // BLAS needs unit stride in one dim of each operand (checked by caller).
  const bool a_row = a.cs == 1;
  const bool b_row = b.cs == 1;
  const int64_t lda = a_row ? a.rs : a.cs;
  const int64_t ldb = b_row ? b.rs : b.cs;
  const T* ap = reinterpret_cast<const T*>(a.data) + r0 * a.rs;
  const T* bp = reinterpret_cast<const T*>(b.data);
  const auto ta = a_row ? CblasNoTrans : CblasTrans;
  const auto tb = b_row ? CblasNoTrans : CblasTrans;
  const int rows = static_cast<int>(r1 - r0);
  (void)n;
  if constexpr (std::is_same_v<T, float>) {
    cblas_sgemm(CblasRowMajor, ta, tb, rows, static_cast<int>(m), static_cast<int>(k), 1.0f, ap,
                static_cast<int>(lda), bp, static_cast<int>(ldb), 0.0f, c + r0 * m,
                static_cast<int>(m));
  } else {
    cblas_dgemm(CblasRowMajor, ta, tb, rows, static_cast<int>(m), static_cast<int>(k), 1.0, ap,
                static_cast<int>(lda), bp, static_cast<int>(ldb), 0.0, c + r0 * m,
                static_cast<int>(m));
  }
}

template <typename T>
void LoopGemm(int64_t k, int64_t m, Mat a, Mat b, T* c, int64_t r0, int64_t r1) {
  using C = std::conditional_t<std::is_same_v<T, bool>, bool, Acc<T>>;
  const T* ap = reinterpret_cast<const T*>(a.data);
  const T* bp = reinterpret_cast<const T*>(b.data);
  std::vector<C> row(m);
  for (int64_t i = r0; i < r1; ++i) {
    std::fill(row.begin(), row.end(), C(0));
    for (int64_t p = 0; p < k; ++p) {
      const C av = static_cast<C>(ap[i * a.rs + p * a.cs]);
      for (int64_t j = 0; j < m; ++j) {
        const C bv = static_cast<C>(bp[p * b.rs + j * b.cs]);
        if constexpr (std::is_same_v<C, bool>) {
          row[j] = row[j] || (av && bv);
        } else {
          row[j] = WrapAdd(row[j], WrapMul(av, bv));
        }
      }
    }
    for (int64_t j = 0; j < m; ++j) c[i * m + j] = static_cast<T>(row[j]);
  }
}

bool BlasLayoutOk(const Mat& x, int64_t rows, int64_t cols) {
  return (x.cs == 1 && x.rs >= std::max<int64_t>(1, cols)) ||
         (x.rs == 1 && x.cs >= std::max<int64_t>(1, rows));
}

// A contiguous copy of `t`, or the allocation error when an operand (a
// huge expanded view) cannot be copied.
absl::Status MakeContiguous(Tensor& t) {
  TC_RETURN_IF_ERROR(CheckAllocation(t.sizes(), t.dtype()));
  t = Contiguous(t);
  return absl::OkStatus();
}

// BatchedGemm's float32 path: one Sgemm per batch (any strides, no
// copies), batches spread over the pool, each Sgemm over it when alone.
void SgemmBatched(const Tensor& a, const Tensor& b, const Tensor& out, GemmPanelHook* hook) {
  const int64_t batch = a.size(0), n = a.size(1), k = a.size(2), m = b.size(2);
  const bool hooked = hook != nullptr && PanelsAligned(*hook, batch, n, 1, n) && hook->start(out);
  const float* ap = a.data<float>();
  const float* bp = b.data<float>();
  float* c = out.data<float>();
  auto one = [&](int64_t bi) {
    const SgemmRowsDone done{
        [hook, bi, n](int64_t r0, int64_t r1) { hook->rows(bi * n + r0, bi * n + r1); },
        hooked ? hook->align_rows : 1};
    Sgemm({n, m, k, 1.0f, GemmMat{ap + bi * a.stride(0), a.stride(1), a.stride(2)},
           GemmMat{bp + bi * b.stride(0), b.stride(1), b.stride(2)}, 0.0f, c + bi * n * m, m},
          hooked ? &done : nullptr);
  };
  if (batch == 1) {
    one(0);
  } else {
    ParallelFor(batch, 1, [&](int64_t b0, int64_t b1) {
      for (int64_t bi = b0; bi < b1; ++bi) one(bi);
    });
  }
  if (hooked) hook->used = true;
}

// out[batch] = a[batch] @ b[batch]; a: [B, n, k], b: [B, k, m] views (any
// strides, stride 0 for broadcast batches), out contiguous [B, n, m].
// `hook` (may be null) gets each panel of rows bi * n + [r0, r1) once it is
// computed, when the panel plan allows (gemm_panels.h).
absl::Status BatchedGemm(const Tensor& a_in, const Tensor& b_in, const Tensor& out,
                         GemmPanelHook* hook = nullptr) {
  const int64_t batch = a_in.size(0), n = a_in.size(1), k = a_in.size(2), m = b_in.size(2);
  if (out.numel() == 0) return absl::OkStatus();
  if (batch > 1 && n > 1 && b_in.stride(0) == 0 && a_in.stride(0) == n * a_in.stride(1)) {
    // One matrix b for every batch (a Linear on a [B, T, C] input) and a's
    // rows evenly spaced across batches: one [B * n, k] x [k, m] product, as
    // ATen folds it, packs b once and splits rows over threads.
    return BatchedGemm(
        a_in.AsStrided(Shape{1, batch * n, k}, Shape{0, a_in.stride(1), a_in.stride(2)},
                       a_in.storage_offset()),
        b_in.AsStrided(Shape{1, k, m}, Shape{0, b_in.stride(1), b_in.stride(2)},
                       b_in.storage_offset()),
        out.AsStrided(Shape{1, batch * n, m}, Shape{0, m, 1}, out.storage_offset()), hook);
  }
  if (out.dtype() == DType::kFloat32 && SgemmPreferred(n, m, k)) {
    SgemmBatched(a_in, b_in, out, hook);
    return absl::OkStatus();
  }
  return tensor::VisitDType(out.dtype(), [&]<typename T>(TypeTag<T>) -> absl::Status {
    T* c = out.data<T>();
    if (k == 0) {
      std::fill(c, c + batch * n * m, static_cast<T>(0));
      return absl::OkStatus();
    }
    Tensor a = a_in, b = b_in;
    constexpr bool kBlas = std::is_same_v<T, float> || std::is_same_v<T, double>;
    if constexpr (kBlas) {
      // BLAS wants one unit stride per matrix; copy when neither has it.
      Mat am{nullptr, a.stride(1), a.stride(2)}, bm{nullptr, b.stride(1), b.stride(2)};
      if (n > 1 && k > 1 && !BlasLayoutOk(am, n, k)) TC_RETURN_IF_ERROR(MakeContiguous(a));
      if (k > 1 && m > 1 && !BlasLayoutOk(bm, k, m)) TC_RETURN_IF_ERROR(MakeContiguous(b));
    }
    const int64_t item = static_cast<int64_t>(sizeof(T));
    auto mat = [&](const Tensor& t, int64_t bi, int64_t rows, int64_t cols) {
      Mat x{static_cast<const char*>(t.raw_data()) + bi * t.stride(0) * item, t.stride(1),
            t.stride(2)};
      // Size-1 dims may carry any stride; give BLAS a consistent one.
      if (cols == 1) x.cs = 1;
      if (rows == 1) x.rs = x.cs == 1 ? std::max<int64_t>(cols, 1) : 1;
      return x;
    };
    const int64_t grain = RowGrain(n, k, m);
    const int64_t panels_per_batch = (n + grain - 1) / grain;
    const bool hooked = hook != nullptr &&
                        PanelsAligned(*hook, batch, n, panels_per_batch, grain) && hook->start(out);
    ParallelFor(batch * panels_per_batch, 1, [&](int64_t tb, int64_t te) {
      for (int64_t t = tb; t < te; ++t) {
        const int64_t bi = t / panels_per_batch;
        const int64_t r0 = (t % panels_per_batch) * grain;
        const int64_t r1 = std::min(n, r0 + grain);
        Mat am = mat(a, bi, n, k), bm = mat(b, bi, k, m);
        T* cp = c + bi * n * m;
        if constexpr (kBlas) {
          if (BlasLayoutOk(am, n, k) && BlasLayoutOk(bm, k, m)) {
            BlasGemm<T>(n, k, m, am, bm, cp, r0, r1);
          } else {
            LoopGemm<T>(k, m, am, bm, cp, r0, r1);
          }
        } else {
          LoopGemm<T>(k, m, am, bm, cp, r0, r1);
        }
        if (hooked) hook->rows(bi * n + r0, bi * n + r1);
      }
    });
    if (hooked) hook->used = true;
    return absl::OkStatus();
  });
}

Tensor As3d(const Tensor& t) {
  return t.AsStrided(Shape{1, t.size(0), t.size(1)}, Shape{0, t.stride(0), t.stride(1)},
                     t.storage_offset());
}

absl::Status MmKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                      std::span<Tensor> outs) {
  return BatchedGemm(As3d(TensorArg(args, 0)), As3d(TensorArg(args, 1)), As3d(outs[0]),
                     TakePanelHook("mm"));
}

absl::Status BmmKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                       std::span<Tensor> outs) {
  return BatchedGemm(TensorArg(args, 0), TensorArg(args, 1), outs[0], TakePanelHook("bmm"));
}

// torch.matmul: 1-D operands gain a dim that is dropped again; batch dims
// broadcast (the output's leading dims, from meta).
absl::Status MatmulKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                          std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  GemmPanelHook* hook = TakePanelHook("matmul");
  Tensor a = TensorArg(args, 0), b = TensorArg(args, 1);
  // A 1-D second operand drops the output's last dim: the GEMM's rows are
  // then its elements, not the rows the hook counts (the caller runs its
  // epilogue afterwards).
  if (b.dim() == 1) hook = nullptr;
  if (a.dtype() != out.dtype()) a = ToDType(a, out.dtype());
  if (b.dtype() != out.dtype()) b = ToDType(b, out.dtype());
  // Matrices: a [.., n, k], b [.., k, m].
  Shape as(a.sizes().begin(), a.sizes().end()), ast(a.strides().begin(), a.strides().end());
  Shape bs(b.sizes().begin(), b.sizes().end()), bst(b.strides().begin(), b.strides().end());
  if (a.dim() == 1) {
    as.insert(as.begin(), 1);
    ast.insert(ast.begin(), 0);
  }
  if (b.dim() == 1) {
    bs.push_back(1);
    bst.push_back(0);
  }
  const int64_t n = as[as.size() - 2], k = as.back(), m = bs.back();
  // Broadcast batch dims.
  Shape batch;
  {
    IntSpan ab(as.data(), as.size() - 2), bb(bs.data(), bs.size() - 2);
    auto br = tensor::BroadcastShapes(ab, bb);
    if (!br.ok()) return br.status();
    batch = *br;
  }
  const int64_t nb = tensor::Numel(batch);
  auto batched = [&](const Shape& s, const Shape& st, int64_t rows, int64_t cols) {
    // Expand to batch + [rows, cols], then flatten the batch when possible.
    const int64_t lead = static_cast<int64_t>(batch.size()) - static_cast<int64_t>(s.size() - 2);
    Shape full_st(batch.size(), 0);
    for (size_t d = 0; d + 2 < s.size(); ++d) {
      full_st[lead + d] = s[d] == batch[lead + d] ? st[d] : 0;
    }
    return std::pair<Shape, Shape>{full_st, Shape{rows, cols, st[st.size() - 2], st.back()}};
  };
  auto [a_bst, a_mat] = batched(as, ast, n, k);
  auto [b_bst, b_mat] = batched(bs, bst, k, m);
  Tensor out3 = out.AsStrided(Shape{nb, n, m}, Shape{n * m, m, 1}, out.storage_offset());
  // One GEMM per batch element (views carry the batch offsets).
  auto batch_offset = [&](const Shape& bstr, int64_t bi) {
    int64_t off = 0;
    for (int64_t d = static_cast<int64_t>(batch.size()) - 1; d >= 0; --d) {
      off += (bi % batch[d]) * bstr[d];
      bi /= batch[d];
    }
    return off;
  };
  // A single flat batch stride works when the batch is one dim (or none).
  if (batch.size() <= 1) {
    const int64_t sa = batch.empty() ? 0 : a_bst[0], sb = batch.empty() ? 0 : b_bst[0];
    return BatchedGemm(
        a.AsStrided(Shape{nb, n, k}, Shape{sa, a_mat[2], a_mat[3]}, a.storage_offset()),
        b.AsStrided(Shape{nb, k, m}, Shape{sb, b_mat[2], b_mat[3]}, b.storage_offset()), out3,
        hook);
  }
  for (int64_t bi = 0; bi < nb; ++bi) {
    TC_RETURN_IF_ERROR(BatchedGemm(
        a.AsStrided(Shape{1, n, k}, Shape{0, a_mat[2], a_mat[3]},
                    a.storage_offset() + batch_offset(a_bst, bi)),
        b.AsStrided(Shape{1, k, m}, Shape{0, b_mat[2], b_mat[3]},
                    b.storage_offset() + batch_offset(b_bst, bi)),
        out.AsStrided(Shape{1, n, m}, Shape{0, m, 1}, out.storage_offset() + bi * n * m)));
  }
  return absl::OkStatus();
}

}  // namespace

KernelFn FindMatmulKernel(std::string_view name) {
  if (name == "mm") return MmKernel;
  if (name == "bmm") return BmmKernel;
  if (name == "matmul") return MatmulKernel;
  return nullptr;
}

}  // namespace tc::kernels
