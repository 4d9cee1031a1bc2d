// Gradcheck cases for the convolution, pooling, resampling and batch_norm
// derivatives (derivatives_conv.cc, derivatives_pool.cc) and for their
// backward ops' own derivatives (double backward): strides, padding,
// dilation, groups, transposed convolutions with output padding, ceil_mode,
// count_include_pad and divisor_override, 1-d and 3-d variants,
// non-contiguous and channels-last inputs.
#include <gtest/gtest.h>

#include "tc/autodiff/grad_mode.h"
#include "tc/tensor/layout.h"

#include "gradcheck.h"

namespace tc::autodiff::gradcheck {
namespace {

using graph_ir::Constant;
using kernels::KernelArg;
using tensor::DType;
using tensor::Shape;
using tensor::Tensor;

using Args = std::vector<KernelArg>;

// Random values laid out channels_last (a 4-d [N, C, H, W] view of NHWC
// data).
Tensor ChannelsLast(const Shape& s, std::mt19937& r) {
  Tensor t = Random({s[0], s[2], s[3], s[1]}, r);
  return t.AsStrided(s, tensor::ChannelsLastStrides(s), 0);
}

// Random values seen through a transpose of the last two dims (strided).
Tensor Transposed(const Shape& s, std::mt19937& r) {
  Shape swapped = s;
  std::swap(swapped[s.size() - 1], swapped[s.size() - 2]);
  Tensor t = Random(swapped, r);
  Shape strides = t.strides();
  std::swap(strides[s.size() - 1], strides[s.size() - 2]);
  return t.AsStrided(s, strides, 0);
}

// The outputs of `op` on `args`, unrecorded (indices for the backward ops).
std::vector<Tensor> Run(const std::string& op, const Args& args) {
  GradModeGuard off(false);
  absl::StatusOr<std::vector<Tensor>> r = kernels::Call(*graph_ir::FindOp(op), args);
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? *r : std::vector<Tensor>{};
}

struct Conv {
  Shape x, w;
  bool bias;
  Shape stride, pad, dil;
  bool transposed;
  Shape out_pad;
  int64_t groups;
};

Args ConvArgs(const Conv& c, std::mt19937& r, Tensor x) {
  const int64_t out_c = c.transposed ? c.w[1] * c.groups : c.w[0];
  return {x,
          Random(c.w, r),
          c.bias ? KernelArg(Random({out_c}, r)) : KernelArg(None()),
          L(c.stride),
          L(c.pad),
          L(c.dil),
          B(c.transposed),
          L(c.out_pad),
          I(c.groups)};
}

void AddConvCases(std::vector<Case>& cases) {
  const std::pair<const char*, Conv> convs[] = {
      {"conv2d", {{2, 3, 5, 5}, {4, 3, 3, 3}, true, {1}, {1}, {1}, false, {0}, 1}},
      {"conv2d_stride_pad", {{2, 2, 7, 6}, {3, 2, 3, 2}, true, {2, 1}, {1, 0}, {1}, false, {0}, 1}},
      {"conv2d_dilation", {{1, 2, 7, 7}, {2, 2, 3, 3}, false, {1}, {2}, {2}, false, {0}, 1}},
      {"conv2d_groups", {{2, 4, 5, 5}, {6, 2, 3, 3}, true, {2}, {1}, {1}, false, {0}, 2}},
      {"conv2d_1x1", {{2, 3, 4, 4}, {5, 3, 1, 1}, true, {1}, {0}, {1}, false, {0}, 1}},
      {"conv1d", {{2, 3, 9}, {4, 3, 3}, true, {2}, {1}, {1}, false, {0}, 1}},
      {"conv3d", {{1, 2, 4, 4, 3}, {2, 2, 2, 2, 2}, true, {1}, {1}, {1}, false, {0}, 1}},
      {"conv_transpose2d", {{2, 4, 3, 3}, {4, 3, 3, 3}, true, {2}, {1}, {1}, true, {1}, 1}},
      {"conv_transpose2d_groups_dilation",
       {{1, 4, 3, 3}, {4, 2, 2, 2}, false, {2}, {0}, {2}, true, {0}, 2}},
      {"conv_transpose1d", {{2, 2, 5}, {2, 3, 3}, true, {3}, {1}, {1}, true, {2}, 1}},
  };
  for (const auto& [name, c] : convs) {
    const Conv conv = c;
    cases.push_back({name, "convolution",
                     [conv](std::mt19937& r) { return ConvArgs(conv, r, Random(conv.x, r)); },
                     conv.bias ? std::vector<size_t>{0, 1, 2} : std::vector<size_t>{0, 1}});
  }
  const Conv c2 = convs[0].second;
  cases.push_back({"conv2d_channels_last",
                   "convolution",
                   [c2](std::mt19937& r) { return ConvArgs(c2, r, ChannelsLast(c2.x, r)); },
                   {0, 1, 2}});
  const Conv c3 = convs[1].second;
  cases.push_back({"conv2d_noncontiguous",
                   "convolution",
                   [c3](std::mt19937& r) { return ConvArgs(c3, r, Transposed(c3.x, r)); },
                   {0, 1, 2}});
}

// convolution_backward(grad_output, input, weight, bias_sizes, stride,
// padding, dilation, transposed, output_padding, groups, output_mask) for
// the convolution `c`: each of its three outputs checked.
void AddConvBackwardCases(std::vector<Case>& cases) {
  const std::pair<const char*, Conv> convs[] = {
      {"conv2d", {{2, 2, 5, 4}, {3, 2, 3, 2}, true, {2, 1}, {1}, {1}, false, {0}, 1}},
      {"conv_transpose2d", {{1, 4, 3, 3}, {4, 1, 3, 3}, true, {2}, {1}, {2}, true, {1}, 2}},
  };
  for (const auto& [name, c] : convs) {
    const Conv conv = c;
    auto args = [conv](std::mt19937& r) -> Args {
      Args fwd = ConvArgs(conv, r, Random(conv.x, r));
      const Tensor y = Run("convolution", fwd)[0];
      Args a = {Random(y.sizes(), r), fwd[0], fwd[1]};
      a.push_back(conv.bias ? L(std::get<Tensor>(fwd[2]).sizes()) : None());
      for (size_t i = 3; i <= 8; ++i) a.push_back(fwd[i]);
      a.push_back(L({1, 1, 1}));
      return a;
    };
    const std::string base = std::string("convolution_backward_") + name;
    cases.push_back({base + "_input", "convolution_backward", args, {0, 2}, 1e-6, 0});
    cases.push_back({base + "_weight", "convolution_backward", args, {0, 1}, 1e-6, 1});
    cases.push_back({base + "_bias", "convolution_backward", args, {0}, 1e-6, 2});
  }
}

void AddBatchNormCases(std::vector<Case>& cases) {
  auto bn = [](Shape s, bool params, bool stats, bool training, bool channels_last) {
    return [=](std::mt19937& r) -> Args {
      const int64_t c = s[1];
      Tensor x = channels_last ? ChannelsLast(s, r) : Random(s, r);
      return {x,
              params ? KernelArg(Random({c}, r)) : KernelArg(None()),
              params ? KernelArg(Random({c}, r)) : KernelArg(None()),
              stats ? KernelArg(Random({c}, r)) : KernelArg(None()),
              stats ? KernelArg(Random({c}, r, 0.5, 2.0)) : KernelArg(None()),
              B(training),
              S(0.1),
              S(1e-5)};
    };
  };
  cases.push_back(
      {"batch_norm_train", "batch_norm", bn({3, 4, 5}, true, true, true, false), {0, 1, 2}});
  cases.push_back({"batch_norm_train_no_params",
                   "batch_norm",
                   bn({4, 3, 2, 2}, false, false, true, false),
                   {0}});
  cases.push_back({"batch_norm_train_channels_last",
                   "batch_norm",
                   bn({2, 3, 3, 2}, true, true, true, true),
                   {0, 1, 2}});
  cases.push_back(
      {"batch_norm_eval", "batch_norm", bn({2, 3, 4, 4}, true, true, false, false), {0, 1, 2}});
}

void AddPoolCases(std::vector<Case>& cases) {
  auto pool = [](Shape s, std::vector<KernelArg> rest, int layout) {
    return [=](std::mt19937& r) -> Args {
      Args a = {layout == 1 ? ChannelsLast(s, r) : layout == 2 ? Transposed(s, r) : Random(s, r)};
      a.insert(a.end(), rest.begin(), rest.end());
      return a;
    };
  };
  const std::vector<KernelArg> max_basic = {L({2}), L({}), L({0}), L({1}), B(false)};
  const std::vector<KernelArg> max_odd = {L({3, 2}), L({2, 3}), L({1, 1}), L({2, 1}), B(true)};
  cases.push_back({"max_pool2d", "max_pool2d_with_indices", pool({2, 3, 6, 6}, max_basic, 0), {0}});
  cases.push_back({"max_pool2d_stride_pad_dilation_ceil",
                   "max_pool2d_with_indices",
                   pool({1, 2, 7, 8}, max_odd, 0),
                   {0}});
  cases.push_back(
      {"max_pool2d_channels_last", "max_pool2d_with_indices", pool({2, 3, 6, 6}, max_odd, 1), {0}});
  cases.push_back(
      {"max_pool2d_noncontiguous", "max_pool2d_with_indices", pool({3, 5, 6}, max_basic, 2), {0}});
  const std::vector<KernelArg> avg_ceil = {L({3}), L({2}), L({1}), B(true), B(false), None()};
  const std::vector<KernelArg> avg_div = {L({2, 3}), L({1, 2}), L({1}), B(false), B(true), I(5)};
  cases.push_back(
      {"avg_pool2d_ceil_exclude_pad", "avg_pool2d", pool({2, 3, 6, 7}, avg_ceil, 0), {0}});
  cases.push_back({"avg_pool2d_divisor", "avg_pool2d", pool({3, 5, 5}, avg_div, 0), {0}});
  cases.push_back({"avg_pool2d_channels_last", "avg_pool2d", pool({2, 3, 6, 7}, avg_ceil, 1), {0}});
  cases.push_back(
      {"adaptive_avg_pool2d", "_adaptive_avg_pool2d", pool({2, 3, 7, 5}, {L({3, 2})}, 0), {0}});
  cases.push_back({"adaptive_avg_pool2d_noncontiguous",
                   "_adaptive_avg_pool2d",
                   pool({2, 6, 6}, {L({4, 4})}, 2),
                   {0}});
  cases.push_back(
      {"adaptive_max_pool2d", "adaptive_max_pool2d", pool({2, 3, 7, 5}, {L({3, 2})}, 0), {0}});
  cases.push_back({"adaptive_max_pool2d_overlapping",
                   "adaptive_max_pool2d",
                   pool({3, 6, 6}, {L({4, 4})}, 0),
                   {0}});
}

void AddUpsampleCases(std::vector<Case>& cases) {
  auto up = [](Shape s, std::vector<KernelArg> rest, bool channels_last = false) {
    return [=](std::mt19937& r) -> Args {
      Args a = {channels_last ? ChannelsLast(s, r) : Random(s, r)};
      a.insert(a.end(), rest.begin(), rest.end());
      return a;
    };
  };
  const KernelArg n = None();
  cases.push_back({"upsample_nearest2d",
                   "upsample_nearest",
                   up({2, 3, 4, 5}, {L({7, 9}), B(false), n, n, n}),
                   {0}});
  cases.push_back({"upsample_nearest_exact2d_scales",
                   "upsample_nearest",
                   up({1, 2, 4, 5}, {L({10, 8}), B(true), n, S(2.5), S(1.7)}),
                   {0}});
  cases.push_back({"upsample_nearest2d_large",
                   "upsample_nearest",
                   up({1, 2, 3, 4}, {L({70, 70}), B(false), n, n, n}),
                   {0}});
  cases.push_back({"upsample_nearest2d_channels_last",
                   "upsample_nearest",
                   up({1, 5, 3, 4}, {L({7, 9}), B(false), n, n, n}, true),
                   {0}});
  cases.push_back(
      {"upsample_nearest1d", "upsample_nearest", up({2, 3, 5}, {L({11}), B(false), n, n, n}), {0}});
  cases.push_back({"upsample_nearest3d",
                   "upsample_nearest",
                   up({1, 2, 3, 3, 2}, {L({5, 4, 3}), B(false), n, n, n}),
                   {0}});
  cases.push_back(
      {"upsample_linear1d", "upsample_linear", up({2, 3, 5}, {L({8}), B(false), n, n, n}), {0}});
  cases.push_back({"upsample_bilinear2d_align",
                   "upsample_linear",
                   up({2, 2, 4, 5}, {L({7, 3}), B(true), n, n, n}),
                   {0}});
  cases.push_back({"upsample_bilinear2d_large",
                   "upsample_linear",
                   up({1, 1, 3, 3}, {L({80, 60}), B(false), n, n, n}),
                   {0}});
  cases.push_back({"upsample_trilinear3d",
                   "upsample_linear",
                   up({1, 2, 3, 4, 2}, {L({5, 6, 4}), B(false), n, n, n}),
                   {0}});
  cases.push_back({"upsample_bicubic2d",
                   "upsample_bicubic2d",
                   up({1, 2, 4, 5}, {L({7, 8}), B(false), n, n}),
                   {0}});
  cases.push_back({"upsample_bicubic2d_align",
                   "upsample_bicubic2d",
                   up({1, 2, 4, 5}, {L({3, 9}), B(true), n, n}),
                   {0}});
}

// The pools' and resampling ops' backward ops, differentiated with respect
// to grad_output: args of `backward` from the forward call `fwd` on a random
// input of `s`, `rest` its constant arguments.
void AddPoolBackwardCases(std::vector<Case>& cases) {
  auto max = [](Shape s, std::vector<KernelArg> rest) {
    return [=](std::mt19937& r) -> Args {
      Args fwd = {Random(s, r)};
      fwd.insert(fwd.end(), rest.begin(), rest.end());
      std::vector<Tensor> out = Run("max_pool2d_with_indices", fwd);
      Args a = {Random(out[0].sizes(), r)};
      a.insert(a.end(), fwd.begin(), fwd.end());
      a.push_back(out[1]);
      return a;
    };
  };
  cases.push_back({"max_pool2d_with_indices_backward",
                   "max_pool2d_with_indices_backward",
                   max({2, 3, 7, 6}, {L({3}), L({2}), L({1}), L({1}), B(true)}),
                   {0}});
  cases.push_back({"avg_pool2d_backward",
                   "avg_pool2d_backward",
                   [](std::mt19937& r) -> Args {
                     return {Random({2, 3, 4, 4}, r),
                             Random({2, 3, 6, 7}, r),
                             L({3}),
                             L({2}),
                             L({1}),
                             B(true),
                             B(false),
                             None()};
                   },
                   {0}});
  cases.push_back({"adaptive_avg_pool2d_backward",
                   "_adaptive_avg_pool2d_backward",
                   [](std::mt19937& r) -> Args {
                     return {Random({2, 3, 3, 2}, r), Random({2, 3, 7, 5}, r)};
                   },
                   {0}});
  cases.push_back({"adaptive_max_pool2d_backward",
                   "adaptive_max_pool2d_backward",
                   [](std::mt19937& r) -> Args {
                     Tensor x = Random({2, 6, 6}, r);
                     std::vector<Tensor> out = Run("adaptive_max_pool2d", {x, L({4, 4})});
                     return {Random(out[0].sizes(), r), x, out[1]};
                   },
                   {0}});
  const KernelArg n = None();
  cases.push_back(
      {"upsample_nearest_backward",
       "upsample_nearest_backward",
       [n](std::mt19937& r) -> Args {
         return {Random({2, 3, 7, 9}, r), L({7, 9}), L({2, 3, 4, 5}), B(false), n, n, n};
       },
       {0}});
  cases.push_back(
      {"upsample_linear_backward",
       "upsample_linear_backward",
       [n](std::mt19937& r) -> Args {
         return {Random({1, 2, 5, 6, 4}, r), L({5, 6, 4}), L({1, 2, 3, 4, 2}), B(false), n, n, n};
       },
       {0}});
  cases.push_back({"upsample_bicubic2d_backward",
                   "upsample_bicubic2d_backward",
                   [n](std::mt19937& r) -> Args {
                     return {Random({1, 2, 7, 8}, r), L({7, 8}), L({1, 2, 4, 5}), B(true), n, n};
                   },
                   {0}});
}

std::vector<Case> ConvCases() {
  std::vector<Case> cases;
  AddConvCases(cases);
  AddConvBackwardCases(cases);
  AddBatchNormCases(cases);
  AddPoolCases(cases);
  AddUpsampleCases(cases);
  AddPoolBackwardCases(cases);
  return cases;
}

TC_GRADCHECK_CASES(ConvCases);

}  // namespace
}  // namespace tc::autodiff::gradcheck
