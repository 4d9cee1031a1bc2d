// The derivative table's parts, one per family of ops (each in its own
// derivatives_<family>.cc), joined by derivative_registry.cc.
#ifndef TC_AUTODIFF_SRC_DERIVATIVE_TABLES_H_
#define TC_AUTODIFF_SRC_DERIVATIVE_TABLES_H_

#include <span>

#include "tc/autodiff/derivatives.h"

namespace tc::autodiff::internal {

std::span<const DerivativeDef> PointwiseDerivatives();
std::span<const DerivativeDef> ReductionDerivatives();
std::span<const DerivativeDef> ViewDerivatives();
std::span<const DerivativeDef> LinalgDerivatives();
std::span<const DerivativeDef> NnDerivatives();
std::span<const DerivativeDef> IndexDerivatives();
std::span<const DerivativeDef> ScanSortDerivatives();
std::span<const DerivativeDef> AttentionDerivatives();
std::span<const DerivativeDef> ConvDerivatives();  // derivatives_conv.cc
std::span<const DerivativeDef> PoolDerivatives();  // derivatives_pool.cc

// Bit masks for DerivativeDef::save_args.
constexpr uint32_t Arg(int i) { return 1u << i; }

}  // namespace tc::autodiff::internal

#endif  // TC_AUTODIFF_SRC_DERIVATIVE_TABLES_H_
