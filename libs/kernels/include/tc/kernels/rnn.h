// One layer and one direction of PyTorch's CPU recurrent networks (what
// torch.lstm / gru / rnn_tanh / rnn_relu run per layer), as one kernel
// call: the input projection of all steps in one GEMM, then per step one
// GEMM with the hidden state and the gate nonlinearities fused into one
// pass (Highway sigmoid / tanh). A whole layer is thus not hundreds of
// small op dispatches. float32 and float64, contiguous operands.
#ifndef TC_KERNELS_RNN_H_
#define TC_KERNELS_RNN_H_

#include <cstdint>
#include <span>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#include "tc/tensor/tensor.h"

namespace tc::kernels {

enum class RnnMode { kLstm, kGru, kRnnTanh, kRnnRelu };

// The weights of one layer and direction, as PyTorch names them:
// w_ih [G, I], w_hh [G, Hout], b_ih / b_hh [G] (undefined when bias=False),
// w_hr [P, H] (LSTM with proj_size only, else undefined). G is 4H (LSTM,
// gates i, f, g, o), 3H (GRU, gates r, z, n) or H (RNN); Hout is P when
// projecting, else H.
struct RnnWeights {
  tensor::Tensor w_ih, w_hh, b_ih, b_hh, w_hr;
};

// Runs the layer over x [T, B, I] (contiguous, time-major) from h0 [B, Hout]
// (and c0 [B, H] for LSTM), forward in time or, when `reverse`, backward.
// Step t's hidden state goes to out[t, :, col : col + Hout] of the
// contiguous out [T, B, C] (so both directions share one output); the last
// states go to h_n [B, Hout] and c_n [B, H] (contiguous). All tensors have
// x's dtype, float32 or float64.
absl::Status RnnLayer(RnnMode mode, const RnnWeights& w, const tensor::Tensor& x,
                      const tensor::Tensor& h0, const tensor::Tensor& c0, bool reverse,
                      const tensor::Tensor& out, int64_t col, const tensor::Tensor& h_n,
                      const tensor::Tensor& c_n);

// Training: RnnLayer that also fills `ws` [T, B, RnnWorkspaceWidth(mode,
// H, P or 0)] (contiguous, x's dtype) with what RnnLayerBackward reads:
// per step the gate activations, the LSTM cell state or the GRU's hg_n,
// the new hidden state (LSTM with proj_size: before and after the
// projection).
int64_t RnnWorkspaceWidth(RnnMode mode, int64_t hidden, int64_t proj = 0);
absl::Status RnnLayerTrain(RnnMode mode, const RnnWeights& w, const tensor::Tensor& x,
                           const tensor::Tensor& h0, const tensor::Tensor& c0, bool reverse,
                           const tensor::Tensor& out, int64_t col, const tensor::Tensor& h_n,
                           const tensor::Tensor& c_n, const tensor::Tensor& ws);

// Back-propagation through time for one RnnLayerTrain (batch_sizes empty)
// or RnnLayerTrainPacked call: from the gradients of its output dout
// ([T, B, P], packed [N, P]; P = H without projection) and of h_n [B, P]
// and c_n [B, H] (each undefined: zero), the gradients of x, h0, c0
// (LSTM) and the weights (biases undefined when w has none; dw_hr with a
// projection). One GEMM per step (the gates' gradients with w_hh; with a
// projection one more, with w_hr), then one each for dx, dw_ih, dw_hh
// (and dw_hr) over all steps.
struct RnnLayerGrads {
  tensor::Tensor dx, dh0, dc0, dw_ih, dw_hh, db_ih, db_hh, dw_hr;
};
absl::StatusOr<RnnLayerGrads> RnnLayerBackward(
    RnnMode mode, const RnnWeights& w, const tensor::Tensor& x,
    std::span<const int64_t> batch_sizes, const tensor::Tensor& h0, const tensor::Tensor& c0,
    const tensor::Tensor& ws, bool reverse, const tensor::Tensor& dout, const tensor::Tensor& dh_n,
    const tensor::Tensor& dc_n);

// RnnLayerTrain over a packed batch (ws [N, RnnWorkspaceWidth]).
absl::Status RnnLayerTrainPacked(RnnMode mode, const RnnWeights& w, const tensor::Tensor& x,
                                 std::span<const int64_t> batch_sizes, const tensor::Tensor& h0,
                                 const tensor::Tensor& c0, bool reverse, const tensor::Tensor& out,
                                 int64_t col, const tensor::Tensor& h_n, const tensor::Tensor& c_n,
                                 const tensor::Tensor& ws);

// The same over a packed batch (PyTorch's PackedSequence): x [N, I] holds
// the steps one after another, step t the first batch_sizes[t] sequences
// (positive, non-increasing, summing to N); out is [N, C]; h0 / h_n are
// [batch_sizes[0], Hout]. A sequence that ends early keeps its state, so
// h_n (and c_n) hold each sequence's state after its own last step.
absl::Status RnnLayerPacked(RnnMode mode, const RnnWeights& w, const tensor::Tensor& x,
                            std::span<const int64_t> batch_sizes, const tensor::Tensor& h0,
                            const tensor::Tensor& c0, bool reverse, const tensor::Tensor& out,
                            int64_t col, const tensor::Tensor& h_n, const tensor::Tensor& c_n);

}  // namespace tc::kernels

#endif  // TC_KERNELS_RNN_H_
