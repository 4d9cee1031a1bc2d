// RnnLayer (tc/kernels/rnn.h): PyTorch's CPU recurrence for one layer and
// direction. The arithmetic follows ATen's cells (aten/src/ATen/native/
// RNN.cpp) step for step, so only the GEMMs' summation order differs:
//   hg = b_hh + h @ w_hh^T          (linear_hh: addmm)
//   LSTM: gates = hg + xw[t]; c' = f*c + i*g; h' = o*tanh(c') [@ w_hr^T]
//   GRU:  r = sig(hg_r + xw_r); z = sig(hg_z + xw_z);
//         n = tanh(xw_n + hg_n*r); h' = (h - n)*z + n
//   RNN:  h' = act(hg + xw[t])
// where xw = b_ih + x @ w_ih^T. x @ w_ih^T is one GEMM for all steps
// (OpenBLAS); each step is one fused pass (rnn_step.h): the GEMM with w_hh
// packed once per call, then the cell math on the products while they are
// in registers, split over the pool by panels of hidden units.
#include "tc/kernels/rnn.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <span>
#include <thread>
#include <type_traits>
#include <vector>

#include "absl/strings/str_format.h"

#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"

#include "src/rnn_gemm.h"
#include "src/rnn_step.h"

namespace tc::kernels {

namespace {

using tensor::DType;
using tensor::Shape;
using tensor::Tensor;

// c[n, m] (row stride ldc) = a[n, k] (row stride lda) @ w[m, k]^T.
template <typename T>
void GemmNT(int64_t n, int64_t m, int64_t k, const T* a, int64_t lda, const T* w, T* c,
            int64_t ldc) {
  rnn_gemm::Gemm<T>(false, true, n, m, k, a, lda, w, k, T(0), c, ldc);
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

// Runs fn(s, c) for every step s in [0, steps) and chunk c in [0, chunks),
// all chunks of step s after every chunk of step s - 1 has finished, on
// the pool as one job for the whole layer (waking the workers once per
// step would cost about as much as a step's GEMM). Each pool slot first
// claims its own share of the chunks, so a thread keeps the same w_hh
// panels hot in its L2 from step to step, then steals what is left; a
// chunk is claimed by whoever gets it first for the step, so a slot that
// never runs (its thread late, or one thread inside a parallel region)
// cannot block the others.
void RunSteps(int64_t steps, int64_t chunks, bool parallel,
              const std::function<void(int64_t, int64_t)>& fn) {
  struct alignas(64) Claim {
    std::atomic<int64_t> step{-1};  // the last step this chunk was claimed for
  };
  std::vector<Claim> claims(static_cast<size_t>(chunks));
  alignas(64) std::atomic<int64_t> done{0};
  const int64_t slots = parallel ? NumThreads() : 1;
  auto work = [&](int64_t slot, int64_t) {
    const int64_t c0 = chunks * slot / slots, c1 = chunks * (slot + 1) / slots;
    auto try_run = [&](int64_t s, int64_t c) {
      int64_t expect = s - 1;
      if (claims[c].step.compare_exchange_strong(expect, s, std::memory_order_acq_rel)) {
        fn(s, c);
        done.fetch_add(1, std::memory_order_release);
      }
    };
    for (int64_t s = done.load(std::memory_order_acquire) / chunks; s < steps; ++s) {
      for (int spins = 0; done.load(std::memory_order_acquire) < s * chunks; ++spins) {
        // The other chunks of the step take microseconds; yield only when
        // their thread seems descheduled.
        if (spins > (1 << 14)) std::this_thread::yield();
      }
      for (int64_t c = c0; c < c1; ++c) try_run(s, c);
      for (int64_t c = 0; c < chunks; ++c) {
        if (c < c0 || c >= c1) try_run(s, c);
      }
    }
  };
  if (parallel) {
    ParallelFor(slots, 1, work);
  } else {
    work(0, 1);
  }
}

// Step t covers rows [offset[t], offset[t] + batch[t]) of x and out (all
// of the batch when not packed); a sequence that has ended keeps its state
// in h / c, so h_n ends up holding each sequence's last state.
template <typename T>
void RunLayer(const Layer<T>& L, std::span<const int64_t> batch, const T* x, const T* h0,
              const T* c0, bool reverse, T* out, int64_t ldo, T* h_n, T* c_n, T* ws) {
  const int64_t B = L.batch, H = L.hidden, P = L.hout, G = L.gates;
  const int64_t steps = static_cast<int64_t>(batch.size());
  std::vector<int64_t> offset(steps + 1, 0);
  for (int64_t t = 0; t < steps; ++t) offset[t + 1] = offset[t] + batch[t];
  // Scratch comes from the tensor allocator (the caching one under
  // tc-run): fresh pages cost ~1 us each, about 2 ms for this 8 MB xw.
  auto scratch = [](int64_t n) {
    return Tensor::Empty(Shape{std::max<int64_t>(n, 1)},
                         std::is_same_v<T, float> ? DType::kFloat32 : DType::kFloat64);
  };
  // xw = x @ w_ih^T for every step at once (the steps add b_ih: one pass
  // less over this large buffer).
  const Tensor xw_t = scratch(offset[steps] * G);
  T* xw = xw_t.data<T>();
  GemmNT<T>(offset[steps], G, L.in, x, L.in, L.w_ih, xw, G);
  // w_hh packed once for the fused steps (rnn_step.h).
  const int64_t units = rnn_step::PanelUnits(static_cast<const T*>(nullptr));
  const int64_t panels = (H + units - 1) / units;
  const Tensor packed_t = scratch(rnn_step::PackedSize(G / H, H, P, units));
  T* packed = packed_t.data<T>();
  const int64_t per_panel = std::max<int64_t>(1, G / H * units * P);
  ParallelFor(panels, std::max<int64_t>(1, (int64_t{1} << 16) / per_panel),
              [&](int64_t p0, int64_t p1) {
                rnn_step::PackHh(L.w_hh, G / H, H, P, units, p0, p1, packed);
              });
  // h: two buffers (step s reads one, writes the other); with a projection
  // the step writes h_raw and the projection writes h in place.
  const bool proj = L.w_hr != nullptr;
  std::vector<T> h(h0, h0 + B * P), h_next(proj ? 0 : B * P), h_raw(proj ? B * H : 0);
  if (!proj) std::copy(h0, h0 + B * P, h_next.begin());
  std::vector<T> c(c0 != nullptr ? c0 : h0,
                   (c0 != nullptr ? c0 : h0) + (c0 != nullptr ? B * H : 0));
  rnn_step::StepArgs<T> args{};
  args.cell = L.mode == RnnMode::kLstm      ? rnn_step::Cell::kLstm
              : L.mode == RnnMode::kGru     ? rnn_step::Cell::kGru
              : L.mode == RnnMode::kRnnTanh ? rnn_step::Cell::kRnnTanh
                                            : rnn_step::Cell::kRnnRelu;
  args.hidden = H;
  args.k = P;
  args.packed = packed;
  args.b_hh = L.b_hh;
  args.b_ih = L.b_ih;
  args.ldh = P;
  args.c = c.data();
  args.ld_new = proj ? H : P;
  args.ld_out = ldo;
  // One chunk per panel; the pool only when a step is worth splitting.
  const bool parallel =
      NumThreads() > 1 && !InParallelRegion() && panels > 1 && B * G * P >= (int64_t{1} << 15);
  // Step s (time t) of chunk ch: the panel's units of every active row;
  // the rows of ended sequences carry their state over to the new buffer.
  const int64_t ld_ws = RnnWorkspaceWidth(L.mode, H, proj ? P : 0);
  auto step = [&](int64_t s, int64_t ch) {
    const int64_t t = reverse ? steps - 1 - s : s, n = batch[t];
    rnn_step::StepArgs<T> a = args;
    a.rows = n;
    a.xw = xw + offset[t] * G;
    if (ws != nullptr) {
      a.ld_ws = ld_ws;
      a.ws = ws + offset[t] * ld_ws;
    }
    const T* hp = proj || s % 2 == 0 ? h.data() : h_next.data();
    T* hw = proj ? h_raw.data() : (s % 2 == 0 ? h_next.data() : h.data());
    a.h = hp;
    a.h_new = hw;
    a.out = proj ? nullptr : out + offset[t] * ldo;
    rnn_step::StepPanels(a, ch, ch + 1);
    if (!proj && n < B) {
      const int64_t u0 = ch * units, u1 = std::min(H, u0 + units);
      for (int64_t b = n; b < B; ++b) std::copy(hp + b * P + u0, hp + b * P + u1, hw + b * P + u0);
    }
  };
  if (!proj) {
    RunSteps(steps, panels, parallel, step);
    const T* last = steps % 2 == 0 ? h.data() : h_next.data();
    std::copy(last, last + B * P, h_n);
  } else {
    for (int64_t s = 0; s < steps; ++s) {
      RunSteps(1, panels, parallel, [&](int64_t, int64_t ch) { step(s, ch); });
      const int64_t t = reverse ? steps - 1 - s : s, n = batch[t];
      T* ot = out + offset[t] * ldo;
      GemmNT<T>(n, P, H, h_raw.data(), H, L.w_hr, ot, ldo);  // matmul_hr
      for (int64_t b = 0; b < n; ++b) {
        std::copy(ot + b * ldo, ot + b * ldo + P, h.data() + b * P);
        // Training: the projected state too, after the cell's 6H.
        if (ws != nullptr)
          std::copy(ot + b * ldo, ot + b * ldo + P, ws + (offset[t] + b) * ld_ws + 6 * H);
      }
    }
    std::copy(h.begin(), h.end(), h_n);
  }
  if (c_n != nullptr) std::copy(c.begin(), c.end(), c_n);
}

template <typename T>
absl::Status Run(RnnMode mode, const RnnWeights& w, const Tensor& x, std::span<const int64_t> batch,
                 const Tensor& h0, const Tensor& c0, bool reverse, const Tensor& out, int64_t col,
                 const Tensor& h_n, const Tensor& c_n, const Tensor& ws = Tensor()) {
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
              mode == RnnMode::kLstm ? c_n.data<T>() : nullptr,
              ws.defined() ? ws.data<T>() : nullptr);
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

int64_t RnnWorkspaceWidth(RnnMode mode, int64_t hidden, int64_t proj) {
  return mode == RnnMode::kLstm ? 6 * hidden + proj : mode == RnnMode::kGru ? 5 * hidden : hidden;
}

namespace {

// The workspace RnnLayerTrain(Packed) fills: [rows..., width], contiguous.
bool GoodWorkspace(RnnMode mode, const RnnWeights& w, const Tensor& x, const Tensor& ws) {
  const int64_t P = w.w_hh.size(1), H = w.w_hr.defined() ? w.w_hr.size(1) : P;
  Shape want = x.sizes();
  want.back() = RnnWorkspaceWidth(mode, H, w.w_hr.defined() ? P : 0);
  return ws.is_contiguous() && ws.dtype() == x.dtype() && ws.sizes() == want;
}

}  // namespace

absl::Status RnnLayerTrain(RnnMode mode, const RnnWeights& w, const Tensor& x, const Tensor& h0,
                           const Tensor& c0, bool reverse, const Tensor& out, int64_t col,
                           const Tensor& h_n, const Tensor& c_n, const Tensor& ws) {
  if (x.dim() != 3 || out.dim() != 3 || out.size(0) != x.size(0) || out.size(1) != x.size(1)) {
    return absl::InvalidArgumentError("RnnLayer: x and out must be [T, B, ...]");
  }
  TC_RETURN_IF_ERROR(CheckOperands(mode, w, x, x.size(1), h0, c0, out, col, h_n, c_n));
  if (!GoodWorkspace(mode, w, x, ws)) {
    return absl::InvalidArgumentError("RnnLayerTrain: bad workspace");
  }
  const std::vector<int64_t> batch(x.size(0), x.size(1));
  if (x.dtype() == DType::kFloat32) {
    return Run<float>(mode, w, x, batch, h0, c0, reverse, out, col, h_n, c_n, ws);
  }
  return Run<double>(mode, w, x, batch, h0, c0, reverse, out, col, h_n, c_n, ws);
}

absl::Status RnnLayerPacked(RnnMode mode, const RnnWeights& w, const Tensor& x,
                            std::span<const int64_t> batch_sizes, const Tensor& h0,
                            const Tensor& c0, bool reverse, const Tensor& out, int64_t col,
                            const Tensor& h_n, const Tensor& c_n) {
  return RnnLayerTrainPacked(mode, w, x, batch_sizes, h0, c0, reverse, out, col, h_n, c_n,
                             Tensor());
}

absl::Status RnnLayerTrainPacked(RnnMode mode, const RnnWeights& w, const Tensor& x,
                                 std::span<const int64_t> batch_sizes, const Tensor& h0,
                                 const Tensor& c0, bool reverse, const Tensor& out, int64_t col,
                                 const Tensor& h_n, const Tensor& c_n, const Tensor& ws) {
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
  if (ws.defined() && !GoodWorkspace(mode, w, x, ws)) {
    return absl::InvalidArgumentError("RnnLayerTrainPacked: bad workspace");
  }
  if (x.dtype() == DType::kFloat32) {
    return Run<float>(mode, w, x, batch_sizes, h0, c0, reverse, out, col, h_n, c_n, ws);
  }
  return Run<double>(mode, w, x, batch_sizes, h0, c0, reverse, out, col, h_n, c_n, ws);
}

}  // namespace tc::kernels
