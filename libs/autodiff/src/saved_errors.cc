#include "src/saved_errors.h"

#include <cctype>
#include <string_view>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace tc::autodiff::internal {

absl::Status ReleasedError() {
  return absl::FailedPreconditionError(
      "Trying to backward through the graph a second time (or directly access saved tensors "
      "after they have already been freed). Saved intermediate values of the graph are freed "
      "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
      "backward through the graph a second time or if you need to access saved tensors after "
      "calling backward.");
}

absl::Status VersionError(const tensor::Tensor& t, const std::string& which, uint64_t now,
                          uint64_t expected) {
  return absl::FailedPreconditionError(absl::StrFormat(
      "one of the variables needed for gradient computation has been modified by an inplace "
      "operation: [torch.%sTensor [%s]]%s is at version %d; expected version %d instead. Hint: "
      "enable anomaly detection to find the operation that failed to compute its gradient, "
      "with torch.autograd.set_detect_anomaly(True, check_nan=False).",
      tensor::ScalarTypeName(t.dtype()), absl::StrJoin(t.sizes(), ", "), which, now, expected));
}

std::string ShortNodeName(const std::string& name) {
  size_t end = name.size();
  while (end > 0 && std::isdigit(static_cast<unsigned char>(name[end - 1]))) --end;
  constexpr std::string_view kBackward = "Backward";
  if (end >= kBackward.size() &&
      name.compare(end - kBackward.size(), kBackward.size(), kBackward) == 0) {
    return name.substr(0, end - kBackward.size());
  }
  return name;
}

absl::Status CheckVersion(const tensor::Tensor& t, uint64_t expected) {
  const uint64_t now = t.storage() != nullptr ? t.storage()->version() : 0;
  if (now == expected) return absl::OkStatus();
  return VersionError(t, "", now, expected);
}

}  // namespace tc::autodiff::internal
