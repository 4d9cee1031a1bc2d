// The differential fuzz's comparison (see fuzz_check.h).
#include "fuzz_check.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/tensor/half.h"

namespace tc::codegen_cpu::testing {
namespace {

using tensor::DType;
using tensor::Tensor;

// The raw bits of row-major element `flat` of `t` (any strides).
uint64_t Bits(const Tensor& t, int64_t flat) {
  int64_t off = 0;
  for (int64_t d = t.dim() - 1; d >= 0; --d) {
    off += (flat % t.size(d)) * t.stride(d);
    flat /= t.size(d);
  }
  uint64_t bits = 0;
  const size_t item = t.itemsize();
  std::memcpy(&bits, static_cast<const char*>(t.raw_data()) + off * item, item);
  return bits;
}

int ExponentBits(DType dtype) {
  if (dtype == DType::kFloat16) return 5;
  return dtype == DType::kFloat64 ? 11 : 8;  // bfloat16 has float32's exponent
}

std::string Value(const Tensor& t, int64_t flat) {
  return absl::StrFormat("%.9g (bits 0x%x)", t.ElementAsDouble(flat), Bits(t, flat));
}

bool SameStorage(const Tensor& a, const Tensor& b) {
  return a.storage() != nullptr && a.storage() == b.storage();
}

std::string Layout(const Tensor& t) {
  return absl::StrCat("offset ", t.storage_offset(), " strides ",
                      tensor::ShapeToString(t.strides()));
}

// A float value as the bits of `narrow` when it is exactly representable
// there (a value widened by to_dtype), else nullopt.
std::optional<uint64_t> NarrowBits(DType narrow, double v) {
  if (!std::isfinite(v)) return std::nullopt;
  if (narrow == DType::kFloat32) {
    const float f = static_cast<float>(v);
    if (static_cast<double>(f) != v) return std::nullopt;
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
  }
  const float f = static_cast<float>(v);
  if (static_cast<double>(f) != v) return std::nullopt;
  if (narrow == DType::kFloat16) {
    const tensor::Half h(f);
    if (static_cast<float>(h) != f) return std::nullopt;
    return h.bits;
  }
  const tensor::BFloat16 h(f);
  if (static_cast<float>(h) != f) return std::nullopt;
  return h.bits;
}

// The distance of two float elements measured in the precision they were
// computed in: a float64 output that to_dtype widened from float32 (both
// values exact float32 numbers) is measured in float32 ulps, a float32
// one widened from float16 or bfloat16 in theirs; else in its own dtype.
std::pair<DType, int64_t> Distance(DType dtype, uint64_t a, uint64_t b, double va, double vb) {
  std::vector<DType> narrower;
  if (dtype == DType::kFloat64) narrower = {DType::kFloat32};
  if (dtype == DType::kFloat32) narrower = {DType::kFloat16, DType::kBFloat16};
  for (DType n : narrower) {
    std::optional<uint64_t> na = NarrowBits(n, va), nb = NarrowBits(n, vb);
    if (na && nb) return {n, UlpDistance(n, *na, *nb)};
  }
  return {dtype, UlpDistance(dtype, a, b)};
}

// The first element that differs, or "".
std::string CompareValues(const Tensor& want, const Tensor& got, UlpStats* stats) {
  const DType dtype = want.dtype();
  const bool floating = tensor::IsFloatingPoint(dtype);
  int64_t worst = 0;
  for (int64_t i = 0; i < want.numel(); ++i) {
    const uint64_t a = Bits(want, i), b = Bits(got, i);
    if (a == b) continue;
    const double va = want.ElementAsDouble(i), vb = got.ElementAsDouble(i);
    const auto [in, ulps] = floating ? Distance(dtype, a, b, va, vb) : std::pair{dtype, -1L};
    if (ulps >= 0 && ulps <= AllowedUlps(in)) {
      worst = std::max(worst, ulps);
      continue;
    }
    return absl::StrCat(
        "element ", i, ": eager ", Value(want, i), ", compiled ", Value(got, i),
        ulps < 0 ? ""
                 : absl::StrCat(" (", ulps, " ulp of ", std::string(tensor::DTypeName(in)), ")"));
  }
  if (floating) {
    ++stats->outputs[dtype];
    if (worst > 0) ++stats->inexact[dtype];
    stats->worst[dtype] = std::max(stats->worst[dtype], worst);
  }
  return "";
}

}  // namespace

int64_t AllowedUlps(DType dtype) {
  return dtype == DType::kFloat16 || dtype == DType::kBFloat16 ? 1 : 4;
}

int64_t UlpDistance(DType dtype, uint64_t a, uint64_t b) {
  if (a == b) return 0;
  const int width = static_cast<int>(tensor::ItemSize(dtype)) * 8;
  const int mantissa = width - 1 - ExponentBits(dtype);
  const uint64_t sign = uint64_t{1} << (width - 1);
  const uint64_t exp_mask = (sign - 1) & ~((uint64_t{1} << mantissa) - 1);
  auto is_nan = [&](uint64_t x) {
    return (x & exp_mask) == exp_mask && (x & ((uint64_t{1} << mantissa) - 1)) != 0;
  };
  auto is_inf = [&](uint64_t x) { return (x & (sign - 1)) == exp_mask; };
  if (is_nan(a) && is_nan(b)) return 0;
  if (is_nan(a) || is_nan(b) || is_inf(a) || is_inf(b)) return -1;
  const uint64_t ma = a & (sign - 1), mb = b & (sign - 1);
  if (ma == 0 && mb == 0) return -1;  // 0.0 against -0.0: printed differently
  const int64_t oa = (a & sign) ? -static_cast<int64_t>(ma) : static_cast<int64_t>(ma);
  const int64_t ob = (b & sign) ? -static_cast<int64_t>(mb) : static_cast<int64_t>(mb);
  return oa > ob ? oa - ob : ob - oa;
}

std::string CompareRuns(std::span<const Tensor> inputs,
                        const absl::StatusOr<std::vector<Tensor>>& want,
                        const absl::StatusOr<std::vector<Tensor>>& got, UlpStats* stats) {
  if (!want.ok() || !got.ok()) {
    if (want.ok() != got.ok()) {
      return absl::StrCat("eager ", want.ok() ? "ran" : want.status().ToString(), "; compiled ",
                          got.ok() ? "ran" : got.status().ToString());
    }
    return "";  // both failed (eager's error is what the script sees either way)
  }
  if (want->size() != got->size()) {
    return absl::StrCat(want->size(), " outputs from eager, ", got->size(), " compiled");
  }
  for (size_t o = 0; o < want->size(); ++o) {
    const Tensor& w = (*want)[o];
    const Tensor& g = (*got)[o];
    const std::string where = absl::StrCat("output ", o, ": ");
    if (w.dtype() != g.dtype()) {
      return absl::StrCat(where, "dtype ", std::string(tensor::DTypeName(w.dtype())), " vs ",
                          std::string(tensor::DTypeName(g.dtype())));
    }
    if (w.sizes() != g.sizes() || w.strides() != g.strides()) {
      return absl::StrCat(where, "sizes/strides ", tensor::ShapeToString(w.sizes()),
                          tensor::ShapeToString(w.strides()), " vs ",
                          tensor::ShapeToString(g.sizes()), tensor::ShapeToString(g.strides()));
    }
    // Aliasing: an output viewing an input (or another output) in eager
    // views the same one, at the same offset, when compiled.
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (SameStorage(w, inputs[i]) != SameStorage(g, inputs[i])) {
        return absl::StrCat(where, SameStorage(w, inputs[i]) ? "eager" : "compiled",
                            " returns a view of input ", i, ", the other does not");
      }
      if (SameStorage(w, inputs[i]) && w.storage_offset() != g.storage_offset()) {
        return absl::StrCat(where, "a view of input ", i, ": eager ", Layout(w), ", compiled ",
                            Layout(g));
      }
    }
    for (size_t p = 0; p < o; ++p) {
      if (SameStorage(w, (*want)[p]) != SameStorage(g, (*got)[p])) {
        return absl::StrCat(where, "shares storage with output ", p, " in ",
                            SameStorage(w, (*want)[p]) ? "eager" : "the compiled run", " only");
      }
    }
    std::string diff = CompareValues(w, g, stats);
    if (!diff.empty()) {
      return absl::StrCat(where, std::string(tensor::DTypeName(w.dtype())),
                          tensor::ShapeToString(w.sizes()), " ", diff);
    }
  }
  return "";
}

}  // namespace tc::codegen_cpu::testing
