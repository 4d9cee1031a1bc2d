// GradBuilder: how derivative formulas are written. It wraps the
// BackwardArgs of one call and emits ops with a sticky error, so a formula
// reads as a chain of ops (`Mul(g, Cos(In(0)))`) and reports the first
// failure once, from Done().
#ifndef TC_AUTODIFF_SRC_GRAD_BUILDER_H_
#define TC_AUTODIFF_SRC_GRAD_BUILDER_H_

#include <optional>
#include <string_view>
#include <vector>

#include "absl/status/status.h"

#include "tc/autodiff/derivatives.h"

namespace tc::autodiff::internal {

using graph_ir::Constant;
using graph_ir::TensorMeta;
using tensor::Scalar;
using tensor::Shape;

class GradBuilder {
 public:
  explicit GradBuilder(const BackwardArgs& b) : b_(b) {}

  // Forward tensor argument `i` (its handle), output `i`, and the
  // gradient of output `i` (nullopt: none reached it).
  EmitRef In(size_t i) const;
  const std::vector<EmitRef>& InList(size_t i) const;
  EmitRef Out(size_t i = 0) const { return b_.outputs[i]; }
  std::optional<EmitRef> GradOf(size_t i = 0) const { return b_.grads[i]; }
  // The gradient of output `i`, zeros shaped like the output when none.
  EmitRef GradOrZeros(size_t i);
  bool IsTensor(size_t i) const;
  const Constant& Const(size_t i) const;
  bool IsNone(size_t i) const;
  double Double(size_t i) const;
  int64_t Int(size_t i) const;
  bool Bool(size_t i) const;
  const Shape& Ints(size_t i) const;
  // Whether forward argument `arg` (a tensor) needs a gradient.
  bool Needs(size_t arg) const;
  // Whether any tensor input needs one.
  bool NeedsAny() const;
  const TensorMeta& Meta(EmitRef r) const { return b_.emitter.Meta(r); }

  // One op, one output (errors stick).
  EmitRef Op(std::string_view op, std::vector<EmitArg> args);
  std::vector<EmitRef> OpN(std::string_view op, std::vector<EmitArg> args);

  // Shorthands for the ops formulas use most.
  // mul and add take a tensor first; both commute exactly in IEEE, so a
  // constant first is swapped.
  EmitRef Mul(EmitArg a, EmitArg b) { return Commuted("mul", std::move(a), std::move(b)); }
  EmitRef Div(EmitArg a, EmitArg b) { return Op("div", {std::move(a), std::move(b)}); }
  EmitRef Add(EmitArg a, EmitArg b) { return Commuted("add", std::move(a), std::move(b)); }
  EmitRef Sub(EmitArg a, EmitArg b) { return Op("sub", {std::move(a), std::move(b)}); }
  EmitRef Neg(EmitRef a) { return Op("neg", {a}); }
  // 1 - a (as -a + 1: the same value, IEEE negation being exact).
  EmitRef OneMinus(EmitRef a) { return Add(Neg(a), S(1)); }
  // Shapes and metas are taken by value: a reference into the emitter's
  // table would dangle once an emitted op grows it.
  // Zeros / a value filling `meta`'s sizes in its dtype.
  EmitRef Full(TensorMeta meta, double value);
  EmitRef ZerosLike(EmitRef r) { return Full(Meta(r), 0.0); }
  // Sums `g` down to `sizes` (the broadcast's reverse).
  EmitRef SumTo(EmitRef g, Shape sizes);
  EmitRef Expand(EmitRef g, Shape sizes);
  EmitRef Reshape(EmitRef g, Shape sizes);
  EmitRef Permute(EmitRef g, Shape dims);
  EmitRef Transpose(EmitRef g, int64_t d0, int64_t d1);
  EmitRef ToDtype(EmitRef g, tensor::DType dtype);

  static Constant S(double v) { return Constant(Scalar(v)); }
  static Constant I(int64_t v) { return Constant(Scalar(v)); }
  static Constant B(bool v) { return Constant(Scalar(v)); }
  static Constant L(Shape v) { return Constant(std::move(v)); }
  static Constant NoneArg() { return Constant(graph_ir::None{}); }

  // Sets the gradient of forward argument `arg` (a tensor), or of element
  // `item` of argument `arg` (a tensor list).
  void Set(size_t arg, EmitRef grad);
  void SetItem(size_t arg, size_t item, EmitRef grad);
  // The gradients set, or the first error.
  absl::StatusOr<Grads> Done();

 private:
  EmitRef Commuted(std::string_view op, EmitArg a, EmitArg b);
  // Position of argument `arg`'s first tensor among the flattened inputs.
  size_t FlatIndex(size_t arg) const;

  const BackwardArgs& b_;
  absl::Status status_;
  Grads result_;
};

// Wraps a possibly negative `dim` into [0, rank).
int64_t WrapDim(int64_t dim, int64_t rank);

}  // namespace tc::autodiff::internal

#endif  // TC_AUTODIFF_SRC_GRAD_BUILDER_H_
