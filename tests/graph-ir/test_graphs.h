// Graphs shared by the text format tests: one that uses every registered op.
#ifndef TC_TESTS_GRAPH_IR_TEST_GRAPHS_H_
#define TC_TESTS_GRAPH_IR_TEST_GRAPHS_H_

#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "tc/graph_ir/graph.h"

namespace tc::graph_ir::testing {

inline Constant Ints(std::vector<int64_t> v) { return Shape(v.begin(), v.end()); }

// Appends `op_name(args)` and returns its output (nullptr after a failure).
inline Value* Add(Graph& g, std::string_view op_name, std::vector<Arg> args) {
  auto v = g.Apply(op_name, std::move(args));
  EXPECT_TRUE(v.ok()) << op_name << ": " << v.status();
  return v.ok() ? *v : nullptr;
}

// A graph applying every registered op at least once.
inline Graph AllOpsGraph() {
  Graph g;
  Value* a = *g.AddInput("a", TensorMeta::Contiguous(DType::kFloat32, Shape{2, 3}));
  Value* b = *g.AddInput("b", TensorMeta::Contiguous(DType::kFloat32, Shape{2, 3}));
  Value* i = *g.AddInput("i", TensorMeta::Contiguous(DType::kInt64, Shape{2, 3}));
  Value* m = *g.AddInput("mask", TensorMeta::Contiguous(DType::kBool, Shape{2, 3}));
  Value* x3 = *g.AddInput("x3", TensorMeta::Contiguous(DType::kFloat32, Shape{4, 3, 5}));
  Value* t = *g.AddInput("t", TensorMeta{DType::kFloat32, Shape{3, 2}, Shape{1, 3}, {}});
  std::vector<Value*> outs;
  for (const char* op : {"abs",   "neg",  "exp",   "log",  "log1p", "expm1",      "sqrt",
                         "rsqrt", "sin",  "cos",   "tan",  "tanh",  "sigmoid",    "erf",
                         "relu",  "silu", "floor", "ceil", "sign",  "logical_not"}) {
    outs.push_back(Add(g, op, {a}));
  }
  outs.push_back(Add(g, "bitwise_not", {i}));
  outs.push_back(Add(g, "gelu", {a, Constant(std::string("tanh"))}));
  outs.push_back(Add(g, "round", {a, Constant(Scalar(2))}));
  outs.push_back(Add(g, "add", {a, b, Constant(Scalar(0.5))}));
  outs.push_back(Add(g, "add", {a, Constant(Scalar(1e-05))}));
  outs.push_back(Add(g, "sub", {a, Constant(Scalar(-3))}));
  outs.push_back(Add(g, "mul", {a, Constant(Scalar(std::numeric_limits<double>::infinity()))}));
  outs.push_back(Add(g, "div", {a, i, Constant(std::string("floor"))}));
  outs.push_back(Add(g, "div", {i, Constant(Scalar(3))}));
  for (const char* op : {"floor_divide", "remainder", "pow", "maximum", "minimum", "eq", "ne", "lt",
                         "le", "gt", "ge", "logical_and", "logical_or", "logical_xor"}) {
    outs.push_back(Add(g, op, {a, b}));
  }
  for (const char* op : {"bitwise_and", "bitwise_or", "bitwise_xor"}) {
    outs.push_back(Add(g, op, {i, Constant(Scalar(true))}));
  }
  outs.push_back(Add(g, "where", {m, a, Constant(Scalar(std::nan("")))}));
  outs.push_back(Add(g, "clamp", {a, Constant(Scalar(-1.5)), Constant(None{})}));
  outs.push_back(Add(g, "to_dtype", {a, Constant(DType::kBFloat16)}));
  outs.push_back(Add(g, "clone", {a, Constant(std::string("contiguous"))}));
  // ops_pointwise_extra.cc
  outs.push_back(Add(g, "lerp", {a, b, Constant(Scalar(0.25))}));
  outs.push_back(Add(g, "addcmul", {a, b, b, Constant(Scalar(0.5))}));
  outs.push_back(Add(g, "addcdiv", {a, b, b, Constant(Scalar(-2))}));
  for (const char* op : {"hypot", "atan2"}) outs.push_back(Add(g, op, {a, b}));
  outs.push_back(Add(g, "logit", {a, Constant(Scalar(1e-06))}));
  outs.push_back(
      Add(g, "nan_to_num", {a, Constant(Scalar(0.0)), Constant(None{}), Constant(Scalar(-1))}));
  for (const char* op : {"isnan", "isinf", "isfinite"}) outs.push_back(Add(g, op, {a}));
  outs.push_back(
      Add(g, "sum", {x3, Ints({0, 2}), Constant(Scalar(true)), Constant(DType::kFloat64)}));
  outs.push_back(Add(g, "mean", {x3, Constant(Scalar(1))}));
  outs.push_back(Add(g, "prod", {i, Constant(Scalar(-1))}));
  outs.push_back(Add(g, "amax", {x3, Ints({1})}));
  outs.push_back(Add(g, "amin", {x3}));
  outs.push_back(Add(g, "argmax", {x3, Constant(Scalar(2)), Constant(Scalar(true))}));
  outs.push_back(Add(g, "argmin", {x3}));
  outs.push_back(Add(g, "var", {x3, Ints({0}), Constant(Scalar(0))}));
  outs.push_back(Add(g, "linalg_vector_norm",
                     {x3, Constant(Scalar(2.5)), Ints({1, 2}), Constant(Scalar(true))}));
  outs.push_back(Add(g, "cumsum", {i, Constant(Scalar(int64_t{0})), Constant(DType::kFloat64)}));
  outs.push_back(Add(g, "cumprod", {x3, Constant(Scalar(int64_t{-1}))}));
  outs.push_back(Add(g, "logcumsumexp", {x3, Constant(Scalar(int64_t{1}))}));
  for (const char* scan : {"cummax", "cummin"}) {
    auto n = g.AddNode(scan, {x3, Constant(Scalar(int64_t{2}))});
    EXPECT_TRUE(n.ok()) << scan << ": " << n.status();
    if (n.ok()) outs.insert(outs.end(), (*n)->outputs().begin(), (*n)->outputs().end());
  }
  auto add_pair = [&](const char* op, std::vector<Arg> args) {
    auto n = g.AddNode(op, std::move(args));
    EXPECT_TRUE(n.ok()) << op << ": " << n.status();
    if (n.ok()) outs.insert(outs.end(), (*n)->outputs().begin(), (*n)->outputs().end());
  };
  const Constant c1(Scalar(int64_t{1})), c2(Scalar(int64_t{2})), yes(Scalar(true)),
      no(Scalar(false));
  add_pair("sort", {x3, c1, yes, no});
  add_pair("topk", {x3, c2, c1, no, yes});
  add_pair("kthvalue", {x3, c2, c1, yes});
  add_pair("median_dim", {x3, c2, no});
  add_pair("nanmedian_dim", {x3, c1, yes});
  add_pair("mode", {x3, c2, no});
  outs.push_back(Add(g, "median", {x3}));
  outs.push_back(Add(g, "bucketize", {i, Add(g, "amin", {a, Ints({0})}), yes, no}));
  outs.push_back(Add(g, "searchsorted", {a, i, no, yes, Constant(None{})}));
  outs.push_back(
      Add(g, "histc",
          {x3, Constant(Scalar(int64_t{7})), Constant(Scalar(-1.0)), Constant(Scalar(1.0))}));
  outs.push_back(Add(g, "nanmedian", {x3}));
  outs.push_back(Add(g, "view", {x3, Ints({12, -1})}));
  outs.push_back(Add(g, "reshape", {t, Ints({6})}));
  Value* p = Add(g, "permute", {x3, Ints({2, 0, 1})});
  outs.push_back(p);
  outs.push_back(
      Add(g, "expand", {Add(g, "unsqueeze", {a, Constant(Scalar(0))}), Ints({4, 2, 3})}));
  outs.push_back(Add(g, "squeeze", {Add(g, "view", {a, Ints({2, 1, 3})}), Constant(None{})}));
  outs.push_back(
      Add(g, "slice",
          {p, Constant(Scalar(1)), Constant(Scalar(1)), Constant(None{}), Constant(Scalar(2))}));
  outs.push_back(Add(g, "cat", {std::vector<Value*>{a, b, a}, Constant(Scalar(1))}));
  Value* idx = Add(g, "arange", {Constant(Scalar(0)), Constant(Scalar(2))});
  outs.push_back(Add(g, "index_select", {a, Constant(Scalar(1)), idx}));
  outs.push_back(Add(g, "gather", {a, Constant(Scalar(0)), Add(g, "abs", {i})}));
  outs.push_back(
      Add(g, "scatter", {a, Constant(Scalar(1)), Add(g, "abs", {i}), Constant(Scalar(2.5))}));
  // ops_shape_extra.cc and ops_index_write.cc.
  outs.push_back(Add(g, "flip", {x3, Ints({0, 2})}));
  outs.push_back(
      Add(g, "diagonal", {x3, Constant(Scalar(1)), Constant(Scalar(0)), Constant(Scalar(2))}));
  outs.push_back(Add(g, "tril", {a, Constant(Scalar(-1))}));
  outs.push_back(Add(g, "triu", {a}));
  outs.push_back(Add(g, "diag", {idx, Constant(Scalar(1))}));
  outs.push_back(Add(g, "index_add", {a, Constant(Scalar(0)), idx, b, Constant(Scalar(2))}));
  outs.push_back(Add(g, "index_copy", {a, Constant(Scalar(0)), idx, b}));
  outs.push_back(Add(g, "index_fill", {a, Constant(Scalar(1)), idx, Constant(Scalar(-1.5))}));
  outs.push_back(Add(g, "index_put",
                     {a, std::vector<Value*>{idx},
                      Add(g, "full", {Ints({3}), Constant(Scalar(1.0))}), Constant(Scalar(true))}));
  outs.push_back(Add(g, "masked_scatter", {a, m, b}));
  outs.push_back(Add(g, "scatter_add", {a, Constant(Scalar(1)), Add(g, "abs", {i}), b}));
  outs.push_back(Add(g, "scatter_reduce",
                     {a, Constant(Scalar(0)), Add(g, "abs", {i}), b, Constant(std::string("amax")),
                      Constant(Scalar(false))}));
  outs.push_back(Add(g, "mm", {a, t}));
  outs.push_back(Add(g, "bmm", {x3, Add(g, "permute", {x3, Ints({0, 2, 1})})}));
  outs.push_back(Add(g, "matmul", {x3, Add(g, "full", {Ints({5}), Constant(Scalar(0.25))})}));
  outs.push_back(Add(g, "arange",
                     {Constant(Scalar(0.0)), Constant(Scalar(1)), Constant(Scalar(0.1)),
                      Constant(DType::kFloat64)}));
  outs.push_back(Add(g, "rand", {Ints({2, 2})}));
  outs.push_back(Add(g, "randn", {Constant(Scalar(3)), Constant(DType::kFloat16)}));
  outs.push_back(Add(g, "uniform", {Ints({2}), Constant(Scalar(-1.0)), Constant(Scalar(2.0))}));
  outs.push_back(Add(g, "normal",
                     {Ints({3}), Constant(Scalar(0.5)), Constant(Scalar(2.0)),
                      Constant(DType::kFloat64), Constant(Scalar(false))}));
  outs.push_back(Add(g, "random",
                     {Ints({2}), Constant(Scalar(int64_t{0})), Constant(Scalar(int64_t{9})),
                      Constant(DType::kInt32)}));
  outs.push_back(Add(g, "randperm", {Constant(Scalar(int64_t{4}))}));
  outs.push_back(Add(g, "bernoulli", {Ints({2}), Constant(Scalar(0.25))}));
  outs.push_back(Add(g, "exponential", {Ints({2}), Constant(Scalar(1.5))}));
  outs.push_back(Add(g, "geometric", {Ints({2}), Constant(Scalar(0.5))}));
  outs.push_back(Add(g, "log_normal", {Ints({2})}));
  outs.push_back(Add(g, "cauchy", {Ints({2})}));
  Value* probs = Add(g, "abs", {a});
  outs.push_back(Add(g, "bernoulli_tensor", {Add(g, "sigmoid", {a})}));
  outs.push_back(Add(g, "multinomial", {probs, Constant(Scalar(int64_t{2}))}));
  // Convolution and the 2-d pools, on a [1, 2, 5, 5] image.
  Value* img = Add(g, "full", {Ints({1, 2, 5, 5}), Constant(Scalar(0.5))});
  Value* kernel = Add(g, "full", {Ints({3, 2, 3, 3}), Constant(Scalar(0.25))});
  outs.push_back(Add(g, "convolution",
                     {img, kernel, Constant(None{}), Ints({1}), Ints({1}), Ints({1}),
                      Constant(Scalar(false)), Ints({0}), Constant(Scalar(int64_t{1}))}));
  outs.push_back(Add(g, "avg_pool2d", {img, Ints({2}), Ints({1}), Ints({1})}));
  outs.push_back(Add(g, "_adaptive_avg_pool2d", {img, Ints({2, 3})}));
  outs.push_back(Add(g, "upsample_nearest", {img, Ints({7, 3})}));
  outs.push_back(Add(g, "upsample_linear", {img, Ints({7, 3}), Constant(Scalar(true))}));
  outs.push_back(Add(g, "upsample_bicubic2d", {img, Ints({4, 8}), Constant(Scalar(false))}));
  Value* cols = Add(g, "im2col", {img, Ints({2, 2}), Ints({1, 1}), Ints({0, 0}), Ints({1, 1})});
  outs.push_back(cols);
  outs.push_back(Add(g, "col2im",
                     {cols, Ints({5, 5}), Ints({2, 2}), Ints({1, 1}), Ints({0, 0}), Ints({1, 1})}));
  outs.push_back(Add(g, "unfold",
                     {img, Constant(Scalar(int64_t{3})), Constant(Scalar(int64_t{2})),
                      Constant(Scalar(int64_t{1}))}));
  for (const char* op : {"max_pool2d_with_indices", "adaptive_max_pool2d"}) {
    auto node = g.AddNode(op, {img, Ints({2, 2})});
    EXPECT_TRUE(node.ok()) << op << ": " << node.status();
    if (node.ok()) {
      for (Value* v : (*node)->outputs()) outs.push_back(v);
    }
  }
  // The backward ops of the convolution, pools, resampling and batch_norm
  // on that image (all indices 0; add_pair takes every output).
  Value* grad5 = Add(g, "full", {Ints({1, 3, 5, 5}), Constant(Scalar(0.125))});
  add_pair("convolution_backward",
           {grad5, img, kernel, Ints({3}), Ints({1}), Ints({1}), Ints({1}), Constant(Scalar(false)),
            Ints({0}), Constant(Scalar(int64_t{1})), Ints({1, 0, 1})});
  Value* grad2 = Add(g, "full", {Ints({1, 2, 2, 2}), Constant(Scalar(0.125))});
  Value* at = Add(g, "full", {Ints({1, 2, 2, 2}), Constant(Scalar(int64_t{0}))});
  add_pair("max_pool2d_with_indices_backward",
           {grad2, img, Ints({2}), Ints({2}), Ints({0}), Ints({1}), Constant(Scalar(false)), at});
  add_pair("avg_pool2d_backward",
           {grad2, img, Ints({2}), Ints({2}), Ints({0}), Constant(Scalar(false)),
            Constant(Scalar(true)), Constant(None{})});
  add_pair("_adaptive_avg_pool2d_backward", {grad2, img});
  add_pair("adaptive_max_pool2d_backward", {grad2, img, at});
  Value* grad73 = Add(g, "full", {Ints({1, 2, 7, 3}), Constant(Scalar(0.125))});
  add_pair("upsample_nearest_backward", {grad73, Ints({7, 3}), Ints({1, 2, 5, 5})});
  add_pair("upsample_linear_backward",
           {grad73, Ints({7, 3}), Ints({1, 2, 5, 5}), Constant(Scalar(true))});
  add_pair("upsample_bicubic2d_backward",
           {grad73, Ints({7, 3}), Ints({1, 2, 5, 5}), Constant(Scalar(false))});
  add_pair("native_batch_norm_backward",
           {img, img, Constant(None{}), Constant(None{}), Constant(None{}), Constant(None{}),
            Constant(None{}), Constant(Scalar(true)), Constant(Scalar(1e-5)), Ints({1, 1, 1})});
  // Fused attention: [2, 3, 4] queries over [2, 5, 4] keys, causal.
  Value* q = Add(g, "full", {Ints({2, 3, 4}), Constant(Scalar(0.5))});
  Value* kv = Add(g, "full", {Ints({2, 5, 4}), Constant(Scalar(0.25))});
  outs.push_back(Add(g, "scaled_dot_product_attention",
                     {q, kv, kv, Constant(None{}), Constant(Scalar(true)), Constant(None{}),
                      Constant(Scalar(false))}));
  g.SetOutputs(outs);
  return g;
}

}  // namespace tc::graph_ir::testing

#endif  // TC_TESTS_GRAPH_IR_TEST_GRAPHS_H_
