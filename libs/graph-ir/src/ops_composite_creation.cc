// Composite creation ops: linspace, eye, randint (Philox, through `rand`).
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

// ATen's check_from_to: `from` and `to - 1` must fit the result dtype (the
// dtypes listed; the others are not checked here).
absl::Status CheckRandomBounds(int64_t from, int64_t to, DType dtype) {
  struct Bounds {
    DType dtype;
    double lo, hi;
  };
  static constexpr Bounds kBounds[] = {
      {DType::kBool, 0, 1},
      {DType::kUInt8, 0, 255},
      {DType::kInt8, -128, 127},
      {DType::kInt16, -32768, 32767},
      {DType::kInt32, -2147483648.0, 2147483647.0},
      {DType::kFloat16, -65504, 65504},
  };
  for (const Bounds& b : kBounds) {
    if (b.dtype != dtype) continue;
    if (from < b.lo || from > b.hi) {
      return Invalid(absl::StrFormat("from is out of bounds for %s", CTypeName(dtype)));
    }
    if (to - 1 < b.lo || to - 1 > b.hi) {
      return Invalid(absl::StrFormat("to - 1 is out of bounds for %s", CTypeName(dtype)));
    }
  }
  return absl::OkStatus();
}

// low + floor(u * (high - low)) with u uniform in [0, 1) from the Philox
// generator (53-bit doubles), clamped below high against rounding.
Refs Randint(Emitter& e, EArgs a) {
  int64_t low = Int(a, 0), high = Int(a, 1);
  DType dtype = DTypeOr(a, 3, DType::kInt64);
  if (low >= high) {
    return Invalid(absl::StrFormat(
        "random_ expects 'from' to be less than 'to', but got from=%d >= to=%d", low, high));
  }
  TC_RETURN_IF_ERROR(CheckRandomBounds(low, high, dtype));
  double range = static_cast<double>(high) - static_cast<double>(low);
  TC_ASSIGN_OR_RETURN(EmitRef u, Emit1(e, "rand", {a[2], CDType(DType::kFloat64)}));
  TC_ASSIGN_OR_RETURN(EmitRef scaled, Emit1(e, "mul", {u, CNum(range)}));
  TC_ASSIGN_OR_RETURN(EmitRef fl, Emit1(e, "floor", {scaled}));
  TC_ASSIGN_OR_RETURN(fl, Emit1(e, "clamp", {fl, CNone(), CNum(range - 1)}));
  TC_ASSIGN_OR_RETURN(EmitRef k, ToDType(e, fl, DType::kInt64));
  TC_ASSIGN_OR_RETURN(k, Emit1(e, "add", {k, CInt(low)}));
  TC_ASSIGN_OR_RETURN(EmitRef out, ToDType(e, k, dtype));
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
