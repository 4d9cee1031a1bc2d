// The non-tensor guards: each passes on what it expects and fails with the
// guard code PyTorch 2.15 prints (simplified sources, the user-stack
// comment padded to 60 columns, the user stack itself).
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "tc/guards/guard_set.h"

#include "test_util.h"

namespace tc::guards::testing {
namespace {

constexpr char kUserStack[] =
    "\nUser stack trace:\n  File \"/home/u/guardref/t.py\", line 4, in f\n    return x * n";

bool Passes(const GuardSet& set, const GuardValue& v) {
  const GuardValue slots[] = {v};
  return set.Check(slots, GlobalState{});
}

std::string Fails(const GuardSet& set, const GuardValue& v) {
  const GuardValue slots[] = {v};
  EXPECT_FALSE(set.Check(slots, GlobalState{}));
  return set.FirstFailure(slots, GlobalState{});
}

TEST(ConstantGuardsTest, EqualsMatchInt) {
  GuardSet set =
      BuildOrDie(GuardSetBuilder().AddConstantMatch(0, Src("L['n']"), GuardValue::Int(2)));
  EXPECT_EQ(set.guards()[0].kind, GuardKind::kEqualsMatch);
  EXPECT_TRUE(Passes(set, GuardValue::Int(2)));
  EXPECT_EQ(Fails(set, GuardValue::Int(3)), "n == 2");
}

TEST(ConstantGuardsTest, EqualsMatchWithUserStack) {
  GuardSet set =
      BuildOrDie(GuardSetBuilder().AddConstantMatch(0, SrcAt("L['n']"), GuardValue::Int(2)));
  EXPECT_EQ(Fails(set, GuardValue::Int(3)),
            std::string("n == 2                                                   # return x * n  "
                        "# guardref/t.py:4 in f") +
                kUserStack);
  const GuardValue slots[] = {GuardValue::Int(3)};
  const std::vector<GuardFailure> all = set.AllFailures(slots, GlobalState{});
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].reason,
            "n == 2                                                   # return x * n  # "
            "guardref/t.py:4 in f");
  EXPECT_EQ(all[0].user_stack, "  File \"/home/u/guardref/t.py\", line 4, in f\n    return x * n");
}

// PyTorch 2.15's EQUALS_MATCH compares the type first: 1, 1.0 and True are
// three cache entries (checked with torch 2.15: f(x, 1) then f(x, 1.0)
// recompiles with reason "n == 1").
TEST(ConstantGuardsTest, EqualsMatchIsTypeStrict) {
  GuardSet one =
      BuildOrDie(GuardSetBuilder().AddConstantMatch(0, Src("L['n']"), GuardValue::Int(1)));
  EXPECT_EQ(Fails(one, GuardValue::Float(1.0)), "n == 1");
  EXPECT_EQ(Fails(one, GuardValue::Bool(true)), "n == 1");
  GuardSet one_f =
      BuildOrDie(GuardSetBuilder().AddConstantMatch(0, Src("L['n']"), GuardValue::Float(1.0)));
  EXPECT_EQ(Fails(one_f, GuardValue::Int(1)), "n == 1.0");
  EXPECT_TRUE(Passes(one_f, GuardValue::Float(1.0)));
}

TEST(ConstantGuardsTest, EqualsMatchComparesTypeIdsWhenKnown) {
  int my_int_type = 0;
  GuardSet set = BuildOrDie(
      GuardSetBuilder().AddConstantMatch(0, Src("L['n']"), GuardValue::Int(2, &kIntType)));
  EXPECT_TRUE(Passes(set, GuardValue::Int(2, &kIntType)));
  EXPECT_EQ(Fails(set, GuardValue::Int(2, &my_int_type)), "n == 2");
}

TEST(ConstantGuardsTest, EqualsMatchFloat) {
  GuardSet set =
      BuildOrDie(GuardSetBuilder().AddConstantMatch(0, Src("L['c']"), GuardValue::Float(1.5)));
  EXPECT_TRUE(Passes(set, GuardValue::Float(1.5)));
  EXPECT_EQ(Fails(set, GuardValue::Float(2.5)), "c == 1.5");
  GuardSet big =
      BuildOrDie(GuardSetBuilder().AddConstantMatch(0, Src("L['c']"), GuardValue::Float(1e20)));
  EXPECT_EQ(Fails(big, GuardValue::Float(0.1)), "c == 1e+20");
  GuardSet tenth =
      BuildOrDie(GuardSetBuilder().AddConstantMatch(0, Src("L['c']"), GuardValue::Float(0.1)));
  EXPECT_EQ(Fails(tenth, GuardValue::Float(0.2)), "c == 0.1");
}

TEST(ConstantGuardsTest, NegativeZeroIsNotZero) {
  GuardSet set =
      BuildOrDie(GuardSetBuilder().AddConstantMatch(0, Src("L['n']"), GuardValue::Float(-0.0)));
  EXPECT_TRUE(Passes(set, GuardValue::Float(-0.0)));
  EXPECT_EQ(Fails(set, GuardValue::Float(0.0)), "n == -0.0");
}

TEST(ConstantGuardsTest, NanMatchesAnyNan) {
  GuardSet set =
      BuildOrDie(GuardSetBuilder().AddConstantMatch(0, SrcAt("L['n']"), GuardValue::Float(NAN)));
  EXPECT_TRUE(Passes(set, GuardValue::Float(std::nan("1"))));
  EXPECT_EQ(Fails(set, GuardValue::Float(1.0)),
            std::string("(type(n) is float and __math_isnan(n))              # return x * n  # "
                        "guardref/t.py:4 in f") +
                kUserStack);
}

TEST(ConstantGuardsTest, EqualsMatchStr) {
  GuardSet set =
      BuildOrDie(GuardSetBuilder().AddConstantMatch(0, Src("L['s']"), GuardValue::Str("hi")));
  EXPECT_TRUE(Passes(set, GuardValue::Str(std::string("hi"))));
  EXPECT_EQ(Fails(set, GuardValue::Str("ho")), "s == 'hi'");
  EXPECT_EQ(Fails(set, GuardValue::Str("h")), "s == 'hi'");
  GuardSet quote =
      BuildOrDie(GuardSetBuilder().AddConstantMatch(0, Src("L['s']"), GuardValue::Str("a'b")));
  EXPECT_EQ(Fails(quote, GuardValue::Str("zz")), "s == \"a'b\"");
  GuardSet both =
      BuildOrDie(GuardSetBuilder().AddConstantMatch(0, Src("L['s']"), GuardValue::Str("a\"b\n")));
  EXPECT_EQ(Fails(both, GuardValue::Str("zz")), "s == 'a\"b\\n'");
}

TEST(ConstantGuardsTest, BoolMatch) {
  GuardSet set =
      BuildOrDie(GuardSetBuilder().AddConstantMatch(0, Src("L['b']"), GuardValue::Bool(true)));
  EXPECT_EQ(set.guards()[0].kind, GuardKind::kBoolMatch);
  EXPECT_TRUE(Passes(set, GuardValue::Bool(true)));
  EXPECT_EQ(Fails(set, GuardValue::Bool(false)), "b == True");
  EXPECT_EQ(Fails(set, GuardValue::Int(1)), "b == True");  // True is not 1 to the guard
}

TEST(ConstantGuardsTest, NoneMatch) {
  GuardSet set = BuildOrDie(GuardSetBuilder().AddNoneMatch(0, SrcAt("L['z']")));
  EXPECT_EQ(set.guards()[0].kind, GuardKind::kNoneMatch);
  EXPECT_TRUE(Passes(set, GuardValue::None()));
  EXPECT_EQ(Fails(set, GuardValue::Int(5)),
            std::string("z is None                                                # return x * n  "
                        "# guardref/t.py:4 in f") +
                kUserStack);
  GuardSet via_constant =
      BuildOrDie(GuardSetBuilder().AddConstantMatch(0, Src("L['z']"), GuardValue::None()));
  EXPECT_EQ(via_constant.guards()[0].kind, GuardKind::kNoneMatch);
}

TEST(ConstantGuardsTest, NotNoneMatch) {
  GuardSet set = BuildOrDie(GuardSetBuilder().AddNotNoneMatch(0, Src("L['x']")));
  EXPECT_TRUE(Passes(set, GuardValue::Int(0)));
  EXPECT_EQ(Fails(set, GuardValue::None()), "x is not None");
}

TEST(ConstantGuardsTest, TypeMatch) {
  GuardSet set = BuildOrDie(GuardSetBuilder().AddTypeMatch(
      0, SrcAt("L['ys']"), PyType{reinterpret_cast<const void*>(4096), "list"}));
  EXPECT_TRUE(Passes(set, GuardValue::Object(&kListType, reinterpret_cast<const void*>(4096))));
  EXPECT_EQ(Fails(set, GuardValue::Object(&kListType, &kTupleType)),
            std::string("___check_type_id(ys, 4096), type=<class 'list'>          # return x * n  "
                        "# guardref/t.py:4 in f (HINT: type list)") +
                kUserStack);
}

TEST(ConstantGuardsTest, TypeMatchHintUsesTheShortName) {
  GuardSet set = BuildOrDie(GuardSetBuilder().AddTypeMatch(
      0, Src("L['n']"), PyType{reinterpret_cast<const void*>(77), "__main__.MyInt"}));
  EXPECT_EQ(Fails(set, GuardValue::Int(2, &kIntType)),
            "___check_type_id(n, 77), type=<class '__main__.MyInt'> (HINT: type MyInt)");
}

TEST(ConstantGuardsTest, IdMatch) {
  const void* abs_fn = reinterpret_cast<const void*>(140526539776432);
  int builtin_type = 0;
  int other_fn = 0;
  GuardSet set = BuildOrDie(GuardSetBuilder().AddIdMatch(
      0, Src("G['torch'].abs"), abs_fn, PyType{&builtin_type, "builtin_function_or_method"}));
  EXPECT_TRUE(Passes(set, GuardValue::Object(abs_fn, &builtin_type)));
  EXPECT_EQ(Fails(set, GuardValue::Object(&other_fn, &builtin_type)),
            "___check_obj_id(G['torch'].abs, 140526539776432), type=<class "
            "'builtin_function_or_method'>");
}

TEST(ConstantGuardsTest, SequenceLength) {
  GuardSet set = BuildOrDie(GuardSetBuilder().AddSequenceLength(
      0, SrcAt("L['ys']"), 2, PyType{reinterpret_cast<const void*>(4096), "list"}));
  const void* list = reinterpret_cast<const void*>(4096);
  EXPECT_TRUE(Passes(set, GuardValue::Int(2, list)));
  EXPECT_EQ(Fails(set, GuardValue::Int(3, list)),
            std::string("len(ys) == 2                                             # return x * n  "
                        "# guardref/t.py:4 in f") +
                kUserStack);
  // A tuple of the same length fails the type check first.
  EXPECT_EQ(Fails(set, GuardValue::Int(2, &kTupleType)),
            std::string("___check_type_id(ys, 4096), type=<class 'list'>          # return x * n  "
                        "# guardref/t.py:4 in f (HINT: type list)") +
                kUserStack);
}

TEST(ConstantGuardsTest, EmptySequenceGuardsOnFalsiness) {
  GuardSet set = BuildOrDie(GuardSetBuilder().AddSequenceLength(0, Src("L['ys']"), 0));
  EXPECT_TRUE(Passes(set, GuardValue::Int(0)));
  EXPECT_EQ(Fails(set, GuardValue::Int(1)), "not ys");
}

TEST(ConstantGuardsTest, GlobalState) {
  GuardSet set = BuildOrDie(GuardSetBuilder().AddGlobalState(GlobalState{}));
  EXPECT_TRUE(set.Check({}, GlobalState{}));
  GlobalState no_grad;
  no_grad.grad_mode = false;
  EXPECT_FALSE(set.Check({}, no_grad));
  EXPECT_EQ(set.FirstFailure({}, no_grad), "GLOBAL_STATE changed: grad_mode ");
}

TEST(ConstantGuardsTest, GlobalStateNamesEveryChangeInPyTorchOrder) {
  GlobalState changed;
  changed.deterministic_algorithms = true;
  changed.num_threads = 4;
  changed.default_dtype = tensor::DType::kFloat64;
  changed.autocast_cpu_enabled = true;
  EXPECT_EQ(GlobalStateChanges(GlobalState{}, changed),
            "autocast(cpu)_enabled deterministic_algorithms num_threads default_dtype ");
  EXPECT_FALSE(GlobalStateMatches(GlobalState{}, changed));
}

TEST(ConstantGuardsTest, AutocastDtypeOnlyMattersWhenEnabled) {
  GlobalState other_dtype;
  other_dtype.autocast_cpu_dtype = tensor::DType::kFloat16;
  EXPECT_TRUE(GlobalStateMatches(GlobalState{}, other_dtype));
  GlobalState enabled_bf16;
  enabled_bf16.autocast_cpu_enabled = true;
  GlobalState enabled_f16 = enabled_bf16;
  enabled_f16.autocast_cpu_dtype = tensor::DType::kFloat16;
  EXPECT_FALSE(GlobalStateMatches(enabled_bf16, enabled_f16));
  EXPECT_EQ(GlobalStateChanges(enabled_bf16, enabled_f16), "autocast(cpu)_dtype ");
}

TEST(ConstantGuardsTest, MissingValueFailsEveryGuard) {
  GuardSet set = BuildOrDie(GuardSetBuilder().AddNotNoneMatch(0, Src("L['self'].fc")));
  EXPECT_EQ(Fails(set, GuardValue::Missing()), "getattr failed on source self.fc");
}

}  // namespace
}  // namespace tc::guards::testing
