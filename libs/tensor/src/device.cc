#include "tc/tensor/device.h"

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace tc::tensor {

std::string Device::ToString() const {
  std::string name = type == DeviceType::kCPU ? "cpu" : "cuda";
  if (index >= 0) absl::StrAppend(&name, ":", index);
  return name;
}

absl::StatusOr<Device> ParseDevice(std::string_view text) {
  std::string_view type = text.substr(0, text.find(':'));
  Device device;
  if (type == "cpu") {
    device.type = DeviceType::kCPU;
  } else if (type == "cuda") {
    device.type = DeviceType::kCUDA;
  } else {
    return absl::InvalidArgumentError(absl::StrFormat(
        "Expected one of cpu, cuda device type at start of device string: %s", text));
  }
  if (type.size() < text.size()) {
    int index = 0;
    std::string digits(text.substr(type.size() + 1));
    if (digits.empty() || !absl::SimpleAtoi(digits, &index) || index < 0) {
      return absl::InvalidArgumentError(absl::StrFormat("Invalid device string: '%s'", text));
    }
    device.index = index;
  }
  return device;
}

}  // namespace tc::tensor
