#include <vector>

#include "absl/container/flat_hash_map.h"

#include "tc/autodiff/derivatives.h"

#include "src/derivative_tables.h"

namespace tc::autodiff {
namespace {

struct Registry {
  absl::flat_hash_map<std::string_view, const DerivativeDef*> by_op;
  std::vector<const DerivativeDef*> all;
};

const Registry& TheRegistry() {
  static const Registry* r = [] {
    auto* reg = new Registry;
    for (auto table : {internal::PointwiseDerivatives(), internal::ReductionDerivatives(),
                       internal::ViewDerivatives(), internal::LinalgDerivatives(),
                       internal::NnDerivatives(), internal::IndexDerivatives(),
                       internal::ScanSortDerivatives(), internal::AttentionDerivatives(),
                       internal::ConvDerivatives(), internal::PoolDerivatives()}) {
      for (const DerivativeDef& d : table) {
        reg->by_op[d.op] = &d;
        reg->all.push_back(&d);
      }
    }
    return reg;
  }();
  return *r;
}

}  // namespace

const DerivativeDef* FindDerivative(std::string_view op) {
  const Registry& r = TheRegistry();
  auto it = r.by_op.find(op);
  return it == r.by_op.end() ? nullptr : it->second;
}

std::span<const DerivativeDef* const> AllDerivatives() { return TheRegistry().all; }

bool IsDifferentiableOutput(const graph_ir::OpDef& op, size_t i, tensor::DType dtype) {
  if (!tensor::IsFloatingPoint(dtype)) return false;
  // batch_norm(...) -> (out, new running_mean, new running_var)
  return !(i > 0 && op.name == "batch_norm");
}

std::string NodeName(const DerivativeDef& def, std::span<const kernels::KernelArg> args) {
  if (def.name_fn != nullptr) return def.name_fn(args);
  return def.name != nullptr ? def.name : "NotImplemented";
}

}  // namespace tc::autodiff
