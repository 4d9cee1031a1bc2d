// where, clamp and to_dtype.
#include <cmath>
#include <cstring>

#include "tc/kernels/formulas/clamp.h"

#include "src/compute.h"
#include "src/copy.h"
#include "src/families.h"
#include "src/kernel.h"
#include "src/loop.h"

namespace tc::kernels {
namespace {

absl::Status WhereKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                         std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  const Tensor& cond = TensorArg(args, 0);
  const DType dt = out.dtype();
  // A Python number becomes a 0-dim tensor of the output dtype (it takes
  // part as a weak scalar, so it never changes the dtype).
  auto operand = [&](size_t i) {
    if (IsTensor(args, i)) return ToDType(TensorArg(args, i), dt);
    return Tensor::FromScalar(ScalarArg(args, i), dt);
  };
  Tensor a = operand(1), b = operand(2);
  Loop loop(out.sizes(), {&out, &cond, &a, &b});
  const int64_t item = static_cast<int64_t>(out.itemsize());
  RunParallel(loop, [item](char* const* p, const int64_t* s, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
      const bool c = *reinterpret_cast<const bool*>(p[1] + i * s[1]);
      const char* src = c ? p[2] + i * s[2] : p[3] + i * s[3];
      std::memcpy(p[0] + i * s[0], src, item);
    }
  });
  return absl::OkStatus();
}

absl::Status ClampKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                         std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  Tensor in = ToDType(TensorArg(args, 0), out.dtype());
  auto lo_s = OptScalarArg(args, 1);
  auto hi_s = args.size() > 2 ? OptScalarArg(args, 2) : std::nullopt;
  Loop loop(out.sizes(), {&out, &in});
  tensor::VisitDType(out.dtype(), [&]<typename T>(TypeTag<T>) {
    using C = Acc<T>;
    const bool has_lo = lo_s.has_value(), has_hi = hi_s.has_value();
    const C lo = has_lo ? ScalarAs<C>(*lo_s) : C(0);
    const C hi = has_hi ? ScalarAs<C>(*hi_s) : C(0);
    RunParallel(loop, [=](char* const* p, const int64_t* s, int64_t n) {
      for (int64_t i = 0; i < n; ++i) {
        const C x = formulas::Clamp(Load<T>(p[1] + i * s[1]), has_lo, lo, has_hi, hi);
        Store<T>(p[0] + i * s[0], x);
      }
    });
  });
  return absl::OkStatus();
}

absl::Status ToDTypeKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                           std::span<Tensor> outs) {
  CopyCast(TensorArg(args, 0), outs[0]);
  return absl::OkStatus();
}

}  // namespace

KernelFn FindOtherPointwiseKernel(std::string_view name) {
  if (name == "where") return WhereKernel;
  if (name == "clamp") return ClampKernel;
  if (name == "to_dtype" || name == "clone") return ToDTypeKernel;
  return nullptr;
}

}  // namespace tc::kernels
