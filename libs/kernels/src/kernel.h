// The kernel calling convention and helpers to read kernel arguments.
//
// Every op's kernel receives its arguments with defaults filled and already
// checked by the op's meta function, plus the inferred output metadata. For
// ops that are not views, `outs` holds freshly allocated contiguous outputs
// to write (laid out as the metas say for pointwise ops and the few eager.cc
// names in WritesAnyLayout); view kernels (and reshape) set `outs` themselves.
#ifndef TC_KERNELS_SRC_KERNEL_H_
#define TC_KERNELS_SRC_KERNEL_H_

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/status/status.h"

#include "tc/graph_ir/op.h"
#include "tc/kernels/eager.h"
#include "tc/tensor/tensor.h"

namespace tc::kernels {

using graph_ir::TensorMeta;
using tensor::DType;
using tensor::IntSpan;
using tensor::Scalar;
using tensor::Shape;

using KernelFn = absl::Status (*)(std::span<const KernelArg> args,
                                  std::span<const TensorMeta> metas, std::span<Tensor> outs);

// The kernel registered for `op_name`, or nullptr.
KernelFn FindKernel(std::string_view op_name);
// The kernel of a registered op, or nullptr; O(1), for the eager hot path.
KernelFn FindKernel(const graph_ir::OpDef& op);

// Argument readers; the meta function has already checked the types.
inline const Tensor& TensorArg(std::span<const KernelArg> args, size_t i) {
  return std::get<Tensor>(args[i]);
}
inline bool IsTensor(std::span<const KernelArg> args, size_t i) {
  return std::holds_alternative<Tensor>(args[i]);
}
inline bool IsNone(std::span<const KernelArg> args, size_t i) {
  return i >= args.size() ||
         (std::holds_alternative<graph_ir::Constant>(args[i]) &&
          std::holds_alternative<graph_ir::None>(std::get<graph_ir::Constant>(args[i])));
}
inline const graph_ir::Constant& ConstArg(std::span<const KernelArg> args, size_t i) {
  return std::get<graph_ir::Constant>(args[i]);
}
inline Scalar ScalarArg(std::span<const KernelArg> args, size_t i) {
  return std::get<Scalar>(ConstArg(args, i));
}
inline int64_t IntArg(std::span<const KernelArg> args, size_t i) {
  return ScalarArg(args, i).to_int();
}
inline bool BoolArg(std::span<const KernelArg> args, size_t i) {
  return ScalarArg(args, i).to_bool();
}
inline std::optional<Scalar> OptScalarArg(std::span<const KernelArg> args, size_t i) {
  if (IsNone(args, i)) return std::nullopt;
  return ScalarArg(args, i);
}
inline std::optional<int64_t> OptIntArg(std::span<const KernelArg> args, size_t i) {
  if (IsNone(args, i)) return std::nullopt;
  return IntArg(args, i);
}
// An int list; one int is accepted as a list of one.
inline std::optional<Shape> OptIntListArg(std::span<const KernelArg> args, size_t i) {
  if (IsNone(args, i)) return std::nullopt;
  const auto& c = ConstArg(args, i);
  if (const auto* s = std::get_if<Scalar>(&c)) return Shape{s->to_int()};
  return std::get<Shape>(c);
}
inline Shape IntListArg(std::span<const KernelArg> args, size_t i) {
  auto v = OptIntListArg(args, i);
  return v ? *v : Shape{};
}
inline std::optional<DType> OptDTypeArg(std::span<const KernelArg> args, size_t i) {
  if (IsNone(args, i)) return std::nullopt;
  return std::get<DType>(ConstArg(args, i));
}
inline std::optional<std::string> OptStringArg(std::span<const KernelArg> args, size_t i) {
  if (IsNone(args, i)) return std::nullopt;
  return std::get<std::string>(ConstArg(args, i));
}

// Family entry points (one per file), looked up by registry.cc.
#define TC_DECLARE_KERNEL(name)                                                         \
  absl::Status name(std::span<const KernelArg> args, std::span<const TensorMeta> metas, \
                    std::span<Tensor> outs)

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_KERNEL_H_
