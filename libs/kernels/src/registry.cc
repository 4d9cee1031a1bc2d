// The kernel registry: op -> kernel, from the per-family tables.
#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"

#include "src/families.h"
#include "src/kernel.h"

namespace tc::kernels {
namespace {

// Kernels of the registered ops, built once. The registry keeps its OpDefs
// in one array, so an op's kernel is found by its position in it; the hash
// map is the fallback should that layout ever change.
struct KernelTable {
  const graph_ir::OpDef* first = nullptr;
  std::vector<KernelFn> by_position;
  absl::flat_hash_map<const graph_ir::OpDef*, KernelFn> by_op;
};

const KernelTable& GetKernelTable() {
  static const KernelTable* table = [] {
    auto* t = new KernelTable;
    std::span<const graph_ir::OpDef* const> ops = graph_ir::AllOps();
    bool contiguous = !ops.empty();
    for (size_t i = 0; i < ops.size(); ++i) contiguous = contiguous && ops[i] == ops[0] + i;
    for (const graph_ir::OpDef* op : ops) {
      KernelFn fn = FindKernel(op->name);
      if (contiguous) {
        t->by_position.push_back(fn);
      } else if (fn != nullptr) {
        t->by_op.emplace(op, fn);
      }
    }
    if (contiguous) t->first = ops[0];
    return t;
  }();
  return *table;
}

}  // namespace

KernelFn FindKernel(std::string_view op_name) {
  using Finder = KernelFn (*)(std::string_view);
  static constexpr Finder kFamilies[] = {
      FindUnaryKernel,
      FindBinaryKernel,
      FindOtherPointwiseKernel,
      FindExtraPointwiseKernel,
      FindReduceKernel,
      FindViewKernel,
      FindIndexKernel,
      FindMatmulKernel,
      FindCreationKernel,
      FindRandomKernel,
      FindScanKernel,
      FindConvKernel,
      FindPoolKernel,
      FindShapeExtraKernel,
      FindIndexWriteKernel,
      FindAttentionKernel,
      FindUpsampleKernel,
      FindFoldKernel,
      FindSortKernel,
      FindBucketizeKernel,
      FindSelectKernel,
      FindVectorNormKernel,
      FindConvBackwardKernel,
      FindPoolBackwardKernel,
      FindUpsampleBackwardKernel,
      FindNormBackwardKernel,
  };
  for (Finder f : kFamilies) {
    if (KernelFn fn = f(op_name)) return fn;
  }
  return nullptr;
}

KernelFn FindKernel(const graph_ir::OpDef& op) {
  const KernelTable& table = GetKernelTable();
  if (table.first != nullptr) {
    // Compared as integers: `op` need not point into the registry's array.
    const auto offset = reinterpret_cast<uintptr_t>(&op) - reinterpret_cast<uintptr_t>(table.first);
    const size_t index = offset / sizeof(graph_ir::OpDef);
    if (offset % sizeof(graph_ir::OpDef) == 0 && index < table.by_position.size() &&
        table.first + index == &op) {
      return table.by_position[index];
    }
    return nullptr;
  }
  auto it = table.by_op.find(&op);
  return it == table.by_op.end() ? nullptr : it->second;
}

}  // namespace tc::kernels
