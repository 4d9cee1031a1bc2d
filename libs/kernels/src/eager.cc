// Eager Call(): schema defaults, meta inference, output allocation, kernel.
#include "tc/kernels/eager.h"

#include <mutex>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_format.h"

#include "tc/kernels/caching_allocator.h"
#include "tc/support/status.h"

#include "src/kernel.h"

namespace tc::kernels {
namespace {

// Kernels by OpDef, built once from the registry so a call does one
// lock-free hash lookup.
const absl::flat_hash_map<const graph_ir::OpDef*, KernelFn>& KernelTable() {
  static const auto* table = [] {
    auto* t = new absl::flat_hash_map<const graph_ir::OpDef*, KernelFn>();
    for (const graph_ir::OpDef* op : graph_ir::AllOps()) {
      if (KernelFn fn = FindKernel(op->name)) t->emplace(op, fn);
    }
    return t;
  }();
  return *table;
}

TensorMeta MetaOf(const Tensor& t) {
  return TensorMeta{t.dtype(), t.sizes(), t.strides(), t.device()};
}

}  // namespace

absl::StatusOr<std::vector<Tensor>> Call(const graph_ir::OpDef& op, std::vector<KernelArg> args) {
  InstallCachingAllocator();
  TC_RETURN_IF_ERROR(graph_ir::CheckArity(op, args.size()));
  for (size_t i = args.size(); i < op.args.size(); ++i)
    args.emplace_back(*op.args[i].default_value);
  absl::InlinedVector<graph_ir::MetaArg, 4> metas_in;
  metas_in.reserve(args.size());
  for (const KernelArg& a : args) {
    if (const auto* t = std::get_if<Tensor>(&a)) {
      if (!t->defined()) {
        return absl::InvalidArgumentError(
            absl::StrFormat("%s(): got an undefined tensor", op.name));
      }
      metas_in.emplace_back(MetaOf(*t));
    } else if (const auto* list = std::get_if<std::vector<Tensor>>(&a)) {
      std::vector<TensorMeta> ms;
      ms.reserve(list->size());
      for (const Tensor& t : *list) ms.push_back(MetaOf(t));
      metas_in.emplace_back(std::move(ms));
    } else {
      metas_in.emplace_back(std::get<graph_ir::Constant>(a));
    }
  }
  TC_ASSIGN_OR_RETURN(std::vector<TensorMeta> metas, graph_ir::InferMeta(op, metas_in));
  for (const graph_ir::MetaArg& m : metas_in) {
    if (const auto* tm = std::get_if<TensorMeta>(&m); tm != nullptr && !tm->device.is_cpu()) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s(): eager kernels run on cpu, got a tensor on %s", op.name, tm->device.ToString()));
    }
  }
  const auto& table = KernelTable();
  auto it = table.find(&op);
  if (it == table.end()) {
    return absl::UnimplementedError(absl::StrFormat("no CPU kernel for op '%s'", op.name));
  }
  std::vector<Tensor> outs(metas.size());
  if (op.category != graph_ir::OpCategory::kView) {
    for (size_t i = 0; i < metas.size(); ++i)
      outs[i] = Tensor::Empty(metas[i].sizes, metas[i].dtype);
  }
  TC_RETURN_IF_ERROR(it->second(args, metas, outs));
  return outs;
}

absl::StatusOr<std::vector<Tensor>> Call(std::string_view op_name, std::vector<KernelArg> args) {
  const graph_ir::OpDef* op = graph_ir::FindOp(op_name);
  if (op == nullptr) {
    return absl::NotFoundError(absl::StrFormat("unknown op '%s'", std::string(op_name)));
  }
  return Call(*op, std::move(args));
}

absl::StatusOr<Tensor> Call1(std::string_view op_name, std::vector<KernelArg> args) {
  TC_ASSIGN_OR_RETURN(std::vector<Tensor> outs, Call(op_name, std::move(args)));
  if (outs.size() != 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s returns %d outputs, expected 1", std::string(op_name), outs.size()));
  }
  return std::move(outs[0]);
}

}  // namespace tc::kernels
