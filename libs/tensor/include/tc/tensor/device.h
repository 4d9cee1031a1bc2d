// Where a tensor lives: cpu, cuda:N, or meta. Only data here; the runtime
// that moves memory to a GPU lives in the codegen libraries.
//
// A meta tensor has sizes, strides and a dtype but no data, as PyTorch's
// meta device: ops on meta tensors compute only their outputs' metadata.
// Frame capture traces with meta ("fake") tensors.
#ifndef TC_TENSOR_DEVICE_H_
#define TC_TENSOR_DEVICE_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace tc::tensor {

enum class DeviceType : uint8_t { kCPU, kCUDA, kMeta };

struct Device {
  DeviceType type = DeviceType::kCPU;
  int index = -1;  // -1: "the current device" (printed without an index)

  static Device CPU() { return {}; }
  static Device CUDA(int index = 0) { return {DeviceType::kCUDA, index}; }
  static Device Meta() { return {DeviceType::kMeta, -1}; }

  bool is_cpu() const { return type == DeviceType::kCPU; }
  bool is_cuda() const { return type == DeviceType::kCUDA; }
  bool is_meta() const { return type == DeviceType::kMeta; }
  // torch.device's `type`: "cpu", "cuda", "meta".
  std::string_view TypeName() const;
  // "cpu", "cuda", "cuda:1", "meta".
  std::string ToString() const;

  friend bool operator==(const Device&, const Device&) = default;
};

// Parses "cpu", "cuda", "cuda:N", "meta" (an index is accepted on each, as
// torch.device does); anything else is InvalidArgument with
// PyTorch's wording.
absl::StatusOr<Device> ParseDevice(std::string_view text);

}  // namespace tc::tensor

#endif  // TC_TENSOR_DEVICE_H_
