// PyTorch's errors for saved tensors, shared by the nodes that save:
// backward through freed buffers, and a saved tensor written in place.
#ifndef TC_AUTODIFF_SRC_SAVED_ERRORS_H_
#define TC_AUTODIFF_SRC_SAVED_ERRORS_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"

#include "tc/tensor/tensor.h"

namespace tc::autodiff::internal {

// "Trying to backward through the graph a second time ...".
absl::Status ReleasedError();

// "one of the variables needed for gradient computation has been modified
// by an inplace operation: [torch.FloatTensor [3]]<which> is at version N;
// expected version M instead. Hint: ..."; `which` is "" or ", which is
// output 0 of Exp,".
absl::Status VersionError(const tensor::Tensor& t, const std::string& which, uint64_t now,
                          uint64_t expected);

// "Exp" for ExpBackward0 (and ExpBackward): how PyTorch names a node in
// the in-place error.
std::string ShortNodeName(const std::string& name);

// VersionError for `t` when its storage's version is no longer `expected`.
absl::Status CheckVersion(const tensor::Tensor& t, uint64_t expected);

}  // namespace tc::autodiff::internal

#endif  // TC_AUTODIFF_SRC_SAVED_ERRORS_H_
