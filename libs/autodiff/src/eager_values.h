// Where a formula may look at values: on the eager tape (TapeEmitter) the
// saved tensors are real, so a formula can pick PyTorch's branch as ATen
// does (prod and cumprod take a cheaper path when the input has no
// zeros); in a joint graph nothing is known and the formula computes every
// branch and selects with where.
#ifndef TC_AUTODIFF_SRC_EAGER_VALUES_H_
#define TC_AUTODIFF_SRC_EAGER_VALUES_H_

#include <optional>

#include "tc/autodiff/derivatives.h"

namespace tc::autodiff::internal {

// How many zeros `r` holds, when its values are known (eager backward).
std::optional<int64_t> KnownZeroCount(const BackwardArgs& b, EmitRef r);

}  // namespace tc::autodiff::internal

#endif  // TC_AUTODIFF_SRC_EAGER_VALUES_H_
