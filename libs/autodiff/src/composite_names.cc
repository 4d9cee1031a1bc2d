// The grad_fn names PyTorch prints for composite ops that tc
// differentiates through their decomposition.
#include <string>

#include "tc/autodiff/derivatives.h"

namespace tc::autodiff {

std::string CompositeNodeName(std::string_view op, std::span<const kernels::KernelArg> args) {
  struct Name {
    std::string_view op;
    const char* node;
  };
  static constexpr Name kNames[] = {
      {"transpose", "TransposeBackward0"},
      {"t", "TBackward0"},
      {"mse_loss", "MseLossBackward0"},
      {"smooth_l1_loss", "SmoothL1LossBackward0"},
      {"huber_loss", "HuberLossBackward0"},
      {"binary_cross_entropy", "BinaryCrossEntropyBackward0"},
      {"binary_cross_entropy_with_logits", "BinaryCrossEntropyWithLogitsBackward0"},
      {"kl_div", "KlDivBackward0"},
      {"stack", "StackBackward0"},
      {"masked_fill", "MaskedFillBackward0"},
      {"leaky_relu", "LeakyReluBackward0"},
      {"hardtanh", "HardtanhBackward0"},
      {"relu6", "HardtanhBackward0"},
      {"elu", "EluBackward0"},
      {"softplus", "SoftplusBackward0"},
      {"hardsigmoid", "HardsigmoidBackward0"},
      {"hardswish", "HardswishBackward0"},
      {"mish", "MishBackward0"},
      {"logsigmoid", "LogSigmoidBackward0"},
      {"glu", "GluBackward0"},
      {"prelu", "PreluKernelBackward0"},
      {"batch_norm", "NativeBatchNormBackward0"},
      {"group_norm", "NativeGroupNormBackward0"},
      {"rms_norm", "MulBackward0"},
      {"cross_entropy", "NllLossBackward0"},
      {"roll", "RollBackward0"},
      {"repeat_interleave", "IndexSelectBackward0"},
      {"narrow", "SliceBackward0"},
      {"movedim", "PermuteBackward0"},
      {"flatten", "ViewBackward0"},
      {"unflatten", "ViewBackward0"},
  };
  (void)args;
  for (const Name& n : kNames) {
    if (n.op == op) return n.node;
  }
  return "";
}

}  // namespace tc::autodiff
