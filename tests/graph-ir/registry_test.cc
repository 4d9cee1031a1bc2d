// The op registry: the OPS.md op set, schemas, categories, arity and type checks.
#include <set>
#include <string>

#include "gtest/gtest.h"

#include "tc/graph_ir/op.h"

namespace tc::graph_ir {
namespace {

TensorMeta F32(Shape sizes) { return TensorMeta::Contiguous(DType::kFloat32, sizes); }

TEST(Registry, HasExactlyTheOpsMdOpSet) {
  const std::set<std::string> expected = {"abs",
                                          "neg",
                                          "exp",
                                          "log",
                                          "log1p",
                                          "expm1",
                                          "sqrt",
                                          "rsqrt",
                                          "sin",
                                          "cos",
                                          "tan",
                                          "tanh",
                                          "sigmoid",
                                          "erf",
                                          "relu",
                                          "silu",
                                          "gelu",
                                          "floor",
                                          "ceil",
                                          "round",
                                          "sign",
                                          "logical_not",
                                          "bitwise_not",
                                          "add",
                                          "sub",
                                          "mul",
                                          "div",
                                          "floor_divide",
                                          "remainder",
                                          "pow",
                                          "maximum",
                                          "minimum",
                                          "eq",
                                          "ne",
                                          "lt",
                                          "le",
                                          "gt",
                                          "ge",
                                          "logical_and",
                                          "logical_or",
                                          "logical_xor",
                                          "bitwise_and",
                                          "bitwise_or",
                                          "bitwise_xor",
                                          "where",
                                          "clamp",
                                          "clone",
                                          "to_dtype",
                                          "sum",
                                          "mean",
                                          "prod",
                                          "amax",
                                          "amin",
                                          "argmax",
                                          "argmin",
                                          "var",
                                          "linalg_vector_norm",
                                          "view",
                                          "reshape",
                                          "permute",
                                          "expand",
                                          "squeeze",
                                          "unsqueeze",
                                          "slice",
                                          "cat",
                                          "index_select",
                                          "gather",
                                          "scatter",
                                          "mm",
                                          "bmm",
                                          "matmul",
                                          "cumsum",
                                          "cumprod",
                                          "logcumsumexp",
                                          "cummax",
                                          "cummin",
                                          "sort",
                                          "bucketize",
                                          "histc",
                                          "searchsorted",
                                          "topk",
                                          "kthvalue",
                                          "median",
                                          "median_dim",
                                          "nanmedian",
                                          "nanmedian_dim",
                                          "mode",
                                          "full",
                                          "arange",
                                          "rand",
                                          "randn",
                                          "uniform",
                                          "normal",
                                          "random",
                                          "randperm",
                                          "bernoulli",
                                          "bernoulli_tensor",
                                          "exponential",
                                          "geometric",
                                          "log_normal",
                                          "cauchy",
                                          "multinomial",
                                          "lerp",
                                          "addcmul",
                                          "addcdiv",
                                          "hypot",
                                          "atan2",
                                          "logit",
                                          "nan_to_num",
                                          "isnan",
                                          "isinf",
                                          "isfinite",
                                          "convolution",
                                          "max_pool2d_with_indices",
                                          "avg_pool2d",
                                          "_adaptive_avg_pool2d",
                                          "adaptive_max_pool2d",
                                          "upsample_nearest",
                                          "upsample_linear",
                                          "upsample_bicubic2d",
                                          "im2col",
                                          "col2im",
                                          "unfold",
                                          "flip",
                                          "diagonal",
                                          "tril",
                                          "triu",
                                          "diag",
                                          "index_add",
                                          "index_copy",
                                          "index_fill",
                                          "index_put",
                                          "masked_scatter",
                                          "scatter_add",
                                          "scatter_reduce",
                                          "scaled_dot_product_attention",
                                          "convolution_backward",
                                          "max_pool2d_with_indices_backward",
                                          "avg_pool2d_backward",
                                          "_adaptive_avg_pool2d_backward",
                                          "adaptive_max_pool2d_backward",
                                          "upsample_nearest_backward",
                                          "upsample_linear_backward",
                                          "upsample_bicubic2d_backward",
                                          "native_batch_norm_backward"};
  std::set<std::string> got;
  for (const OpDef* op : AllOps()) {
    EXPECT_EQ(FindOp(op->name), op);
    EXPECT_NE(op->meta, nullptr);
    if (op->category == OpCategory::kComposite) continue;  // COMPOSITE.md, composite_test.cc
    EXPECT_TRUE(got.insert(op->name).second) << "duplicate " << op->name;
  }
  EXPECT_EQ(got, expected);
  EXPECT_EQ(FindOp("nope"), nullptr);
}

TEST(Registry, SchemasPrintAsOpsMd) {
  EXPECT_EQ(SchemaToString(*FindOp("add")),
            "add(Tensor self, Tensor|Scalar other, Scalar alpha=1) -> Tensor");
  EXPECT_EQ(SchemaToString(*FindOp("sum")),
            "sum(Tensor self, int[]? dim=None, bool keepdim=False, dtype? dtype=None) -> Tensor");
  EXPECT_EQ(SchemaToString(*FindOp("gelu")), "gelu(Tensor self, str approximate='none') -> Tensor");
  EXPECT_EQ(SchemaToString(*FindOp("amax")),
            "amax(Tensor self, int[] dim=[], bool keepdim=False) -> Tensor");
  EXPECT_EQ(SchemaToString(*FindOp("cat")), "cat(Tensor[] tensors, int dim=0) -> Tensor");
  EXPECT_EQ(SchemaToString(*FindOp("slice")),
            "slice(Tensor self, int dim=0, int? start=None, int? end=None, int step=1) -> Tensor");
  EXPECT_EQ(
      SchemaToString(*FindOp("convolution")),
      "convolution(Tensor input, Tensor weight, Tensor? bias=None, int[] stride, int[] padding, "
      "int[] dilation, bool transposed, int[] output_padding, int groups) -> Tensor");
  EXPECT_EQ(SchemaToString(*FindOp("max_pool2d_with_indices")),
            "max_pool2d_with_indices(Tensor self, int[] kernel_size, int[] stride=[], int[] "
            "padding=[0], int[] dilation=[1], bool ceil_mode=False) -> (Tensor, Tensor)");
  EXPECT_EQ(SchemaToString(*FindOp("linalg_vector_norm")),
            "linalg_vector_norm(Tensor self, Scalar ord=2, int[]? dim=None, bool keepdim=False, "
            "dtype? dtype=None) -> Tensor");
  EXPECT_EQ(SchemaToString(*FindOp("var")),
            "var(Tensor self, int[]? dim=None, Scalar? correction=None, bool keepdim=False) -> "
            "Tensor");
}

TEST(Registry, Categories) {
  EXPECT_EQ(FindOp("add")->category, OpCategory::kPointwise);
  EXPECT_EQ(FindOp("where")->category, OpCategory::kPointwise);
  EXPECT_EQ(FindOp("var")->category, OpCategory::kReduction);
  EXPECT_EQ(FindOp("reshape")->category, OpCategory::kView);
  EXPECT_EQ(FindOp("cat")->category, OpCategory::kExtern);
  EXPECT_EQ(FindOp("matmul")->category, OpCategory::kExtern);
  EXPECT_EQ(FindOp("full")->category, OpCategory::kCreation);
  EXPECT_EQ(FindOp("randn")->category, OpCategory::kRandom);
  EXPECT_EQ(OpCategoryName(OpCategory::kReduction), "reduction");
  EXPECT_EQ(ArgTypeName(ArgType::kTensorOrScalar), "Tensor|Scalar");
}

TEST(Registry, ConstantsPrintLikePython) {
  EXPECT_EQ(ConstantToString(None{}), "None");
  EXPECT_EQ(ConstantToString(Scalar(true)), "True");
  EXPECT_EQ(ConstantToString(Scalar(int64_t{-3})), "-3");
  EXPECT_EQ(ConstantToString(Scalar(1e-05)), "1e-05");
  EXPECT_EQ(ConstantToString(Scalar(2.0)), "2.0");
  EXPECT_EQ(ConstantToString(Shape{0, 1}), "[0, 1]");
  EXPECT_EQ(ConstantToString(DType::kFloat16), "float16");
  // repr() as CPython prints it: double quotes around a lone single quote.
  EXPECT_EQ(ConstantToString(std::string("it's")), "\"it's\"");
  EXPECT_EQ(ConstantToString(std::string("a'b\"c")), "'a\\'b\"c'");
}

TEST(Registry, CheckArity) {
  const OpDef& add = *FindOp("add");
  EXPECT_TRUE(CheckArity(add, 2).ok());
  EXPECT_TRUE(CheckArity(add, 3).ok());
  EXPECT_EQ(CheckArity(add, 1).message(), "add() missing required argument 'other'");
  EXPECT_EQ(CheckArity(add, 4).message(), "add() takes 3 arguments but 4 were given");
}

TEST(Registry, InferMetaFillsDefaultsAndNormalizesIntLists) {
  const OpDef& sum = *FindOp("sum");
  std::vector<MetaArg> args = {F32({2, 3}), Constant(Scalar(1))};  // dim=1 -> [1]
  auto out = InferMeta(sum, args);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(out->front().sizes, (Shape{2}));
  auto all = InferMeta(sum, std::vector<MetaArg>{F32({2, 3})});
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all->front().dim(), 0);
  auto c = CheckConstantArg(sum, 1, Scalar(3));
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(std::get<Shape>(*c), (Shape{3}));
}

TEST(Registry, InferMetaChecksArgumentTypes) {
  auto err = [](std::string_view op, std::vector<MetaArg> args) {
    auto r = InferMeta(*FindOp(op), args);
    EXPECT_FALSE(r.ok());
    return std::string(r.status().message());
  };
  EXPECT_EQ(err("add", {F32({2}), Constant(Shape{1, 2})}),
            "add(): argument 'other' must be Tensor or Scalar, not int[]");
  EXPECT_EQ(err("maximum", {F32({2}), Constant(Scalar(1))}),
            "maximum(): argument 'other' must be Tensor, not int");
  EXPECT_EQ(err("add", {F32({2}), F32({2}), Constant(None{})}),
            "add(): argument 'alpha' must be Number, not None");
  EXPECT_EQ(err("unsqueeze", {F32({2}), Constant(Scalar(1.5))}),
            "unsqueeze(): argument 'dim' must be int, not float");
  EXPECT_EQ(err("sum", {F32({2}), Constant(None{}), Constant(Scalar(1))}),
            "sum(): argument 'keepdim' must be bool, not int");
  EXPECT_EQ(err("to_dtype", {F32({2}), Constant(std::string("float32"))}),
            "to_dtype(): argument 'dtype' must be dtype, not str");
  EXPECT_EQ(err("cat", {F32({2})}), "cat(): argument 'tensors' must be Tensor[], not Tensor");
  EXPECT_EQ(err("abs", {Constant(Scalar(1))}), "abs(): argument 'self' must be Tensor, not int");
  EXPECT_EQ(err("sum", {F32({2}), F32({2})}), "sum(): argument 'dim' must be int[], not Tensor");
}

TEST(Registry, InferMetaRequiresOneDevice) {
  TensorMeta gpu = F32({2});
  gpu.device = tensor::Device::CUDA(0);
  auto r = InferMeta(*FindOp("add"), std::vector<MetaArg>{F32({2}), gpu});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(std::string(r.status().message()),
            "Expected all tensors to be on the same device, but found at least two devices, cpu "
            "and cuda:0!");
  auto ok = InferMeta(*FindOp("add"), std::vector<MetaArg>{gpu, gpu});
  ASSERT_TRUE(ok.ok());
  EXPECT_TRUE(ok->front().device.is_cuda());
}

}  // namespace
}  // namespace tc::graph_ir
