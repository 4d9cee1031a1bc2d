// Walks over an op call's arguments shared by the eager calls (eager.cc),
// the meta calls (meta_call.cc) and composite runs (composite.cc).
#ifndef TC_KERNELS_SRC_CALL_ARGS_H_
#define TC_KERNELS_SRC_CALL_ARGS_H_

#include <span>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"

#include "tc/graph_ir/op.h"
#include "tc/kernels/eager.h"

namespace tc::kernels {

// Calls fn(t) for every tensor argument in order, lists flattened.
template <typename Fn>
void ForEachTensor(std::span<const KernelArg> args, Fn&& fn) {
  for (const KernelArg& a : args) {
    if (const auto* t = std::get_if<Tensor>(&a)) {
      fn(*t);
    } else if (const auto* list = std::get_if<std::vector<Tensor>>(&a)) {
      for (const Tensor& t : *list) fn(t);
    }
  }
}

// An error naming `op` when a tensor argument, alone or in a list, is
// undefined; checked before anything reads the tensors' metadata.
inline absl::Status CheckDefined(const graph_ir::OpDef& op, std::span<const KernelArg> args) {
  for (const KernelArg& a : args) {
    if (const auto* t = std::get_if<Tensor>(&a); t != nullptr && !t->defined()) [[unlikely]] {
      return absl::InvalidArgumentError(absl::StrFormat("%s(): got an undefined tensor", op.name));
    }
    if (const auto* list = std::get_if<std::vector<Tensor>>(&a)) {
      for (const Tensor& t : *list) {
        if (!t.defined()) [[unlikely]] {
          return absl::InvalidArgumentError(
              absl::StrFormat("%s(): got an undefined tensor in a tensor list", op.name));
        }
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_CALL_ARGS_H_
