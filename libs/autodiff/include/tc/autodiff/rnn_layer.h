// One recurrent layer and direction run with autograd: the recurrent
// kernels (kernels::RnnLayerTrain) compute a whole layer outside the op
// table, so its backward is a node of its own that runs
// kernels::RnnLayerBackward (back-propagation through time) from the
// activations the forward saved.
#ifndef TC_AUTODIFF_RNN_LAYER_H_
#define TC_AUTODIFF_RNN_LAYER_H_

#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/kernels/rnn.h"
#include "tc/tensor/tensor.h"

namespace tc::autodiff {

// Runs the layer over x [T, B, I] (or, with batch_sizes, a packed x
// [N, I]) from h0 [B, P] (and c0 [B, H] for LSTM), all contiguous, and
// returns out [T, B, P] (packed: [N, P]), h_n [B, P] (and c_n [B, H]); P
// is H but for an LSTM with a projection (w.w_hr [P, H]). When an operand
// requires grad (and grad mode is on) they are outputs of one node named
// `name` whose backward gives the gradients of x, h0, c0 and the weights.
absl::StatusOr<std::vector<tensor::Tensor>> RnnLayerWithGrad(
    kernels::RnnMode mode, const kernels::RnnWeights& w, const tensor::Tensor& x,
    std::span<const int64_t> batch_sizes, const tensor::Tensor& h0, const tensor::Tensor& c0,
    bool reverse, std::string name);

}  // namespace tc::autodiff

#endif  // TC_AUTODIFF_RNN_LAYER_H_
