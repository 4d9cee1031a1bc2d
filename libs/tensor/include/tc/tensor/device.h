// Where a tensor lives: cpu, or cuda:N. Only data here; the runtime that
// moves memory to a GPU lives in the codegen libraries.
#ifndef TC_TENSOR_DEVICE_H_
#define TC_TENSOR_DEVICE_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace tc::tensor {

enum class DeviceType : uint8_t { kCPU, kCUDA };

struct Device {
  DeviceType type = DeviceType::kCPU;
  int index = -1;  // -1: "the current device" (printed without an index)

  static Device CPU() { return {}; }
  static Device CUDA(int index = 0) { return {DeviceType::kCUDA, index}; }

  bool is_cpu() const { return type == DeviceType::kCPU; }
  bool is_cuda() const { return type == DeviceType::kCUDA; }
  // "cpu", "cuda", "cuda:1".
  std::string ToString() const;

  friend bool operator==(const Device&, const Device&) = default;
};

// Parses "cpu", "cuda", "cuda:N"; anything else is InvalidArgument with
// PyTorch's wording.
absl::StatusOr<Device> ParseDevice(std::string_view text);

}  // namespace tc::tensor

#endif  // TC_TENSOR_DEVICE_H_
