// Generated kernels with streaming stores (tc/kernels/stream_stores.h): a
// row kernel (the formula's streaming variant, or an epilogue's aligned
// vector stores) and a pointwise kernel emit them, with a store fence per
// chunk, once their output reaches the threshold and not below it; and the
// streamed results equal eager's bit for bit (the interpreter), eager's
// ordinary stores and eager's own streaming path alike, over aligned and unaligned rows, read
// by a thread that took no part in computing them.
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"

#include "tc/codegen_cpu/codegen.h"
#include "tc/kernels/interpreter.h"
#include "tc/kernels/stream_stores.h"

#include "compiled_vs_eager.h"
#include "lower_eval_util.h"

namespace tc::codegen_cpu::testing {
namespace {

using graph_ir::Constant;

// Streams every output (on) or none (off) while alive; decides what the
// emitter writes and what eager's kernels do.
class Force {
 public:
  explicit Force(bool on) {
    kernels::SetStreamStoresMinBytes(on ? 1 : std::numeric_limits<int64_t>::max());
  }
  ~Force() { kernels::SetStreamStoresMinBytes(0); }
};

// The emitted fence (the prelude's text names hwy::FlushStream too).
constexpr char kFence[] = "    hwy::FlushStream();\n";

// Row ops with and without neighbours (a prologue; an epilogue, whose
// stores stream through StreamOrStoreU) over [rows, n] for each n.
Graph RowGraph(DType d, int64_t rows, const std::vector<int64_t>& lengths) {
  Graph g;
  std::vector<Value*> outs;
  for (int64_t n : lengths) {
    const std::string s = absl::StrCat("_", n);
    Value* x = In(g, "x" + s, d, {rows, n});
    Value* y = In(g, "y" + s, d, {rows, n});
    Value* w = In(g, "w" + s, d, {n});
    Value* b = In(g, "b" + s, d, {n});
    Value* ln = Apply(g, "layer_norm", {Apply(g, "add", {x, y}), Ints({n}), w, None(), Num(1e-5)});
    outs.insert(
        outs.end(),
        {Apply(g, "softmax", {x, Int(-1), None()}), Apply(g, "log_softmax", {x, Int(-1), None()}),
         Apply(g, "layer_norm", {x, Ints({n}), w, b, Num(1e-5)}),
         Apply(g, "rms_norm", {y, Ints({n}), w, None()}),
         Apply(g, "softmax", {Apply(g, "mul", {x, Num(0.125)}), Int(-1), None()}),
         Apply(g, "add", {Apply(g, "mul", {ln, Num(3.0)}), Num(0.5)})});
  }
  g.SetOutputs(outs);
  return g;
}

// A chain of pointwise ops over each [rows, n], one kernel each.
Graph PointwiseGraph(DType d, const std::vector<std::pair<int64_t, int64_t>>& shapes) {
  Graph g;
  std::vector<Value*> outs;
  for (const auto& [rows, n] : shapes) {
    const std::string s = absl::StrCat("_", rows, "_", n);
    Value* x = In(g, "x" + s, d, {rows, n});
    Value* y = In(g, "y" + s, d, {rows, n});
    Value* t = Apply(g, "relu", {Apply(g, "add", {Apply(g, "mul", {x, Num(2.0)}), y})});
    outs.push_back(Apply(g, "mul", {Apply(g, "sigmoid", {Apply(g, "sub", {t, Num(0.5)})}), y}));
  }
  g.SetOutputs(outs);
  return g;
}

// `g` compiled with every output streamed, its outputs against eager's
// with ordinary stores and with streaming stores, read on another thread.
// Returns the source.
std::string ExpectStreamedSameAsEager(const Graph& g, const std::vector<Tensor>& inputs,
                                      const std::string& label) {
  absl::StatusOr<std::shared_ptr<GeneratedGraph>> compiled;
  {
    Force on(true);
    compiled = GeneratedGraph::Compile(g);
  }
  EXPECT_TRUE(compiled.ok()) << label << ": " << compiled.status();
  if (!compiled.ok()) return "";
  auto got = (*compiled)->Run(inputs);
  EXPECT_TRUE(got.ok()) << label << ": " << got.status();
  for (bool eager_streams : {false, true}) {
    Force force(eager_streams);
    auto want = kernels::Interpreter(g).Run(inputs);
    EXPECT_TRUE(want.ok()) << label;
    if (!want.ok() || !got.ok()) return "";
    std::vector<std::string> diffs(want->size());
    std::thread reader([&] {
      for (size_t i = 0; i < want->size(); ++i) diffs[i] = Differences((*want)[i], (*got)[i]);
    });
    reader.join();
    for (size_t i = 0; i < diffs.size(); ++i) {
      EXPECT_EQ(diffs[i], "") << label << " output " << i << " eager streams " << eager_streams;
    }
  }
  return (*compiled)->artifacts().source;
}

TEST(EmitStreamTest, StreamedRowKernelsAreEagerBitForBit) {
  for (DType d : {DType::kFloat32, DType::kFloat64}) {
    // Rows: one chunk, several. n: rows starting aligned (1024) and not;
    // n = 1 and 7 have no vectors in the epilogue's loop.
    for (int64_t rows : {1, 37}) {
      const Graph g = RowGraph(d, rows, {1, 7, 33, 1000, 1024, 1025});
      const std::vector<Tensor> in = Inputs(g, 3);
      const std::string label = absl::StrCat(Name(d), " rows ", rows);
      const std::string source = ExpectStreamedSameAsEager(g, in, label);
      const std::string type = d == DType::kFloat32 ? "float" : "double";
      EXPECT_NE(source.find("tcfv::SoftmaxRow<" + type + ", true>("), std::string::npos) << label;
      EXPECT_NE(source.find("tcfv::SoftmaxRow<" + type + ", true>(tc_row_arg0, b"),
                std::string::npos)
          << label;
      EXPECT_NE(source.find("tcfv::LayerNormRow<" + type + ", true>("), std::string::npos) << label;
      EXPECT_NE(source.find("tcfv::RmsNormRow<" + type + ", true>("), std::string::npos) << label;
      EXPECT_NE(source.find("tcfv::StreamOrStoreU("), std::string::npos) << label;
      EXPECT_NE(source.find(kFence), std::string::npos) << label;
    }
  }
}

TEST(EmitStreamTest, StreamedPointwiseKernelsAreEagerBitForBit) {
  for (DType d : {DType::kFloat32, DType::kFloat64}) {
    const Graph g = PointwiseGraph(d, {{1, 5}, {3, 1001}, {64, 1024}, {9, 8193}});
    const std::string label = Name(d);
    const std::string source = ExpectStreamedSameAsEager(g, Inputs(g, 5), label);
    EXPECT_NE(source.find("tcfv::StreamOrStoreU("), std::string::npos) << label;
    EXPECT_NE(source.find(kFence), std::string::npos) << label;
  }
}

// The emitter streams from the threshold's size on: [64, 1000] float32 is
// 256000 bytes of output.
TEST(EmitStreamTest, EmitterStreamsFromTheThreshold) {
  Graph row;
  row.SetOutputs(
      {Apply(row, "softmax", {In(row, "x", DType::kFloat32, {64, 1000}), Int(-1), None()})});
  const Graph pointwise = PointwiseGraph(DType::kFloat32, {{64, 1000}});
  for (int64_t threshold : {255999, 256000, 256001}) {
    kernels::SetStreamStoresMinBytes(threshold);
    auto r = GeneratedGraph::Compile(row);
    auto p = GeneratedGraph::Compile(pointwise);
    kernels::SetStreamStoresMinBytes(0);
    ASSERT_TRUE(r.ok() && p.ok());
    const bool streams = threshold <= 256000;
    EXPECT_EQ((*r)->artifacts().source.find("SoftmaxRow<float, true>") != std::string::npos,
              streams)
        << threshold;
    EXPECT_EQ((*p)->artifacts().source.find("tcfv::StreamOrStoreU(") != std::string::npos, streams)
        << threshold;
    EXPECT_EQ((*r)->artifacts().source.find(kFence) != std::string::npos, streams) << threshold;
  }
}

}  // namespace
}  // namespace tc::codegen_cpu::testing
