// Eager Call(): schema defaults, meta inference, output allocation, kernel.
// Arguments off the CPU leave the hot path at once: meta tensors for
// meta_call.cc, anything else for an error.
//
// This is the per-op overhead of eager mode, so the path avoids heap work
// beyond what the result needs: arguments are read through spans, metadata
// lives in inline vectors, the kernel is found by the op's position in the
// registry and names go through a small cache before the registry's map.
#include "tc/kernels/eager.h"

#include <atomic>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_format.h"

#include "tc/graph_ir/map_args.h"
#include "tc/kernels/caching_allocator.h"
#include "tc/kernels/composite.h"
#include "tc/support/status.h"

#include "src/alloc_check.h"
#include "src/call_args.h"
#include "src/copy.h"
#include "src/fused.h"
#include "src/kernel.h"
#include "src/meta_call.h"

namespace tc::kernels {
namespace {

// The registry's OpDef for `name`. Eager code calls the same few ops by name
// over and over, so a direct-mapped cache answers most lookups with one
// string compare; slots hold immutable registry entries, so relaxed atomics
// are enough for threads to share it.
const graph_ir::OpDef* LookupOp(std::string_view name) {
  constexpr size_t kSlots = 64;
  static std::atomic<const graph_ir::OpDef*> cache[kSlots];
  if (name.empty()) return graph_ir::FindOp(name);
  const size_t slot = (name.size() * 7 + static_cast<unsigned char>(name.front()) * 3 +
                       static_cast<unsigned char>(name.back())) %
                      kSlots;
  const graph_ir::OpDef* op = cache[slot].load(std::memory_order_relaxed);
  if (op != nullptr && op->name == name) return op;
  op = graph_ir::FindOp(name);
  if (op != nullptr) cache[slot].store(op, std::memory_order_relaxed);
  return op;
}

// InstallCachingAllocator() runs std::call_once on every call; a static
// guard costs one load once it has run.
void EnsureCachingAllocator() {
  static const bool installed = (InstallCachingAllocator(), true);
  (void)installed;
}

// Some tensor argument is not on the CPU: a meta run when one is meta,
// else the error for the devices at hand.
absl::StatusOr<std::vector<Tensor>> CallOffCpu(const graph_ir::OpDef& op,
                                               std::span<const KernelArg> args,
                                               std::span<const graph_ir::MetaArg> metas_in) {
  if (AnyMetaArg(args)) return CallMetaComplete(op, args, MetaDevices::kChecked);
  // Mixed devices are the meta function's error ("Expected all tensors to
  // be on the same device ...").
  TC_RETURN_IF_ERROR(graph_ir::InferMeta(op, metas_in).status());
  for (const graph_ir::MetaArg& m : metas_in) {
    if (const auto* tm = std::get_if<TensorMeta>(&m); tm != nullptr && !tm->device.is_cpu()) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s(): eager kernels run on cpu, got a tensor on %s", op.name, tm->device.ToString()));
    }
  }
  return absl::InvalidArgumentError(
      absl::StrFormat("%s(): eager kernels run on cpu, got a tensor list off the cpu", op.name));
}

// Non-pointwise kernels that write their outputs in whatever layout the meta
// function gave them (copies through CopyCast; the pools' channels_last
// kernels, pool_nhwc.cc; the convolution, conv.cc), so no relayout.
bool WritesAnyLayout(std::string_view name) {
  static constexpr std::string_view kOps[] = {
      "_adaptive_avg_pool2d",    "adaptive_max_pool2d", "avg_pool2d", "cat", "convolution", "flip",
      "max_pool2d_with_indices",
  };
  for (std::string_view op : kOps) {
    if (name == op) return true;
  }
  return false;
}

// Runs `op` on its complete argument list (defaults filled in); with
// `meta`, as CallMeta.
absl::StatusOr<std::vector<Tensor>> CallComplete(const graph_ir::OpDef& op,
                                                 std::span<const KernelArg> args, bool meta) {
  // Torch-level ops run as their decomposition into core ops, or as their
  // fused kernel when the arguments are on its fast path.
  if (op.category == graph_ir::OpCategory::kComposite) {
    if (meta) return RunCompositeOn(op, args, CompositeRun::kMeta);
    // An undefined tensor gets the decomposition's error, not the fast path.
    FusedFn fused = FindFusedKernel(op);
    if (fused != nullptr && CheckDefined(op, args).ok()) {
      EnsureCachingAllocator();
      TC_ASSIGN_OR_RETURN(std::optional<std::vector<Tensor>> outs, RunFused(fused, op, args));
      if (outs.has_value()) return std::move(*outs);
    }
    return RunComposite(op, args);
  }
  if (meta) [[unlikely]] {
    return CallMetaComplete(op, args, MetaDevices::kAny);
  }
  EnsureCachingAllocator();
  TC_RETURN_IF_ERROR(CheckDefined(op, args));
  absl::InlinedVector<graph_ir::MetaArg, 6> metas_in;
  bool all_cpu = true;
  graph_ir::MapArgs(args, metas_in, [&](const Tensor& t) {
    all_cpu = all_cpu && t.device().is_cpu();
    return TensorMeta{t.dtype(), t.sizes(), t.strides(), t.device()};
  });
  if (!all_cpu) [[unlikely]] {
    return CallOffCpu(op, args, metas_in);
  }
  TC_ASSIGN_OR_RETURN(std::vector<TensorMeta> metas, graph_ir::InferMeta(op, metas_in));
  KernelFn kernel = FindKernel(op);
  if (kernel == nullptr) {
    return absl::UnimplementedError(absl::StrFormat("no CPU kernel for op '%s'", op.name));
  }
  std::vector<Tensor> outs(metas.size());
  // Pointwise kernels (and those WritesAnyLayout names) write any dense
  // layout; the others write contiguous outputs (kernel.h), so an output
  // their meta lays out otherwise is computed
  // contiguous and copied.
  bool relayout = false;
  if (op.category != graph_ir::OpCategory::kView) {
    for (size_t i = 0; i < metas.size(); ++i) {
      TC_RETURN_IF_ERROR(CheckAllocation(metas[i].sizes, metas[i].dtype));
      const bool strided = !tensor::IsContiguous(metas[i].sizes, metas[i].strides);
      relayout |=
          strided && op.category != graph_ir::OpCategory::kPointwise && !WritesAnyLayout(op.name);
      outs[i] = relayout ? Tensor::Empty(metas[i].sizes, metas[i].dtype)
                         : Tensor::EmptyStrided(metas[i].sizes, metas[i].strides, metas[i].dtype);
    }
  }
  TC_RETURN_IF_ERROR(kernel(args, metas, outs));
  if (relayout) {
    for (size_t i = 0; i < metas.size(); ++i) {
      if (tensor::IsContiguous(metas[i].sizes, metas[i].strides)) continue;
      Tensor laid = Tensor::EmptyStrided(metas[i].sizes, metas[i].strides, metas[i].dtype);
      CopyCast(outs[i], laid);
      outs[i] = std::move(laid);
    }
  }
  return outs;
}

// Call and CallMeta: the schema's defaults filled in, then CallComplete.
absl::StatusOr<std::vector<Tensor>> CallWithDefaults(const graph_ir::OpDef& op,
                                                     std::span<const KernelArg> args, bool meta) {
  TC_RETURN_IF_ERROR(graph_ir::CheckArity(op, args.size()));
  if (args.size() == op.args.size()) return CallComplete(op, args, meta);
  absl::InlinedVector<KernelArg, 6> full(args.begin(), args.end());
  for (size_t i = args.size(); i < op.args.size(); ++i)
    full.emplace_back(*op.args[i].default_value);
  return CallComplete(op, full, meta);
}

}  // namespace

absl::StatusOr<std::vector<Tensor>> Call(const graph_ir::OpDef& op,
                                         std::span<const KernelArg> args) {
  return CallWithDefaults(op, args, /*meta=*/false);
}

absl::StatusOr<std::vector<Tensor>> CallMeta(const graph_ir::OpDef& op,
                                             std::span<const KernelArg> args) {
  return CallWithDefaults(op, args, /*meta=*/true);
}

absl::StatusOr<std::vector<Tensor>> CallMeta(const graph_ir::OpDef& op,
                                             std::initializer_list<KernelArg> args) {
  return CallMeta(op, std::span<const KernelArg>(args.begin(), args.size()));
}

absl::StatusOr<std::vector<Tensor>> Call(const graph_ir::OpDef& op,
                                         std::initializer_list<KernelArg> args) {
  return Call(op, std::span<const KernelArg>(args.begin(), args.size()));
}

absl::StatusOr<std::vector<Tensor>> Call(const graph_ir::OpDef& op, std::vector<KernelArg> args) {
  TC_RETURN_IF_ERROR(graph_ir::CheckArity(op, args.size()));
  args.reserve(op.args.size());
  for (size_t i = args.size(); i < op.args.size(); ++i)
    args.emplace_back(*op.args[i].default_value);
  return CallComplete(op, args, /*meta=*/false);
}

absl::StatusOr<std::vector<Tensor>> Call(std::string_view op_name, std::vector<KernelArg> args) {
  const graph_ir::OpDef* op = LookupOp(op_name);
  if (op == nullptr) {
    return absl::NotFoundError(absl::StrFormat("unknown op '%s'", std::string(op_name)));
  }
  return Call(*op, std::move(args));
}

absl::StatusOr<std::vector<Tensor>> Call(std::string_view op_name,
                                         std::initializer_list<KernelArg> args) {
  const graph_ir::OpDef* op = LookupOp(op_name);
  if (op == nullptr) {
    return absl::NotFoundError(absl::StrFormat("unknown op '%s'", std::string(op_name)));
  }
  return Call(*op, args);
}

namespace {

absl::StatusOr<Tensor> SingleOutput(std::string_view op_name,
                                    absl::StatusOr<std::vector<Tensor>> outs) {
  if (!outs.ok()) return outs.status();
  if (outs->size() != 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s returns %d outputs, expected 1", std::string(op_name), outs->size()));
  }
  return std::move((*outs)[0]);
}

}  // namespace

absl::StatusOr<Tensor> Call1(std::string_view op_name, std::vector<KernelArg> args) {
  return SingleOutput(op_name, Call(op_name, std::move(args)));
}

absl::StatusOr<Tensor> Call1(std::string_view op_name, std::initializer_list<KernelArg> args) {
  return SingleOutput(op_name, Call(op_name, args));
}

}  // namespace tc::kernels
