// OpName: a string literal as a template argument (C++20), so that one
// method template serves the Tensor methods that differ only in the op
// they run: SumLike<"mean"> is Tensor.mean.
#ifndef TC_SCRIPT_TORCH_SRC_OP_NAME_H_
#define TC_SCRIPT_TORCH_SRC_OP_NAME_H_

#include <algorithm>
#include <cstddef>

namespace tc::script_torch {

template <size_t N>
struct OpName {
  // Implicit: the literal itself is the template argument.
  constexpr OpName(const char (&literal)[N]) { std::copy_n(literal, N, text); }  // NOLINT
  char text[N] = {};
};

}  // namespace tc::script_torch

#endif  // TC_SCRIPT_TORCH_SRC_OP_NAME_H_
