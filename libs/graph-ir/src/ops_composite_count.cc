// count_nonzero(self, dim=None): the int64 count of elements that are not
// zero (NaN counts) over `dim` (all dims when None), as ATen computes it:
// sum(self != 0, dim).
#include "tc/support/status.h"

#include "composite_util.h"

namespace tc::graph_ir::internal {
namespace {

Refs CountNonzero(Emitter& e, EArgs a) {
  TC_ASSIGN_OR_RETURN(EmitRef hits, Emit1(e, "ne", {Ref(a, 0), CNum(Scalar(int64_t{0}))}));
  TC_ASSIGN_OR_RETURN(EmitRef count, Emit1(e, "sum", {hits, a[1], CBool(false)}));
  return std::vector<EmitRef>{count};
}

}  // namespace

void AddCompositeCountOps(std::vector<OpDef>& ops) {
  ops.push_back(Composite<&CountNonzero>(
      "count_nonzero", {Req("self", ArgType::kTensor), Opt("dim", ArgType::kIntList)}));
}

}  // namespace tc::graph_ir::internal
