// The sizes and parameters of one convolution call, shared by conv.cc (the
// `convolution` op), conv_generic.h (the generic kernels), conv_fast.cc
// (the float32 fast paths) and conv_backward.cc (the gradients).
#ifndef TC_KERNELS_SRC_CONV_GEOMETRY_H_
#define TC_KERNELS_SRC_CONV_GEOMETRY_H_

#include <array>
#include <cstdint>

#include "tc/tensor/shape.h"

namespace tc::kernels {

// Sizes and parameters with the spatial dims padded to three (leading 1s).
struct ConvGeometry {
  int64_t n, in_c, out_c, groups;
  std::array<int64_t, 3> in, out, k, stride, pad, dil;
  int64_t InPlane() const { return in[0] * in[1] * in[2]; }
  int64_t OutPlane() const { return out[0] * out[1] * out[2]; }
  int64_t KernelSize() const { return k[0] * k[1] * k[2]; }
};

// The geometry of a convolution from `in` [n, in_c, spatial...] to `out`
// [n, out_c, spatial...] with weight `w` [., ., k...]: stride, padding and
// dilation give one value for every spatial dim or one each.
inline ConvGeometry MakeConvGeometry(tensor::IntSpan in, tensor::IntSpan out, tensor::IntSpan w,
                                     const tensor::Shape& stride, const tensor::Shape& pad,
                                     const tensor::Shape& dil, int64_t groups) {
  ConvGeometry g;
  const int64_t dims = static_cast<int64_t>(in.size()) - 2;
  g.n = in[0];
  g.in_c = in[1];
  g.out_c = out[1];
  g.groups = groups;
  for (int64_t i = 0; i < 3; ++i) {
    const int64_t d = i - (3 - dims);  // the op's spatial dim, or < 0 for a padded one
    auto param = [&](const tensor::Shape& v) { return d < 0 ? 0 : (v.size() == 1 ? v[0] : v[d]); };
    g.in[i] = d < 0 ? 1 : in[2 + d];
    g.out[i] = d < 0 ? 1 : out[2 + d];
    g.k[i] = d < 0 ? 1 : w[2 + d];
    g.stride[i] = d < 0 ? 1 : param(stride);
    g.pad[i] = param(pad);
    g.dil[i] = d < 0 ? 1 : param(dil);
  }
  return g;
}

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_CONV_GEOMETRY_H_
