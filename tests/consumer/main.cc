// A program outside the tc monorepo using tc-tensor and tc-graph-ir as Meson
// subprojects: builds a two-node graph, prints it, makes a tensor, and
// checks both. Returns non-zero on any mismatch.
#include <array>
#include <cstdint>
#include <cstdio>
#include <string>

#include "tc/graph_ir/graph.h"
#include "tc/graph_ir/op.h"
#include "tc/tensor/dtype.h"
#include "tc/tensor/format.h"
#include "tc/tensor/tensor.h"

namespace {

using tc::graph_ir::Constant;
using tc::graph_ir::Graph;
using tc::graph_ir::TensorMeta;
using tc::tensor::DType;
using tc::tensor::Scalar;
using tc::tensor::Tensor;

int failures = 0;

void Expect(bool ok, const std::string& what) {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
  if (!ok) ++failures;
}

void CheckGraph() {
  const std::array<int64_t, 2> sizes = {2, 3};
  Graph graph;
  auto a = graph.AddInput("a", TensorMeta::Contiguous(DType::kInt64, sizes));
  Expect(a.ok(), "AddInput a: " + a.status().ToString());
  if (!a.ok()) return;
  auto abs = graph.Apply("abs", {*a});
  Expect(abs.ok(), "abs(%a): " + abs.status().ToString());
  if (!abs.ok()) return;
  // An int64 tensor plus the Python float 0.5 (a weak scalar) is float32.
  auto sum = graph.Apply("add", {*abs, Constant(Scalar(0.5))});
  Expect(sum.ok(), "add(%0, 0.5): " + sum.status().ToString());
  if (!sum.ok()) return;
  graph.SetOutputs({*sum});

  std::string text = graph.ToString();
  std::printf("%s", text.c_str());
  Expect(graph.nodes().size() == 2, "the graph has 2 nodes");
  Expect(text.find("abs(%a)") != std::string::npos, "printed graph contains abs(%a)");
  Expect(text.find("add(") != std::string::npos, "printed graph contains add(");
  Expect((*abs)->meta() == TensorMeta::Contiguous(DType::kInt64, sizes), "abs keeps int64[2, 3]");
  Expect((*sum)->meta() == TensorMeta::Contiguous(DType::kFloat32, sizes),
         "int64 + 0.5 is float32[2, 3], got " + (*sum)->meta().ToString());

  auto bad = graph.Apply("no_such_op", {*a});
  Expect(!bad.ok(), "an unknown op is an error: " + bad.status().ToString());
}

void CheckTensor() {
  const std::array<int64_t, 2> sizes = {2, 3};
  Tensor t = Tensor::Full(sizes, Scalar(2.5), DType::kFloat32);
  Expect(t.numel() == 6 && t.dim() == 2 && t.is_contiguous(), "full([2, 3]) is contiguous");
  Expect(t.ElementAsDouble(5) == 2.5, "full([2, 3], 2.5)[1, 2] == 2.5");
  // The transposed view [3, 2] shares storage; contiguous() copies it.
  const std::array<int64_t, 2> t_sizes = {3, 2};
  const std::array<int64_t, 2> t_strides = {1, 3};
  Tensor view = t.AsStrided(t_sizes, t_strides, 0);
  Expect(view.storage() == t.storage() && !view.is_contiguous(), "transpose is a view");
  Tensor copy = view.contiguous();
  Expect(copy.is_contiguous() && copy.storage() != t.storage(), "contiguous() copies");
  Tensor ints = copy.to(DType::kInt64);
  Expect(ints.dtype() == DType::kInt64 && ints.ElementAsDouble(0) == 2.0,
         "to(int64) truncates 2.5 to 2");
  // PyTorch's repr of the same tensors.
  std::string printed = tc::tensor::FormatTensor(t);
  std::printf("%s\n", printed.c_str());
  Expect(printed == "tensor([[2.5000, 2.5000, 2.5000],\n        [2.5000, 2.5000, 2.5000]])",
         "full([2, 3], 2.5) prints as PyTorch's repr");
  Expect(tc::tensor::FormatTensor(ints) == "tensor([[2, 2],\n        [2, 2],\n        [2, 2]])",
         "the int64 copy prints as PyTorch's repr");
  Expect(tc::tensor::PromoteTypes(DType::kInt64, DType::kFloat16) == DType::kFloat16,
         "promote_types(int64, float16) == float16");
}

}  // namespace

int main() {
  CheckGraph();
  CheckTensor();
  std::printf("consumer: %d failure(s)\n", failures);
  return failures == 0 ? 0 : 1;
}
