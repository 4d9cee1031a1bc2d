// The fused eager kernel of linear (input @ weight^T + bias) for float32 /
// float64 contiguous CPU tensors: the bias is written into the output rows
// and one BLAS call per row panel adds the product onto it (beta = 1), in
// place of the decomposition's matmul (whose BLAS call first clears the
// output) and a broadcast add (a second pass over it). A small
// transformer's Linear layers spend a fifth of their time in those two.
// BLAS adds its float product to the bias with one rounding, as the add
// did. Anything else (other dtypes, strided operands, 1-D input, mixed
// dtypes) declines, and the decomposition runs with its error texts.
// float32 products go through our own GEMM (tc/kernels/sgemm.h) where it
// beats OpenBLAS, adding the bias as it stores C (the same one rounding).
#include <cblas.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "tc/kernels/sgemm.h"
#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"

#include "src/alloc_check.h"
#include "src/fused.h"
#include "src/gemm_panels.h"
#include "src/kernel.h"

namespace tc::kernels {
namespace {

using Fused = absl::StatusOr<std::optional<std::vector<Tensor>>>;

bool Fast(const Tensor& t, DType dtype) {
  return t.device().is_cpu() && !t.is_meta() && t.dtype() == dtype && t.numel() > 0 &&
         t.is_contiguous();
}

// Rows per pool task: a product under ~2 MFLOP stays on one thread (handing
// it over costs more); larger ones get one panel of at least 16 rows per
// thread (BLAS is fastest on big panels).
int64_t PanelRows(int64_t rows, int64_t k, int64_t m) {
  if (2 * rows * k * m < (int64_t{1} << 21)) return rows;
  const int64_t panels = std::clamp<int64_t>(rows / 16, 1, NumThreads());
  return (rows + panels - 1) / panels;
}

template <typename T>
void Gemm(int64_t rows, int64_t k, int64_t m, const T* x, const T* w, T beta, T* out) {
  if constexpr (std::is_same_v<T, float>) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, static_cast<int>(rows),
                static_cast<int>(m), static_cast<int>(k), 1.0f, x, static_cast<int>(k), w,
                static_cast<int>(k), beta, out, static_cast<int>(m));
  } else {
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, static_cast<int>(rows),
                static_cast<int>(m), static_cast<int>(k), 1.0, x, static_cast<int>(k), w,
                static_cast<int>(k), beta, out, static_cast<int>(m));
  }
}

// linear (input, weight, bias): input [..., k] (at least 2-D), weight
// [m, k], bias absent or [m], all of one float dtype.
Fused LinearFused(std::span<const KernelArg> args) {
  if (!IsTensor(args, 0) || !IsTensor(args, 1)) return std::nullopt;
  const Tensor& x = TensorArg(args, 0);
  const Tensor& w = TensorArg(args, 1);
  const DType dt = x.dtype();
  if ((dt != DType::kFloat32 && dt != DType::kFloat64) || !Fast(x, dt) || !Fast(w, dt) ||
      x.dim() < 2 || w.dim() != 2 || w.size(1) != x.size(x.dim() - 1)) {
    return std::nullopt;
  }
  const Tensor* bias = nullptr;
  if (!IsNone(args, 2)) {
    if (!IsTensor(args, 2)) return std::nullopt;
    bias = &TensorArg(args, 2);
    if (!Fast(*bias, dt) || bias->dim() != 1 || bias->size(0) != w.size(0)) return std::nullopt;
  }
  const int64_t k = w.size(1), m = w.size(0), rows = x.numel() / k;
  Shape sizes(x.sizes().begin(), x.sizes().end());
  sizes.back() = m;
  TC_RETURN_IF_ERROR(CheckAllocation(sizes, dt));
  Tensor out = Tensor::Empty(sizes, dt);
  // A compiled epilogue (gemm_panels.h) runs on each panel after its GEMM.
  GemmPanelHook* hook = TakePanelHook("linear");
  if (dt == DType::kFloat32 && SgemmPreferred(rows, m, k)) {
    const bool hooked = hook != nullptr && hook->start(out);
    const SgemmRowsDone done{[hook](int64_t r0, int64_t r1) { hook->rows(r0, r1); },
                             hooked ? hook->align_rows : 1};
    Sgemm({rows, m, k, 1.0f, GemmMat{x.data<float>(), k, 1}, GemmMat{w.data<float>(), 1, k}, 0.0f,
           out.data<float>(), m, bias != nullptr ? bias->data<float>() : nullptr},
          hooked ? &done : nullptr);
    if (hooked) hook->used = true;
    return std::vector<Tensor>{std::move(out)};
  }
  const int64_t panel = PanelRows(rows, k, m);
  const int64_t panels = (rows + panel - 1) / panel;
  const bool hooked =
      hook != nullptr && PanelsAligned(*hook, 1, rows, panels, panel) && hook->start(out);
  auto run = [&]<typename T>(const T* xp, const T* wp, const T* bp, T* op) {
    ParallelFor(panels, 1, [&](int64_t pb, int64_t pe) {
      for (int64_t p = pb; p < pe; ++p) {
        const int64_t r0 = p * panel, r1 = std::min(rows, r0 + panel);
        T* o = op + r0 * m;
        if (bp != nullptr) {
          for (int64_t r = r0; r < r1; ++r, o += m) std::copy(bp, bp + m, o);
          o = op + r0 * m;
        }
        Gemm<T>(r1 - r0, k, m, xp + r0 * k, wp, bp != nullptr ? T(1) : T(0), o);
        if (hooked) hook->rows(r0, r1);
      }
    });
  };
  if (dt == DType::kFloat32) {
    run(x.data<float>(), w.data<float>(), bias ? bias->data<float>() : nullptr, out.data<float>());
  } else {
    run(x.data<double>(), w.data<double>(), bias ? bias->data<double>() : nullptr,
        out.data<double>());
  }
  if (hooked) hook->used = true;
  return std::vector<Tensor>{std::move(out)};
}

}  // namespace

FusedFn FindLinearFusedKernel(std::string_view name) {
  return name == "linear" ? LinearFused : nullptr;
}

}  // namespace tc::kernels
