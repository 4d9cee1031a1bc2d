// Fused eager kernel of scaled_dot_product_attention_backward (fused.h) for
// float32 4-D inputs without a mask tensor (causal or not) and without
// grouped heads: per (batch, head), on the pool, the weights recomputed
// (Q K^T * scale, the causal mask, softmax's row kernel), then dV = P^T dO,
// dP = dO V^T, dS = P * (dP - sum(dP * P)), dQ = dS K * scale and
// dK = dS^T Q * scale through Sgemm, in one task's cache instead of the
// decomposition's twenty whole-tensor ops. Heads are read in place from
// any layout whose rows have unit stride (the views of a fused qkv
// projection); the gradients come out contiguous.
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "tc/kernels/sgemm.h"
#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"

#include "src/alloc_check.h"
#include "src/fused.h"
#include "src/kernel.h"
#include "src/norm_simd.h"

namespace tc::kernels {
namespace {

using Fused = absl::StatusOr<std::optional<std::vector<Tensor>>>;

// A [B, H, rows, cols] float32 CPU tensor whose rows have unit stride.
bool HeadRows(const Tensor& t) {
  return t.device().is_cpu() && !t.is_meta() && t.dtype() == DType::kFloat32 && t.dim() == 4 &&
         (t.size(3) <= 1 || t.stride(3) == 1);
}

// One head's matrix: element (i, j) at p[i * rs + j].
struct Head {
  const float* p;
  int64_t rs;
};
Head HeadOf(const Tensor& t, int64_t b, int64_t h) {
  return {t.data<float>() + b * t.stride(0) + h * t.stride(1), std::max<int64_t>(t.stride(2), 1)};
}

// C (m x n, ldc) = alpha * op(A) op(B): our Sgemm (inline inside a pool
// task), transposes as strides.
void Gemm(bool ta, bool tb, int64_t m, int64_t n, int64_t k, float alpha, const float* a,
          int64_t lda, const float* b, int64_t ldb, float* c, int64_t ldc) {
  const GemmMat ma = ta ? GemmMat{a, 1, lda} : GemmMat{a, lda, 1};
  const GemmMat mb = tb ? GemmMat{b, 1, ldb} : GemmMat{b, ldb, 1};
  Sgemm({m, n, k, alpha, ma, mb, 0.0f, c, ldc});
}

// (grad_out, query, key, value, attn_mask, is_causal, scale, enable_gqa,
// output_mask).
Fused SdpaBackwardFused(std::span<const KernelArg> args) {
  for (size_t i = 0; i < 4; ++i) {
    if (!IsTensor(args, i) || !HeadRows(TensorArg(args, i))) return std::nullopt;
  }
  if (!IsNone(args, 4)) return std::nullopt;
  const Tensor& dout = TensorArg(args, 0);
  const Tensor& q = TensorArg(args, 1);
  const Tensor& k = TensorArg(args, 2);
  const Tensor& v = TensorArg(args, 3);
  const int64_t B = q.size(0), H = q.size(1), L = q.size(2), D = q.size(3);
  const int64_t S = k.size(2), Dv = v.size(3);
  const Shape mask = IntListArg(args, 8);
  const bool same = k.size(0) == B && v.size(0) == B && k.size(1) == H && v.size(1) == H &&
                    k.size(3) == D && v.size(2) == S && dout.size(0) == B && dout.size(1) == H &&
                    dout.size(2) == L && dout.size(3) == Dv;
  if (!same || mask.size() != 4 || mask[3] != 0 || L == 0 || S == 0) return std::nullopt;
  const bool causal = ScalarArg(args, 5).to_bool();
  const double scale_d =
      IsNone(args, 6) ? 1.0 / std::sqrt(static_cast<double>(D)) : ScalarArg(args, 6).to_double();
  const float scale = static_cast<float>(scale_d);
  std::vector<Tensor> outs;
  const Shape sizes[3] = {q.sizes(), k.sizes(), v.sizes()};
  for (int i = 0; i < 3; ++i) {
    const Shape s = mask[i] != 0 ? sizes[i] : Shape{0};
    TC_RETURN_IF_ERROR(CheckAllocation(s, DType::kFloat32));
    outs.push_back(Tensor::Empty(s, DType::kFloat32));
  }
  outs.push_back(Tensor::Empty(Shape{0}, DType::kFloat32));
  float* dq = mask[0] != 0 ? outs[0].data<float>() : nullptr;
  float* dk = mask[1] != 0 ? outs[1].data<float>() : nullptr;
  float* dv = mask[2] != 0 ? outs[2].data<float>() : nullptr;
  const float neg_inf = -std::numeric_limits<float>::infinity();
  ParallelFor(B * H, 1, [&](int64_t t0, int64_t t1) {
    std::vector<float> p(L * S), dp(L * S);
    for (int64_t t = t0; t < t1; ++t) {
      const int64_t b = t / H, h = t % H;
      const Head hq = HeadOf(q, b, h), hk = HeadOf(k, b, h), hv = HeadOf(v, b, h);
      const Head hg = HeadOf(dout, b, h);
      // P = softmax(Q K^T * scale [causal]).
      Gemm(false, true, L, S, D, 1.0f, hq.p, hq.rs, hk.p, hk.rs, p.data(), S);
      for (int64_t i = 0; i < L; ++i) {
        float* row = p.data() + i * S;
        for (int64_t j = 0; j < S; ++j) row[j] = causal && j > i ? neg_inf : row[j] * scale;
      }
      simd::SoftmaxRows(p.data(), p.data(), L, S, /*log=*/false);
      if (dv != nullptr) {
        Gemm(true, false, S, Dv, L, 1.0f, p.data(), S, hg.p, hg.rs, dv + t * S * Dv, Dv);
      }
      if (dq == nullptr && dk == nullptr) continue;
      // dS = P * (dP - sum(dP * P)), dP = dO V^T.
      Gemm(false, true, L, S, Dv, 1.0f, hg.p, hg.rs, hv.p, hv.rs, dp.data(), S);
      for (int64_t i = 0; i < L; ++i) {
        float* pr = p.data() + i * S;
        float* dr = dp.data() + i * S;
        float dot = 0.0f;
        for (int64_t j = 0; j < S; ++j) dot += dr[j] * pr[j];
        for (int64_t j = 0; j < S; ++j) dr[j] = pr[j] * (dr[j] - dot);
      }
      if (dq != nullptr) {
        Gemm(false, false, L, D, S, scale, dp.data(), S, hk.p, hk.rs, dq + t * L * D, D);
      }
      if (dk != nullptr) {
        Gemm(true, false, S, D, L, scale, dp.data(), S, hq.p, hq.rs, dk + t * S * D, D);
      }
    }
  });
  return outs;
}

}  // namespace

FusedFn FindAttentionFusedKernel(std::string_view name) {
  return name == "scaled_dot_product_attention_backward" ? SdpaBackwardFused : nullptr;
}

}  // namespace tc::kernels
