// Reductions: sum, mean, prod, amax/amin, argmax/argmin, var,
// linalg_vector_norm.
#include <limits>
#include <string>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

using tensor::IsFloatingPoint;
constexpr ArgType kT = ArgType::kTensor;

// Sums and products of integers accumulate in int64, as in PyTorch.
DType AccumulateDType(DType in) { return tensor::IsIntegral(in, true) ? DType::kInt64 : in; }

absl::StatusOr<TensorMeta> Reduce(const TensorMeta& in, tensor::IntSpan dims, bool keepdim,
                                  DType dtype) {
  TC_ASSIGN_OR_RETURN(std::vector<bool> mask, ReduceMask(in.dim(), dims));
  return Contig(dtype, ReducedSizes(in.sizes, mask, keepdim), in.device);
}

// A None dim list reduces everything, like [].
tensor::IntSpan DimsOrAll(Args a, size_t i) {
  if (IsNone(a, i)) return {};
  return IntList(a, i);
}

Metas Sum(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  DType dtype = IsNone(a, 3) ? AccumulateDType(in.dtype) : DTypeArg(a, 3);
  TC_ASSIGN_OR_RETURN(TensorMeta out, Reduce(in, DimsOrAll(a, 1), Bool(a, 2), dtype));
  return One(std::move(out));
}

Metas Mean(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  DType dtype = in.dtype;
  if (!IsNone(a, 3)) {
    dtype = DTypeArg(a, 3);
    if (!IsFloatingPoint(dtype)) {
      return Invalid(absl::StrFormat(
          "mean(): could not infer output dtype. Optional dtype must be either a floating point or "
          "complex dtype. Got: %s",
          ScalarTypeName(dtype)));
    }
  } else if (!IsFloatingPoint(dtype)) {
    return Invalid(absl::StrFormat(
        "mean(): could not infer output dtype. Input dtype must be either a floating point or "
        "complex dtype. Got: %s",
        ScalarTypeName(dtype)));
  }
  TC_ASSIGN_OR_RETURN(TensorMeta out, Reduce(in, DimsOrAll(a, 1), Bool(a, 2), dtype));
  return One(std::move(out));
}

Metas Prod(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  DType dtype = IsNone(a, 3) ? AccumulateDType(in.dtype) : DTypeArg(a, 3);
  // torch.prod without a dim has no keepdim: the result is 0-dim.
  if (IsNone(a, 1)) return One(Contig(dtype, {}, in.device));
  int64_t dim = Int(a, 1);
  TC_ASSIGN_OR_RETURN(TensorMeta out, Reduce(in, {&dim, 1}, Bool(a, 2), dtype));
  return One(std::move(out));
}

// Reductions without an identity (max, min, argmax) reject empty inputs.
absl::Status CheckNonEmpty(std::string_view op, const TensorMeta& in, tensor::IntSpan dims,
                           bool dims_given) {
  if (!dims_given) {
    if (in.numel() == 0) {
      return Invalid(absl::StrFormat(
          "%s(): Expected reduction dim to be specified for input.numel() == 0.%s", op,
          op.substr(0, 3) == "arg" ? "" : " Specify the reduction dim with the 'dim' argument."));
    }
    return absl::OkStatus();
  }
  for (int64_t d : dims) {
    TC_ASSIGN_OR_RETURN(int64_t w, tensor::WrapDim(d, in.dim()));
    if (in.dim() > 0 && in.sizes[w] == 0) {
      return Invalid(
          absl::StrFormat("%s(): Expected reduction dim %d to have non-zero size.", op, w));
    }
  }
  return absl::OkStatus();
}

Metas MinMax(Args a, std::string_view op) {
  const TensorMeta& in = Tensor(a, 0);
  const Shape& dims = IntList(a, 1);
  TC_ASSIGN_OR_RETURN(TensorMeta out, Reduce(in, dims, Bool(a, 2), in.dtype));
  TC_RETURN_IF_ERROR(CheckNonEmpty(op, in, dims, !dims.empty()));
  return One(std::move(out));
}

Metas ArgMinMax(Args a, std::string_view op) {
  const TensorMeta& in = Tensor(a, 0);
  if (in.dtype == DType::kBool) {
    return Invalid(absl::StrFormat("%s(): does not support bool input", op));
  }
  bool keepdim = Bool(a, 2);
  if (IsNone(a, 1)) {
    TC_RETURN_IF_ERROR(CheckNonEmpty(op, in, {}, false));
    // Flattened first; keepdim keeps every dim as size 1.
    Shape sizes(keepdim ? in.dim() : 0, 1);
    return One(Contig(DType::kInt64, sizes, in.device));
  }
  int64_t dim = Int(a, 1);
  TC_ASSIGN_OR_RETURN(TensorMeta out, Reduce(in, {&dim, 1}, keepdim, DType::kInt64));
  TC_RETURN_IF_ERROR(CheckNonEmpty(op, in, {&dim, 1}, true));
  return One(std::move(out));
}

Metas Var(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  if (!IsFloatingPoint(in.dtype)) {
    return Invalid("std and var only support floating point and complex dtypes");
  }
  TC_ASSIGN_OR_RETURN(TensorMeta out, Reduce(in, DimsOrAll(a, 1), Bool(a, 3), in.dtype));
  return One(std::move(out));
}

// ord as ATen prints a Scalar in messages: an integer, or a double in
// ostream's default format ("inf", "0.5").
std::string ScalarText(const Scalar& s) {
  if (s.is_int()) return absl::StrFormat("%d", s.to_int());
  return absl::StrFormat("%g", s.to_double());
}

// linalg_vector_norm(self, ord=2, dim=None, keepdim=False, dtype=None), with
// the checks of ATen's meta function in its order: a floating input, no
// empty reduction without an identity (ord < 0 or inf), a dtype that the
// input converts to without narrowing. The result has that dtype.
Metas VectorNorm(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  if (!IsFloatingPoint(in.dtype)) {
    // NotImplementedError in PyTorch (checkFloatingOrComplex).
    return absl::NotFoundError(absl::StrFormat(
        "linalg.vector_norm: Expected a floating point or complex tensor as input. Got %s",
        ScalarTypeName(in.dtype)));
  }
  const Scalar& ord_scalar = ScalarArg(a, 1);
  const double ord = ord_scalar.to_double();
  const tensor::IntSpan dims = DimsOrAll(a, 2);
  TC_ASSIGN_OR_RETURN(std::vector<bool> mask, ReduceMask(in.dim(), dims));
  if (in.numel() == 0 && (ord < 0 || ord == std::numeric_limits<double>::infinity())) {
    if (dims.empty()) {
      return Invalid(
          absl::StrFormat("linalg.vector_norm cannot compute the %s norm on an empty "
                          "tensor because the operation does not have an identity",
                          ScalarText(ord_scalar)));
    }
    for (int64_t d : dims) {
      TC_ASSIGN_OR_RETURN(int64_t w, tensor::WrapDim(d, in.dim()));
      if (in.dim() > 0 && in.sizes[w] == 0) {
        return Invalid(absl::StrFormat(
            "linalg.vector_norm cannot compute the %s norm on the dimension %dbecause this "
            "dimension is empty and the operation does not have an identity",
            ScalarText(ord_scalar), d));
      }
    }
  }
  DType dtype = in.dtype;
  if (!IsNone(a, 4)) {
    dtype = DTypeArg(a, 4);
    if (!IsFloatingPoint(dtype)) {
      return Invalid(absl::StrFormat(
          "linalg.vector_norm: dtype should be floating point or complex, but got %s",
          ScalarTypeName(dtype)));
    }
    if (tensor::PromoteTypes(in.dtype, dtype) != dtype) {
      return Invalid(absl::StrFormat(
          "linalg.vector_norm: the dtype of the input (%s) should be convertible without "
          "narrowing to the specified dtype (%s)",
          ScalarTypeName(in.dtype), ScalarTypeName(dtype)));
    }
  }
  return One(Contig(dtype, ReducedSizes(in.sizes, mask, Bool(a, 3)), in.device));
}

// Out of line: GCC 12 warns falsely about an inline empty InlinedVector.
[[gnu::noinline]] Constant EmptyIntList() { return Constant(std::in_place_type<Shape>); }

OpDef Reduction(std::string name, ArgSpec dim, bool with_dtype, MetaFn meta) {
  OpDef op{std::move(name),
           {Req("self", kT), std::move(dim), Def("keepdim", ArgType::kBool, Scalar(false))},
           OpCategory::kReduction,
           1,
           meta};
  if (with_dtype) op.args.push_back(Opt("dtype", ArgType::kDType));
  return op;
}

}  // namespace

void AddReductionOps(std::vector<OpDef>& ops) {
  ops.push_back(Reduction("sum", Opt("dim", ArgType::kIntList), true, &Sum));
  ops.push_back(Reduction("mean", Opt("dim", ArgType::kIntList), true, &Mean));
  ops.push_back(Reduction("prod", Opt("dim", ArgType::kInt), true, &Prod));
  ops.push_back(Reduction("amax", Def("dim", ArgType::kIntList, EmptyIntList()), false,
                          [](Args a) { return MinMax(a, "amax"); }));
  ops.push_back(Reduction("amin", Def("dim", ArgType::kIntList, EmptyIntList()), false,
                          [](Args a) { return MinMax(a, "amin"); }));
  ops.push_back(Reduction("argmax", Opt("dim", ArgType::kInt), false,
                          [](Args a) { return ArgMinMax(a, "argmax"); }));
  ops.push_back(Reduction("argmin", Opt("dim", ArgType::kInt), false,
                          [](Args a) { return ArgMinMax(a, "argmin"); }));
  ops.push_back(
      OpDef{"var",
            {Req("self", kT), Opt("dim", ArgType::kIntList), Opt("correction", ArgType::kScalar),
             Def("keepdim", ArgType::kBool, Scalar(false))},
            OpCategory::kReduction,
            1,
            &Var});
  ops.push_back(OpDef{"linalg_vector_norm",
                      {Req("self", kT), Def("ord", ArgType::kScalar, Scalar(int64_t{2})),
                       Opt("dim", ArgType::kIntList), Def("keepdim", ArgType::kBool, Scalar(false)),
                       Opt("dtype", ArgType::kDType)},
                      OpCategory::kReduction,
                      1,
                      &VectorNorm});
}

}  // namespace tc::graph_ir::internal
