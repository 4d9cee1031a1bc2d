// Printing guards as PyTorch does: explain's "Out Guards" blocks and the
// TORCH_LOGS=guards tree.
#ifndef TC_GUARDS_FORMAT_H_
#define TC_GUARDS_FORMAT_H_

#include <string>

#include "tc/guards/guard.h"
#include "tc/guards/guard_set.h"

namespace tc::guards {

// str(torch._guards.Guard), as explain prints it after "  Guard k:":
//   Name: "L['x']"
//       Source: local
//       Create Function: TENSOR_MATCH
//       Guard Types: ['TENSOR_MATCH']
//       Code List: ["hasattr(L['x'], '_dynamo_dynamic_indices') == False", ...]
//       Object Weakref: <weakref at 0x...; dead>
//       Guarded Class Weakref: <weakref at 0x...; to 'torch._C._TensorMeta' at 0x... (Tensor)>
// each line newline-terminated. Weakref addresses are the guard's own
// address and the recorded identities (PyTorch prints live addresses too).
std::string FormatGuard(const Guard& guard);

// The TORCH_LOGS=guards tree from "TREE_GUARD_MANAGER:" on: a root with the
// GLOBAL_STATE guard, then one GuardManager per source (nested along
// attribute and item accesses, locals before globals) holding its guards:
//   TREE_GUARD_MANAGER:
//   +- RootGuardManager
//   | +- GLOBAL_STATE: ___check_global_state() against {...}
//   | +- GuardManager: source=L['x'], accessed_by=FrameLocalsGuardAccessor(key='x',
//   framelocals_idx=0), type=<class 'torch.Tensor'>, tag_safe=(False, False) | | +- TENSOR_MATCH:
//   check_tensor(L['x'], Tensor, ...)
// Every line ends with a newline.
std::string FormatGuardTree(const GuardSet& guards);

}  // namespace tc::guards

#endif  // TC_GUARDS_FORMAT_H_
