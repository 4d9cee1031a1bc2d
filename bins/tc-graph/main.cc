// tc-graph: runs a graph written in the text IR on the CPU interpreter.
//
//   tc-graph FILE.tcir [--runs N] [--seed S]
//
// Parses and verifies FILE, prints the graph, makes one input per
// placeholder (randn for floating dtypes after seeding the generator, arange
// for integers, all-true for bool), prints the inputs, runs the graph once
// for its outputs and N more times for the median time per run.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"

#include "tc/graph_ir/graph.h"
#include "tc/graph_ir/op.h"
#include "tc/graph_ir/text_format.h"
#include "tc/graph_ir/verifier.h"
#include "tc/kernels/eager.h"
#include "tc/kernels/interpreter.h"
#include "tc/support/status.h"
#include "tc/support/timer.h"
#include "tc/tensor/cpu_generator.h"
#include "tc/tensor/dtype.h"
#include "tc/tensor/format.h"
#include "tc/tensor/tensor.h"

namespace tc {
namespace {

using graph_ir::Constant;
using graph_ir::TensorMeta;
using tensor::DType;
using tensor::Scalar;
using tensor::Tensor;

constexpr char kUsage[] = "usage: tc-graph FILE.tcir [--runs N] [--seed S]";

struct Options {
  std::string path;
  int64_t runs = 10;
  uint64_t seed = 0;
};

absl::StatusOr<int64_t> ParseInt(std::string_view flag, std::string_view text) {
  int64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 0) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s expects a non-negative integer, got '%s'", flag, text));
  }
  return value;
}

absl::StatusOr<Options> ParseArgs(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    std::string_view flag = arg.substr(0, arg.find('='));
    if (flag == "--runs" || flag == "--seed") {
      std::string_view value;
      if (flag.size() < arg.size()) {
        value = arg.substr(flag.size() + 1);
      } else if (i + 1 < argc) {
        value = argv[++i];
      } else {
        return absl::InvalidArgumentError(absl::StrFormat("%s needs a value\n%s", flag, kUsage));
      }
      TC_ASSIGN_OR_RETURN(int64_t n, ParseInt(flag, value));
      if (flag == "--runs") {
        options.runs = n;
      } else {
        options.seed = static_cast<uint64_t>(n);
      }
    } else if (!arg.empty() && arg[0] == '-') {
      return absl::InvalidArgumentError(absl::StrFormat("unknown flag '%s'\n%s", arg, kUsage));
    } else if (options.path.empty()) {
      options.path = std::string(arg);
    } else {
      return absl::InvalidArgumentError(absl::StrFormat("more than one file given\n%s", kUsage));
    }
  }
  if (options.path.empty()) return absl::InvalidArgumentError(kUsage);
  return options;
}

absl::StatusOr<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrFormat("cannot open '%s'", path));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// An input tensor for a placeholder with metadata `meta`.
absl::StatusOr<Tensor> MakeInput(const TensorMeta& meta) {
  Constant sizes = meta.sizes;
  if (tensor::IsFloatingPoint(meta.dtype)) {
    return kernels::Call1("randn", {sizes, Constant(meta.dtype)});
  }
  if (meta.dtype == DType::kBool) {
    return kernels::Call1("full", {sizes, Constant(Scalar(true)), Constant(meta.dtype)});
  }
  TC_ASSIGN_OR_RETURN(
      Tensor flat,
      kernels::Call1("arange", {Constant(Scalar(int64_t{0})), Constant(Scalar(meta.numel())),
                                Constant(Scalar(int64_t{1})), Constant(meta.dtype)}));
  return kernels::Call1("reshape", {flat, sizes});
}

absl::Status Run(const Options& options) {
  TC_ASSIGN_OR_RETURN(std::string text, ReadFile(options.path));
  absl::StatusOr<graph_ir::Graph> parsed = graph_ir::ParseGraph(text);
  if (!parsed.ok()) {
    // Parse errors carry line:column; prefix the file as compilers do.
    return absl::Status(parsed.status().code(),
                        absl::StrFormat("%s:%s", options.path, parsed.status().message()));
  }
  const graph_ir::Graph& graph = *parsed;
  TC_RETURN_IF_ERROR(graph_ir::Verify(graph));
  std::printf("%s\n", graph_ir::PrintGraph(graph).c_str());

  tensor::DefaultCpuGenerator().ManualSeed(options.seed);
  std::vector<Tensor> inputs;
  for (const graph_ir::Value* input : graph.inputs()) {
    TC_ASSIGN_OR_RETURN(Tensor t, MakeInput(input->meta()));
    std::printf("input %%%s =\n%s\n", input->name().c_str(), tensor::FormatTensor(t).c_str());
    inputs.push_back(std::move(t));
  }

  kernels::Interpreter interpreter(graph);
  TC_ASSIGN_OR_RETURN(std::vector<Tensor> outputs, interpreter.Run(inputs));
  for (size_t i = 0; i < outputs.size(); ++i) {
    std::printf("output %zu =\n%s\n", i, tensor::FormatTensor(outputs[i]).c_str());
  }

  std::vector<int64_t> nanos;
  for (int64_t i = 0; i < options.runs; ++i) {
    support::Timer timer;
    TC_ASSIGN_OR_RETURN(std::vector<Tensor> ignored, interpreter.Run(inputs));
    nanos.push_back(timer.ElapsedNanos());
  }
  if (!nanos.empty()) {
    std::nth_element(nanos.begin(), nanos.begin() + nanos.size() / 2, nanos.end());
    std::printf("time per run: %.1f us (median of %zu runs)\n",
                static_cast<double>(nanos[nanos.size() / 2]) * 1e-3, nanos.size());
  }
  return absl::OkStatus();
}

}  // namespace
}  // namespace tc

int main(int argc, char** argv) {
  absl::StatusOr<tc::Options> options = tc::ParseArgs(argc, argv);
  absl::Status status = options.ok() ? tc::Run(*options) : options.status();
  if (!status.ok()) {
    std::fflush(stdout);
    std::fprintf(stderr, "tc-graph: %s\n", std::string(status.message()).c_str());
    return 1;
  }
  return 0;
}
