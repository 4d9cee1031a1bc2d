// Loop flattening shared by the pointwise and reduction emitters (see
// emit_loops.h).
#include <algorithm>

#include "absl/strings/str_cat.h"

#include "src/emit_loops.h"

namespace tc::codegen_cpu {

void CollectAccesses(const Program& program, const ExprPtr& e, std::vector<Sym>* out) {
  if (const auto* load = std::get_if<Load>(&e->node)) {
    const Buffer& b = program.buffers[load->buffer];
    out->push_back(Linear(load->index, b.strides, Sym::Const(0)));
  }
  if (const auto* iv = std::get_if<IndexValue>(&e->node)) out->push_back(iv->index);
  if (const auto* op = std::get_if<Op>(&e->node)) {
    for (const ExprPtr& a : op->args) CollectAccesses(program, a, out);
  }
}

// Drops size-1 dims and merges dim a into the next kept dim b when every
// access has coefficient(a) == coefficient(b) * extent(b); fills `subst`.
std::vector<LoopDim> MergeDims(std::string_view prefix, const std::vector<int64_t>& extents,
                               const std::vector<Sym>& accesses,
                               absl::flat_hash_map<std::string, Sym>* subst) {
  std::vector<LoopDim> order;
  for (size_t d = 0; d < extents.size(); ++d) {
    order.push_back({absl::StrCat(std::string(prefix), d), extents[d]});
  }
  return MergeDims(order, accesses, subst);
}

std::vector<LoopDim> MergeDims(const std::vector<LoopDim>& order, const std::vector<Sym>& accesses,
                               absl::flat_hash_map<std::string, Sym>* subst) {
  std::vector<LoopDim> dims;  // innermost first while merging
  for (int d = static_cast<int>(order.size()) - 1; d >= 0; --d) {
    const std::string& var = order[d].var;
    const int64_t extent = order[d].extent;
    if (extent == 1) {
      (*subst)[var] = Sym::Const(0);
      continue;
    }
    if (!dims.empty()) {
      LoopDim& inner = dims.back();
      bool merge = true;
      for (const Sym& s : accesses) {
        const Sym a = subst->empty() ? s : s.Substitute(*subst);
        auto ca = a.CoefficientOf(var), cb = a.CoefficientOf(inner.var);
        if (!ca || !cb || *ca != *cb * inner.extent) {
          merge = false;
          break;
        }
      }
      if (merge) {
        const int64_t merged = extent * inner.extent;
        const Sym v = Sym::Var(inner.var, merged);
        for (auto& [name, value] : *subst) {
          if (value.Mentions(inner.var)) value = value.Substitute({{inner.var, v}});
        }
        if (!subst->contains(inner.var)) (*subst)[inner.var] = v;
        (*subst)[var] = Sym::Const(0);
        inner.extent = merged;
        continue;
      }
    }
    dims.push_back({var, extent});
  }
  std::reverse(dims.begin(), dims.end());
  return dims;
}

}  // namespace tc::codegen_cpu
