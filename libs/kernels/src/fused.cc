// FindFusedKernel: composite op -> fused eager kernel, built once.
#include "src/fused.h"

#include "absl/container/flat_hash_map.h"

#include "tc/kernels/composite.h"

namespace tc::kernels {

namespace {

// Whether every argument has the form the schema wants (tensors where
// tensors go, None only where optional, constants that CheckConstantArg
// takes as they are): fused kernels read their arguments unchecked, so
// anything else is left to the decomposition and its errors.
bool MatchesSchema(const graph_ir::OpDef& op, std::span<const KernelArg> args) {
  if (args.size() != op.args.size()) return false;
  for (size_t i = 0; i < args.size(); ++i) {
    const graph_ir::ArgSpec& spec = op.args[i];
    if (std::holds_alternative<Tensor>(args[i])) {
      if (spec.type != graph_ir::ArgType::kTensor &&
          spec.type != graph_ir::ArgType::kTensorOrScalar) {
        return false;
      }
    } else if (const auto* c = std::get_if<graph_ir::Constant>(&args[i])) {
      if (std::holds_alternative<graph_ir::None>(*c)) {
        if (!spec.optional) return false;
        continue;
      }
      if (spec.type == graph_ir::ArgType::kTensor) return false;
      absl::StatusOr<graph_ir::Constant> checked = graph_ir::CheckConstantArg(op, i, *c);
      if (!checked.ok() || checked->index() != c->index()) return false;
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

absl::StatusOr<std::optional<std::vector<Tensor>>> RunFused(FusedFn fn, const graph_ir::OpDef& op,
                                                            std::span<const KernelArg> args) {
  if (!MatchesSchema(op, args)) return std::nullopt;
  return fn(args);
}

FusedFn FindFusedKernel(const graph_ir::OpDef& op) {
  using Table = absl::flat_hash_map<const graph_ir::OpDef*, FusedFn>;
  static const Table* table = [] {
    auto* t = new Table;
    for (const graph_ir::OpDef* def : graph_ir::AllOps()) {
      if (def->category != graph_ir::OpCategory::kComposite) continue;
      for (auto find :
           {FindNormFusedKernel, FindBatchNormFusedKernel, FindGroupNormFusedKernel,
            FindLinearFusedKernel, FindActivationFusedKernel, FindAttentionFusedKernel}) {
        if (FusedFn fn = find(def->name)) t->emplace(def, fn);
      }
    }
    return t;
  }();
  auto it = table->find(&op);
  return it == table->end() ? nullptr : it->second;
}

bool HasFusedKernel(const graph_ir::OpDef& op) { return FindFusedKernel(op) != nullptr; }

}  // namespace tc::kernels
