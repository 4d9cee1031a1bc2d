// Symbolic integer expressions: the sizes, strides and index arithmetic of
// the loop IR. Every size is a constant today; dynamic shapes will only add
// size variables. Loop variables carry their extent, so the simplifier can
// drop a FloorDiv or Mod that cannot change its operand (i1 % 1024 with
// i1 in [0, 1024) is i1), which keeps reshapes of contiguous buffers as
// plain affine indices the vectorizer recognises.
#ifndef TC_CODEGEN_CPU_SYM_H_
#define TC_CODEGEN_CPU_SYM_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"

namespace tc::codegen_cpu {

// An immutable expression shared by pointer. Built only through the
// factories below, which fold constants and canonicalize (sum and product
// terms sorted, x*1 -> x, x+0 -> x, affine terms merged), so equal
// expressions print equally: the printed IR is the cache key.
class Sym {
 public:
  enum class Kind { kConst, kVar, kAdd, kMul, kFloorDiv, kMod, kMin, kMax };

  Sym() : Sym(Const(0)) {}
  static Sym Const(int64_t v);
  // A loop variable named `name` ranging over [0, extent). Loop variables
  // are i0, i1... (output index) and r0, r1... (reduction index).
  static Sym Var(std::string name, int64_t extent);

  friend Sym operator+(const Sym& a, const Sym& b);
  friend Sym operator-(const Sym& a, const Sym& b);
  friend Sym operator*(const Sym& a, const Sym& b);
  // Floor division and modulo with Python's signs (the divisor is a
  // positive constant in every index the lowering builds).
  friend Sym FloorDiv(const Sym& a, const Sym& b);
  friend Sym Mod(const Sym& a, const Sym& b);
  friend Sym Min(const Sym& a, const Sym& b);
  friend Sym Max(const Sym& a, const Sym& b);
  friend bool operator==(const Sym& a, const Sym& b);

  Kind kind() const;
  bool is_const() const { return kind() == Kind::kConst; }
  int64_t value() const;            // kConst only
  const std::string& name() const;  // kVar only
  int64_t extent() const;           // kVar only
  // Operands of kAdd/kMul (two or more) and of the binary kinds (two).
  std::span<const Sym> operands() const;

  // Inclusive bounds over every value the loop variables can take.
  int64_t LowerBound() const;
  int64_t UpperBound() const;
  // The coefficient of `var` when the expression is affine in it (the
  // other terms do not mention it): the vectorizer's stride of the
  // innermost loop. nullopt when `var` appears inside a FloorDiv/Mod/Min/Max.
  std::optional<int64_t> CoefficientOf(const std::string& var) const;
  bool Mentions(const std::string& var) const;
  // Replaces variables by expressions (inlining a producer into a load).
  Sym Substitute(const absl::flat_hash_map<std::string, Sym>& values) const;

  // C++ text over int64_t loop variables: "i0*1024 + i1".
  std::string ToCpp() const;
  // The IR printer's text (the same as ToCpp except for Python-signed
  // FloorDiv/Mod, printed "floordiv(a, b)" / "mod(a, b)").
  std::string ToString() const;

  template <typename H>
  friend H AbslHashValue(H h, const Sym& s) {
    return H::combine(std::move(h), s.ToString());
  }

 private:
  friend struct SymBuilder;
  struct Node;
  explicit Sym(std::shared_ptr<const Node> node) : node_(std::move(node)) {}
  std::shared_ptr<const Node> node_;
};

// The flat element offset of `index` into a buffer: offset + sum of
// index[d] * strides[d].
Sym Linear(std::span<const Sym> index, std::span<const Sym> strides, const Sym& offset);

// Integer floor division and modulo with Python's signs (b != 0): what
// FloorDiv and Mod fold constants with, and what evaluators compute.
int64_t PythonFloorDiv(int64_t a, int64_t b);
int64_t PythonMod(int64_t a, int64_t b);

// Constants for a shape: {Const(s0), Const(s1), ...}.
std::vector<Sym> ConstSyms(std::span<const int64_t> values);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_SYM_H_
