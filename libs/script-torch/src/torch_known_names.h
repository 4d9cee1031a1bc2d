// The public names real PyTorch has in torch, torch.Tensor, torch.nn and
// torch.nn.functional: an attribute tc lacks but PyTorch has is
// NotImplementedError ("torch.fft is not supported by tc"), any other
// missing one AttributeError, as PyTorch would raise. The names are
// libs/script-torch/data/torch_known_names.txt, which
// scripts/gen_torch_known_names.py writes from pip torch.
#ifndef TC_SCRIPT_TORCH_SRC_TORCH_KNOWN_NAMES_H_
#define TC_SCRIPT_TORCH_SRC_TORCH_KNOWN_NAMES_H_

#include <string_view>

namespace tc::script_torch {

// The order of the data file's sections.
enum class TorchNamespace { kTorch, kTensor, kNn, kFunctional };

bool TorchHasName(TorchNamespace ns, std::string_view name);

}  // namespace tc::script_torch

#endif  // TC_SCRIPT_TORCH_SRC_TORCH_KNOWN_NAMES_H_
