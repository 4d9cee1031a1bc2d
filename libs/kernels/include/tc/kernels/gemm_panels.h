// Running a pointwise epilogue on a GEMM's output panel by panel, while
// the panel is still in cache: the compiled (inductor) backend fuses the
// bias / activation / residual add that follows a linear, mm, bmm or
// matmul into the GEMM's row panels this way. The product is computed by
// exactly the code eager runs (same panels, same BLAS calls), so the
// result is bit for bit eager's; the hook only adds work after each panel.
#ifndef TC_KERNELS_GEMM_PANELS_H_
#define TC_KERNELS_GEMM_PANELS_H_

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/graph_ir/op.h"
#include "tc/kernels/eager.h"

namespace tc::kernels {

struct GemmPanelHook {
  // Called on the calling thread with the op's output once it is allocated
  // and before any of it is computed; false declines the panel calls.
  std::function<bool(const Tensor& out)> start;
  // Called (from pool threads, concurrently for disjoint ranges) once rows
  // [begin, end) of the output, its leading dims flattened, hold the
  // product. Every output row is covered exactly once.
  std::function<void(int64_t begin, int64_t end)> rows;
  // Panels are handed to `rows` only when every panel starts at a multiple
  // of this many rows (the epilogue's loop blocks must not straddle two).
  int64_t align_rows = 1;
  // Set when `rows` ran for every row; otherwise (the op, its arguments or
  // the panel plan did not allow it) the caller runs its epilogue over all
  // rows after the call.
  bool used = false;
};

// kernels::Call(op, args), with `hook` offered to op's GEMM kernel (linear,
// mm, bmm, matmul). Only the outermost kernel of `op` itself takes it (a
// linear that falls back to its decomposition does not hand it on).
absl::StatusOr<std::vector<Tensor>> CallWithPanelHook(const graph_ir::OpDef& op,
                                                      std::span<const KernelArg> args,
                                                      GemmPanelHook& hook);

}  // namespace tc::kernels

#endif  // TC_KERNELS_GEMM_PANELS_H_
