// Device names as torch.device parses and prints them.
#include "tc/tensor/device.h"

#include "gtest/gtest.h"

namespace tc::tensor {
namespace {

TEST(DeviceTest, ParsesAndPrints) {
  EXPECT_EQ(*ParseDevice("cpu"), Device::CPU());
  EXPECT_EQ(ParseDevice("cpu")->ToString(), "cpu");
  EXPECT_EQ(ParseDevice("cuda")->ToString(), "cuda");
  EXPECT_EQ(ParseDevice("cuda")->index, -1);
  EXPECT_EQ(*ParseDevice("cuda:1"), Device::CUDA(1));
  EXPECT_EQ(ParseDevice("cuda:0")->ToString(), "cuda:0");
  EXPECT_EQ(ParseDevice("cuda:12")->ToString(), "cuda:12");
  EXPECT_EQ(ParseDevice("cpu:0")->ToString(), "cpu:0");  // torch accepts it too
  EXPECT_EQ(Device::CUDA(3).ToString(), "cuda:3");
  EXPECT_TRUE(Device::CUDA().is_cuda());
}

TEST(DeviceTest, RejectsWithTorchWording) {
  for (const char* bad : {"cuda:x", "cuda:-1", "cuda:", "cuda:01", "cuda:00", "cuda:+1", " cuda",
                          "cuda:1:2", "cuda:1 ", "gpu:x", ""}) {
    absl::StatusOr<Device> d = ParseDevice(bad);
    ASSERT_FALSE(d.ok()) << bad;
    EXPECT_EQ(d.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(d.status().message(), std::string("Invalid device string: '") + bad + "'");
  }
  // PyTorch lists its many device types; tc has three.
  EXPECT_EQ(ParseDevice("gpu").status().message(),
            "Expected one of cpu, cuda, meta device type at start of device string: gpu");
  EXPECT_EQ(ParseDevice("CUDA:1").status().message(),
            "Expected one of cpu, cuda, meta device type at start of device string: CUDA");
  EXPECT_EQ(ParseDevice("cuda:99999999999").status().message(),
            "Could not parse device index '99999999999' in device string 'cuda:99999999999'");
}

}  // namespace
}  // namespace tc::tensor
