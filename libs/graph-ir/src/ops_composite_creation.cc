// Composite creation ops: linspace, eye, randint (through the `random` op).
#include <cmath>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "composite_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr ArgType kI = ArgType::kInt;

DType DTypeOr(EArgs a, size_t i, DType fallback) {
  return IsNone(a, i) ? fallback : DTypeArg(a, i);
}

// ATen's CPU linspace: start + step * i for the first half, end - step *
// (steps - 1 - i) for the rest (so both ends are exact), computed here in
// double and converted (integers truncate, as ATen's do).
Refs Linspace(Emitter& e, EArgs a) {
  double start = Float(a, 0), end = Float(a, 1);
  int64_t steps = Int(a, 2);
  DType dtype = DTypeOr(a, 3, DType::kFloat32);
  if (steps < 0) return Invalid("number of steps must be non-negative");
  if (dtype == DType::kBool) return NotImplemented("linspace_cpu", dtype);
  if (steps <= 1) {
    TC_ASSIGN_OR_RETURN(EmitRef out,
                        Emit1(e, "full", {CList({steps}), CNum(start), CDType(dtype)}));
    return std::vector<EmitRef>{out};
  }
  double step = (end - start) / static_cast<double>(steps - 1);
  int64_t halfway = steps / 2;
  EmitArg f64 = CDType(DType::kFloat64);
  TC_ASSIGN_OR_RETURN(EmitRef i, Emit1(e, "arange", {CInt(0), CInt(steps), CInt(1), f64}));
  TC_ASSIGN_OR_RETURN(EmitRef j, Emit1(e, "arange", {CInt(steps - 1), CInt(-1), CInt(-1), f64}));
  TC_ASSIGN_OR_RETURN(EmitRef lo, Emit1(e, "mul", {i, CNum(step)}));
  TC_ASSIGN_OR_RETURN(lo, Emit1(e, "add", {lo, CNum(start)}));
  TC_ASSIGN_OR_RETURN(EmitRef hi, Emit1(e, "mul", {j, CNum(-step)}));
  TC_ASSIGN_OR_RETURN(hi, Emit1(e, "add", {hi, CNum(end)}));
  TC_ASSIGN_OR_RETURN(EmitRef first, Emit1(e, "lt", {i, CInt(halfway)}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "where", {first, lo, hi}));
  TC_ASSIGN_OR_RETURN(out, ToDType(e, out, dtype));
  return std::vector<EmitRef>{out};
}

Refs Eye(Emitter& e, EArgs a) {
  int64_t n = Int(a, 0);
  int64_t m = IsNone(a, 1) ? n : Int(a, 1);
  if (n < 0) return Invalid(absl::StrFormat("n must be greater or equal to 0, got %d", n));
  if (m < 0) return Invalid(absl::StrFormat("m must be greater or equal to 0, got %d", m));
  TC_ASSIGN_OR_RETURN(EmitRef rows, Emit1(e, "arange", {CInt(0), CInt(n)}));
  TC_ASSIGN_OR_RETURN(rows, Emit1(e, "unsqueeze", {rows, CInt(1)}));
  TC_ASSIGN_OR_RETURN(EmitRef cols, Emit1(e, "arange", {CInt(0), CInt(m)}));
  TC_ASSIGN_OR_RETURN(EmitRef eq, Emit1(e, "eq", {rows, cols}));
  TC_ASSIGN_OR_RETURN(EmitRef out, ToDType(e, eq, DTypeOr(a, 2, DType::kFloat32)));
  return std::vector<EmitRef>{out};
}

// torch.randint: random_(low, high) on a fresh tensor of the dtype (int64
// by default); the `random` op checks the bounds as random_ does.
Refs Randint(Emitter& e, EArgs a) {
  TC_ASSIGN_OR_RETURN(EmitRef out,
                      Emit1(e, "random", {a[2], a[0], a[1], CDType(DTypeOr(a, 3, DType::kInt64))}));
  return std::vector<EmitRef>{out};
}

}  // namespace

void AddCompositeCreationOps(std::vector<OpDef>& ops) {
  ops.push_back(Composite<&Linspace>(
      "linspace", {Req("start", ArgType::kScalar), Req("end", ArgType::kScalar), Req("steps", kI),
                   Opt("dtype", ArgType::kDType)}));
  ops.push_back(
      Composite<&Eye>("eye", {Req("n", kI), Opt("m", kI), Opt("dtype", ArgType::kDType)}));
  ops.push_back(Composite<&Randint>(
      "randint", {Req("low", kI), Req("high", kI), Req("size", ArgType::kIntList),
                  Opt("dtype", ArgType::kDType)}));
}

}  // namespace tc::graph_ir::internal
