// Composite (torch-level) ops in graph-ir: registry and COMPOSITE.md,
// meta inference through MetaEmitter, DecomposeInto graphs, and graphs that
// keep torch-level nodes in the text format. Values are tested against
// PyTorch in tests/kernels/composite_kernels_test.cc.
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_replace.h"
#include "gtest/gtest.h"

#include "tc/graph_ir/decompose.h"
#include "tc/graph_ir/text_format.h"
#include "tc/graph_ir/verifier.h"

namespace tc::graph_ir {
namespace {

TensorMeta M(DType dtype, Shape sizes) { return TensorMeta::Contiguous(dtype, sizes); }
TensorMeta F32(Shape sizes) { return M(DType::kFloat32, sizes); }
TensorMeta I64(Shape sizes) { return M(DType::kInt64, sizes); }
Constant I(int64_t v) { return Constant(Scalar(v)); }
Constant F(double v) { return Constant(Scalar(v)); }
Constant B(bool v) { return Constant(Scalar(v)); }
Constant L(std::initializer_list<int64_t> v) { return Constant(Shape(v)); }
Constant S(const char* s) { return Constant(std::string(s)); }
const Constant kNone = Constant(None{});

const std::set<std::string> kCompositeOps = {
    "softmax", "log_softmax", "logsumexp", "std", "max_dim", "min_dim", "all", "any", "transpose",
    "t", "flatten", "stack", "narrow", "masked_fill", "linear", "addmm", "layer_norm",
    "layer_norm_backward", "embedding", "dropout", "alpha_dropout", "feature_dropout",
    "feature_alpha_dropout", "mse_loss", "nll_loss", "cross_entropy", "linspace", "eye", "randint",
    // Normalizations (ops_composite_norm.cc).
    "batch_norm", "group_norm", "instance_norm", "local_response_norm", "rms_norm",
    // ops_composite_activation.cc
    "elu", "selu", "celu", "leaky_relu", "rrelu", "prelu", "hardtanh", "relu6", "hardsigmoid",
    "hardswish", "softplus", "softsign", "mish", "tanhshrink", "glu", "logsigmoid", "softmin",
    "gelu_backward", "scaled_dot_product_attention_backward",
    // ops_composite_loss_extra.cc
    "l1_loss", "smooth_l1_loss", "huber_loss", "binary_cross_entropy",
    "binary_cross_entropy_with_logits", "kl_div", "cosine_similarity", "pairwise_distance",
    "cosine_embedding_loss", "margin_ranking_loss", "triplet_margin_loss",
    // ops_composite_count.cc
    "count_nonzero",
    // Convolutions and pools.
    "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "max_pool2d",
    "max_pool1d", "max_pool1d_with_indices", "avg_pool1d", "adaptive_avg_pool2d",
    "adaptive_avg_pool1d", "adaptive_max_pool1d",
    // ops_composite_linalg.cc and ops_composite_einsum.cc
    "addbmm", "addmv", "addr", "baddbmm", "einsum", "kron", "outer", "tensordot"};
// ops_composite_shape_extra.cc and ops_composite_pad.cc.
const std::set<std::string> kShapeCompositeOps = {
    "movedim", "repeat_interleave", "roll", "rot90",         "take_along_dim", "tile",
    "trace",   "unflatten",         "pad",  "pixel_shuffle", "pixel_unshuffle"};

TEST(Composite, RegistryHoldsTheCompositeOps) {
  std::set<std::string> got;
  for (const OpDef* op : AllOps()) {
    if (op->category != OpCategory::kComposite) {
      EXPECT_EQ(op->decompose, nullptr) << op->name;
      continue;
    }
    got.insert(op->name);
    EXPECT_NE(op->decompose, nullptr) << op->name;
    EXPECT_NE(op->meta, nullptr) << op->name;
  }
  std::set<std::string> want = kCompositeOps;
  want.insert(kShapeCompositeOps.begin(), kShapeCompositeOps.end());
  EXPECT_EQ(got, want);
  EXPECT_EQ(OpCategoryName(OpCategory::kComposite), "composite");
}

TEST(Composite, CompositeMdListsEverySchema) {
  std::ifstream file(std::string(TC_GRAPH_IR_GOLDEN_DIR) + "/../../../libs/graph-ir/COMPOSITE.md");
  ASSERT_TRUE(file.good());
  std::stringstream buf;
  buf << file.rdbuf();
  const std::string md = absl::StrReplaceAll(buf.str(), {{"\\|", "|"}});
  for (const OpDef* op : AllOps()) {
    if (op->category != OpCategory::kComposite) continue;
    std::string schema = "`" + SchemaToString(*op) + "`";
    EXPECT_NE(md.find(schema), std::string::npos) << schema;
  }
}

TEST(Composite, SchemasPrint) {
  EXPECT_EQ(SchemaToString(*FindOp("softmax")),
            "softmax(Tensor self, int dim, dtype? dtype=None) -> Tensor");
  EXPECT_EQ(SchemaToString(*FindOp("linear")),
            "linear(Tensor input, Tensor weight, Tensor? bias=None) -> Tensor");
  EXPECT_EQ(SchemaToString(*FindOp("max_dim")),
            "max_dim(Tensor self, int dim, bool keepdim=False) -> (Tensor, Tensor)");
}

std::vector<TensorMeta> Infer(const char* op, std::vector<MetaArg> args) {
  auto r = InferMeta(*FindOp(op), args);
  EXPECT_TRUE(r.ok()) << op << ": " << r.status();
  return r.ok() ? *r : std::vector<TensorMeta>{};
}

std::string InferError(const char* op, std::vector<MetaArg> args) {
  auto r = InferMeta(*FindOp(op), args);
  EXPECT_FALSE(r.ok()) << op;
  return r.ok() ? "" : std::string(r.status().message());
}

TEST(Composite, MetaInference) {
  EXPECT_EQ(Infer("softmax", {F32({2, 3}), I(1)})[0], F32({2, 3}));
  EXPECT_EQ(Infer("softmax", {I64({2, 3}), I(1), Constant(DType::kFloat64)})[0],
            M(DType::kFloat64, {2, 3}));
  auto mx = Infer("max_dim", {F32({4, 5}), I(1), B(true)});
  ASSERT_EQ(mx.size(), 2u);
  EXPECT_EQ(mx[0], F32({4, 1}));
  EXPECT_EQ(mx[1], I64({4, 1}));
  // transpose is a view: the strides are the input's, swapped.
  auto tr = Infer("transpose", {F32({2, 3, 4}), I(0), I(2)});
  EXPECT_EQ(tr[0].sizes, (Shape{4, 3, 2}));
  EXPECT_EQ(tr[0].strides, (Shape{1, 4, 12}));
  EXPECT_EQ(Infer("linear", {F32({2, 3}), F32({4, 3})})[0], F32({2, 4}));
  EXPECT_EQ(Infer("linear", {F32({5, 2, 3}), F32({4, 3}), F32({4})})[0], F32({5, 2, 4}));
  EXPECT_EQ(Infer("linear", {F32({2, 3}), F32({4, 3}), kNone})[0], F32({2, 4}));
  EXPECT_EQ(Infer("cross_entropy", {F32({4, 5}), I64({4})})[0], F32({}));
  EXPECT_EQ(Infer("cross_entropy", {F32({4, 5}), I64({4}), kNone, S("none")})[0], F32({4}));
  EXPECT_EQ(Infer("all", {F32({4, 5}), I(1)})[0], M(DType::kBool, {4}));
  EXPECT_EQ(Infer("stack", {std::vector<TensorMeta>{F32({2}), F32({2})}, I(1)})[0], F32({2, 2}));
  EXPECT_EQ(Infer("linspace", {I(0), I(1), I(5)})[0], F32({5}));
  EXPECT_EQ(Infer("eye", {I(2), I(3), Constant(DType::kInt64)})[0], I64({2, 3}));
  EXPECT_EQ(Infer("randint", {I(0), I(5), L({2, 3})})[0], I64({2, 3}));
  EXPECT_EQ(Infer("dropout", {F32({3}), F(0.2)})[0], F32({3}));
  EXPECT_EQ(Infer("layer_norm", {F32({2, 3, 4}), I(4)})[0], F32({2, 3, 4}));
}

TEST(Composite, ErrorsUseTorchLevelWords) {
  EXPECT_EQ(InferError("t", {F32({2, 3, 4})}),
            "t() expects a tensor with <= 2 dimensions, but self is 3D");
  EXPECT_EQ(InferError("softmax", {I64({2, 3}), I(1)}),
            "\"softmax_lastdim_kernel_impl\" not implemented for 'Long'");
  EXPECT_EQ(InferError("linear", {F32({2, 3}), kNone}),
            "linear(): argument 'weight' must be Tensor, not None");
  EXPECT_EQ(InferError("linear", {F32({2, 3}), F32({4, 3}), I(1)}),
            "linear(): argument 'bias' must be Tensor, not int");
  EXPECT_EQ(InferError("mse_loss", {F32({2}), F32({2}), S("avg")}),
            "avg is not a valid value for reduction");
  EXPECT_EQ(InferError("softmax", {F32({2})}), "softmax() missing required argument 'dim'");
}

TEST(Composite, DecomposeOnMetaEmitterEqualsInferMeta) {
  const OpDef& op = *FindOp("log_softmax");
  MetaEmitter e;
  EmitRef x = e.Add(F32({3, 7}));
  auto outs = Decompose(e, op, {x, Constant(Scalar(int64_t{0}))});
  ASSERT_TRUE(outs.ok()) << outs.status();
  ASSERT_EQ(outs->size(), 1u);
  EXPECT_EQ(e.Meta((*outs)[0]), Infer("log_softmax", {F32({3, 7}), I(0)})[0]);
  // Decompose fills defaults and rejects what the schema rejects.
  auto bad = Decompose(e, op, {x, Constant(Scalar(1.5))});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(), "log_softmax(): argument 'dim' must be int, not float");
  auto core = Decompose(e, *FindOp("exp"), {x});
  EXPECT_FALSE(core.ok());
}

// One valid argument list per composite op, as metas and constants.
struct Sample {
  const char* op;
  std::vector<MetaArg> args;
};

std::vector<Sample> Samples() {
  const TensorMeta x = F32({4, 5});
  return {
      {"softmax", {x, I(1)}},
      {"log_softmax", {x, I(0), Constant(DType::kFloat64)}},
      {"logsumexp", {x, L({1}), B(true)}},
      {"std", {x, L({0}), F(0.0), B(false)}},
      {"max_dim", {x, I(1)}},
      {"min_dim", {I64({4, 5}), I(0), B(true)}},
      {"all", {x, kNone}},
      {"any", {M(DType::kBool, {4, 5}), L({1}), B(true)}},
      {"count_nonzero", {I64({4, 5}), L({0})}},
      {"transpose", {F32({2, 3, 4}), I(0), I(-1)}},
      {"t", {x}},
      {"flatten", {F32({2, 3, 4}), I(1)}},
      {"stack", {std::vector<TensorMeta>{x, x, x}, I(2)}},
      {"narrow", {x, I(1), I(-3), I(2)}},
      {"masked_fill", {x, M(DType::kBool, {5}), F(-1.0)}},
      {"linear", {F32({2, 4, 5}), F32({3, 5}), F32({3})}},
      {"addmm", {F32({3}), x, F32({5, 3}), F(0.5), I(2)}},
      {"layer_norm", {F32({2, 4, 5}), L({4, 5}), F32({4, 5}), F32({4, 5}), F(1e-6)}},
      {"layer_norm_backward",
       {F32({2, 4, 5}), F32({2, 4, 5}), L({4, 5}), F32({4, 5}), F32({4, 5}), F(1e-6),
        L({1, 1, 1})}},
      {"embedding", {x, I64({2, 3})}},
      {"dropout", {x, F(0.25)}},
      {"alpha_dropout", {x, F(0.25), B(true)}},
      {"feature_dropout", {F32({2, 3, 4}), F(0.5), B(true)}},
      {"feature_alpha_dropout", {F32({2, 3, 4}), F(0.5), B(true)}},
      {"mse_loss", {x, F32({5}), S("sum")}},
      {"nll_loss", {x, I64({4}), F32({5}), S("mean"), I(1)}},
      {"cross_entropy", {F32({2, 5, 3}), I64({2, 3}), F32({5}), S("mean"), I(-100), F(0.1)}},
      {"linspace", {F(-1.0), I(4), I(9), Constant(DType::kFloat64)}},
      {"eye", {I(3)}},
      {"randint", {I(-4), I(4), L({2, 2})}},
      {"rms_norm", {F32({2, 4, 5}), L({5}), F32({5}), kNone}},
      {"batch_norm",
       {F32({3, 4, 5}), F32({4}), F32({4}), F32({4}), F32({4}), B(true), F(0.1), F(1e-5)}},
      {"instance_norm",
       {F32({3, 4, 5}), kNone, kNone, F32({4}), F32({4}), B(true), F(0.1), F(1e-5)}},
      {"group_norm", {F32({3, 4, 5}), I(2), F32({4}), F32({4}), F(1e-5)}},
      {"local_response_norm", {F32({2, 4, 5}), I(3), F(1e-4), F(0.75), F(1.0)}},
      {"elu", {x, F(0.5)}},
      {"selu", {x}},
      {"celu", {M(DType::kFloat16, {4, 5}), F(2.0)}},
      {"leaky_relu", {x, F(0.2)}},
      {"rrelu", {x}},
      {"prelu", {x, F32({5})}},
      {"hardtanh", {I64({4, 5}), I(-2), I(2)}},
      {"relu6", {x}},
      {"hardsigmoid", {x}},
      {"hardswish", {M(DType::kBFloat16, {4, 5})}},
      {"softplus", {x, F(2.0), F(5.0)}},
      {"softsign", {x}},
      {"mish", {x}},
      {"gelu_backward", {x, x}},
      {"scaled_dot_product_attention_backward",
       {F32({1, 2, 3, 6}), F32({1, 2, 3, 5}), F32({1, 2, 4, 5}), F32({1, 2, 4, 6}), kNone, B(false),
        kNone, B(false), L({1, 1, 1, 0})}},
      {"tanhshrink", {x}},
      {"glu", {F32({4, 6}), I(1)}},
      {"logsigmoid", {x}},
      {"softmin", {x, I(1)}},
      {"l1_loss", {x, x, S("mean"), x}},
      {"smooth_l1_loss", {x, F32({5}), S("sum"), F(0.5)}},
      {"huber_loss", {x, x, S("none"), F(2.0)}},
      {"binary_cross_entropy", {x, x, x}},
      {"binary_cross_entropy_with_logits", {x, x, kNone, S("mean"), F32({5})}},
      {"kl_div", {x, x, S("batchmean"), B(true)}},
      {"cosine_similarity", {x, x}},
      {"pairwise_distance", {x, x, F(1.0)}},
      {"cosine_embedding_loss", {x, x, F32({4})}},
      {"margin_ranking_loss", {F32({4}), F32({4}), F32({4}), F(0.5)}},
      {"triplet_margin_loss", {x, x, x, F(1.0), F(2.0), F(1e-6), B(true)}},
      {"conv1d", {F32({2, 3, 9}), F32({4, 3, 3}), F32({4}), L({2}), L({1})}},
      {"conv2d", {F32({3, 6, 5}), F32({4, 3, 3, 3}), kNone, L({1}), L({1, 0}), L({2})}},
      {"conv3d", {F32({1, 2, 4, 5, 3}), F32({4, 1, 2, 2, 2}), kNone, L({1}), L({0}), L({1}), I(2)}},
      {"conv_transpose1d", {F32({3, 9}), F32({3, 2, 3}), kNone, L({2}), L({1}), L({1})}},
      {"conv_transpose2d", {F32({2, 4, 5, 5}), F32({4, 3, 3, 3}), F32({3}), L({2})}},
      {"max_pool2d", {F32({2, 3, 7, 6}), L({3}), L({2}), L({1}), L({1}), B(true)}},
      {"max_pool1d", {F32({2, 3, 11}), L({3}), L({}), L({1})}},
      {"max_pool1d_with_indices", {F32({3, 11}), L({4}), L({3}), L({2})}},
      {"avg_pool1d", {F32({2, 3, 11}), L({3}), L({2}), L({1}), B(true), B(false)}},
      {"adaptive_avg_pool2d", {F32({2, 3, 7, 6}), L({1, 1})}},
      {"adaptive_avg_pool1d", {F32({2, 3, 11}), L({4})}},
      {"adaptive_max_pool1d", {F32({3, 11}), L({5})}},
      {"addbmm", {F32({5, 3}), F32({2, 5, 4}), F32({2, 4, 3}), F(0.5), I(2)}},
      {"addmv", {F32({5}), F32({5, 4}), F32({4})}},
      {"addr", {F32({4, 5}), F32({4}), F32({5}), F(2.0), F(0.5)}},
      {"baddbmm", {F32({2, 5, 3}), F32({2, 5, 4}), F32({2, 4, 3})}},
      {"einsum", {S("bii,bjk->bik"), std::vector<TensorMeta>{F32({2, 4, 4}), F32({2, 4, 5})}}},
      {"kron", {F32({2, 3}), F32({3, 2})}},
      {"outer", {F32({4}), I64({5})}},
      {"tensordot", {F32({2, 3, 4}), F32({4, 3, 5}), L({1, 2}), L({1, 0})}},
  };
}

TEST(Composite, DecomposeIntoGivesVerifiedCoreGraphs) {
  std::set<std::string> covered;
  for (const Sample& s : Samples()) {
    SCOPED_TRACE(s.op);
    covered.insert(s.op);
    const OpDef& op = *FindOp(s.op);
    Graph g;
    std::vector<Arg> args;
    int n = 0;
    for (const MetaArg& a : s.args) {
      if (const auto* t = std::get_if<TensorMeta>(&a)) {
        args.emplace_back(*g.AddInput("x" + std::to_string(n++), *t));
      } else if (const auto* l = std::get_if<std::vector<TensorMeta>>(&a)) {
        std::vector<Value*> vs;
        for (const TensorMeta& t : *l) vs.push_back(*g.AddInput("x" + std::to_string(n++), t));
        args.emplace_back(std::move(vs));
      } else {
        args.emplace_back(std::get<Constant>(a));
      }
    }
    auto outs = DecomposeInto(g, op, args);
    ASSERT_TRUE(outs.ok()) << outs.status();
    g.SetOutputs(*outs);
    ASSERT_TRUE(Verify(g).ok()) << Verify(g) << "\n" << g.ToString();
    EXPECT_FALSE(g.nodes().empty());
    for (const auto& node : g.nodes()) {
      EXPECT_NE(node->op().category, OpCategory::kComposite) << node->op().name;
    }
    std::vector<TensorMeta> metas = Infer(s.op, s.args);
    ASSERT_EQ(outs->size(), metas.size());
    for (size_t i = 0; i < metas.size(); ++i) EXPECT_EQ((*outs)[i]->meta(), metas[i]);
    // The lowered graph survives the text format.
    auto parsed = ParseGraph(g.ToString());
    ASSERT_TRUE(parsed.ok()) << parsed.status() << "\n" << g.ToString();
    EXPECT_EQ(parsed->ToString(), g.ToString());
  }
  EXPECT_EQ(covered, kCompositeOps);
}

TEST(Composite, DecomposeIntoReportsTorchErrors) {
  Graph g;
  Value* x = *g.AddInput("x", F32({2, 3, 4}));
  auto outs = DecomposeInto(g, *FindOp("t"), {x});
  ASSERT_FALSE(outs.ok());
  EXPECT_EQ(outs.status().message(), "t() expects a tensor with <= 2 dimensions, but self is 3D");
  EXPECT_TRUE(g.nodes().empty());
  Graph other;
  Value* y = *other.AddInput("y", F32({2}));
  EXPECT_FALSE(DecomposeInto(g, *FindOp("t"), {y}).ok());
}

TEST(Composite, TorchLevelGraphsKeepCompositeNodes) {
  Graph g;
  Value* x = *g.AddInput("x", F32({2, 3}));
  Value* w = *g.AddInput("w", F32({4, 3}));
  Value* h = *g.Apply("linear", {x, w, kNone});
  Value* p = *g.Apply("softmax", {h, I(-1)});
  Node* mx = *g.AddNode("max_dim", {p, I(1)});
  g.SetOutputs({p, mx->output(0), mx->output(1)});
  ASSERT_TRUE(Verify(g).ok()) << Verify(g);
  EXPECT_EQ(p->meta(), F32({2, 4}));
  EXPECT_EQ(mx->output(1)->meta(), I64({2}));
  const std::string text = g.ToString();
  EXPECT_NE(text.find("linear(%x, %w, None)"), std::string::npos) << text;
  auto parsed = ParseGraph(text);
  ASSERT_TRUE(parsed.ok()) << parsed.status() << "\n" << text;
  EXPECT_TRUE(Verify(*parsed).ok());
  EXPECT_EQ(parsed->ToString(), text);
}

}  // namespace
}  // namespace tc::graph_ir
