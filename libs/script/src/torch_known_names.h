// The public names real PyTorch has in torch, torch.Tensor, torch.nn and
// torch.nn.functional: an attribute tc lacks but PyTorch has is
// NotImplementedError ("torch.fft is not supported by tc"), any other
// missing one AttributeError, as PyTorch would raise.
#ifndef TC_SCRIPT_SRC_TORCH_KNOWN_NAMES_H_
#define TC_SCRIPT_SRC_TORCH_KNOWN_NAMES_H_

#include <span>
#include <string_view>

namespace tc::script {

enum class TorchNamespace { kTorch, kTensor, kNn, kFunctional };

bool TorchHasName(TorchNamespace ns, std::string_view name);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_TORCH_KNOWN_NAMES_H_
