// CallWithPanelHook: the offer is a thread-local (op name, hook) the op's
// kernel takes at its entry, so Call's checks and allocation stay as they
// are and no kernel signature changes.
#include "src/gemm_panels.h"

#include <algorithm>

namespace tc::kernels {
namespace {

struct Offer {
  std::string_view op;
  GemmPanelHook* hook = nullptr;
};
thread_local Offer offer;

}  // namespace

GemmPanelHook* TakePanelHook(std::string_view op_name) {
  if (offer.hook == nullptr || offer.op != op_name) return nullptr;
  GemmPanelHook* hook = offer.hook;
  offer = Offer{};
  return hook;
}

bool PanelsAligned(const GemmPanelHook& hook, int64_t batches, int64_t batch_rows, int64_t panels,
                   int64_t panel_rows) {
  const int64_t a = std::max<int64_t>(hook.align_rows, 1);
  return (batches <= 1 || batch_rows % a == 0) && (panels <= 1 || panel_rows % a == 0);
}

absl::StatusOr<std::vector<Tensor>> CallWithPanelHook(const graph_ir::OpDef& op,
                                                      std::span<const KernelArg> args,
                                                      GemmPanelHook& hook) {
  hook.used = false;
  offer = Offer{op.name, &hook};
  absl::StatusOr<std::vector<Tensor>> result = Call(op, args);
  offer = Offer{};
  return result;
}

}  // namespace tc::kernels
