// The CPU random kernels (random_*.cc), each filling a fresh contiguous
// output in order from a given generator, and their registered entry
// points, which draw from tensor::CurrentCpuGenerator().
#ifndef TC_KERNELS_SRC_RANDOM_KERNELS_H_
#define TC_KERNELS_SRC_RANDOM_KERNELS_H_

#include <cstddef>
#include <optional>

#include "tc/tensor/cpu_generator.h"

#include "src/kernel.h"

namespace tc::kernels::random {

using tensor::CpuGenerator;

void Uniform(CpuGenerator& g, const Tensor& out, double from, double to);
// dense: the vectorised path is allowed (the filled tensor is contiguous).
void Normal(CpuGenerator& g, const Tensor& out, double mean, double std, bool dense);
// random_(): no bounds (from == nullopt), [from, to), or [from, max] (to ==
// nullopt; from == INT64_MIN is the full 64-bit range).
void RandomInts(CpuGenerator& g, const Tensor& out, std::optional<int64_t> from,
                std::optional<int64_t> to);
void Randperm(CpuGenerator& g, const Tensor& out);
void Bernoulli(CpuGenerator& g, const Tensor& out, double p);
// `p` has out's sizes (any strides).
void BernoulliTensor(CpuGenerator& g, const Tensor& out, const Tensor& p);
void Exponential(CpuGenerator& g, const Tensor& out, double lambd);
void Geometric(CpuGenerator& g, const Tensor& out, double p);
void LogNormal(CpuGenerator& g, const Tensor& out, double mean, double std);
void Cauchy(CpuGenerator& g, const Tensor& out, double median, double sigma);
// Errors are the data-dependent ones (negative, infinite or NaN
// probabilities, a zero row).
absl::Status Multinomial(CpuGenerator& g, const Tensor& probs, int64_t num_samples,
                         bool replacement, const Tensor& out);

TC_DECLARE_KERNEL(RandKernel);
TC_DECLARE_KERNEL(RandnKernel);
TC_DECLARE_KERNEL(UniformKernel);
TC_DECLARE_KERNEL(NormalKernel);
TC_DECLARE_KERNEL(RandomKernel);
TC_DECLARE_KERNEL(RandpermKernel);
TC_DECLARE_KERNEL(BernoulliTensorKernel);
TC_DECLARE_KERNEL(MultinomialKernel);

// The registered kernel of a fill whose parameters are the op's number
// arguments at positions kArgs (bernoulli, exponential, geometric,
// log_normal, cauchy): kFill(CurrentCpuGenerator(), out, args...).
template <auto kFill, size_t... kArgs>
absl::Status FillKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                        std::span<Tensor> outs) {
  kFill(tensor::CurrentCpuGenerator(), outs[0], ScalarArg(args, kArgs).to_double()...);
  return absl::OkStatus();
}

}  // namespace tc::kernels::random

#endif  // TC_KERNELS_SRC_RANDOM_KERNELS_H_
