// The random ops (category `random`): each fills a fresh contiguous CPU
// tensor of the given size in order from PyTorch's CPU generator (the
// kernels draw from tensor::CurrentCpuGenerator()), so a graph draws what
// the same eager calls draw. In-place forms (x.uniform_() ...) are these ops
// on x's sizes in fill order, written back (tc/kernels/random_order.h).
// Errors are PyTorch's for the same calls.
#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr ArgType kIL = ArgType::kIntList;
constexpr ArgType kS = ArgType::kScalar;
constexpr ArgType kD = ArgType::kDType;

absl::Status Runtime(std::string message) { return Invalid(std::move(message)); }
// Names for messages (Abseil's StrCat here predates std::string_view).
std::string CType(DType d) { return std::string(tensor::CTypeName(d)); }
std::string Name(DType d) { return std::string(tensor::ScalarTypeName(d)); }

// A random fill of `size` (argument 0) in `dtype` (argument `dtype_at`).
absl::StatusOr<DType> Sized(Args a, size_t dtype_at, DType fallback) {
  const Shape& size = IntList(a, 0);
  const DType dtype = IsNone(a, dtype_at) ? fallback : DTypeArg(a, dtype_at);
  TC_RETURN_IF_ERROR(CheckStorageSize(size, dtype));
  return dtype;
}
Metas Out(Args a, DType dtype) { return One(Contig(dtype, IntList(a, 0), tensor::Device::CPU())); }

// The finite range of a floating dtype.
double Lowest(DType d) {
  switch (d) {
    case DType::kFloat16:
      return -65504.0;
    case DType::kBFloat16:
      return -3.3895313892515355e38;
    case DType::kFloat32:
      return -std::numeric_limits<float>::max();
    default:
      return -std::numeric_limits<double>::max();
  }
}

Metas FloatFill(Args a, size_t dtype_at, std::string_view kernel) {
  TC_ASSIGN_OR_RETURN(DType dtype, Sized(a, dtype_at, DType::kFloat32));
  if (!tensor::IsFloatingPoint(dtype)) return NotImplemented(kernel, dtype);
  return Out(a, dtype);
}

// uniform_impl_'s checks.
Metas Uniform(Args a) {
  TC_ASSIGN_OR_RETURN(DType dtype, Sized(a, 3, DType::kFloat32));
  if (!tensor::IsFloatingPoint(dtype)) return NotImplemented("check_uniform_bounds", dtype);
  const double from = Float(a, 1), to = Float(a, 2);
  const double min = Lowest(dtype), max = -min;
  if (from < min || from > max) {
    return Runtime(absl::StrCat("from is out of bounds for ", CType(dtype)));
  }
  if (to < min || to > max) {
    return Runtime(absl::StrCat("to is out of bounds for ", CType(dtype)));
  }
  if (!(from <= to)) {
    return Runtime(absl::StrCat(
        "uniform_ expects to return a [from, to) range, but found from=", from, " > to=", to));
  }
  if (!(to - from <= max)) {
    return Runtime(absl::StrCat("uniform_ expects to-from <= std::numeric_limits<", Name(dtype),
                                ">::max(), but found to=", to, " and from=", from,
                                " which result in to-from to exceed the limit"));
  }
  return Out(a, dtype);
}

Metas Normal(Args a) {
  const double std = Float(a, 2);
  if (!(std >= 0.0)) return Runtime(absl::StrCat("normal expects std >= 0.0, but found std ", std));
  return FloatFill(a, 3, "normal_kernel_cpu");
}

// ATen's check_from_to_in_range for the integer dtypes (and half): `from`
// and the largest value drawn must fit.
absl::Status CheckFromTo(int64_t from, int64_t last, DType dtype) {
  struct Bounds {
    DType dtype;
    double lo, hi;
  };
  static constexpr Bounds kBounds[] = {
      {DType::kBool, 0, 1},
      {DType::kUInt8, 0, 255},
      {DType::kInt8, -128, 127},
      {DType::kInt16, -32768, 32767},
      {DType::kInt32, -2147483648.0, 2147483647.0},
      {DType::kFloat16, -65504, 65504},
  };
  for (const Bounds& b : kBounds) {
    if (b.dtype != dtype) continue;
    const double f = static_cast<double>(from), l = static_cast<double>(last);
    if (f < b.lo || f > b.hi) {
      return Runtime(absl::StrCat("from is out of bounds for ", CType(dtype)));
    }
    if (l < b.lo || l > b.hi) {
      return Runtime(absl::StrCat("to - 1 is out of bounds for ", CType(dtype)));
    }
  }
  return absl::OkStatus();
}

// random_(from=None, to=None): see the kernel (random_int.cc) for the
// three forms.
Metas Random(Args a) {
  TC_ASSIGN_OR_RETURN(DType dtype, Sized(a, 3, DType::kInt64));
  if (!IsNone(a, 1) && !IsNone(a, 2)) {
    const int64_t from = Int(a, 1), to = Int(a, 2);
    if (from >= to) {
      return Runtime(absl::StrFormat(
          "random_ expects 'from' to be less than 'to', but got from=%d >= to=%d", from, to));
    }
    TC_RETURN_IF_ERROR(CheckFromTo(from, to - 1, dtype));
  } else if (!IsNone(a, 1) && Int(a, 1) != std::numeric_limits<int64_t>::min()) {
    const int64_t from = Int(a, 1);
    if (tensor::IsFloatingPoint(dtype)) {
      // [from, 2^digits]: the largest integer the dtype holds exactly.
      const int digits = dtype == DType::kFloat64   ? 53
                         : dtype == DType::kFloat32 ? 24
                         : dtype == DType::kFloat16 ? 11
                                                    : 8;
      const int64_t to_inc = int64_t{1} << digits;
      if (from >= to_inc) {
        return Runtime(absl::StrFormat(
            "random_ expects 'from' casted to dtype to be less than or equal to 'to_inc' casted to "
            "dtype, but got from=%d > to_inc=%d",
            from, to_inc));
      }
    } else {
      TC_RETURN_IF_ERROR(CheckFromTo(from, from, dtype));
    }
  } else if (IsNone(a, 1) && !IsNone(a, 2)) {
    return Runtime("random_: 'to' without 'from'");
  }
  return Out(a, dtype);
}

Metas Randperm(Args a) {
  const int64_t n = Int(a, 0);
  if (n < 0) {
    return Runtime(
        absl::StrFormat("Trying to create tensor with negative dimension %d: [%d]", n, n));
  }
  const DType dtype = IsNone(a, 1) ? DType::kInt64 : DTypeArg(a, 1);
  if (dtype == DType::kBool) return NotImplemented("randperm", dtype);
  TC_RETURN_IF_ERROR(CheckStorageSize(Shape{n}, dtype));
  return One(Contig(dtype, {n}, tensor::Device::CPU()));
}

Metas Bernoulli(Args a) {
  const double p = Float(a, 1);
  if (!(p >= 0 && p <= 1)) {
    return Runtime(absl::StrCat("bernoulli_ expects p to be in [0, 1], but got p=", p));
  }
  TC_ASSIGN_OR_RETURN(DType dtype, Sized(a, 2, DType::kFloat32));
  return Out(a, dtype);
}

Metas BernoulliTensor(Args a) {
  const TensorMeta& p = Tensor(a, 0);
  if (!tensor::IsFloatingPoint(p.dtype)) return NotImplemented("bernoulli_tensor_cpu_p_", p.dtype);
  const DType dtype = IsNone(a, 1) ? p.dtype : DTypeArg(a, 1);
  return One(Contig(dtype, p.sizes, tensor::Device::CPU()));
}

std::string ContinuousOnly(const char* name, const std::string& type) {
  return absl::StrCat(name,
                      " distribution is a continuous probability distribution. dtype must be a "
                      "floating point but you specified ",
                      type);
}

Metas Exponential(Args a) {
  TC_ASSIGN_OR_RETURN(DType dtype, Sized(a, 2, DType::kFloat32));
  if (!tensor::IsFloatingPoint(dtype)) {
    return Runtime(ContinuousOnly("Exponential", Name(dtype)));
  }
  const double lambd = Float(a, 1);
  if (!(lambd > 0.0)) {
    return Runtime(absl::StrCat("exponential_ expects lambda > 0.0, but found lambda=", lambd));
  }
  return Out(a, dtype);
}

Metas Geometric(Args a) {
  const double p = Float(a, 1);
  if (!(p > 0 && p < 1)) {
    return Runtime(absl::StrCat("geometric_ expects p to be in (0, 1), but got p=", p));
  }
  TC_ASSIGN_OR_RETURN(DType dtype, Sized(a, 2, DType::kFloat32));
  if (dtype == DType::kBool) return NotImplemented("geometric_cpu", dtype);
  return Out(a, dtype);
}

Metas LogNormal(Args a) {
  const double std = Float(a, 2);
  if (!(std > 0.0)) {
    return Runtime(absl::StrCat("log_normal_ expects std > 0.0, but found std=", std));
  }
  return FloatFill(a, 3, "log_normal_cpu");
}

Metas Cauchy(Args a) {
  TC_ASSIGN_OR_RETURN(DType dtype, Sized(a, 3, DType::kFloat32));
  if (!tensor::IsFloatingPoint(dtype)) {
    return Runtime(ContinuousOnly("Cauchy", CType(dtype)));
  }
  return Out(a, dtype);
}

Metas Multinomial(Args a) {
  const TensorMeta& p = Tensor(a, 0);
  const int64_t k = Int(a, 1);
  const bool replacement = Bool(a, 2);
  if (p.sizes.size() != 1 && p.sizes.size() != 2) return Runtime("prob_dist must be 1 or 2 dim");
  if (!tensor::IsFloatingPoint(p.dtype)) {
    return Runtime(absl::StrCat("multinomial only supports floating-point dtypes for input, got: ",
                                Name(p.dtype)));
  }
  if (k <= 0) return Runtime("cannot sample n_sample <= 0 samples");
  const int64_t cats = p.sizes.back();
  if (!replacement && k > cats) {
    return Runtime("cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  }
  if (cats > (int64_t{1} << 24)) return Runtime("number of categories cannot exceed 2^24");
  Shape out = p.sizes.size() == 1 ? Shape{k} : Shape{p.sizes[0], k};
  return One(Contig(DType::kInt64, out, tensor::Device::CPU()));
}

OpDef RandomOp(std::string name, std::vector<ArgSpec> args, MetaFn meta) {
  return OpDef{std::move(name), std::move(args), OpCategory::kRandom, 1, meta};
}

}  // namespace

void AddRandomOps(std::vector<OpDef>& ops) {
  ops.push_back(RandomOp("rand", {Req("size", kIL), Opt("dtype", kD)},
                         [](Args a) { return FloatFill(a, 1, "check_uniform_bounds"); }));
  ops.push_back(RandomOp("randn", {Req("size", kIL), Opt("dtype", kD)},
                         [](Args a) { return FloatFill(a, 1, "normal_kernel_cpu"); }));
  ops.push_back(RandomOp("uniform",
                         {Req("size", kIL), Def("from", kS, Scalar(0.0)),
                          Def("to", kS, Scalar(1.0)), Opt("dtype", kD)},
                         &Uniform));
  ops.push_back(
      RandomOp("normal",
               {Req("size", kIL), Def("mean", kS, Scalar(0.0)), Def("std", kS, Scalar(1.0)),
                Opt("dtype", kD), Def("dense", ArgType::kBool, Scalar(true))},
               &Normal));
  ops.push_back(RandomOp(
      "random",
      {Req("size", kIL), Opt("from", ArgType::kInt), Opt("to", ArgType::kInt), Opt("dtype", kD)},
      &Random));
  ops.push_back(RandomOp("randperm", {Req("n", ArgType::kInt), Opt("dtype", kD)}, &Randperm));
  ops.push_back(
      RandomOp("bernoulli", {Req("size", kIL), Req("p", kS), Opt("dtype", kD)}, &Bernoulli));
  ops.push_back(RandomOp("bernoulli_tensor", {Req("p", ArgType::kTensor), Opt("dtype", kD)},
                         &BernoulliTensor));
  ops.push_back(RandomOp("exponential",
                         {Req("size", kIL), Def("lambd", kS, Scalar(1.0)), Opt("dtype", kD)},
                         &Exponential));
  ops.push_back(
      RandomOp("geometric", {Req("size", kIL), Req("p", kS), Opt("dtype", kD)}, &Geometric));
  ops.push_back(RandomOp("log_normal",
                         {Req("size", kIL), Def("mean", kS, Scalar(1.0)),
                          Def("std", kS, Scalar(2.0)), Opt("dtype", kD)},
                         &LogNormal));
  ops.push_back(RandomOp("cauchy",
                         {Req("size", kIL), Def("median", kS, Scalar(0.0)),
                          Def("sigma", kS, Scalar(1.0)), Opt("dtype", kD)},
                         &Cauchy));
  ops.push_back(RandomOp("multinomial",
                         {Req("self", ArgType::kTensor), Req("num_samples", ArgType::kInt),
                          Def("replacement", ArgType::kBool, Scalar(false))},
                         &Multinomial));
}

}  // namespace tc::graph_ir::internal
