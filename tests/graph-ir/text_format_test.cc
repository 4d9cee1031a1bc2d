// Printer and parser: round trips, the documented syntax, and errors.
#include "tc/graph_ir/text_format.h"

#include <set>
#include <string>

#include "gtest/gtest.h"

#include "tc/graph_ir/verifier.h"

#include "test_graphs.h"

namespace tc::graph_ir {
namespace {

TEST(TextFormat, RoundTripsEveryOp) {
  Graph g = testing::AllOpsGraph();
  std::set<std::string> used;
  for (const auto& node : g.nodes()) used.insert(node->op().name);
  for (const OpDef* op : AllOps()) {
    // Torch-level graphs round-trip in composite_test.cc.
    if (op->category == OpCategory::kComposite) continue;
    EXPECT_TRUE(used.count(op->name)) << "unused op " << op->name;
  }
  ASSERT_TRUE(Verify(g).ok()) << Verify(g);
  std::string text = PrintGraph(g);
  EXPECT_EQ(g.ToString(), text);
  auto parsed = ParseGraph(text);
  ASSERT_TRUE(parsed.ok()) << parsed.status() << "\n" << text;
  EXPECT_TRUE(Verify(*parsed).ok());
  EXPECT_EQ(PrintGraph(*parsed), text);
  EXPECT_EQ(parsed->nodes().size(), g.nodes().size());
}

TEST(TextFormat, PrintsDocumentedForm) {
  Graph g;
  Value* a = *g.AddInput("a", TensorMeta::Contiguous(DType::kFloat32, Shape{10}));
  Value* b = *g.AddInput("b", TensorMeta::Contiguous(DType::kFloat32, Shape{10}));
  Value* v0 = *g.Apply("abs", {a});
  Value* v1 = *g.Apply("add", {v0, Constant(Scalar(1))});
  Value* v2 = *g.Apply("div", {a, v1});
  Value* v3 = *g.Apply("sum", {b});
  Value* v4 = *g.Apply("lt", {v3, Constant(Scalar(0))});
  g.SetOutputs({v2, v4});
  EXPECT_EQ(g.ToString(),
            "graph(%a: float32[10], %b: float32[10]) {\n"
            "  %0: float32[10] = abs(%a)\n"
            "  %1: float32[10] = add(%0, 1, alpha=1)\n"
            "  %2: float32[10] = div(%a, %1, rounding_mode=None)\n"
            "  %3: float32[] = sum(%b, dim=None, keepdim=False, dtype=None)\n"
            "  %4: bool[] = lt(%3, 0)\n"
            "  return (%2, %4)\n"
            "}\n");
}

TEST(TextFormat, ParsesKeywordsDefaultsCommentsAndStrides) {
  auto g = ParseGraph(R"(# a comment
graph(%x: float32[3, 2]{1, 3}, %y: int64[4]) {  # trailing comment
  %s: float32[2] = sum(%x, keepdim=False, dim=[0])
  %t: float32[2] = add(other=1e-05, self=%s)
  %u: float32[2, 3] = permute(%x, dims=[1, 0])
  %w: float32[2, 6] = cat([%u, %u], -1)
  %v: float32[] = sum(%w)
  %c: float32[2] = clamp(%t, min=-inf, max=inf)
  %d: float32[2] = div(%c, 2, rounding_mode='floor')
  return (%d, %v, %y)
})");
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->nodes().size(), 7u);
  EXPECT_EQ(g->inputs()[0]->meta().strides, (Shape{1, 3}));
  EXPECT_EQ(g->outputs().size(), 3u);
  // Printing numbers the values and spells out every argument.
  std::string text = g->ToString();
  EXPECT_NE(text.find("%1: float32[2] = add(%0, 1e-05, alpha=1)"), std::string::npos) << text;
  EXPECT_NE(text.find("clamp(%1, min=-inf, max=inf)"), std::string::npos) << text;
  EXPECT_NE(text.find("div(%5, 2, rounding_mode='floor')"), std::string::npos) << text;
  auto again = ParseGraph(text);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(again->ToString(), text);
}

TEST(TextFormat, FloatsRoundTripExactly) {
  for (double v : {0.1, 1.0 / 3.0, 1e-05, 1e300, -2.5e-310, 123456789.0, 1e16, -0.0}) {
    Graph g;
    Value* a = *g.AddInput("a", TensorMeta::Contiguous(DType::kFloat64, Shape{2}));
    g.SetOutputs({*g.Apply("mul", {a, Constant(Scalar(v))})});
    auto parsed = ParseGraph(g.ToString());
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    const Constant& c = std::get<Constant>(parsed->nodes()[0]->args()[1]);
    double got = std::get<Scalar>(c).to_double();
    EXPECT_EQ(std::memcmp(&got, &v, sizeof v), 0) << g.ToString();
  }
}

TEST(TextFormat, DevicesRoundTrip) {
  auto g = ParseGraph(
      "graph(%a: float32[2]@cuda:0) {\n  %0: float32[2]@cuda:0 = abs(%a)\n  return (%0)\n}\n");
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_TRUE(g->outputs()[0]->meta().device.is_cuda());
  EXPECT_EQ(ParseGraph(g->ToString())->ToString(), g->ToString());
}

struct BadCase {
  const char* text;
  const char* error;
};

TEST(TextFormat, RejectsMalformedInputWithPositions) {
  const BadCase cases[] = {
      {"", "1:1: expected 'graph'"},
      {"graph(%a: float32[2]) {\n  return (%a)\n", "3:1: expected '}'"},
      {"graph(%a: float32[2] x", "1:22: expected ')'"},
      {"graph(%a: float32[2]) {\n  %0: float32[2] = ad(%a)\n  return (%0)\n}",
       "2:20: unknown op 'ad'"},
      {"graph(%a: float32[2]) {\n  return (%7)\n}", "2:11: use of undefined value '%7'"},
      {"graph(%a: float32[2]) {\n  %0: float32[3] = abs(%a)\n  return (%0)\n}",
       "2:7: type mismatch for '%0': declared float32[3] but inferred float32[2]"},
      {"graph(%a: float32[2], %a: float32[2]) {\n  return ()\n}",
       "1:23: redefinition of value '%a'"},
      {"graph(%a: float32[2]) {\n  %0: float32[2] = abs(%a)\n  %0: float32[2] = abs(%a)\n  "
       "return (%0)\n}",
       "3:3: redefinition of value '%0'"},
      {"graph(%a: floaty[2]) {\n  return ()\n}", "1:11: unknown dtype 'floaty'"},
      {"graph(%a: float32[-2]) {\n  return ()\n}", "1:18: negative size -2"},
      {"graph(%a: float32[2]{1, 1}) {\n  return ()\n}", "1:21: expected 1 strides, got 2"},
      {"graph(%a: float32[2]) {\n  %0: float32[2] = add(%a)\n  return (%0)\n}",
       "2:26: add() missing required argument 'other'"},
      {"graph(%a: float32[2]) {\n  %0: float32[2] = add(%a, %a, 1, 2)\n  return (%0)\n}",
       "2:35: add() takes 3 arguments but more were given"},
      {"graph(%a: float32[2]) {\n  %0: float32[2] = add(%a, beta=1)\n  return (%0)\n}",
       "2:28: add() has no argument named 'beta'"},
      {"graph(%a: float32[2]) {\n  %0: float32[2] = add(self=%a, %a)\n  return (%0)\n}",
       "2:33: positional argument follows keyword argument"},
      {"graph(%a: float32[2]) {\n  %0: float32[2] = add(%a, %a, alpha=1, alpha=2)\n  return "
       "(%0)\n}",
       "2:41: add(): argument 'alpha' given twice"},
      {"graph(%a: float32[2]) {\n  %0: float32[2] = add(%a, [1, 2])\n  return (%0)\n}",
       "2:20: add(): argument 'other' must be Tensor or Scalar, not int[]"},
      {"graph(%a: float32[2]) {\n  %0: float32[2] = div(%a, 2, rounding_mode='x)\n  return "
       "(%0)\n}",
       "2:45: unterminated string"},
      {"graph(%a: float32[2]) {\n  %0: float32[2] = mul(%a, 99999999999999999999)\n  return "
       "(%0)\n}",
       "2:28: integer '99999999999999999999' is out of range"},
      {"graph(%a: float32[2]) {\n  %0: float32[2] = mul(%a, 1.5.2)\n  return (%0)\n}",
       "2:31: unexpected character '.'"},
      {"graph(%a: float32[2]) {\n  %0: float32[2] = mul(%a, 1e)\n  return (%0)\n}",
       "2:28: malformed number: expected exponent digits"},
      {"graph(%a: float32[2]) {\n  %0: float32[2] = mul(%a, foo)\n  return (%0)\n}",
       "2:28: unexpected identifier 'foo'"},
      {"graph(%a: float32[2]) {\n  %0: float32[2] = abs(%a) $\n  return (%0)\n}",
       "2:28: unexpected character '$'"},
      {"graph(%a: float32[2]) {\n  %0: float32[2], %1: float32[2] = abs(%a)\n  return (%0)\n}",
       "2:3: abs() returns 1 value(s) but 2 were declared"},
      {"graph(%a: float32[2, 3]) {\n  %0: float32[6] = view(%a, [4])\n  return (%0)\n}",
       "2:20: shape '[4]' is invalid for input of size 6"},
      {"graph(%a: float32[2]) {\n  return (%a)\n} extra", "3:3: expected end of input after '}'"},
      {"graph(%0: float32[2]) {\n  return ()\n}",
       "1:7: placeholder name '%0' must be an identifier"},
      {"graph(%a: float32[2]) {\n  % = abs(%a)\n}", "2:3: expected a value name after '%'"},
      {"graph(%a: float32[2]@tpu) {\n  return ()\n}", "1:22: unknown device 'tpu'"},
      {"graph(%a: float32[2]) {\n  %0: float32[2] = abs(%a)\n}",
       "3:1: expected a value definition like '%0: ...' or 'return'"},
  };
  for (const BadCase& c : cases) {
    auto g = ParseGraph(c.text);
    ASSERT_FALSE(g.ok()) << c.text;
    EXPECT_EQ(g.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(std::string(g.status().message()), c.error) << c.text;
  }
}

}  // namespace
}  // namespace tc::graph_ir
