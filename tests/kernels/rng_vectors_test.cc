// tc's random ops against PyTorch's CPU generator: every case of
// data/rng_vectors.txt (made by scripts/gen_rng_vectors.py from torch 2.15
// with ATEN_CPU_CAPABILITY=avx2) is redone through the registered ops, with
// in-place fills of non-contiguous tensors drawn in kernels::FillOrder, and
// compared bit for bit.
#include <cstdlib>
#include <fstream>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include <gtest/gtest.h>

#include "tc/kernels/random_order.h"
#include "tc/tensor/cpu_generator.h"

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

struct Case {
  std::string name, pre, op, dtype, layout, kind;
  uint64_t seed = 0;
  Shape sizes;
  std::vector<std::string> params, values;
};

std::vector<Case> LoadCases() {
  std::ifstream in(std::string(TC_KERNELS_DATA_DIR) + "/rng_vectors.txt");
  EXPECT_TRUE(in.good()) << "missing rng_vectors.txt";
  std::vector<Case> cases;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream s(line);
    Case c;
    std::string sizes;
    size_t nparams = 0, nvalues = 0;
    s >> c.name >> c.seed >> c.pre >> c.op >> c.dtype >> sizes >> c.layout >> nparams;
    if (sizes != "-") {
      for (absl::string_view v : absl::StrSplit(sizes, ',')) {
        c.sizes.push_back(std::strtoll(std::string(v).c_str(), nullptr, 10));
      }
    }
    c.params.resize(nparams);
    for (auto& p : c.params) s >> p;
    s >> c.kind >> nvalues;
    c.values.resize(nvalues);
    for (auto& v : c.values) s >> v;
    EXPECT_FALSE(s.fail()) << line.substr(0, 80);
    cases.push_back(std::move(c));
  }
  return cases;
}

DType ParseDType(const std::string& name) {
  for (DType d : kAllDTypes) {
    if (tensor::DTypeName(d) == name) return d;
  }
  ADD_FAILURE() << "dtype " << name;
  return DType::kFloat32;
}

double F(const std::string& s) { return std::strtod(s.c_str(), nullptr); }
int64_t I(const std::string& s) { return std::strtoll(s.c_str(), nullptr, 10); }

// The generator's inputs, as gen_rng_vectors.py's input_values() makes them.
Tensor Input(const std::string& kind, const Shape& sizes, DType dtype) {
  Tensor t = Tensor::Empty(sizes, dtype);
  for (int64_t i = 0; i < t.numel(); ++i) {
    double v = kind == "p"       ? static_cast<double>(i % 9) / 8
               : kind == "probs" ? static_cast<double>((i * 5) % 7) / 8
                                 : static_cast<double>((i % 11) - 5) / 4;
    SetElement(t, i, v);
  }
  return t;
}

// Runs one case; returns the result in logical order (or the state bytes).
absl::StatusOr<Tensor> RunCase(const Case& c) {
  const DType dtype = ParseDType(c.dtype);
  const auto& p = c.params;
  // The tensor PyTorch filled in place: its strides give the fill order.
  Shape strides = tensor::ContiguousStrides(c.sizes);
  if (c.layout == "t") strides = {1, c.sizes[0]};
  if (c.layout == "s") strides = {2};
  const std::vector<int64_t> perm = FillOrder(c.sizes, strides);
  Shape drawn;
  for (int64_t d : perm) drawn.push_back(c.sizes[d]);
  const Constant size(drawn), dt(dtype);
  const bool dense = c.layout == "c";
  absl::StatusOr<Tensor> r;
  const std::string& op = c.op;
  if (op == "rand" || op == "randn") {
    r = Call1(op, {size, dt});
  } else if (op == "uniform" || op == "log_normal" || op == "cauchy") {
    r = Call1(op, {size, Float(F(p[0])), Float(F(p[1])), dt});
  } else if (op == "normal") {
    r = Call1(op, {size, Float(F(p[0])), Float(F(p[1])), dt, Constant(Scalar(dense))});
  } else if (op == "random") {
    r = Call1("random", {size, Int(I(p[0])), Int(I(p[1])), dt});
  } else if (op == "random_from") {
    r = Call1("random", {size, Int(I(p[0])), NoneArg(), dt});
  } else if (op == "random_default") {
    r = Call1("random", {size, NoneArg(), NoneArg(), dt});
  } else if (op == "randperm") {
    r = Call1("randperm", {Int(c.sizes[0]), dt});
  } else if (op == "bernoulli" || op == "exponential" || op == "geometric") {
    r = Call1(op, {size, Float(F(p[0])), dt});
  } else if (op == "bernoulli_tensor") {
    r = Call1(op, {Input("p", c.sizes, dtype)});
  } else if (op == "multinomial") {
    r = Call1(op, {Input("probs", c.sizes, dtype), Int(I(p[0])), Constant(Scalar(I(p[1]) != 0))});
  } else if (op == "dropout") {
    r = Call1(op, {Input("x", c.sizes, dtype), Float(F(p[0])), Constant(Scalar(true))});
  } else if (op == "state") {
    if (auto s = Call1("randn", {Ints({3})}); !s.ok()) return s.status();
    r = Call1("rand", {Ints({700})});
  } else {
    return absl::InvalidArgumentError("unknown op " + op);
  }
  if (!r.ok()) return r;
  std::vector<int64_t> inverse(perm.size());
  for (size_t k = 0; k < perm.size(); ++k)
    inverse[static_cast<size_t>(perm[k])] = static_cast<int64_t>(k);
  bool identity = true;
  for (size_t k = 0; k < perm.size(); ++k)
    identity = identity && perm[k] == static_cast<int64_t>(k);
  if (!identity) {
    r = Call1("permute", {*r, Constant(Shape(inverse.begin(), inverse.end()))});
    if (!r.ok()) return r;
  }
  return r->contiguous();
}

std::string Hex(uint64_t v) {
  std::ostringstream s;
  s << std::hex << v;
  return s.str();
}

// The result's values as the data file writes them.
std::vector<std::string> Printed(const Case& c, const Tensor& t) {
  std::vector<std::string> out;
  if (c.kind == "bytes") {
    auto state = tensor::DefaultCpuGenerator().GetState();
    std::string hex;
    for (uint8_t b : state) {
      static constexpr char kDigits[] = "0123456789abcdef";
      hex += kDigits[b >> 4];
      hex += kDigits[b & 15];
    }
    out.push_back(hex);
    return out;
  }
  for (int64_t i = 0; i < t.numel(); ++i) {
    if (c.kind == "bits16") {
      out.push_back(Hex(reinterpret_cast<const uint16_t*>(t.data<tensor::Half>())[i]));
    } else if (c.kind == "bits32") {
      out.push_back(Hex(reinterpret_cast<const uint32_t*>(t.data<float>())[i]));
    } else if (c.kind == "bits64") {
      out.push_back(Hex(reinterpret_cast<const uint64_t*>(t.data<double>())[i]));
    } else {
      tensor::VisitDType(t.dtype(), [&]<typename T>(tensor::TypeTag<T>) {
        if constexpr (std::is_integral_v<T>) {
          out.push_back(std::to_string(static_cast<int64_t>(t.data<T>()[i])));  // int64 exactly
        } else {
          out.push_back(std::to_string(static_cast<int64_t>(static_cast<double>(t.data<T>()[i]))));
        }
      });
    }
  }
  return out;
}

TEST(RngVectors, EveryCaseMatchesPyTorchBitForBit) {
  const std::vector<Case> cases = LoadCases();
  ASSERT_GT(cases.size(), 500u);
  int failed = 0;
  for (const Case& c : cases) {
    tensor::DefaultCpuGenerator().ManualSeed(c.seed);
    if (c.pre == "randn3") {
      ASSERT_TRUE(Call1("randn", {Ints({3})}).ok());
    }
    absl::StatusOr<Tensor> r = RunCase(c);
    if (!r.ok()) {
      ADD_FAILURE() << c.name << ": " << r.status();
      ++failed;
      continue;
    }
    const std::vector<std::string> got = Printed(c, *r);
    if (got.size() != c.values.size()) {
      ADD_FAILURE() << c.name << ": " << got.size() << " values, PyTorch has " << c.values.size();
      ++failed;
      continue;
    }
    for (size_t i = 0; i < got.size(); ++i) {
      if (got[i] != c.values[i]) {
        ADD_FAILURE() << c.name << ": first difference at " << i << ": tc " << got[i].substr(0, 64)
                      << ", PyTorch " << c.values[i].substr(0, 64);
        ++failed;
        break;
      }
    }
  }
  EXPECT_EQ(failed, 0) << "of " << cases.size() << " cases";
}

}  // namespace
}  // namespace tc::kernels::testing
