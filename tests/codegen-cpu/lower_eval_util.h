// Helpers of the lowering and evaluator tests: input tensors of any dtype
// and layout (special values included), and the three-way check: a graph
// run by kernels::Interpreter (eager, the reference) against
// Lower + Evaluate, compared bit for bit (NaN equals NaN).
#ifndef TC_TESTS_CODEGEN_CPU_LOWER_EVAL_UTIL_H_
#define TC_TESTS_CODEGEN_CPU_LOWER_EVAL_UTIL_H_

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "tc/codegen_cpu/eval.h"
#include "tc/codegen_cpu/lower.h"
#include "tc/graph_ir/graph.h"
#include "tc/kernels/interpreter.h"
#include "tc/tensor/dispatch.h"
#include "tc/tensor/tensor.h"

#include "../kernels/test_util.h"

namespace tc::codegen_cpu::testing {

using graph_ir::Graph;
using graph_ir::TensorMeta;
using graph_ir::Value;
using tensor::DType;
using tensor::Scalar;
using tensor::Shape;
using tensor::Tensor;

using kernels::testing::kAllDTypes;
using kernels::testing::SetElement;

// A tensor with `meta`'s dtype, sizes and strides (over storage as large
// as the strides need), filled with values in [-4, 4] and, for floats,
// every tenth-ish element one of NaN, inf, -inf, -0.0, 0.
inline Tensor MakeInput(const TensorMeta& meta, uint32_t seed, bool specials = true) {
  int64_t extent = 1;
  for (int64_t d = 0; d < meta.dim(); ++d) {
    if (meta.sizes[d] == 0) extent = 0;
  }
  for (int64_t d = 0; d < meta.dim() && extent > 0; ++d) {
    extent += (meta.sizes[d] - 1) * meta.strides[d];
  }
  Tensor storage = Tensor::Zeros(Shape{extent}, meta.dtype);
  Tensor t = storage.AsStrided(meta.sizes, meta.strides, 0);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> dist(-4, 4);
  const double kSpecial[] = {std::nan(""), INFINITY, -INFINITY, -0.0, 0.0};
  const bool floating = tensor::IsFloatingPoint(meta.dtype);
  for (int64_t i = 0; i < t.numel(); ++i) {
    double v = dist(rng);
    if (meta.dtype == DType::kBool) {
      v = v > 0;
    } else if (meta.dtype == DType::kUInt8) {
      v = std::round(std::abs(v) * 30);
    } else if (!floating) {
      v = std::round(v * 3);
    } else if (specials && rng() % 10 == 0) {
      v = kSpecial[rng() % 5];
    }
    SetElement(t, i, v);
  }
  return t;
}

// Bitwise equality of two tensors' elements in row-major order, NaN == NaN.
inline std::string Differences(const Tensor& want, const Tensor& got) {
  if (want.dtype() != got.dtype()) return "dtypes differ";
  if (want.sizes() != got.sizes()) {
    return "sizes " + tensor::ShapeToString(want.sizes()) + " vs " +
           tensor::ShapeToString(got.sizes());
  }
  std::string out;
  int shown = 0;
  const size_t item = want.itemsize();
  for (int64_t i = 0; i < want.numel(); ++i) {
    int64_t ow = 0, og = 0;
    for (int64_t d = want.dim() - 1, r = i; d >= 0; --d) {
      ow += (r % want.size(d)) * want.stride(d);
      og += (r % want.size(d)) * got.stride(d);
      r /= want.size(d);
    }
    const char* pw = static_cast<const char*>(want.raw_data()) + ow * item;
    const char* pg = static_cast<const char*>(got.raw_data()) + og * item;
    if (std::memcmp(pw, pg, item) == 0) continue;
    const double a = want.ElementAsDouble(i), b = got.ElementAsDouble(i);
    if (std::isnan(a) && std::isnan(b)) continue;
    if (shown++ < 4) {
      out += "[" + std::to_string(i) + "] want " + std::to_string(a) + " got " + std::to_string(b) +
             "; ";
    }
  }
  return shown == 0 ? "" : std::to_string(shown) + " elements differ: " + out;
}

// The largest distance between two floating tensors' elements in units in
// the last place of `want`'s dtype (NaN == NaN; a NaN against a number, or
// infinities that differ, count as infinitely far).
inline double MaxUlps(const Tensor& want, const Tensor& got) {
  int mantissa = 52;
  if (want.dtype() == DType::kFloat32) mantissa = 23;
  if (want.dtype() == DType::kFloat16) mantissa = 10;
  if (want.dtype() == DType::kBFloat16) mantissa = 7;
  double worst = 0;
  for (int64_t i = 0; i < want.numel(); ++i) {
    const double a = want.ElementAsDouble(i), b = got.ElementAsDouble(i);
    if (std::isnan(a) && std::isnan(b)) continue;
    if (a == b) continue;
    if (std::isnan(a) || std::isnan(b) || std::isinf(a) || std::isinf(b)) return INFINITY;
    const double ulp = std::ldexp(1.0, std::ilogb(std::max(std::abs(a), 1e-300)) - mantissa);
    worst = std::max(worst, std::abs(a - b) / ulp);
  }
  return worst;
}

// Runs `graph` on the interpreter and on Lower + Evaluate with the same
// inputs and expects the same outputs bit for bit, with eager's strides.
// With `ulps` > 0 (and a `why`), floating outputs may differ by that many
// units in the last place; each such case is printed with its reason.
// When eager fails, the lowered program must fail too. Returns the program
// text for structure checks ("" when lowering failed).
inline std::string ExpectSameAsEager(const Graph& graph, const std::vector<Tensor>& inputs,
                                     const std::string& label, double ulps = 0,
                                     const std::string& why = "") {
  kernels::Interpreter interpreter(graph);
  auto want = interpreter.Run(inputs);
  auto program = Lower(graph);
  if (!program.ok()) {
    ADD_FAILURE() << label << ": lowering failed: " << program.status() << "\n" << graph.ToString();
    return "";
  }
  auto got = Evaluate(*program, inputs);
  if (!want.ok()) {
    EXPECT_FALSE(got.ok()) << label << ": eager fails (" << want.status()
                           << ") but the lowered program ran\n"
                           << program->ToString();
    return program->ToString();
  }
  if (!got.ok()) {
    ADD_FAILURE() << label << ": " << got.status() << "\n" << program->ToString();
    return program->ToString();
  }
  if (got->size() != want->size()) {
    ADD_FAILURE() << label << ": " << got->size() << " outputs, eager " << want->size();
    return program->ToString();
  }
  for (size_t i = 0; i < want->size(); ++i) {
    const Tensor& w = (*want)[i];
    const Tensor& g = (*got)[i];
    std::string diff = Differences(w, g);
    if (!diff.empty() && ulps > 0 && w.dtype() == g.dtype() && w.sizes() == g.sizes() &&
        tensor::IsFloatingPoint(w.dtype())) {
      const double seen = MaxUlps(w, g);
      if (seen <= ulps) {
        std::printf("needs a tolerance: %s output %zu: %g ulp (%s)\n", label.c_str(), i, seen,
                    why.c_str());
        diff.clear();
      }
    }
    EXPECT_EQ(diff, "") << label << " output " << i << "\n"
                        << graph.ToString() << program->ToString();
    EXPECT_EQ(tensor::ShapeToString(g.strides()), tensor::ShapeToString(w.strides()))
        << label << " output " << i << " strides";
  }
  return program->ToString();
}

// Evaluate over a braced list of inputs.
inline absl::StatusOr<std::vector<Tensor>> EvaluateList(const Program& program,
                                                        const std::vector<Tensor>& inputs) {
  return Evaluate(program, inputs);
}

// Graph building that fails the test on errors.
inline Value* In(Graph& g, const std::string& name, DType dtype, Shape sizes, Shape strides = {}) {
  TensorMeta meta = TensorMeta::Contiguous(dtype, sizes);
  if (!strides.empty()) meta.strides = strides;
  auto v = g.AddInput(name, meta);
  EXPECT_TRUE(v.ok()) << v.status();
  return v.ok() ? *v : nullptr;
}

inline Value* Apply(Graph& g, const std::string& op, std::vector<graph_ir::Arg> args) {
  auto v = g.Apply(op, std::move(args));
  EXPECT_TRUE(v.ok()) << op << ": " << v.status();
  return v.ok() ? *v : nullptr;
}

inline graph_ir::Constant Ints(std::vector<int64_t> v) {
  return graph_ir::Constant(Shape(v.begin(), v.end()));
}

// An empty int list (out of line: GCC 12 warns falsely about an inline
// empty InlinedVector).
[[gnu::noinline]] inline graph_ir::Constant EmptyInts() {
  return graph_ir::Constant(std::in_place_type<Shape>);
}

inline std::string Name(DType d) { return std::string(tensor::DTypeName(d)); }

inline std::vector<Tensor> Inputs(const Graph& g, uint32_t seed, bool specials = true) {
  std::vector<Tensor> out;
  for (const Value* v : g.inputs()) out.push_back(MakeInput(v->meta(), seed++, specials));
  return out;
}

}  // namespace tc::codegen_cpu::testing

#endif  // TC_TESTS_CODEGEN_CPU_LOWER_EVAL_UTIL_H_
