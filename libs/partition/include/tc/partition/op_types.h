// The op categories the min-cut partitioner reasons with: PyTorch 2.15's
// get_default_op_list (functorch's partitioners.py) mapped onto graph-ir's
// op names.
#ifndef TC_PARTITION_OP_TYPES_H_
#define TC_PARTITION_OP_TYPES_H_

#include "tc/graph_ir/op.h"

namespace tc::partition {

// Cheap to recompute in the backward (the allow-list): pointwise math and
// comparisons, sum/mean/amax/argmax/var, dtype casts, clone, full,
// arange, gather, triu, the views.
bool IsRecomputable(const graph_ir::OpDef& op);
// Views PyTorch's partitioner treats as free: view, permute, expand,
// squeeze, unsqueeze, slice, t (not reshape, which may copy).
bool IsView(const graph_ir::OpDef& op);
// Ops that draw random numbers; never recomputed (a second draw differs).
bool IsRandom(const graph_ir::OpDef& op);
// Matrix products, convolutions and attention.
bool IsComputeIntensive(const graph_ir::OpDef& op);
// Recomputable or random: fuses into a neighbouring kernel.
bool IsFusible(const graph_ir::OpDef& op);

}  // namespace tc::partition

#endif  // TC_PARTITION_OP_TYPES_H_
