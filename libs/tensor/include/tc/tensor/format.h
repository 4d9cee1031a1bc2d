// Printing tensors exactly as PyTorch's repr() prints them (a port of
// torch/_tensor_str.py for strided CPU tensors of the dtypes tc has).
#ifndef TC_TENSOR_FORMAT_H_
#define TC_TENSOR_FORMAT_H_

#include <optional>
#include <string>
#include <vector>

#include "tc/tensor/device.h"
#include "tc/tensor/tensor.h"

namespace tc::tensor {

// torch.set_printoptions, plus what repr() adds around the values.
struct FormatOptions {
  int precision = 4;
  int linewidth = 80;
  // Tensors with more elements than this print only their edges, with "...".
  int threshold = 1000;
  int edgeitems = 3;
  // nullopt: chosen from the values, as PyTorch does.
  std::optional<bool> sci_mode;
  // Suffixes after those FormatTensor derives (size=, dtype=), joined as
  // PyTorch joins them (wrapping past linewidth): "requires_grad=True",
  // "grad_fn=<AddBackward0>".
  std::vector<std::string> suffixes;
  // A device to name first among the suffixes ("device='cuda:0'"), for
  // printing a CPU copy of a tensor that lives elsewhere; cpu prints nothing.
  std::optional<Device> device;
};

// What `repr(t)` prints in PyTorch for the same values, e.g.
// "tensor([1.5000, 2.0000])", "tensor([], size=(0, 3))",
// "tensor([1, 2], dtype=torch.int32)". A meta tensor prints as PyTorch
// prints it, without values: "tensor(..., device='meta', size=(2, 3))",
// "tensor(..., device='meta', size=())", "tensor(..., device='meta',
// size=(3,), dtype=torch.int64)" (the dtype unless float32). A tensor in
// other memory this library cannot read (cuda) prints the same way with its
// device named. An undefined tensor prints as "tensor(undefined)".
std::string FormatTensor(const Tensor& t, const FormatOptions& options = {});

}  // namespace tc::tensor

#endif  // TC_TENSOR_FORMAT_H_
