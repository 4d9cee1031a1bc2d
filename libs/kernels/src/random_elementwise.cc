// bernoulli_, exponential_, geometric_, log_normal_ and cauchy_: ATen's CPU
// templates, each one double-precision draw per element (a 53-bit uniform,
// or the scalar normal path for log_normal) cast to the output dtype. A
// Bernoulli with a tensor p compares a 24-bit float uniform unless p is
// float64.
#include <cmath>
#include <numbers>

#include "tc/tensor/dispatch.h"

#include "src/dispatch.h"
#include "src/kernel.h"
#include "src/random_kernels.h"
#include "src/random_util.h"

namespace tc::kernels::random {
namespace {

// Fills `out` with f() per element, converted from double.
template <typename F>
void FillDoubles(const Tensor& out, F&& f) {
  const int64_t n = out.numel();
  tensor::VisitDType(out.dtype(), [&]<typename T>(tensor::TypeTag<T>) {
    T* p = out.data<T>();
    for (int64_t i = 0; i < n; ++i) p[i] = FromDouble<T>(f());
  });
}

}  // namespace

void Bernoulli(CpuGenerator& g, const Tensor& out, double p) {
  std::lock_guard<std::mutex> lock(g.mutex());
  FillDoubles(out, [&] { return NextUniform53(g) < p ? 1.0 : 0.0; });
}

void BernoulliTensor(CpuGenerator& g, const Tensor& out, const Tensor& p) {
  std::lock_guard<std::mutex> lock(g.mutex());
  const int64_t n = out.numel();
  const Tensor pc = p.contiguous();
  tensor::VisitDType(out.dtype(), [&]<typename T>(tensor::TypeTag<T>) {
    T* o = out.data<T>();
    if (pc.dtype() == DType::kFloat64) {
      const double* pv = pc.data<double>();
      for (int64_t i = 0; i < n; ++i) o[i] = FromDouble<T>(NextUniform53(g) < pv[i] ? 1.0 : 0.0);
      return;
    }
    VisitFloating(pc.dtype(), [&]<typename P>(tensor::TypeTag<P>) {
      const P* pv = pc.data<P>();
      for (int64_t i = 0; i < n; ++i) {
        const bool hit = Uniform24(g.Random()) < static_cast<float>(pv[i]);
        o[i] = FromDouble<T>(hit ? 1.0 : 0.0);
      }
    });
  });
}

void Exponential(CpuGenerator& g, const Tensor& out, double lambd) {
  std::lock_guard<std::mutex> lock(g.mutex());
  FillDoubles(out, [&] { return -1.0 / lambd * std::log1p(-NextUniform53(g)); });
}

void Geometric(CpuGenerator& g, const Tensor& out, double p) {
  std::lock_guard<std::mutex> lock(g.mutex());
  const double denom = std::log1p(-p);
  FillDoubles(out, [&] { return std::ceil(std::log(NextUniform53(g)) / denom); });
}

void LogNormal(CpuGenerator& g, const Tensor& out, double mean, double std) {
  std::lock_guard<std::mutex> lock(g.mutex());
  FillDoubles(out, [&] { return std::exp(NormalDouble(g, mean, std)); });
}

void Cauchy(CpuGenerator& g, const Tensor& out, double median, double sigma) {
  std::lock_guard<std::mutex> lock(g.mutex());
  FillDoubles(out, [&] {
    return std::fma(sigma, std::tan(std::numbers::pi * (NextUniform53(g) - 0.5)), median);
  });
}

absl::Status BernoulliTensorKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                                   std::span<Tensor> outs) {
  BernoulliTensor(tensor::CurrentCpuGenerator(), outs[0], TensorArg(args, 0));
  return absl::OkStatus();
}

}  // namespace tc::kernels::random
