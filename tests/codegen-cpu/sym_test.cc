// Symbolic integers: canonical forms, simplification with loop extents,
// bounds, affine coefficients, substitution and C++ text.
#include "tc/codegen_cpu/sym.h"

#include "gtest/gtest.h"

namespace tc::codegen_cpu {
namespace {

Sym C(int64_t v) { return Sym::Const(v); }

TEST(SymTest, ConstantsFold) {
  EXPECT_EQ((C(3) + C(4) * C(5)).value(), 23);
  EXPECT_EQ(FloorDiv(C(-7), C(2)).value(), -4);  // Python's floor
  EXPECT_EQ(Mod(C(-7), C(2)).value(), 1);        // Python's sign: the divisor's
  EXPECT_EQ(Mod(C(7), C(-2)).value(), -1);
  EXPECT_EQ(Min(C(3), C(-1)).value(), -1);
  EXPECT_EQ(Max(C(3), C(-1)).value(), 3);
}

TEST(SymTest, SumsAreCanonical) {
  Sym i0 = Sym::Var("i0", 4), i1 = Sym::Var("i1", 8);
  Sym a = i0 * C(8) + i1 + C(5);
  Sym b = C(5) + i1 + C(8) * i0;
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.ToString(), "8*i0 + i1 + 5");
  EXPECT_EQ((i0 + i0).ToString(), "2*i0");
  EXPECT_EQ((i0 - i0).ToString(), "0");
  EXPECT_EQ((C(2) * (i0 + C(3))).ToString(), "2*i0 + 6");  // distributes
  EXPECT_EQ((i0 * C(1) + C(0)).ToString(), "i0");
  EXPECT_NE(a, i0 * C(8) + i1 + C(6));
}

TEST(SymTest, BoundsFollowExtents) {
  Sym i0 = Sym::Var("i0", 4), i1 = Sym::Var("i1", 8);
  Sym a = C(8) * i0 + i1;
  EXPECT_EQ(a.LowerBound(), 0);
  EXPECT_EQ(a.UpperBound(), 31);
  Sym n = C(-2) * i0 + C(1);
  EXPECT_EQ(n.LowerBound(), -5);
  EXPECT_EQ(n.UpperBound(), 1);
}

TEST(SymTest, FloorDivAndModSimplifyAffineIndices) {
  // A reshape of [4, 8] to [32] and back gives the original indices.
  Sym i0 = Sym::Var("i0", 4), i1 = Sym::Var("i1", 8);
  Sym flat = C(8) * i0 + i1;
  EXPECT_EQ(FloorDiv(flat, C(8)), i0);
  EXPECT_EQ(Mod(flat, C(8)), i1);
  EXPECT_EQ(FloorDiv(i1, C(8)).ToString(), "0");
  EXPECT_EQ(Mod(flat, C(4)).ToString(), "mod(i1, 4)");  // i1 can reach 7
  EXPECT_EQ(FloorDiv(flat, C(4)).ToString(), "floordiv(i1, 4) + 2*i0");
  EXPECT_EQ(FloorDiv(FloorDiv(flat, C(2)), C(4)), i0);  // nested divisions merge
  EXPECT_EQ(FloorDiv(flat + C(9), C(8)).ToString(), "floordiv(i1 + 1, 8) + i0 + 1");
}

TEST(SymTest, CoefficientOfIsTheVectorizersStride) {
  Sym i0 = Sym::Var("i0", 4), i1 = Sym::Var("i1", 8);
  EXPECT_EQ(*(C(8) * i0 + i1).CoefficientOf("i1"), 1);
  EXPECT_EQ(*(C(8) * i0 + i1).CoefficientOf("i0"), 8);
  EXPECT_EQ(*(C(8) * i0).CoefficientOf("i1"), 0);
  EXPECT_FALSE(Mod(C(8) * i0 + i1, C(4)).CoefficientOf("i1").has_value());
  EXPECT_FALSE((i0 * i1).CoefficientOf("i1").has_value());
}

TEST(SymTest, SubstituteInlinesAProducer) {
  Sym i0 = Sym::Var("i0", 4), i1 = Sym::Var("i1", 8);
  Sym producer_index = C(8) * i0 + i1;
  // The consumer reads the producer transposed: i0 -> j1, i1 -> j0.
  Sym j0 = Sym::Var("j0", 8), j1 = Sym::Var("j1", 4);
  Sym s = producer_index.Substitute({{"i0", j1}, {"i1", j0}});
  EXPECT_EQ(s.ToString(), "j0 + 8*j1");
  EXPECT_EQ(Mod(s, C(8)).Substitute({}), j0);
}

TEST(SymTest, CppTextUsesPythonSignsOnlyWhenNeeded) {
  Sym i0 = Sym::Var("i0", 4), i1 = Sym::Var("i1", 8);
  EXPECT_EQ((C(8) * i0 + i1).ToCpp(), "((8LL * i0) + i1)");
  EXPECT_EQ(Mod(C(8) * i0 + i1, C(3)).ToCpp(), "(((8LL * i0) + i1) % 3LL)");
  // floor((i1 - 4) / 3) = floor((i1 + 2) / 3) - 2: C++'s / is right again.
  EXPECT_EQ(FloorDiv(i1 - C(4), C(3)).ToCpp(), "(((i1 + 2LL) / 3LL) + (-2LL))");
  EXPECT_EQ(FloorDiv(i1 - C(2) * i0, C(3)).ToCpp(), "tc_floordiv((((-2LL) * i0) + i1), 3LL)");
  EXPECT_EQ(Mod(i1 - C(2) * i0, C(3)).ToCpp(), "tc_mod((((-2LL) * i0) + i1), 3LL)");
}

TEST(SymTest, LinearIsOffsetPlusStridedIndex) {
  Sym i0 = Sym::Var("i0", 4), i1 = Sym::Var("i1", 8);
  std::vector<Sym> index = {i0, i1};
  std::vector<Sym> strides = ConstSyms(std::vector<int64_t>{1, 4});  // transposed
  EXPECT_EQ(Linear(index, strides, C(2)).ToString(), "i0 + 4*i1 + 2");
}

}  // namespace
}  // namespace tc::codegen_cpu
