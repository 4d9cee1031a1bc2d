#include "tc/tensor/device.h"

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/support/enum_table.h"

namespace tc::tensor {

namespace {

// In DeviceType's order.
constexpr support::EnumTable<DeviceType::kMeta, std::string_view> kDeviceTypeNames({
    "cpu",
    "cuda",
    "meta",
});

}  // namespace

std::string_view Device::TypeName() const { return kDeviceTypeNames.at(type, "cpu"); }

std::string Device::ToString() const {
  std::string name(TypeName());
  if (index >= 0) absl::StrAppend(&name, ":", index);
  return name;
}

absl::StatusOr<Device> ParseDevice(std::string_view text) {
  // c10::Device's grammar: ^([a-zA-Z_]+)(?::([1-9]\d*|0))?$
  auto invalid = [&] {
    return absl::InvalidArgumentError(absl::StrFormat("Invalid device string: '%s'", text));
  };
  size_t colon = text.find(':');
  std::string_view type = text.substr(0, colon);
  if (type.empty()) return invalid();
  for (char c : type) {
    if (!absl::ascii_isalpha(static_cast<unsigned char>(c)) && c != '_') return invalid();
  }
  Device device;
  if (colon != std::string_view::npos) {
    std::string_view digits = text.substr(colon + 1);
    if (digits.empty() || (digits.size() > 1 && digits[0] == '0')) return invalid();
    for (char c : digits) {
      if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) return invalid();
    }
    int index = 0;
    if (!absl::SimpleAtoi(std::string(digits), &index)) {
      return absl::InvalidArgumentError(
          absl::StrFormat("Could not parse device index '%s' in device string '%s'", digits, text));
    }
    device.index = index;
  }
  if (type == "cpu") {
    device.type = DeviceType::kCPU;
  } else if (type == "cuda") {
    device.type = DeviceType::kCUDA;
  } else if (type == "meta") {
    device.type = DeviceType::kMeta;
  } else {
    return absl::InvalidArgumentError(absl::StrFormat(
        "Expected one of cpu, cuda, meta device type at start of device string: %s", type));
  }
  return device;
}

}  // namespace tc::tensor
