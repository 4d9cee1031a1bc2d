#include "partition_test_util.h"

#include <cmath>
#include <fstream>
#include <random>
#include <sstream>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "tc/graph_ir/text_format.h"
#include "tc/graph_ir/verifier.h"
#include "tc/kernels/interpreter.h"
#include "tc/support/status.h"
#include "tc/tensor/cpu_generator.h"

namespace tc::partition::testing {
namespace {

using graph_ir::Graph;
using graph_ir::Value;
using tensor::Tensor;

// The names a statement line defines: "%a: t, %b: t = op(...)" gives a, b.
std::vector<std::string> DefinedNames(const std::string& line) {
  std::vector<std::string> names;
  const size_t eq = line.find('=');
  const size_t start = line.find_first_not_of(" \t");
  if (eq == std::string::npos || start == std::string::npos || line[start] != '%') return names;
  for (size_t i = start; i < eq; ++i) {
    if (line[i] != '%') continue;
    size_t j = i + 1;
    while (j < eq && (std::isalnum(static_cast<unsigned char>(line[j])) || line[j] == '_')) ++j;
    names.push_back(line.substr(i + 1, j - i - 1));
    i = j;
  }
  return names;
}

Tensor RandomTensor(const graph_ir::TensorMeta& meta, std::mt19937_64& rng) {
  Tensor t = Tensor::Empty(meta.sizes, meta.dtype);
  const int64_t n = t.numel();
  switch (meta.dtype) {
    case tensor::DType::kFloat32: {
      std::uniform_real_distribution<float> dist(-2.0f, 2.0f);
      for (int64_t i = 0; i < n; ++i) t.data<float>()[i] = dist(rng);
      break;
    }
    case tensor::DType::kFloat64: {
      std::uniform_real_distribution<double> dist(-2.0, 2.0);
      for (int64_t i = 0; i < n; ++i) t.data<double>()[i] = dist(rng);
      break;
    }
    case tensor::DType::kBool:
      for (int64_t i = 0; i < n; ++i) t.data<bool>()[i] = (rng() & 1) != 0;
      break;
    default: {
      Tensor small = Tensor::Empty(meta.sizes, tensor::DType::kInt64);
      for (int64_t i = 0; i < n; ++i) small.data<int64_t>()[i] = static_cast<int64_t>(rng() % 5);
      t = small.to(meta.dtype);
    }
  }
  return t;
}

absl::Status SameValues(const Tensor& got, const Tensor& want, const std::string& what) {
  if (got.sizes() != want.sizes() || got.dtype() != want.dtype()) {
    return absl::InternalError(absl::StrCat(what, ": metadata differs"));
  }
  for (int64_t i = 0; i < want.numel(); ++i) {
    const double a = got.ElementAsDouble(i);
    const double b = want.ElementAsDouble(i);
    if (a != b && !(std::isnan(a) && std::isnan(b))) {
      return absl::InternalError(
          absl::StrCat(what, ": element ", i, " is ", a, " but the joint graph gives ", b));
    }
  }
  return absl::OkStatus();
}

absl::Status CheckInterface(const JointGraph& joint, const Partition& p, size_t num_primals) {
  const Graph& j = *joint.graph;
  const size_t num_fwd = joint.num_fwd_outputs;
  const size_t num_tangents = j.inputs().size() - num_primals;
  TC_RETURN_IF_ERROR(graph_ir::Verify(p.forward));
  TC_RETURN_IF_ERROR(graph_ir::Verify(p.backward));
  auto fail = [](const std::string& m) { return absl::InternalError(m); };
  if (p.forward.inputs().size() != num_primals) return fail("forward inputs are not the primals");
  for (size_t i = 0; i < num_primals; ++i) {
    if (p.forward.inputs()[i]->name() != j.inputs()[i]->name() ||
        p.forward.inputs()[i]->meta() != j.inputs()[i]->meta()) {
      return fail(absl::StrCat("forward input ", i, " differs from primal ", i));
    }
  }
  if (p.forward.outputs().size() != num_fwd + p.saved.size()) {
    return fail("forward outputs are not the forward outputs then the saved values");
  }
  if (p.backward.inputs().size() != p.saved.size() + num_tangents) {
    return fail("backward inputs are not the saved values then the tangents");
  }
  for (size_t k = 0; k < p.saved.size(); ++k) {
    if (p.forward.outputs()[num_fwd + k]->meta() != p.saved[k]->meta() ||
        p.backward.inputs()[k]->meta() != p.saved[k]->meta()) {
      return fail(absl::StrCat("saved value ", k, " has other metadata in a graph"));
    }
  }
  for (size_t t = 0; t < num_tangents; ++t) {
    if (p.backward.inputs()[p.saved.size() + t]->name() != j.inputs()[num_primals + t]->name()) {
      return fail(absl::StrCat("backward input ", p.saved.size() + t, " is not tangents_", t + 1));
    }
  }
  if (p.backward.outputs().size() != j.outputs().size() - num_fwd) {
    return fail("backward outputs are not the gradients");
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<NamedGraph> ParseNamedGraph(const std::string& text) {
  NamedGraph g;
  TC_ASSIGN_OR_RETURN(g.graph, graph_ir::ParseGraph(text));
  for (const Value* in : g.graph.inputs()) g.by_name[in->name()] = in;
  std::istringstream lines(text);
  std::string line;
  size_t node = 0;
  while (std::getline(lines, line)) {
    line = line.substr(0, line.find('#'));
    const std::vector<std::string> names = DefinedNames(line);
    if (names.empty()) continue;
    if (node >= g.graph.nodes().size()) return absl::InternalError("more statements than nodes");
    for (size_t k = 0; k < names.size(); ++k) {
      g.by_name[names[k]] = g.graph.nodes()[node]->output(static_cast<int>(k));
    }
    ++node;
  }
  for (const auto& [name, value] : g.by_name) g.name_of[value] = name;
  return g;
}

absl::StatusOr<NamedGraph> LoadGoldenGraph(const std::string& file) {
  std::ifstream in(std::string(TC_PARTITION_GOLDEN_DIR) + "/" + file);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read golden ", file));
  std::stringstream text;
  text << in.rdbuf();
  return ParseNamedGraph(text.str());
}

std::string Names(const NamedGraph& g, const std::vector<const Value*>& values) {
  std::vector<std::string> names;
  for (const Value* v : values) {
    auto it = g.name_of.find(v);
    names.push_back(it == g.name_of.end() ? absl::StrCat("%", v->id()) : it->second);
  }
  return absl::StrJoin(names, " ");
}

absl::Status CheckRunsLikeJoint(const JointGraph& joint, const Partition& p, uint64_t seed) {
  const Graph& j = *joint.graph;
  size_t num_primals = 0;
  while (num_primals < j.inputs().size() &&
         j.inputs()[num_primals]->name().rfind("primals_", 0) == 0) {
    ++num_primals;
  }
  TC_RETURN_IF_ERROR(CheckInterface(joint, p, num_primals));
  std::mt19937_64 rng(seed);
  std::vector<Tensor> inputs;
  for (const Value* in : j.inputs()) inputs.push_back(RandomTensor(in->meta(), rng));
  std::vector<Tensor> joint_out;
  {
    tensor::CpuGenerator gen(seed);
    tensor::ScopedCpuGenerator scope(&gen);
    TC_ASSIGN_OR_RETURN(joint_out, kernels::Interpreter(j).Run(inputs));
  }
  tensor::CpuGenerator gen(seed);
  tensor::ScopedCpuGenerator scope(&gen);
  const std::vector<Tensor> primals(inputs.begin(), inputs.begin() + num_primals);
  TC_ASSIGN_OR_RETURN(std::vector<Tensor> fwd_out, kernels::Interpreter(p.forward).Run(primals));
  const size_t num_fwd = joint.num_fwd_outputs;
  std::vector<Tensor> bwd_in(fwd_out.begin() + num_fwd, fwd_out.end());
  bwd_in.insert(bwd_in.end(), inputs.begin() + num_primals, inputs.end());
  TC_ASSIGN_OR_RETURN(std::vector<Tensor> bwd_out, kernels::Interpreter(p.backward).Run(bwd_in));
  for (size_t i = 0; i < num_fwd; ++i) {
    TC_RETURN_IF_ERROR(SameValues(fwd_out[i], joint_out[i], absl::StrCat("forward output ", i)));
  }
  for (size_t i = 0; i < bwd_out.size(); ++i) {
    TC_RETURN_IF_ERROR(
        SameValues(bwd_out[i], joint_out[num_fwd + i], absl::StrCat("gradient ", i)));
  }
  return absl::OkStatus();
}

}  // namespace tc::partition::testing
