// The kernels' side of tc/kernels/gemm_panels.h: a GEMM kernel takes the
// hook offered for its op and asks whether its panel plan can feed it.
#ifndef TC_KERNELS_SRC_GEMM_PANELS_H_
#define TC_KERNELS_SRC_GEMM_PANELS_H_

#include <string_view>

#include "tc/kernels/gemm_panels.h"

namespace tc::kernels {

// The hook CallWithPanelHook offered for op `op_name` on this thread, or
// null; taking it withdraws the offer (nested calls never see it).
GemmPanelHook* TakePanelHook(std::string_view op_name);

// Whether panels starting at rows batch * batch_rows + p * panel_rows
// (batches x panels per batch) all start at multiples of hook.align_rows.
bool PanelsAligned(const GemmPanelHook& hook, int64_t batches, int64_t batch_rows, int64_t panels,
                   int64_t panel_rows);

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_GEMM_PANELS_H_
