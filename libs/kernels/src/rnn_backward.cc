// RnnLayerBackward (tc/kernels/rnn.h): back-propagation through time for
// one layer and direction, from the workspace RnnLayerTrain saved. Going
// back over the steps, each step turns the hidden state's gradient into
// the gates' pre-activation gradients (elementwise, from the saved
// activations) and then into the previous hidden state's gradient with one
// GEMM against w_hh; the gradients of x and of the weights are then one
// GEMM each over all steps at once.
//   LSTM: c' = f*c + i*g, h' = o*tanh(c')
//   GRU:  h' = (h - n)*z + n, n = tanh(xw_n + r*hg_n)
//   RNN:  h' = act(hg + xw)
#include <algorithm>
#include <cmath>
#include <span>
#include <type_traits>
#include <vector>

#include "tc/kernels/rnn.h"
#include "tc/support/status.h"

#include "src/rnn_gemm.h"

namespace tc::kernels {
namespace {

using rnn_gemm::Gemm;
using tensor::DType;
using tensor::Shape;
using tensor::Tensor;

// Column sums of a [rows, cols] into out [cols].
template <typename T>
void ColumnSums(const T* a, int64_t rows, int64_t cols, T* out) {
  std::fill(out, out + cols, T(0));
  for (int64_t r = 0; r < rows; ++r) {
    const T* ar = a + r * cols;
    for (int64_t c = 0; c < cols; ++c) out[c] += ar[c];
  }
}

template <typename T>
struct Shapes {
  RnnMode mode;
  int64_t steps, batch, in, hidden, gates, width;  // gates: G (= gates per unit * H)
  int64_t proj;                                    // P (w_hr's rows), 0: none
};

// One step's elementwise backward for every row: from dh (the gradient of
// h_new, in place: becomes what the previous state gets directly, zero but
// for GRU) and dc (LSTM, in place: becomes dc_prev), the pre-activation
// gradients of the gates: dgh (of hg = h @ w_hh^T + b_hh) and dgx (of
// xw = x @ w_ih^T + b_ih; the same buffer but for GRU).
template <typename T>
void StepBackward(const Shapes<T>& s, int64_t rows, const T* ws, const T* h_prev, const T* c_prev,
                  T* dh, T* dc, T* dgh, T* dgx) {
  const int64_t H = s.hidden, G = s.gates, W = s.width;
  for (int64_t b = 0; b < rows; ++b) {
    const T* w = ws + b * W;
    T* gh = dgh + b * G;
    T* gx = dgx + b * G;
    T* dhb = dh + b * H;
    for (int64_t u = 0; u < H; ++u) {
      const T d = dhb[u];
      if (s.mode == RnnMode::kLstm) {
        const T i = w[u], f = w[H + u], g = w[2 * H + u], o = w[3 * H + u], c = w[4 * H + u];
        const T tc = std::tanh(c);
        const T dcv = dc[b * H + u] + d * o * (T(1) - tc * tc);
        gh[u] = dcv * g * i * (T(1) - i);
        gh[H + u] = dcv * c_prev[b * H + u] * f * (T(1) - f);
        gh[2 * H + u] = dcv * i * (T(1) - g * g);
        gh[3 * H + u] = d * tc * o * (T(1) - o);
        dc[b * H + u] = dcv * f;
        dhb[u] = 0;
      } else if (s.mode == RnnMode::kGru) {
        const T r = w[u], z = w[H + u], n = w[2 * H + u], hn = w[3 * H + u];
        const T dpn = d * (T(1) - z) * (T(1) - n * n);
        const T dpr = dpn * hn * r * (T(1) - r);
        const T dpz = d * (h_prev[b * H + u] - n) * z * (T(1) - z);
        gx[u] = gh[u] = dpr;
        gx[H + u] = gh[H + u] = dpz;
        gx[2 * H + u] = dpn;
        gh[2 * H + u] = dpn * r;
        dhb[u] = d * z;
      } else {
        const T h = w[u];
        gh[u] = s.mode == RnnMode::kRnnTanh ? d * (T(1) - h * h) : (h > T(0) ? d : T(0));
        dhb[u] = 0;
      }
    }
  }
}

// Step t covers rows [offset[t], offset[t] + batch[t]) of x, out and the
// workspace (a packed batch, or all B rows per step); rows of sequences
// that have ended (or, in reverse, not begun) keep their state, so their
// gradient passes the step unchanged. With a projection the state is
// h = h_raw @ w_hr^T (P wide): its gradient goes back through w_hr first.
template <typename T>
RnnLayerGrads Backward(const Shapes<T>& s, std::span<const int64_t> batch, const RnnWeights& w,
                       const Tensor& x, const Tensor& h0, const Tensor& c0, const Tensor& ws_t,
                       bool reverse, const Tensor& dout, const Tensor& dh_n, const Tensor& dc_n) {
  const int64_t T_ = s.steps, B = s.batch, H = s.hidden, G = s.gates, W = s.width, I = s.in;
  const bool proj = s.proj > 0;
  const int64_t P = proj ? s.proj : H;  // the state's width
  const DType dt = x.dtype();
  const bool lstm = s.mode == RnnMode::kLstm, gru = s.mode == RnnMode::kGru;
  std::vector<int64_t> offset(T_ + 1, 0);
  for (int64_t t = 0; t < T_; ++t) offset[t + 1] = offset[t] + batch[t];
  const int64_t N = offset[T_];
  auto scratch = [&](int64_t n) { return Tensor::Empty(Shape{std::max<int64_t>(n, 1)}, dt); };
  RnnLayerGrads r;
  r.dh0 = Tensor::Zeros(Shape{B, P}, dt);
  if (lstm) r.dc0 = Tensor::Zeros(Shape{B, H}, dt);
  T* dh = r.dh0.data<T>();
  T* dc = lstm ? r.dc0.data<T>() : nullptr;
  if (dh_n.defined()) std::copy(dh_n.data<T>(), dh_n.data<T>() + B * P, dh);
  if (lstm && dc_n.defined()) std::copy(dc_n.data<T>(), dc_n.data<T>() + B * H, dc);
  const Tensor dgh_t = scratch(N * G);
  const Tensor dgx_t = gru ? scratch(N * G) : dgh_t;
  // With a projection: the gradient of every step's projected state (for
  // dw_hr) and of the raw one.
  const Tensor dproj_t = scratch(proj ? N * P : 0), draw_t = scratch(proj ? B * H : 0);
  T* dgh = dgh_t.data<T>();
  T* dgx = dgx_t.data<T>();
  const T* ws = ws_t.data<T>();
  // Places in a workspace row (rnn_step.h): h_new (raw), c, projected h.
  const int64_t h_col = G == H ? 0 : G + H, c_col = 4 * H, p_col = proj ? 6 * H : h_col;
  // Row b's state (from column `col`) before time t's step: the workspace
  // row of the step taken before (t - 1, or t + 1 in reverse) when b was
  // in it, else h0 / c0.
  auto prev = [&](int64_t t, int64_t b, int64_t col, const Tensor& init,
                  int64_t width) -> const T* {
    const int64_t p = reverse ? t + 1 : t - 1;
    if (p < 0 || p >= T_ || b >= batch[p]) return init.data<T>() + b * width;
    return ws + (offset[p] + b) * W + col;
  };
  std::vector<T> h_prev(B * P), c_prev(lstm ? B * H : 0);
  for (int64_t step = T_ - 1; step >= 0; --step) {
    const int64_t t = reverse ? T_ - 1 - step : step, n = batch[t];
    if (dout.defined()) {
      const T* d = dout.data<T>() + offset[t] * P;
      for (int64_t i = 0; i < n * P; ++i) dh[i] += d[i];
    }
    for (int64_t b = 0; b < n; ++b) {
      const T* hp = prev(t, b, p_col, h0, P);
      std::copy(hp, hp + P, h_prev.begin() + b * P);
      if (lstm) {
        const T* cp = prev(t, b, c_col, c0, H);
        std::copy(cp, cp + H, c_prev.begin() + b * H);
      }
    }
    T* d_cell = dh;  // the gradient of the cell's h_new
    if (proj) {
      T* dp = dproj_t.data<T>() + offset[t] * P;
      std::copy(dh, dh + n * P, dp);
      d_cell = draw_t.data<T>();
      Gemm<T>(false, false, n, H, P, dp, P, w.w_hr.data<T>(), H, T(0), d_cell, H);
    }
    StepBackward<T>(s, n, ws + offset[t] * W, h_prev.data(), lstm ? c_prev.data() : nullptr, d_cell,
                    dc, dgh + offset[t] * G, dgx + offset[t] * G);
    // dh_prev (+)= dgh_t @ w_hh: [n, G] x [G, P].
    Gemm<T>(false, false, n, P, G, dgh + offset[t] * G, G, w.w_hh.data<T>(), P, gru ? T(1) : T(0),
            dh, P);
  }
  // The previous states of every row, for dw_hh.
  const Tensor hp_t = scratch(N * P);
  T* hp = hp_t.data<T>();
  for (int64_t t = 0; t < T_; ++t) {
    for (int64_t b = 0; b < batch[t]; ++b) {
      const T* src = prev(t, b, p_col, h0, P);
      std::copy(src, src + P, hp + (offset[t] + b) * P);
    }
  }
  r.dx = Tensor::Empty(x.sizes(), dt);
  Gemm<T>(false, false, N, I, G, dgx, G, w.w_ih.data<T>(), I, T(0), r.dx.data<T>(), I);
  r.dw_ih = Tensor::Empty(Shape{G, I}, dt);
  Gemm<T>(true, false, G, I, N, dgx, G, x.data<T>(), I, T(0), r.dw_ih.data<T>(), I);
  r.dw_hh = Tensor::Empty(Shape{G, P}, dt);
  Gemm<T>(true, false, G, P, N, dgh, G, hp, P, T(0), r.dw_hh.data<T>(), P);
  if (proj) {
    // dw_hr = dproj^T @ h_raw: [P, N] x [N, H], h_raw read in place (row stride W).
    r.dw_hr = Tensor::Empty(Shape{P, H}, dt);
    Gemm<T>(true, false, P, H, N, dproj_t.data<T>(), P, ws + h_col, W, T(0), r.dw_hr.data<T>(), H);
  }
  if (w.b_ih.defined()) {
    r.db_ih = Tensor::Empty(Shape{G}, dt);
    ColumnSums<T>(dgx, N, G, r.db_ih.data<T>());
  }
  if (w.b_hh.defined()) {
    r.db_hh = Tensor::Empty(Shape{G}, dt);
    ColumnSums<T>(dgh, N, G, r.db_hh.data<T>());
  }
  return r;
}

bool Dense(const Tensor& t, DType dt, const Shape& sizes) {
  return !t.defined() || (t.is_contiguous() && t.dtype() == dt && t.sizes() == sizes);
}

}  // namespace

absl::StatusOr<RnnLayerGrads> RnnLayerBackward(RnnMode mode, const RnnWeights& w, const Tensor& x,
                                               std::span<const int64_t> batch_sizes,
                                               const Tensor& h0, const Tensor& c0, const Tensor& ws,
                                               bool reverse, const Tensor& dout, const Tensor& dh_n,
                                               const Tensor& dc_n) {
  const DType dt = x.dtype();
  const bool packed = !batch_sizes.empty();
  const bool lstm = mode == RnnMode::kLstm, proj = w.w_hr.defined();
  if ((dt != DType::kFloat32 && dt != DType::kFloat64) || x.dim() != (packed ? 2 : 3) ||
      w.w_ih.dim() != 2 || w.w_hh.dim() != 2 || !h0.defined() || h0.dim() != 2 ||
      (proj && (!lstm || w.w_hr.dim() != 2))) {
    return absl::InvalidArgumentError("RnnLayerBackward: bad operands");
  }
  const int64_t G = w.w_ih.size(0), P = w.w_hh.size(1), I = x.size(x.dim() - 1);
  const int64_t H = proj ? w.w_hr.size(1) : P;
  const int64_t B = h0.size(0), T_ = packed ? static_cast<int64_t>(batch_sizes.size()) : x.size(0);
  const std::vector<int64_t> full(packed ? 0 : T_, B);
  const std::span<const int64_t> batch = packed ? batch_sizes : std::span<const int64_t>(full);
  int64_t rows = 0;
  for (int64_t t = 0; t < T_; ++t) {
    if (batch[t] <= 0 || batch[t] > B || (t > 0 && batch[t] > batch[t - 1])) {
      return absl::InvalidArgumentError("RnnLayerBackward: batch sizes must be positive, falling");
    }
    rows += batch[t];
  }
  const int64_t width = RnnWorkspaceWidth(mode, H, proj ? P : 0);
  Shape xs = {rows, I}, ds = {rows, P}, wss = {rows, width};
  if (!packed) {
    xs = {T_, B, I};
    ds = {T_, B, P};
    wss = {T_, B, width};
  }
  const Shape bp = {B, P}, bh = {B, H};
  if (!Dense(x, dt, xs) || !Dense(w.w_ih, dt, {G, I}) || !Dense(w.w_hh, dt, {G, P}) ||
      !Dense(w.b_ih, dt, {G}) || !Dense(w.b_hh, dt, {G}) || !Dense(w.w_hr, dt, {P, H}) ||
      !Dense(h0, dt, bp) || !ws.defined() || !Dense(ws, dt, wss) || !Dense(dout, dt, ds) ||
      !Dense(dh_n, dt, bp) ||
      (lstm && (!c0.defined() || !Dense(c0, dt, bh) || !Dense(dc_n, dt, bh))) ||
      G != (lstm                    ? 4
            : mode == RnnMode::kGru ? 3
                                    : 1) *
               H) {
    return absl::InvalidArgumentError(
        "RnnLayerBackward: operands must be contiguous, of one dtype and matching sizes");
  }
  const int64_t pw = proj ? P : 0;
  if (dt == DType::kFloat32) {
    const Shapes<float> s{mode, T_, B, I, H, G, width, pw};
    return Backward<float>(s, batch, w, x, h0, c0, ws, reverse, dout, dh_n, dc_n);
  }
  const Shapes<double> s{mode, T_, B, I, H, G, width, pw};
  return Backward<double>(s, batch, w, x, h0, c0, ws, reverse, dout, dh_n, dc_n);
}

}  // namespace tc::kernels
