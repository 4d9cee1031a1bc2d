// The recurrent step of RnnLayer (rnn.cc) as one fused Highway kernel: the
// hidden-state GEMM h @ w_hh^T against weights packed once per layer call,
// with the gate nonlinearities and the cell update applied while the
// products are still in registers.
//
// Packing: the hidden units are cut into panels of PanelUnits() units (one
// vector of lanes); a panel holds, for every k, the panel's units of each
// gate in turn (gate-major within k), so one pass over a panel yields all
// gates of its units and the cell math needs nothing from other panels.
// Panels are thus independent within a step, and RnnLayer spreads them
// over the pool.
#ifndef TC_KERNELS_SRC_RNN_STEP_H_
#define TC_KERNELS_SRC_RNN_STEP_H_

#include <cstdint>

namespace tc::kernels::rnn_step {

enum class Cell : int { kLstm, kGru, kRnnTanh, kRnnRelu };

// Gates per hidden unit: 4 (LSTM i, f, g, o), 3 (GRU r, z, n), 1 (RNN).
int64_t GatesOf(Cell cell);

// Hidden units per panel for this CPU's vectors of T.
int64_t PanelUnits(const float*);
int64_t PanelUnits(const double*);

// Number of T the packed w_hh takes.
int64_t PackedSize(int64_t gates, int64_t hidden, int64_t k, int64_t units);

// Panels [p0, p1) of packed <- w_hh [gates * hidden, k] (row-major,
// PyTorch's layout); units past `hidden` in the last panel are zero.
template <typename T>
void PackHh(const T* w_hh, int64_t gates, int64_t hidden, int64_t k, int64_t units, int64_t p0,
            int64_t p1, T* packed);

// One step for rows [0, rows) and the panels [p0, p1):
//   LSTM: gates = (h @ w_hh^T + b_hh) + (xw + b_ih); c = f*c + i*g;
//         h_new = o*tanh(c)
//   GRU:  r, z = sig((hg + b) + xi); n = tanh(xi_n + (hg_n + b_n)*r)
//         where xi = xw + b_ih;
//         h_new = (h - n)*z + n
//   RNN:  h_new = act((hg + b_hh) + (xw + b_ih))
// with PyTorch's rounding of each of these elementwise operations.
template <typename T>
struct StepArgs {
  Cell cell;
  int64_t rows;
  int64_t hidden;   // H
  int64_t k;        // width of h (H, or the projection size P for LSTM)
  const T* packed;  // PackHh's output
  const T* b_hh;    // [gates * H], or nullptr
  const T* xw;      // [rows, gates * H]: x_t @ w_ih^T
  const T* b_ih;    // [gates * H] added to xw (linear_ih's bias), or nullptr
  const T* h;       // [rows, k], row stride ldh: the previous hidden state
  int64_t ldh;
  T* c;      // LSTM: the cell state [rows, H] (row stride H), updated in place
  T* h_new;  // [rows, H], row stride ld_new (LSTM: before the projection)
  int64_t ld_new;
  T* out;  // a second copy of h_new (row stride ld_out), or nullptr
  int64_t ld_out;
  // Training: what the backward reads, per row (row stride ld_ws): LSTM
  // i, f, g, o, c_new, h_new; GRU r, z, n, hg_n (with b_hh), h_new; RNN
  // h_new; each H wide. nullptr: nothing saved.
  T* ws = nullptr;
  int64_t ld_ws = 0;
};

void StepPanels(const StepArgs<float>& a, int64_t p0, int64_t p1);
void StepPanels(const StepArgs<double>& a, int64_t p0, int64_t p1);

}  // namespace tc::kernels::rnn_step

#endif  // TC_KERNELS_SRC_RNN_STEP_H_
