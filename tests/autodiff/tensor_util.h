// Small tensor helpers the autodiff tests share: random float32 tensors
// and exact (bit for bit) comparison.
#ifndef TC_TESTS_AUTODIFF_TENSOR_UTIL_H_
#define TC_TESTS_AUTODIFF_TENSOR_UTIL_H_

#include <random>

#include "tc/tensor/tensor.h"

namespace tc::autodiff::testing {

// Standard normal float32 values.
inline tensor::Tensor RandomNormal(const tensor::Shape& sizes, std::mt19937& rng) {
  tensor::Tensor t = tensor::Tensor::Empty(sizes, tensor::DType::kFloat32);
  std::normal_distribution<float> n;
  for (int64_t i = 0; i < t.numel(); ++i) t.data<float>()[i] = n(rng);
  return t;
}

// Same sizes, dtype and values (compared as doubles).
inline bool Equal(const tensor::Tensor& a, const tensor::Tensor& b) {
  if (a.sizes() != b.sizes() || a.dtype() != b.dtype()) return false;
  tensor::Tensor x = a.contiguous(), y = b.contiguous();
  for (int64_t i = 0; i < x.numel(); ++i) {
    if (x.ElementAsDouble(i) != y.ElementAsDouble(i)) return false;
  }
  return true;
}

}  // namespace tc::autodiff::testing

#endif  // TC_TESTS_AUTODIFF_TENSOR_UTIL_H_
