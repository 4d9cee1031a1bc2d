// RnnLayer (tc/kernels/rnn.h): PyTorch's CPU recurrence for one layer and
// direction. The arithmetic follows ATen's cells (aten/src/ATen/native/
// RNN.cpp) step for step, so only the GEMMs' summation order differs:
//   hg = b_hh + h @ w_hh^T          (linear_hh: addmm)
//   LSTM: gates = hg + xw[t]; c' = f*c + i*g; h' = o*tanh(c') [@ w_hr^T]
//   GRU:  r = sig(hg_r + xw_r); z = sig(hg_z + xw_z);
//         n = tanh(xw_n + hg_n*r); h' = (h - n)*z + n
//   RNN:  h' = act(hg + xw[t])
// where xw = b_ih + x @ w_ih^T is computed for all steps in one GEMM.
#include "tc/kernels/rnn.h"

#include <cblas.h>

#include <algorithm>
#include <span>
#include <type_traits>
#include <vector>

#include "absl/strings/str_format.h"

#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"

#include "src/simd.h"

namespace tc::kernels {

namespace {

using tensor::DType;
using tensor::Shape;
using tensor::Tensor;

// c[n, m] (row stride ldc) = (accumulate ? c : 0) + a[n, k] (row stride
// lda) @ w[m, k]^T, split over the pool by column panels (rows of w), as
// the step GEMMs have few rows and many columns.
template <typename T>
void GemmNT(int64_t n, int64_t m, int64_t k, const T* a, int64_t lda, const T* w, bool accumulate,
            T* c, int64_t ldc) {
  if (n == 0 || m == 0) return;
  const int64_t threads = NumThreads();
  const int64_t flops = n * m * k;
  const int64_t grain =
      flops < (int64_t{1} << 18) ? m : std::max<int64_t>(16, (m + threads - 1) / threads);
  ParallelFor(m, grain, [&](int64_t j0, int64_t j1) {
    const T beta = accumulate ? T(1) : T(0);
    if constexpr (std::is_same_v<T, float>) {
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, static_cast<int>(n),
                  static_cast<int>(j1 - j0), static_cast<int>(k), 1.0f, a, static_cast<int>(lda),
                  w + j0 * k, static_cast<int>(k), beta, c + j0, static_cast<int>(ldc));
    } else {
      cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, static_cast<int>(n),
                  static_cast<int>(j1 - j0), static_cast<int>(k), 1.0, a, static_cast<int>(lda),
                  w + j0 * k, static_cast<int>(k), beta, c + j0, static_cast<int>(ldc));
    }
  });
}

// rows [n, m] (row stride ld) = bias broadcast over rows, or zeros.
template <typename T>
void FillBias(T* rows, int64_t n, int64_t m, int64_t ld, const T* bias) {
  for (int64_t i = 0; i < n; ++i) {
    if (bias != nullptr) {
      std::copy(bias, bias + m, rows + i * ld);
    } else {
      std::fill(rows + i * ld, rows + i * ld + m, T(0));
    }
  }
}

template <typename T>
const T* DataOr(const Tensor& t) {
  return t.defined() ? t.data<T>() : nullptr;
}

template <typename T>
struct Layer {
  RnnMode mode;
  int64_t steps, batch, in, hidden, hout, gates;
  const T *w_ih, *w_hh, *b_ih, *b_hh, *w_hr;
};

// One LSTM step: gates [B, 4H] (hg + xw, overwritten), c [B, H] in/out,
// h_raw [B, H] the unprojected hidden state.
template <typename T>
void LstmPointwise(T* gates, T* c, T* h_raw, int64_t batch, int64_t hidden, T* scratch) {
  for (int64_t b = 0; b < batch; ++b) {
    T* g = gates + b * 4 * hidden;
    simd::Unary(simd::UnaryOp::kSigmoid, g, g, 2 * hidden);
    simd::Unary(simd::UnaryOp::kTanh, g + 2 * hidden, g + 2 * hidden, hidden);
    simd::Unary(simd::UnaryOp::kSigmoid, g + 3 * hidden, g + 3 * hidden, hidden);
    T* cb = c + b * hidden;
    for (int64_t j = 0; j < hidden; ++j) {
      const T fc = g[hidden + j] * cb[j];
      const T ig = g[j] * g[2 * hidden + j];
      cb[j] = fc + ig;
    }
    simd::Unary(simd::UnaryOp::kTanh, cb, scratch, hidden);
    T* hb = h_raw + b * hidden;
    for (int64_t j = 0; j < hidden; ++j) hb[j] = g[3 * hidden + j] * scratch[j];
  }
}

// One GRU step: hg [B, 3H] = b_hh + h @ w_hh^T, xw [B, 3H]; writes h'.
template <typename T>
void GruPointwise(T* hg, const T* xw, const T* h, int64_t ldh, T* h_out, int64_t ldo, int64_t batch,
                  int64_t hidden) {
  for (int64_t b = 0; b < batch; ++b) {
    T* g = hg + b * 3 * hidden;
    const T* x = xw + b * 3 * hidden;
    for (int64_t j = 0; j < 2 * hidden; ++j) g[j] = g[j] + x[j];
    simd::Unary(simd::UnaryOp::kSigmoid, g, g, 2 * hidden);
    T* n = g + 2 * hidden;
    for (int64_t j = 0; j < hidden; ++j) n[j] = x[2 * hidden + j] + n[j] * g[j];
    simd::Unary(simd::UnaryOp::kTanh, n, n, hidden);
    const T* hb = h + b * ldh;
    T* ob = h_out + b * ldo;
    for (int64_t j = 0; j < hidden; ++j) ob[j] = (hb[j] - n[j]) * g[hidden + j] + n[j];
  }
}

// Step t covers rows [offset[t], offset[t] + batch[t]) of x and out (all
// of the batch when not packed); a sequence that has ended keeps its state
// in h / c, so h_n ends up holding each sequence's last state.
template <typename T>
void RunLayer(const Layer<T>& L, std::span<const int64_t> batch, const T* x, const T* h0,
              const T* c0, bool reverse, T* out, int64_t ldo, T* h_n, T* c_n) {
  const int64_t B = L.batch, H = L.hidden, P = L.hout, G = L.gates;
  const int64_t steps = static_cast<int64_t>(batch.size());
  std::vector<int64_t> offset(steps + 1, 0);
  for (int64_t t = 0; t < steps; ++t) offset[t + 1] = offset[t] + batch[t];
  // xw = b_ih + x @ w_ih^T for every step at once.
  std::vector<T> xw(offset[steps] * G);
  FillBias(xw.data(), offset[steps], G, G, L.b_ih);
  GemmNT<T>(offset[steps], G, L.in, x, L.in, L.w_ih, true, xw.data(), G);
  std::vector<T> hg(B * G), h(h0, h0 + B * P);
  std::vector<T> c(c0 != nullptr ? c0 : h0,
                   (c0 != nullptr ? c0 : h0) + (c0 != nullptr ? B * H : 0));
  std::vector<T> h_raw(L.mode == RnnMode::kLstm ? B * H : 0), scratch(H);
  for (int64_t s = 0; s < steps; ++s) {
    const int64_t t = reverse ? steps - 1 - s : s, n = batch[t];
    const T* xt = xw.data() + offset[t] * G;
    T* ot = out + offset[t] * ldo;
    FillBias(hg.data(), n, G, G, L.b_hh);
    GemmNT<T>(n, G, P, h.data(), P, L.w_hh, true, hg.data(), G);
    if (L.mode == RnnMode::kGru) {
      GruPointwise(hg.data(), xt, h.data(), P, ot, ldo, n, H);
    } else {
      for (int64_t i = 0; i < n * G; ++i) hg[i] = hg[i] + xt[i];
      if (L.mode == RnnMode::kLstm) {
        LstmPointwise(hg.data(), c.data(), h_raw.data(), n, H, scratch.data());
        if (L.w_hr != nullptr) {
          GemmNT<T>(n, P, H, h_raw.data(), H, L.w_hr, false, ot, ldo);  // matmul_hr
        } else {
          for (int64_t b = 0; b < n; ++b) {
            std::copy(h_raw.data() + b * H, h_raw.data() + (b + 1) * H, ot + b * ldo);
          }
        }
      } else {
        const auto op = L.mode == RnnMode::kRnnTanh ? simd::UnaryOp::kTanh : simd::UnaryOp::kRelu;
        for (int64_t b = 0; b < n; ++b) simd::Unary(op, hg.data() + b * H, ot + b * ldo, H);
      }
    }
    for (int64_t b = 0; b < n; ++b) std::copy(ot + b * ldo, ot + b * ldo + P, h.data() + b * P);
  }
  std::copy(h.begin(), h.end(), h_n);
  if (c_n != nullptr) std::copy(c.begin(), c.end(), c_n);
}

template <typename T>
absl::Status Run(RnnMode mode, const RnnWeights& w, const Tensor& x, std::span<const int64_t> batch,
                 const Tensor& h0, const Tensor& c0, bool reverse, const Tensor& out, int64_t col,
                 const Tensor& h_n, const Tensor& c_n) {
  Layer<T> L;
  L.mode = mode;
  L.batch = h0.size(0);
  L.in = x.size(x.dim() - 1);
  L.gates = w.w_ih.size(0);
  L.hout = w.w_hh.size(1);
  L.hidden = w.w_hr.defined() ? w.w_hr.size(1) : L.hout;
  L.w_ih = w.w_ih.data<T>();
  L.w_hh = w.w_hh.data<T>();
  L.b_ih = DataOr<T>(w.b_ih);
  L.b_hh = DataOr<T>(w.b_hh);
  L.w_hr = DataOr<T>(w.w_hr);
  const int64_t ldo = out.size(out.dim() - 1);
  RunLayer<T>(L, batch, x.data<T>(), h0.data<T>(), mode == RnnMode::kLstm ? c0.data<T>() : nullptr,
              reverse, out.data<T>() + col, ldo, h_n.data<T>(),
              mode == RnnMode::kLstm ? c_n.data<T>() : nullptr);
  return absl::OkStatus();
}

// Everything RnnLayer and RnnLayerPacked check but x's and out's leading
// sizes: dtypes, layouts, the weights' and states' sizes.
absl::Status CheckOperands(RnnMode mode, const RnnWeights& w, const Tensor& x, int64_t batch,
                           const Tensor& h0, const Tensor& c0, const Tensor& out, int64_t col,
                           const Tensor& h_n, const Tensor& c_n) {
  const DType dt = x.dtype();
  if (dt != DType::kFloat32 && dt != DType::kFloat64) {
    return absl::UnimplementedError(
        absl::StrFormat("RnnLayer: dtype %s", tensor::ScalarTypeName(dt)));
  }
  for (const Tensor* t :
       {&w.w_ih, &w.w_hh, &w.b_ih, &w.b_hh, &w.w_hr, &x, &h0, &c0, &out, &h_n, &c_n}) {
    if (t->defined() && (!t->is_contiguous() || t->dtype() != dt || t->is_meta())) {
      return absl::InvalidArgumentError("RnnLayer: operands must be contiguous, of one dtype");
    }
  }
  // Sizes: a mismatch would read or write out of bounds.
  if (x.dim() < 2 || w.w_ih.dim() != 2 || w.w_hh.dim() != 2 || out.dim() != x.dim()) {
    return absl::InvalidArgumentError("RnnLayer: bad operand ranks");
  }
  const int64_t G = w.w_ih.size(0), P = w.w_hh.size(1);
  const int64_t H = w.w_hr.defined() ? (w.w_hr.dim() == 2 ? w.w_hr.size(1) : -1) : P;
  const int64_t per_gate = mode == RnnMode::kLstm ? 4 : mode == RnnMode::kGru ? 3 : 1;
  auto is = [](const Tensor& t, std::initializer_list<int64_t> want) {
    return t.sizes() == Shape(want);
  };
  const bool lstm = mode == RnnMode::kLstm;
  const int64_t in = x.size(x.dim() - 1), width = out.size(out.dim() - 1);
  if (G != per_gate * H || H <= 0 || !is(w.w_ih, {G, in}) || w.w_hh.size(0) != G ||
      (w.b_ih.defined() && !is(w.b_ih, {G})) || (w.b_hh.defined() && !is(w.b_hh, {G})) ||
      (w.w_hr.defined() && (!lstm || !is(w.w_hr, {P, H}))) || !is(h0, {batch, P}) ||
      !is(h_n, {batch, P}) || (lstm && (!is(c0, {batch, H}) || !is(c_n, {batch, H}))) || col < 0 ||
      col + P > width) {
    return absl::InvalidArgumentError("RnnLayer: operand sizes do not match");
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status RnnLayer(RnnMode mode, const RnnWeights& w, const Tensor& x, const Tensor& h0,
                      const Tensor& c0, bool reverse, const Tensor& out, int64_t col,
                      const Tensor& h_n, const Tensor& c_n) {
  if (x.dim() != 3 || out.dim() != 3 || out.size(0) != x.size(0) || out.size(1) != x.size(1)) {
    return absl::InvalidArgumentError("RnnLayer: x and out must be [T, B, ...]");
  }
  TC_RETURN_IF_ERROR(CheckOperands(mode, w, x, x.size(1), h0, c0, out, col, h_n, c_n));
  const std::vector<int64_t> batch(x.size(0), x.size(1));
  if (x.dtype() == DType::kFloat32) {
    return Run<float>(mode, w, x, batch, h0, c0, reverse, out, col, h_n, c_n);
  }
  return Run<double>(mode, w, x, batch, h0, c0, reverse, out, col, h_n, c_n);
}

absl::Status RnnLayerPacked(RnnMode mode, const RnnWeights& w, const Tensor& x,
                            std::span<const int64_t> batch_sizes, const Tensor& h0,
                            const Tensor& c0, bool reverse, const Tensor& out, int64_t col,
                            const Tensor& h_n, const Tensor& c_n) {
  int64_t rows = 0;
  for (size_t t = 0; t < batch_sizes.size(); ++t) {
    if (batch_sizes[t] <= 0 || (t > 0 && batch_sizes[t] > batch_sizes[t - 1])) {
      return absl::InvalidArgumentError("RnnLayerPacked: batch sizes must be positive, falling");
    }
    rows += batch_sizes[t];
  }
  if (batch_sizes.empty() || x.dim() != 2 || out.dim() != 2 || x.size(0) != rows ||
      out.size(0) != rows) {
    return absl::InvalidArgumentError("RnnLayerPacked: x and out must be [sum(batch_sizes), ...]");
  }
  TC_RETURN_IF_ERROR(CheckOperands(mode, w, x, batch_sizes[0], h0, c0, out, col, h_n, c_n));
  if (x.dtype() == DType::kFloat32) {
    return Run<float>(mode, w, x, batch_sizes, h0, c0, reverse, out, col, h_n, c_n);
  }
  return Run<double>(mode, w, x, batch_sizes, h0, c0, reverse, out, col, h_n, c_n);
}

}  // namespace tc::kernels
