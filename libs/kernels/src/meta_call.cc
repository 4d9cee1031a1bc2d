// Ops on meta tensors: PyTorch's device rules for mixing meta and cpu
// arguments, graph-ir's meta inference, meta outputs. No data is read or
// written here, so an op costs its meta function and nothing more.
#include "src/meta_call.h"

#include <optional>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_format.h"

#include "tc/graph_ir/map_args.h"
#include "tc/support/status.h"

#include "src/call_args.h"
#include "src/kernel.h"

namespace tc::kernels {
namespace {

using tensor::Device;

// PyTorch treats CPU 0-dim tensors as scalars that join ops on any device.
bool IsCpuScalar(const Tensor& t) { return t.device().is_cpu() && t.dim() == 0; }

absl::Status DeviceError(const Device& got, const Device& expected) {
  return absl::InvalidArgumentError(
      absl::StrFormat("Tensor on device %s is not on the expected device %s!", got.ToString(),
                      expected.ToString()));
}

// PyTorch's checks when a meta tensor takes part. Pointwise ops
// (TensorIterator) and cat take the first tensor that is not a CPU scalar
// as the op's device and reject tensors on any other device but CPU
// scalars: meta + cpu[2] fails, meta + cpu 0-dim runs on meta. The meta
// kernels of the other ops (mm, index_select, gather, reductions, views)
// check no device, so a cpu tensor there lends only its metadata. A cuda
// tensor never joins a meta one.
absl::Status CheckMetaDevices(const graph_ir::OpDef& op, std::span<const KernelArg> args) {
  const bool strict = op.category == graph_ir::OpCategory::kPointwise || op.name == "cat";
  std::optional<Device> common;
  if (strict) {
    ForEachTensor(args, [&](const Tensor& t) {
      if (!common && t.defined() && !IsCpuScalar(t)) common = t.device();
    });
  }
  if (!common) common = Device::Meta();
  absl::Status status;
  ForEachTensor(args, [&](const Tensor& t) {
    if (!status.ok() || !t.defined() || t.device() == *common) return;
    if (strict ? !IsCpuScalar(t) : t.device().is_cuda()) status = DeviceError(t.device(), *common);
  });
  return status;
}

// A meta tensor laid out as `t` (sizes, strides, offset) over a new meta
// storage of t's size: how a tensor with data enters a view kernel here.
Tensor MetaMirror(const Tensor& t) {
  if (t.is_meta()) return t;
  return Tensor(tensor::Storage::CreateMeta(t.storage()->nbytes()), t.dtype(), t.sizes(),
                t.strides(), t.storage_offset());
}

TensorMeta MetaOf(const Tensor& t) {
  return TensorMeta{t.dtype(), t.sizes(), t.strides(), Device::Meta()};
}

}  // namespace

bool AnyMetaArg(std::span<const KernelArg> args) {
  bool any = false;
  ForEachTensor(args, [&](const Tensor& t) { any = any || t.is_meta(); });
  return any;
}

absl::StatusOr<std::vector<Tensor>> CallMetaComplete(const graph_ir::OpDef& op,
                                                     std::span<const KernelArg> args,
                                                     MetaDevices devices) {
  if (devices == MetaDevices::kChecked) TC_RETURN_IF_ERROR(CheckMetaDevices(op, args));
  TC_RETURN_IF_ERROR(CheckDefined(op, args));
  absl::InlinedVector<graph_ir::MetaArg, 6> metas_in;
  graph_ir::MapArgs(args, metas_in, MetaOf);
  TC_ASSIGN_OR_RETURN(std::vector<TensorMeta> metas, graph_ir::InferMeta(op, metas_in));
  std::vector<Tensor> outs(metas.size());
  if (op.category == graph_ir::OpCategory::kView) {
    // View kernels only place metas[0] over the base's storage (reshape
    // copies without reading when the base is meta), and moving the offset
    // (slice) is theirs to do, so they run as they are.
    KernelFn kernel = FindKernel(op);
    if (kernel == nullptr) {
      return absl::UnimplementedError(absl::StrFormat("no kernel for view op '%s'", op.name));
    }
    absl::InlinedVector<KernelArg, 6> meta_args;
    meta_args.reserve(args.size());
    for (const KernelArg& a : args) {
      const auto* t = std::get_if<Tensor>(&a);
      meta_args.push_back(t != nullptr ? KernelArg(MetaMirror(*t)) : a);
    }
    TC_RETURN_IF_ERROR(kernel(meta_args, metas, outs));
    return outs;
  }
  // Every other kernel writes fresh outputs laid out as their metas say
  // (kernel.h).
  for (size_t i = 0; i < metas.size(); ++i) {
    outs[i] =
        Tensor::EmptyStrided(metas[i].sizes, metas[i].strides, metas[i].dtype, Device::Meta());
  }
  return outs;
}

}  // namespace tc::kernels
