// Gradcheck cases for the index writes, scans, sorting and selection, prod,
// linalg_vector_norm and scaled_dot_product_attention (derivatives_index.cc,
// derivatives_scan_sort.cc, derivatives_attention.cc). Random inputs have
// no ties, so the selections are differentiable where they are checked;
// exact zeros appear only where the function is a polynomial in them
// (cumprod, prod), so finite differences hold there too. The tie and
// subgradient rules are checked against PyTorch's values in
// tests/scripts/eager/autograd_index.py.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "gradcheck.h"

namespace tc::autodiff::gradcheck {
namespace {

using graph_ir::Constant;
using kernels::KernelArg;
using tensor::DType;
using tensor::Shape;
using tensor::Tensor;

using Args = std::vector<KernelArg>;

Tensor Bools(std::vector<bool> v, Shape sizes) {
  Tensor t = Tensor::Empty(sizes, DType::kBool);
  for (size_t i = 0; i < v.size(); ++i) t.data<bool>()[i] = v[i];
  return t;
}
// Fixed float64 values (exact zeros where wanted).
Tensor Values(std::vector<double> v, Shape sizes) {
  Tensor t = Tensor::Empty(sizes, DType::kFloat64);
  for (size_t i = 0; i < v.size(); ++i) t.data<double>()[i] = v[i];
  return t;
}
Constant Str(const char* s) { return Constant(std::string(s)); }

void IndexWriteCases(std::vector<Case>& c) {
  c.push_back({"index_add",
               "index_add",
               [](std::mt19937& r) -> Args {
                 return {Random({4, 3}, r), I(0), Index({2, 0}, {2}), Random({2, 3}, r), S(2)};
               },
               {0, 3}});
  c.push_back({"index_add_dup_dim1",
               "index_add",
               [](std::mt19937& r) -> Args {
                 return {Random({2, 4}, r), I(1), Index({1, 1, 3}, {3}), Random({2, 3}, r), S(1)};
               },
               {0, 3}});
  c.push_back({"index_copy",
               "index_copy",
               [](std::mt19937& r) -> Args {
                 return {Random({3, 4}, r), I(1), Index({3, 0}, {2}), Random({3, 2}, r)};
               },
               {0, 3}});
  c.push_back({"index_fill",
               "index_fill",
               [](std::mt19937& r) -> Args {
                 return {Random({3, 4}, r), I(1), Index({3, 0}, {2}), S(2.5)};
               },
               {0}});
  c.push_back({"index_fill_tensor",
               "index_fill",
               [](std::mt19937& r) -> Args {
                 return {Random({3, 4}, r), I(0), Index({2, 0, 2}, {3}), Random({}, r)};
               },
               {0, 3}});
  c.push_back({"index_put",
               "index_put",
               [](std::mt19937& r) -> Args {
                 return {Random({4, 3}, r),
                         std::vector<Tensor>{Index({1, 3}, {2}), Index({2, -3}, {2})},
                         Random({2}, r), B(false)};
               },
               {0, 2}});
  c.push_back({"index_put_accumulate",
               "index_put",
               [](std::mt19937& r) -> Args {
                 return {Random({4, 3}, r), std::vector<Tensor>{Index({1, 1, 0}, {3})},
                         Random({3, 3}, r), B(true)};
               },
               {0, 2}});
  c.push_back({"index_put_broadcast_values",
               "index_put",
               [](std::mt19937& r) -> Args {
                 return {Random({4, 3, 2}, r), std::vector<Tensor>{Index({0, 2, 3, 1}, {2, 2})},
                         Random({2}, r), B(false)};
               },
               {0, 2}});
  c.push_back({"masked_scatter",
               "masked_scatter",
               [](std::mt19937& r) -> Args {
                 return {Random({3, 4}, r), Bools({1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 1}, {3, 4}),
                         Random({9}, r)};
               },
               {0, 2}});
  c.push_back({"masked_scatter_broadcast_mask",
               "masked_scatter",
               [](std::mt19937& r) -> Args {
                 return {Random({3, 4}, r), Bools({0, 1, 1, 0}, {4}), Random({2, 4}, r)};
               },
               {0, 2}});
  const std::vector<int64_t> perm = {0, 1, 3, 2, 0, 1};  // distinct per column
  c.push_back({"scatter",
               "scatter",
               [=](std::mt19937& r) -> Args {
                 return {Random({4, 3}, r), I(0), Index(perm, {2, 3}), Random({2, 3}, r)};
               },
               {0, 3}});
  c.push_back({"scatter_value",
               "scatter",
               [=](std::mt19937& r) -> Args {
                 return {Random({4, 3}, r), I(1), Index({2, 0, 1, 0}, {2, 2}), S(1.5)};
               },
               {0}});
  const std::vector<int64_t> dup = {0, 1, 0, 0, 1, 0, 2, 1, 0};  // repeats per column
  c.push_back({"scatter_add",
               "scatter_add",
               [=](std::mt19937& r) -> Args {
                 return {Random({3, 3}, r), I(0), Index(dup, {3, 3}), Random({3, 3}, r)};
               },
               {0, 3}});
  for (const char* reduce : {"sum", "prod", "mean", "amax", "amin"}) {
    for (bool self : {true, false}) {
      c.push_back({std::string("scatter_reduce_") + reduce + (self ? "_self" : "_noself"),
                   "scatter_reduce",
                   [=](std::mt19937& r) -> Args {
                     return {Random({3, 3}, r, 0.5, 2), I(0),        Index(dup, {3, 3}),
                             Random({3, 3}, r, 0.5, 2), Str(reduce), B(self)};
                   },
                   {0, 3}});
    }
  }
  c.push_back(
      {"scatter_reduce_prod_zeros",
       "scatter_reduce",
       [=](std::mt19937& r) -> Args {
         (void)r;
         return {Values({2, 0, 3, 0, 5, -1, 1, 2, 6}, {3, 3}),    I(0),        Index(dup, {3, 3}),
                 Values({0, 2, -3, 4, -5, 0, 1.5, 0, 2}, {3, 3}), Str("prod"), B(true)};
       },
       {0, 3}});
}

void ScanSortCases(std::vector<Case>& c) {
  auto unary = [&](std::string name, std::string op, Shape s, Args extra) {
    c.push_back({std::move(name),
                 std::move(op),
                 [=](std::mt19937& r) -> Args {
                   Args a = {Random(s, r)};
                   a.insert(a.end(), extra.begin(), extra.end());
                   return a;
                 },
                 {0}});
  };
  unary("cumsum", "cumsum", {3, 4}, {I(1), None()});
  unary("cumsum_dim0", "cumsum", {3, 4}, {I(-2), None()});
  unary("cumprod", "cumprod", {3, 4}, {I(1), None()});
  c.push_back(
      {"cumprod_zeros",
       "cumprod",
       [](std::mt19937& r) -> Args {
         (void)r;
         return {Values({2, 0, 1.5, 0, -1, 3, 0.5, 2, -2, 1.5, 0, 0}, {3, 4}), I(1), None()};
       },
       {0}});
  unary("cummax", "cummax", {4, 3}, {I(0)});
  unary("cummin", "cummin", {3, 4}, {I(1)});
  unary("logcumsumexp", "logcumsumexp", {3, 4}, {I(1)});
  unary("sort", "sort", {3, 4}, {I(1), B(false), B(false)});
  unary("sort_descending", "sort", {3, 4}, {I(0), B(true), B(true)});
  unary("topk", "topk", {3, 5}, {I(2), I(1), B(true), B(true)});
  unary("topk_smallest_dim0", "topk", {4, 3}, {I(3), I(0), B(false), B(true)});
  unary("kthvalue", "kthvalue", {3, 5}, {I(2), I(1), B(false)});
  unary("kthvalue_keepdim", "kthvalue", {3, 5}, {I(3), I(0), B(true)});
  unary("median", "median", {3, 5}, {});
  unary("nanmedian", "nanmedian", {3, 5}, {});
  unary("median_dim", "median_dim", {3, 5}, {I(1), B(false)});
  unary("nanmedian_dim", "nanmedian_dim", {3, 4}, {I(0), B(true)});
  unary("mode", "mode", {3, 4}, {I(1), B(false)});
  unary("prod", "prod", {3, 4}, {None(), B(false), None()});
  unary("prod_dim", "prod", {3, 4}, {I(1), B(false), None()});
  unary("prod_dim_keepdim", "prod", {3, 4}, {I(0), B(true), None()});
  for (int zeros : {1, 2}) {
    c.push_back({zeros == 1 ? "prod_one_zero" : "prod_two_zeros",
                 "prod",
                 [=](std::mt19937& r) -> Args {
                   Tensor t = Random({2, 3}, r);
                   t.data<double>()[4] = 0;
                   if (zeros == 2) t.data<double>()[1] = 0;
                   return {t, None(), B(false), None()};
                 },
                 {0}});
  }
  c.push_back({"prod_dim_zeros",
               "prod",
               [](std::mt19937& r) -> Args {
                 (void)r;
                 return {Values({2, 0, 1.5, 0, 0, 3, 0.5, 2, -2, 1.5, -1, 3}, {3, 4}), I(1),
                         B(false), None()};
               },
               {0}});
  const double inf = std::numeric_limits<double>::infinity();
  for (double ord : {2.0, 1.0, 3.0, 1.5, 0.5, inf, -inf, 0.0}) {
    for (bool with_dim : {false, true}) {
      std::string name =
          "linalg_vector_norm_" + std::to_string(ord).substr(0, 4) + (with_dim ? "_dim" : "");
      for (char& ch : name) ch = (ch == '.' || ch == '-') ? '_' : ch;
      c.push_back(
          {name,
           "linalg_vector_norm",
           [=](std::mt19937& r) -> Args {
             return {Random({3, 4}, r), S(ord), with_dim ? L({-1}) : None(), B(with_dim), None()};
           },
           {0}});
    }
  }
}

void AttentionCases(std::vector<Case>& c) {
  auto sdpa = [&](std::string name, Shape q, Shape k, std::function<Args(std::mt19937&)> rest,
                  std::vector<size_t> wrt = {0, 1, 2}) {
    c.push_back({std::move(name), "scaled_dot_product_attention",
                 [=](std::mt19937& r) -> Args {
                   Args a = {Random(q, r), Random(k, r), Random(k, r)};
                   for (KernelArg& x : rest(r)) a.push_back(std::move(x));
                   return a;
                 },
                 std::move(wrt)});
  };
  auto plain = [](std::mt19937&) -> Args { return {None(), B(false), None(), B(false)}; };
  sdpa("sdpa", {1, 2, 3, 4}, {1, 2, 5, 4}, plain);
  sdpa("sdpa_3d", {2, 3, 4}, {2, 5, 4}, plain);
  sdpa("sdpa_causal_scale", {2, 1, 4, 3}, {2, 1, 4, 3}, [](std::mt19937&) -> Args {
    return {None(), B(true), S(0.7), B(false)};
  });
  sdpa("sdpa_float_mask", {1, 2, 3, 4}, {1, 2, 5, 4},
       [](std::mt19937& r) -> Args {
         return {Random({3, 5}, r), B(false), None(), B(false)};
       },
       {0, 1, 2, 3});
  sdpa("sdpa_bool_mask", {1, 2, 3, 4}, {1, 2, 5, 4}, [](std::mt19937&) -> Args {
    return {Bools({1, 0, 1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0}, {3, 5}), B(false), None(),
            B(false)};
  });
  sdpa("sdpa_gqa", {1, 4, 3, 2}, {1, 2, 5, 2}, [](std::mt19937&) -> Args {
    return {None(), B(false), None(), B(true)};
  });
  sdpa("sdpa_batch_broadcast", {2, 2, 3, 4}, {1, 2, 5, 4}, plain);
}

std::vector<Case> IndexCases() {
  std::vector<Case> c;
  IndexWriteCases(c);
  ScanSortCases(c);
  AttentionCases(c);
  return c;
}

TC_GRADCHECK_CASES(IndexCases);

}  // namespace
}  // namespace tc::autodiff::gradcheck
