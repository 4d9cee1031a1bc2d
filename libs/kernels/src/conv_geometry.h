// The sizes and parameters of one convolution call, shared by conv.cc (the
// generic kernels) and conv_fast.cc (the float32 fast paths).
#ifndef TC_KERNELS_SRC_CONV_GEOMETRY_H_
#define TC_KERNELS_SRC_CONV_GEOMETRY_H_

#include <array>
#include <cstdint>

namespace tc::kernels {

// Sizes and parameters with the spatial dims padded to three (leading 1s).
struct ConvGeometry {
  int64_t n, in_c, out_c, groups;
  std::array<int64_t, 3> in, out, k, stride, pad, dil;
  int64_t InPlane() const { return in[0] * in[1] * in[2]; }
  int64_t OutPlane() const { return out[0] * out[1] * out[2]; }
  int64_t KernelSize() const { return k[0] * k[1] * k[2]; }
};

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_CONV_GEOMETRY_H_
