// torch.multinomial on the CPU (ATen's multinomial_out). Without
// replacement, or for one sample, the exponential race: q ~ Exp(1) drawn
// over the whole probability tensor in its dtype, key = p / q, then argmax
// or topk of each row (ATen's topk ordering, so ties fall alike). With
// replacement and two or more samples: the normalised running sum per row
// and a binary search per sample of one 53-bit uniform.
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "tc/tensor/dispatch.h"

#include "src/dispatch.h"
#include "src/kernel.h"
#include "src/random_kernels.h"
#include "src/random_util.h"

namespace tc::kernels::random {
namespace {

absl::Status Invalid(const char* message) { return absl::InvalidArgumentError(message); }

// topk(key, k) of one row as ATen's topk_impl_loop orders it: partial_sort
// when k * 64 <= n, else nth_element and a sort of the first k - 1.
void TopK(std::vector<std::pair<double, int64_t>>& queue, int64_t k, int64_t* out) {
  auto greater = [](const std::pair<double, int64_t>& x, const std::pair<double, int64_t>& y) {
    return (std::isnan(x.first) && !std::isnan(y.first)) || x.first > y.first;
  };
  const auto n = static_cast<int64_t>(queue.size());
  if (k * 64 <= n) {
    std::partial_sort(queue.begin(), queue.begin() + k, queue.end(), greater);
  } else {
    std::nth_element(queue.begin(), queue.begin() + k - 1, queue.end(), greater);
    std::sort(queue.begin(), queue.begin() + k - 1, greater);
  }
  for (int64_t i = 0; i < k; ++i) out[i] = queue[static_cast<size_t>(i)].second;
}

template <typename P>
absl::Status Race(CpuGenerator& g, const P* p, int64_t rows, int64_t cats, int64_t k,
                  int64_t* out) {
  const int64_t n = rows * cats;
  for (int64_t i = 0; i < n; ++i) {
    const float v = static_cast<float>(p[i]);
    if (!(v < INFINITY && v >= 0)) {
      return Invalid("probability tensor contains either `inf`, `nan` or element < 0");
    }
  }
  for (int64_t r = 0; r < rows; ++r) {
    double sum = 0;
    for (int64_t c = 0; c < cats; ++c) sum += static_cast<double>(p[r * cats + c]);
    if (sum == 0) return Invalid("invalid multinomial distribution (sum of probabilities <= 0)");
  }
  // q = empty_like(p).exponential_(1), then p / q in p's dtype.
  std::vector<P> key(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    const P q = FromDouble<P>(-1.0 / 1.0 * std::log1p(-NextUniform53(g)));
    if constexpr (kIsReducedFloat<P>) {
      key[i] = P(static_cast<float>(p[i]) / static_cast<float>(q));
    } else {
      key[i] = p[i] / q;
    }
  }
  std::vector<std::pair<double, int64_t>> queue;
  for (int64_t r = 0; r < rows; ++r) {
    const P* row = key.data() + r * cats;
    if (k == 1) {
      // argmax: the first maximum (a NaN counts as the maximum).
      int64_t best = 0;
      for (int64_t c = 1; c < cats; ++c) {
        const double b = static_cast<double>(row[best]), v = static_cast<double>(row[c]);
        if (std::isnan(b)) break;
        if (std::isnan(v) || v > b) best = c;
      }
      out[r] = best;
      continue;
    }
    queue.clear();
    for (int64_t c = 0; c < cats; ++c) queue.emplace_back(static_cast<double>(row[c]), c);
    TopK(queue, k, out + r * k);
  }
  return absl::OkStatus();
}

template <typename P>
absl::Status WithReplacement(CpuGenerator& g, const P* p, int64_t rows, int64_t cats, int64_t k,
                             int64_t* out) {
  // The running sum is kept in the math type: float for half/bfloat16.
  using Acc = std::conditional_t<std::is_same_v<P, double>, double, float>;
  std::vector<Acc> cum(static_cast<size_t>(cats));
  for (int64_t r = 0; r < rows; ++r) {
    Acc sum = 0;
    for (int64_t c = 0; c < cats; ++c) {
      const Acc v = static_cast<Acc>(p[r * cats + c]);
      if (!(v >= 0)) {
        return Invalid("invalid multinomial distribution (encountering probability entry < 0)");
      }
      if (!std::isfinite(v)) {
        return Invalid(
            "invalid multinomial distribution (encountering probability entry = infinity or NaN)");
      }
      sum += v;
      cum[c] = sum;
    }
    if (!(sum > 0)) return Invalid("invalid multinomial distribution (sum of probabilities <= 0)");
    for (Acc& c : cum) c /= sum;
    cum[cats - 1] = 1;
    for (int64_t s = 0; s < k; ++s) {
      const double u = NextUniform53(g);
      int64_t left = 0, right = cats;
      while (right - left > 0) {
        const int64_t mid = left + (right - left) / 2;
        if (static_cast<double>(cum[mid]) < u) {
          left = mid + 1;
        } else {
          right = mid;
        }
      }
      out[r * k + s] = left;
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status Multinomial(CpuGenerator& g, const Tensor& probs, int64_t num_samples,
                         bool replacement, const Tensor& out) {
  std::lock_guard<std::mutex> lock(g.mutex());
  const Tensor p = probs.contiguous();
  const int64_t cats = p.sizes().back();
  const int64_t rows = p.dim() == 2 ? p.sizes()[0] : 1;
  int64_t* o = out.data<int64_t>();
  return VisitFloating(p.dtype(), [&]<typename P>(tensor::TypeTag<P>) {
    if (!replacement || num_samples == 1)
      return Race<P>(g, p.data<P>(), rows, cats, num_samples, o);
    return WithReplacement<P>(g, p.data<P>(), rows, cats, num_samples, o);
  });
}

absl::Status MultinomialKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                               std::span<Tensor> outs) {
  return Multinomial(tensor::CurrentCpuGenerator(), TensorArg(args, 0), IntArg(args, 1),
                     BoolArg(args, 2), outs[0]);
}

}  // namespace tc::kernels::random
