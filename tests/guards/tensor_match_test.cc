// TENSOR_MATCH: passes on equal metadata, fails with PyTorch's reason for
// the first difference in PyTorch's order.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tc/guards/guard_set.h"
#include "tc/tensor/tensor.h"

#include "test_util.h"

namespace tc::guards::testing {
namespace {

using tensor::Device;
using tensor::DType;
using tensor::Shape;

struct Meta {
  Shape sizes;
  Shape strides;
  DType dtype = DType::kFloat32;
  Device device = Device::CPU();
  bool requires_grad = false;
  TensorMeta view() const { return {dtype, device, sizes, strides, requires_grad}; }
};

Meta F32(Shape sizes) {
  Meta m;
  m.sizes = sizes;
  m.strides = tensor::ContiguousStrides(sizes);
  return m;
}

// The reason a guard on `expected` (source `name`) gives for `actual`.
std::string Reason(const Meta& expected, const Meta& actual, std::string name = "L['x']") {
  const TensorMeta e = expected.view();
  GuardSet set = BuildOrDie(GuardSetBuilder().AddTensorMatch(0, Src(name), e));
  const TensorMeta a = actual.view();
  const GuardValue slots[] = {GuardValue::Tensor(&a)};
  EXPECT_FALSE(set.Check(slots, GlobalState{}));
  return set.FirstFailure(slots, GlobalState{});
}

TEST(TensorMatchTest, PassesOnSameMetadata) {
  const Meta m = F32({3, 4});
  const TensorMeta e = m.view();
  GuardSet set = BuildOrDie(GuardSetBuilder().AddTensorMatch(0, Src("L['x']"), e));
  const Meta other = F32({3, 4});  // different arrays, same values
  const TensorMeta a = other.view();
  const GuardValue slots[] = {GuardValue::Tensor(&a)};
  EXPECT_TRUE(set.Check(slots, GlobalState{}));
  EXPECT_EQ(set.FirstFailure(slots, GlobalState{}), "");
  EXPECT_TRUE(set.AllFailures(slots, GlobalState{}).empty());
}

TEST(TensorMatchTest, FillsFromATensor) {
  tensor::Tensor t = tensor::Tensor::Zeros(Shape{2, 5}, DType::kFloat32);
  const TensorMeta e = MetaOf(t);
  GuardSet set = BuildOrDie(GuardSetBuilder().AddTensorMatch(0, Src("L['x']"), e));
  tensor::Tensor u = tensor::Tensor::Zeros(Shape{2, 5}, DType::kFloat32);
  const TensorMeta a = MetaOf(u);
  const GuardValue slots[] = {GuardValue::Tensor(&a)};
  EXPECT_TRUE(set.Check(slots, GlobalState{}));
  const TensorMeta grad = MetaOf(u, /*requires_grad=*/true);
  const GuardValue grad_slots[] = {GuardValue::Tensor(&grad)};
  EXPECT_FALSE(set.Check(grad_slots, GlobalState{}));
}

TEST(TensorMatchTest, DtypeMismatch) {
  Meta d = F32({3});
  d.dtype = DType::kFloat64;
  EXPECT_EQ(Reason(F32({3}), d), "tensor 'x' dtype mismatch. expected Float, actual Double");
}

TEST(TensorMatchTest, DtypeNamesAsTorchPrintsThem) {
  const std::vector<std::pair<DType, std::string>> names = {
      {DType::kFloat16, "Half"}, {DType::kBFloat16, "BFloat16"}, {DType::kInt64, "Long"},
      {DType::kInt32, "Int"},    {DType::kInt16, "Short"},       {DType::kInt8, "Char"},
      {DType::kUInt8, "Byte"},   {DType::kBool, "Bool"},
  };
  for (const auto& [dtype, name] : names) {
    Meta m = F32({3, 4});
    m.dtype = dtype;
    EXPECT_EQ(Reason(F32({3, 4}), m), "tensor 'x' dtype mismatch. expected Float, actual " + name);
  }
}

TEST(TensorMatchTest, RequiresGradMismatch) {
  Meta g = F32({3, 4});
  g.requires_grad = true;
  EXPECT_EQ(Reason(F32({3, 4}), g), "tensor 'x' requires_grad mismatch. expected requires_grad=0");
  EXPECT_EQ(Reason(g, F32({3, 4})), "tensor 'x' requires_grad mismatch. expected requires_grad=1");
}

TEST(TensorMatchTest, RankMismatch) {
  EXPECT_EQ(Reason(F32({3, 4}), F32({3, 4, 5})), "tensor 'x' rank mismatch. expected 2, actual 3");
}

TEST(TensorMatchTest, SizeMismatch) {
  EXPECT_EQ(Reason(F32({3}), F32({4})),
            "tensor 'x' size mismatch at index 0. expected 3, actual 4");
  EXPECT_EQ(Reason(F32({2, 3}), F32({2, 5})),
            "tensor 'x' size mismatch at index 1. expected 3, actual 5");
}

TEST(TensorMatchTest, StrideMismatch) {
  // torch.randn(4, 3).t(): sizes [3, 4], strides [1, 3].
  Meta t = F32({3, 4});
  t.strides = {1, 3};
  EXPECT_EQ(Reason(F32({3, 4}), t), "tensor 'x' stride mismatch at index 0. expected 4, actual 1");
}

TEST(TensorMatchTest, SizesAreCheckedBeforeStrides) {
  Meta t = F32({3, 5});
  t.strides = {1, 3};
  EXPECT_EQ(Reason(F32({3, 4}), t), "tensor 'x' size mismatch at index 1. expected 4, actual 5");
}

TEST(TensorMatchTest, DeviceTypeChangeIsADispatchKeyMismatch) {
  Meta cuda = F32({3});
  cuda.device = Device::CUDA(0);
  EXPECT_EQ(Reason(F32({3}), cuda),
            "tensor 'x' dispatch key set mismatch. expected DispatchKeySet(CPU, BackendSelect, "
            "ADInplaceOrView, AutogradCPU), actual DispatchKeySet(CUDA, BackendSelect, "
            "ADInplaceOrView, AutogradCUDA)");
}

TEST(TensorMatchTest, DeviceIndexMismatch) {
  Meta a = F32({3});
  a.device = Device::CUDA(0);
  Meta b = a;
  b.device = Device::CUDA(1);
  EXPECT_EQ(Reason(a, b),
            "tensor 'x' Tensor device index mismatch. Expected device index to be 0, actual 1");
}

TEST(TensorMatchTest, ChecksInPyTorchOrder) {
  // Every field differs: the device type is reported first, then dtype, ...
  Meta all = F32({4, 4, 4});
  all.device = Device::CUDA(0);
  all.dtype = DType::kFloat64;
  all.requires_grad = true;
  EXPECT_NE(Reason(F32({3}), all).find("dispatch key set mismatch"), std::string::npos);
  all.device = Device::CPU();
  EXPECT_NE(Reason(F32({3}), all).find("dtype mismatch"), std::string::npos);
  all.dtype = DType::kFloat32;
  EXPECT_NE(Reason(F32({3}), all).find("requires_grad mismatch"), std::string::npos);
  all.requires_grad = false;
  EXPECT_NE(Reason(F32({3}), all).find("rank mismatch"), std::string::npos);
}

TEST(TensorMatchTest, NamesTheSimplifiedSource) {
  EXPECT_EQ(Reason(F32({2, 3}), F32({2, 4}), "L['self'].fc.weight"),
            "tensor 'self.fc.weight' size mismatch at index 1. expected 3, actual 4");
  EXPECT_EQ(Reason(F32({2}), F32({3}), "L['ys'][0]"),
            "tensor 'ys[0]' size mismatch at index 0. expected 2, actual 3");
  EXPECT_EQ(Reason(F32({2}), F32({3}), "G['w']"),
            "tensor 'G['w']' size mismatch at index 0. expected 2, actual 3");
}

TEST(TensorMatchTest, NotATensor) {
  const Meta m = F32({3});
  const TensorMeta e = m.view();
  GuardSet set = BuildOrDie(GuardSetBuilder().AddTensorMatch(0, Src("L['x']"), e));
  const GuardValue slots[] = {GuardValue::Int(3)};
  EXPECT_FALSE(set.Check(slots, GlobalState{}));
  EXPECT_EQ(set.FirstFailure(slots, GlobalState{}),
            "expected type of 'x' to be <class 'torch.Tensor'>, but found <class 'int'>");
  const GuardValue none[] = {GuardValue::None()};
  EXPECT_EQ(set.FirstFailure(none, GlobalState{}),
            "expected type of 'x' to be <class 'torch.Tensor'>, but found <class 'NoneType'>");
}

TEST(TensorMatchTest, SubclassesDifferWhenTypesAreKnown) {
  const Meta m = F32({3});
  const TensorMeta e = m.view();
  PyType parameter{&kParameterType, "torch.nn.parameter.Parameter", "_ParameterMeta"};
  GuardSet set = BuildOrDie(GuardSetBuilder().AddTensorMatch(0, Src("L['w']"), e, parameter));
  const GuardValue as_param[] = {GuardValue::Tensor(&e, &kParameterType)};
  EXPECT_TRUE(set.Check(as_param, GlobalState{}));
  const GuardValue as_tensor[] = {GuardValue::Tensor(&e, &kTensorType)};
  EXPECT_FALSE(set.Check(as_tensor, GlobalState{}));
  const TypeNamer namer = [](const void* id) {
    return id == &kTensorType ? std::string("torch.Tensor") : std::string("?");
  };
  EXPECT_EQ(set.FirstFailure(as_tensor, GlobalState{}, namer),
            "expected type of 'w' to be <class 'torch.nn.parameter.Parameter'>, but found <class "
            "'torch.Tensor'>");
}

TEST(TensorMatchTest, ZeroDimTensors) {
  EXPECT_EQ(Reason(F32({}), F32({1})), "tensor 'x' rank mismatch. expected 0, actual 1");
  const Meta m = F32({});
  const TensorMeta e = m.view();
  GuardSet set = BuildOrDie(GuardSetBuilder().AddTensorMatch(0, Src("L['x']"), e));
  const GuardValue slots[] = {GuardValue::Tensor(&e)};
  EXPECT_TRUE(set.Check(slots, GlobalState{}));
}

TEST(TensorMatchTest, MissingValue) {
  const Meta m = F32({3});
  const TensorMeta e = m.view();
  GuardSet set = BuildOrDie(GuardSetBuilder().AddTensorMatch(0, Src("L['self'].w"), e));
  const GuardValue slots[] = {GuardValue::Missing()};
  EXPECT_FALSE(set.Check(slots, GlobalState{}));
  EXPECT_EQ(set.FirstFailure(slots, GlobalState{}), "getattr failed on source self.w");
}

}  // namespace
}  // namespace tc::guards::testing
