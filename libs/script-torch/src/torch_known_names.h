// The public names real PyTorch has in torch, torch.Tensor, torch.nn,
// torch.nn.functional, torch.nn.utils, torch.optim,
// torch.optim.lr_scheduler and torch.linalg: an attribute tc lacks but PyTorch has is
// NotImplementedError ("torch.fft is not supported by tc"), any other
// missing one AttributeError, as PyTorch would raise. The names are
// libs/script-torch/data/torch_known_names.txt, which
// scripts/gen_torch_known_names.py writes from pip torch.
#ifndef TC_SCRIPT_TORCH_SRC_TORCH_KNOWN_NAMES_H_
#define TC_SCRIPT_TORCH_SRC_TORCH_KNOWN_NAMES_H_

#include <optional>
#include <string_view>

namespace tc::script_torch {

// The order of the data file's sections.
enum class TorchNamespace {
  kTorch,
  kTensor,
  kNn,
  kFunctional,
  kNnUtils,
  kOptim,
  kLrScheduler,
  kLinalg,
};

bool TorchHasName(TorchNamespace ns, std::string_view name);
// The namespace of module `module` ("torch.optim"), if the file lists it.
std::optional<TorchNamespace> TorchModuleNamespace(std::string_view module);

}  // namespace tc::script_torch

#endif  // TC_SCRIPT_TORCH_SRC_TORCH_KNOWN_NAMES_H_
