// The random ops' kernels by name (random_*.cc hold them), and the fill
// order of an in-place random op (tc/kernels/random_order.h).
#include <algorithm>
#include <numeric>

#include "tc/kernels/random_order.h"

#include "src/families.h"
#include "src/random_kernels.h"

namespace tc::kernels {

KernelFn FindRandomKernel(std::string_view name) {
  struct Entry {
    std::string_view name;
    KernelFn fn;
  };
  static constexpr Entry kKernels[] = {
      {"rand", random::RandKernel},
      {"randn", random::RandnKernel},
      {"uniform", random::UniformKernel},
      {"normal", random::NormalKernel},
      {"random", random::RandomKernel},
      {"randperm", random::RandpermKernel},
      {"bernoulli", random::FillKernel<random::Bernoulli, 1>},
      {"bernoulli_tensor", random::BernoulliTensorKernel},
      {"exponential", random::FillKernel<random::Exponential, 1>},
      {"geometric", random::FillKernel<random::Geometric, 1>},
      {"log_normal", random::FillKernel<random::LogNormal, 1, 2>},
      {"cauchy", random::FillKernel<random::Cauchy, 1, 2>},
      {"multinomial", random::MultinomialKernel},
  };
  for (const Entry& e : kKernels) {
    if (e.name == name) return e.fn;
  }
  return nullptr;
}

std::vector<int64_t> FillOrder(tensor::IntSpan sizes, tensor::IntSpan strides) {
  const auto rank = static_cast<int64_t>(sizes.size());
  // TensorIterator's reorder_dimensions for one operand, innermost first:
  // an insertion sort that moves a dim outward past dims of smaller stride
  // (for equal strides, of smaller size); a zero stride or a tie decides
  // nothing and the scan goes on.
  std::vector<int64_t> inner_first(static_cast<size_t>(rank));
  std::iota(inner_first.begin(), inner_first.end(), int64_t{0});
  std::reverse(inner_first.begin(), inner_first.end());
  auto should_swap = [&](int64_t d0, int64_t d1) {
    const int64_t s0 = strides[d0], s1 = strides[d1];
    if (s0 == 0 || s1 == 0) return 0;
    if (s0 < s1) return -1;
    if (s0 > s1) return 1;
    return sizes[d0] > sizes[d1] ? 1 : 0;
  };
  for (int64_t i = 1; i < rank; ++i) {
    int64_t d1 = i;
    for (int64_t d0 = i - 1; d0 >= 0; --d0) {
      const int c = should_swap(inner_first[d0], inner_first[d1]);
      if (c > 0) {
        std::swap(inner_first[d0], inner_first[d1]);
        d1 = d0;
      } else if (c < 0) {
        break;
      }
    }
  }
  std::reverse(inner_first.begin(), inner_first.end());
  return inner_first;
}

}  // namespace tc::kernels
