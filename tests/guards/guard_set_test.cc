// GuardSet as a whole: check order, AllFailures, builder validation, the
// slot contract and the helpers every reason goes through.
#include "tc/guards/guard_set.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tc/guards/guard_value.h"
#include "tc/guards/source.h"

#include "test_util.h"

namespace tc::guards::testing {
namespace {

using tensor::DType;
using tensor::Shape;

const Shape kSizes = {2, 3};
const Shape kStrides = {3, 1};
const TensorMeta kMeta = {DType::kFloat32, tensor::Device::CPU(), kSizes, kStrides, false};

// f(x, n) compiled with grad mode on: TENSOR_MATCH(x), EQUALS_MATCH(n),
// GLOBAL_STATE, added in that order.
GuardSet FnGuards() {
  return BuildOrDie(GuardSetBuilder()
                        .AddTensorMatch(0, Src("L['x']"), kMeta)
                        .AddConstantMatch(1, Src("L['n']"), GuardValue::Int(2))
                        .AddGlobalState(GlobalState{}));
}

TEST(GuardValueTest, IsSmallAndTriviallyCopyable) {
  EXPECT_LE(sizeof(GuardValue), 32u);
  EXPECT_TRUE(std::is_trivially_copyable_v<GuardValue>);
  EXPECT_EQ(GuardValue::Str("abc").str(), "abc");
  EXPECT_EQ(GuardValue().kind, ValueKind::kMissing);
}

TEST(GuardSetTest, CheapGuardsRunFirst) {
  GuardSet set = FnGuards();
  // Added: tensor, int, global state; checked: global state, int, tensor.
  EXPECT_EQ(set.CheckOrder(), (std::vector<int>{2, 1, 0}));
  EXPECT_EQ(set.num_slots(), 2);
}

TEST(GuardSetTest, FirstFailureFollowsCheckOrder) {
  GuardSet set = FnGuards();
  const Shape sizes = {5, 3};
  const TensorMeta other = {DType::kFloat32, tensor::Device::CPU(), sizes, kStrides, false};
  const GuardValue both_wrong[] = {GuardValue::Tensor(&other), GuardValue::Int(3)};
  EXPECT_EQ(set.FirstFailure(both_wrong, GlobalState{}), "n == 2");
  GlobalState no_grad;
  no_grad.grad_mode = false;
  EXPECT_EQ(set.FirstFailure(both_wrong, no_grad), "GLOBAL_STATE changed: grad_mode ");
  const GuardValue tensor_wrong[] = {GuardValue::Tensor(&other), GuardValue::Int(2)};
  EXPECT_EQ(set.FirstFailure(tensor_wrong, GlobalState{}),
            "tensor 'x' size mismatch at index 0. expected 2, actual 5");
}

TEST(GuardSetTest, AllFailuresListsEveryFailingGuard) {
  GuardSet set = FnGuards();
  const Shape sizes = {5, 3};
  const TensorMeta other = {DType::kFloat32, tensor::Device::CPU(), sizes, kStrides, false};
  const GuardValue slots[] = {GuardValue::Tensor(&other), GuardValue::Int(3)};
  GlobalState no_grad;
  no_grad.grad_mode = false;
  std::vector<std::string> reasons;
  for (const GuardFailure& f : set.AllFailures(slots, no_grad)) reasons.push_back(f.reason);
  EXPECT_EQ(reasons, (std::vector<std::string>{
                         "GLOBAL_STATE changed: grad_mode ", "n == 2",
                         "tensor 'x' size mismatch at index 0. expected 2, actual 5"}));
  const GuardValue ok[] = {GuardValue::Tensor(&kMeta), GuardValue::Int(2)};
  EXPECT_TRUE(set.AllFailures(ok, GlobalState{}).empty());
  EXPECT_TRUE(set.Check(ok, GlobalState{}));
}

TEST(GuardSetTest, TooFewSlotsFail) {
  GuardSet set = FnGuards();
  const GuardValue one[] = {GuardValue::Tensor(&kMeta)};
  EXPECT_FALSE(set.Check(one, GlobalState{}));
  EXPECT_EQ(set.FirstFailure(one, GlobalState{}), "expected 2 guard slots, got 1");
}

TEST(GuardSetTest, EmptySetPasses) {
  GuardSet set = BuildOrDie(GuardSetBuilder());
  EXPECT_TRUE(set.empty());
  EXPECT_TRUE(set.Check({}, GlobalState{}));
}

TEST(GuardSetTest, SlotsMayBeShared) {
  // Two guards on one value (as SEQUENCE_LENGTH and NOT_NONE could be).
  GuardSet set = BuildOrDie(GuardSetBuilder()
                                .AddNotNoneMatch(0, Src("L['n']"))
                                .AddConstantMatch(0, Src("L['n']"), GuardValue::Int(4)));
  const GuardValue slots[] = {GuardValue::Int(4)};
  EXPECT_TRUE(set.Check(slots, GlobalState{}));
}

TEST(GuardSetBuilderTest, RejectsBadGuards) {
  EXPECT_EQ(GuardSetBuilder().AddNoneMatch(-1, Src("L['x']")).Build().status().message(),
            "NONE_MATCH on 'L['x']' has a negative slot (-1)");
  EXPECT_EQ(GuardSetBuilder().AddNotNoneMatch(0, Src("")).Build().status().message(),
            "NOT_NONE_MATCH needs a source name");
  EXPECT_EQ(GuardSetBuilder()
                .AddConstantMatch(0, Src("L['x']"), GuardValue::Tensor(&kMeta))
                .Build()
                .status()
                .message(),
            "CONSTANT_MATCH on 'L['x']' needs a None, bool, int, float or str value, got tensor");
  EXPECT_EQ(GuardSetBuilder()
                .AddGlobalState(GlobalState{})
                .AddGlobalState(GlobalState{})
                .Build()
                .status()
                .message(),
            "GLOBAL_STATE added twice");
  const Shape one = {1};
  const TensorMeta ragged = {DType::kFloat32, tensor::Device::CPU(), kSizes, one, false};
  EXPECT_EQ(GuardSetBuilder().AddTensorMatch(0, Src("L['x']"), ragged).Build().status().message(),
            "TENSOR_MATCH on 'L['x']' has 2 sizes but 1 strides");
  EXPECT_EQ(GuardSetBuilder().AddTypeMatch(0, Src("L['x']"), PyType{}).Build().status().code(),
            absl::StatusCode::kInvalidArgument);
  // The first error wins; later guards are ignored.
  EXPECT_EQ(GuardSetBuilder()
                .AddNoneMatch(-2, Src("L['a']"))
                .AddNoneMatch(-3, Src("L['b']"))
                .Build()
                .status()
                .message(),
            "NONE_MATCH on 'L['a']' has a negative slot (-2)");
}

TEST(SourceTest, StripLocalScopeAsPyTorch) {
  EXPECT_EQ(StripLocalScope("tensor 'L['x']' dtype"), "tensor 'x' dtype");
  EXPECT_EQ(StripLocalScope("L['self'].fc.weight"), "self.fc.weight");
  EXPECT_EQ(StripLocalScope("L[\"a\"] == L[ 'b' ]"), "a == b");
  EXPECT_EQ(StripLocalScope("G['torch'].abs"), "G['torch'].abs");
  EXPECT_EQ(StripLocalScope("L[0] L['unterminated"), "L[0] L['unterminated");
}

TEST(SourceTest, OriginIsInferredFromTheName) {
  EXPECT_EQ(OriginOf(Src("L['x']")), Origin::kLocal);
  EXPECT_EQ(OriginOf(Src("G['torch'].abs")), Origin::kGlobal);
  GuardSource module = Src("L['self']");
  module.origin = Origin::kLocalUnspecializedNNModule;
  EXPECT_EQ(OriginName(OriginOf(module)), "local_unspecialized_nn_module");
}

}  // namespace
}  // namespace tc::guards::testing
