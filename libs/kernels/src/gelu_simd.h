// Exact (erf) GELU over contiguous float32, vectorized with Highway: the
// libm erff it replaces cost ~7 ns an element, most of a small
// transformer's forward.
#ifndef TC_KERNELS_SRC_GELU_SIMD_H_
#define TC_KERNELS_SRC_GELU_SIMD_H_

#include <cstdint>

namespace tc::kernels::simd {

// out[i] = in[i] * 0.5 * (1 + erf(in[i] / sqrt 2)) for n elements (in ==
// out allowed). The erf is within 2 ulp of the correctly rounded value
// (glibc's erff and PyTorch's oneDNN kernel are each within about an ulp).
void GeluErf(const float* in, float* out, int64_t n);

// erf(x) elementwise with the same approximation: the erf op for float32.
void Erf(const float* in, float* out, int64_t n);

// out[i] = dy[i] * gelu'(x[i]) (exact GELU's derivative) for n elements,
// as gelu_backward's decomposition computes it op by op.
void GeluBackward(const float* dy, const float* x, float* out, int64_t n);

}  // namespace tc::kernels::simd

#endif  // TC_KERNELS_SRC_GELU_SIMD_H_
