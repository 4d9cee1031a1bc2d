// The meta device: tensors with sizes, strides and a dtype but no data.
// Printed forms checked against torch 2.x (`print(torch.empty(2, 3,
// device='meta'))`).
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"

#include "tc/tensor/device.h"
#include "tc/tensor/format.h"
#include "tc/tensor/storage.h"
#include "tc/tensor/tensor.h"

namespace tc::tensor {
namespace {

using Sizes = std::vector<int64_t>;

TEST(MetaDeviceTest, ParsesAndPrints) {
  EXPECT_EQ(*ParseDevice("meta"), Device::Meta());
  EXPECT_EQ(Device::Meta().ToString(), "meta");
  EXPECT_EQ(Device::Meta().TypeName(), "meta");
  EXPECT_EQ(ParseDevice("meta:0")->ToString(), "meta:0");  // torch accepts it too
  EXPECT_TRUE(Device::Meta().is_meta());
  EXPECT_FALSE(Device::Meta().is_cpu());
  EXPECT_FALSE(Device::CPU().is_meta());
  EXPECT_EQ(Device::CPU().TypeName(), "cpu");
  EXPECT_EQ(Device::CUDA(1).TypeName(), "cuda");
  EXPECT_FALSE(Device::Meta() == Device::CPU());
}

TEST(MetaStorageTest, AllocatesNothingAndIsDistinct) {
  std::shared_ptr<Storage> a = Storage::CreateMeta(24);
  std::shared_ptr<Storage> b = Storage::CreateMeta(24);
  EXPECT_EQ(a->data(), nullptr);
  EXPECT_EQ(a->nbytes(), 24u);
  EXPECT_TRUE(a->device().is_meta());
  EXPECT_NE(a.get(), b.get());
}

TEST(MetaTensorTest, EmptyHasMetadataOnly) {
  Tensor t = Tensor::Empty(Sizes{2, 3}, DType::kFloat64, Device::Meta());
  EXPECT_TRUE(t.defined());
  EXPECT_TRUE(t.is_meta());
  EXPECT_TRUE(t.device().is_meta());
  EXPECT_EQ(t.sizes(), (Shape{2, 3}));
  EXPECT_EQ(t.strides(), (Shape{3, 1}));
  EXPECT_EQ(t.storage()->nbytes(), 48u);
  EXPECT_EQ(t.storage()->data(), nullptr);
  // Each call is its own storage: a tracer tells tensors apart by it.
  Tensor u = Tensor::Empty(Sizes{2, 3}, DType::kFloat64, Device::Meta());
  EXPECT_NE(t.storage().get(), u.storage().get());
  EXPECT_FALSE(Tensor::Empty(Sizes{2}, DType::kFloat32).is_meta());
  EXPECT_FALSE(Tensor().is_meta());
}

TEST(MetaTensorTest, FillsAndCopiesTouchNoData) {
  Tensor z = Tensor::Zeros(Sizes{4}, DType::kInt32, Device::Meta());
  Tensor f = Tensor::Full(Sizes{2, 2}, Scalar(1.5), DType::kFloat32, Device::Meta());
  EXPECT_TRUE(z.is_meta());
  EXPECT_TRUE(f.is_meta());
  EXPECT_EQ(f.sizes(), (Shape{2, 2}));

  Tensor t = f.AsStrided(Sizes{2, 2}, Sizes{1, 2}, 0);  // transposed view
  EXPECT_EQ(t.storage().get(), f.storage().get());
  Tensor c = t.contiguous();
  EXPECT_TRUE(c.is_meta());
  EXPECT_TRUE(c.is_contiguous());
  EXPECT_NE(c.storage().get(), f.storage().get());
  Tensor d = f.to(DType::kFloat16);
  EXPECT_TRUE(d.is_meta());
  EXPECT_EQ(d.dtype(), DType::kFloat16);
  EXPECT_EQ(d.storage()->nbytes(), 8u);
  Tensor k = f.clone();
  EXPECT_TRUE(k.is_meta());
  EXPECT_NE(k.storage().get(), f.storage().get());
  EXPECT_EQ(f.contiguous().storage().get(), f.storage().get());

  // Into a meta tensor nothing is copied; out of one is an error.
  Tensor cpu = Tensor::Full(Sizes{2, 2}, Scalar(2.0), DType::kFloat32);
  EXPECT_TRUE(f.CopyFrom(cpu).ok());
  absl::Status s = cpu.CopyFrom(f);
  EXPECT_EQ(s.code(), absl::StatusCode::kUnimplemented);
  EXPECT_EQ(s.message(), "Cannot copy out of meta tensor; no data!");
  EXPECT_EQ(cpu.ElementAsDouble(3), 2.0);
  EXPECT_FALSE(f.CopyFrom(Tensor::Zeros(Sizes{3}, DType::kFloat32)).ok());  // sizes still checked
}

TEST(MetaTensorTest, ToMetaKeepsDenseStrides) {
  Tensor base = Tensor::Zeros(Sizes{2, 3, 4}, DType::kFloat32);
  // permute(2, 0, 1): dense, so its strides stay (torch: (1, 12, 4)).
  Tensor p = base.AsStrided(Sizes{4, 2, 3}, Sizes{1, 12, 4}, 0).ToMeta();
  EXPECT_TRUE(p.is_meta());
  EXPECT_EQ(p.strides(), (Shape{1, 12, 4}));
  EXPECT_EQ(p.storage_offset(), 0);
  EXPECT_EQ(p.storage()->nbytes(), 96u);
  // A strided slice and an expanded view are not dense: contiguous.
  Tensor s = base.AsStrided(Sizes{2, 2}, Sizes{12, 2}, 1).ToMeta();
  EXPECT_EQ(s.strides(), (Shape{2, 1}));
  EXPECT_EQ(s.storage_offset(), 0);
  Tensor e = base.AsStrided(Sizes{2, 3}, Sizes{0, 1}, 0).ToMeta();
  EXPECT_EQ(e.strides(), (Shape{3, 1}));
  Tensor m = Tensor::Empty(Sizes{2}, DType::kFloat32, Device::Meta());
  EXPECT_EQ(m.ToMeta().storage().get(), m.storage().get());
}

TEST(MetaTensorTest, NonOverlappingAndDenseAsC10) {
  EXPECT_TRUE(IsNonOverlappingAndDense(Sizes{}, Sizes{}));
  EXPECT_TRUE(IsNonOverlappingAndDense(Sizes{3}, Sizes{1}));
  EXPECT_TRUE(IsNonOverlappingAndDense(Sizes{1}, Sizes{7}));
  EXPECT_FALSE(IsNonOverlappingAndDense(Sizes{3}, Sizes{2}));
  EXPECT_TRUE(IsNonOverlappingAndDense(Sizes{3, 2}, Sizes{1, 3}));
  EXPECT_TRUE(IsNonOverlappingAndDense(Sizes{3, 1, 2}, Sizes{1, 99, 3}));
  EXPECT_FALSE(IsNonOverlappingAndDense(Sizes{2, 3}, Sizes{0, 1}));
  EXPECT_FALSE(IsNonOverlappingAndDense(Sizes{2, 2}, Sizes{4, 1}));
  EXPECT_TRUE(IsNonOverlappingAndDense(Sizes{2, 0}, Sizes{5, 1}));
}

TEST(MetaTensorTest, PrintsAsTorch) {
  auto meta = [](Sizes sizes, DType dtype) { return Tensor::Empty(sizes, dtype, Device::Meta()); };
  EXPECT_EQ(FormatTensor(meta({2, 3}, DType::kFloat32)), "tensor(..., device='meta', size=(2, 3))");
  EXPECT_EQ(FormatTensor(meta({}, DType::kFloat32)), "tensor(..., device='meta', size=())");
  EXPECT_EQ(FormatTensor(meta({3}, DType::kInt64)),
            "tensor(..., device='meta', size=(3,), dtype=torch.int64)");
  EXPECT_EQ(FormatTensor(meta({3}, DType::kBool)),
            "tensor(..., device='meta', size=(3,), dtype=torch.bool)");
  EXPECT_EQ(FormatTensor(meta({0}, DType::kFloat32)), "tensor(..., device='meta', size=(0,))");
  EXPECT_EQ(FormatTensor(meta({2, 0}, DType::kFloat64)),
            "tensor(..., device='meta', size=(2, 0), dtype=torch.float64)");
  EXPECT_EQ(FormatTensor(meta({2000}, DType::kFloat32)),
            "tensor(..., device='meta', size=(2000,))");
  EXPECT_EQ(FormatTensor(meta({1, 2, 3, 4}, DType::kFloat16)),
            "tensor(..., device='meta', size=(1, 2, 3, 4), dtype=torch.float16)");
  FormatOptions grad;
  grad.suffixes = {"requires_grad=True"};
  EXPECT_EQ(FormatTensor(meta({2}, DType::kFloat32), grad),
            "tensor(..., device='meta', size=(2,), requires_grad=True)");
}

}  // namespace
}  // namespace tc::tensor
