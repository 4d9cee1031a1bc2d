// torch.Tensor's pointwise and schema-bound methods (abs, add, clamp, ...),
// each bound to its op's schema (OpMethod), with the in-place forms
// (add_, clamp_) that write the result back; equal / isclose / allclose.
#include "absl/strings/str_format.h"

#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

TensorObject* T(const Value& v) { return Cast<TensorObject>(v); }

// --- Generic schema-bound ops and their in-place forms -----------------------

#define TC_OP_METHOD(NAME, OP)                                             \
  Value M_##NAME(VM& vm, const Value& self, const ArgsView& args) {        \
    static const graph_ir::OpDef* op = graph_ir::FindOp(OP);               \
    if (op == nullptr) return RaiseUnsupported(vm, "torch.Tensor." #NAME); \
    return OpMethod(vm, *op, self, args);                                  \
  }
#define TC_INPLACE_METHOD(NAME)                                        \
  Value M_##NAME##_(VM& vm, const Value& self, const ArgsView& args) { \
    Value r = M_##NAME(vm, self, args);                                \
    if (r.is_null()) return r;                                         \
    if (!WriteInPlace(vm, T(self)->t, TensorOf(r))) return {};         \
    return self;                                                       \
  }
#define TC_OP_AND_INPLACE(NAME, OP) \
  TC_OP_METHOD(NAME, OP)            \
  TC_INPLACE_METHOD(NAME)

TC_OP_AND_INPLACE(abs, "abs")
TC_OP_AND_INPLACE(neg, "neg")
TC_OP_AND_INPLACE(exp, "exp")
TC_OP_AND_INPLACE(log, "log")
TC_OP_AND_INPLACE(log1p, "log1p")
TC_OP_AND_INPLACE(expm1, "expm1")
TC_OP_AND_INPLACE(sqrt, "sqrt")
TC_OP_AND_INPLACE(rsqrt, "rsqrt")
TC_OP_AND_INPLACE(sin, "sin")
TC_OP_AND_INPLACE(cos, "cos")
TC_OP_AND_INPLACE(tan, "tan")
TC_OP_AND_INPLACE(tanh, "tanh")
TC_OP_AND_INPLACE(sigmoid, "sigmoid")
TC_OP_AND_INPLACE(relu, "relu")
TC_OP_AND_INPLACE(erf, "erf")
TC_OP_AND_INPLACE(floor, "floor")
TC_OP_AND_INPLACE(ceil, "ceil")
TC_OP_AND_INPLACE(round, "round")
TC_OP_AND_INPLACE(sign, "sign")
TC_OP_AND_INPLACE(logical_not, "logical_not")
TC_OP_AND_INPLACE(bitwise_not, "bitwise_not")
TC_OP_AND_INPLACE(add, "add")
TC_OP_AND_INPLACE(sub, "sub")
TC_OP_AND_INPLACE(mul, "mul")
TC_OP_AND_INPLACE(div, "div")
TC_OP_AND_INPLACE(floor_divide, "floor_divide")
TC_OP_AND_INPLACE(remainder, "remainder")
TC_OP_AND_INPLACE(pow, "pow")
TC_OP_AND_INPLACE(clamp, "clamp")
TC_OP_AND_INPLACE(eq, "eq")
TC_OP_AND_INPLACE(ne, "ne")
TC_OP_AND_INPLACE(lt, "lt")
TC_OP_AND_INPLACE(le, "le")
TC_OP_AND_INPLACE(gt, "gt")
TC_OP_AND_INPLACE(ge, "ge")
TC_OP_AND_INPLACE(logical_and, "logical_and")
TC_OP_AND_INPLACE(logical_or, "logical_or")
TC_OP_AND_INPLACE(logical_xor, "logical_xor")
TC_OP_AND_INPLACE(bitwise_and, "bitwise_and")
TC_OP_AND_INPLACE(bitwise_or, "bitwise_or")
TC_OP_AND_INPLACE(bitwise_xor, "bitwise_xor")
TC_OP_AND_INPLACE(masked_fill, "masked_fill")
TC_OP_AND_INPLACE(scatter, "scatter")
TC_OP_METHOD(gelu, "gelu")
TC_OP_METHOD(silu, "silu")
TC_OP_METHOD(maximum, "maximum")
TC_OP_METHOD(minimum, "minimum")
TC_OP_METHOD(index_select, "index_select")
TC_OP_METHOD(gather, "gather")
TC_OP_METHOD(matmul, "matmul")
TC_OP_METHOD(mm, "mm")
TC_OP_METHOD(bmm, "bmm")
TC_OP_METHOD(addmm, "addmm")
TC_OP_METHOD(softmax, "softmax")
TC_OP_METHOD(log_softmax, "log_softmax")
#undef TC_OP_AND_INPLACE
#undef TC_INPLACE_METHOD
#undef TC_OP_METHOD

// equal(other): same sizes and all elements equal.
Value MEqual(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "equal", 1, 1)) return {};
  tensor::Tensor other;
  if (!ToTensorArg(vm, args[0], "equal", "other", &other)) return {};
  const tensor::Tensor& t = T(self)->t;
  if (t.is_meta() || other.is_meta()) {
    return RaiseMetaDataAccess(vm,
                               "aten::equal: attempted to run this operator with Meta tensors, "
                               "but there was no fake impl or Meta kernel registered.");
  }
  if (t.sizes() != other.sizes()) return Value::Bool(false);
  tensor::Tensor r;
  if (!RunOp(vm, "eq", {t, other}, &r) || !RunOp(vm, "all", {r}, &r)) return {};
  if (!CheckHasData(vm, r)) return {};
  return Value::Bool(r.Item().to_bool());
}
// isclose(other, rtol=1e-05, atol=1e-08, equal_nan=False), as ATen's:
// a == b, or |a - b| finite and <= atol + |rtol * b| (integers compared in
// float32, bools only by ==); NaNs equal when equal_nan.
bool IsClose(VM& vm, const Value& self, const ArgsView& args, const char* fname,
             tensor::Tensor* out) {
  static constexpr const char* kNames[] = {"other", "rtol", "atol", "equal_nan"};
  Value a[4];
  if (!ParseArgs(vm, args, fname, kNames, 1, a)) return false;
  tensor::Tensor other;
  double rtol = 1e-5, atol = 1e-8;
  if (!ToTensorArg(vm, a[0], fname, "other", &other) ||
      (!a[1].is_null() && !ToFloat(vm, a[1], &rtol)) ||
      (!a[2].is_null() && !ToFloat(vm, a[2], &atol))) {
    return false;
  }
  int equal_nan = a[3].is_null() ? 0 : vm.Truthy(a[3]);
  if (equal_nan < 0) return false;
  tensor::Tensor t = T(self)->t;
  if (t.dtype() != other.dtype()) {
    RaiseRuntimeError(vm, absl::StrFormat("%s did not match %s", tensor::ScalarTypeName(t.dtype()),
                                          tensor::ScalarTypeName(other.dtype())));
    return false;
  }
  for (auto [v, what] : {std::pair{rtol, "rtol"}, std::pair{atol, "atol"}}) {
    if (v < 0) {
      RaiseRuntimeError(
          vm, absl::StrFormat("%s must be greater than or equal to zero, but got %g", what, v));
      return false;
    }
  }
  if (!RunOp(vm, "eq", {t, other}, out)) return false;
  if (t.dtype() == DType::kBool) return true;
  tensor::Tensor nan_a, nan_b, diff, tol, ok, fin;
  if (equal_nan && tensor::IsFloatingPoint(t.dtype()) &&
      (!RunOp(vm, "isnan", {t}, &nan_a) || !RunOp(vm, "isnan", {other}, &nan_b) ||
       !RunOp(vm, "logical_and", {nan_a, nan_b}, &nan_a) ||
       !RunOp(vm, "logical_or", {*out, nan_a}, out))) {
    return false;
  }
  if (!tensor::IsFloatingPoint(t.dtype()) && (!ToDTypeTensor(vm, t, DType::kFloat32, &t) ||
                                              !ToDTypeTensor(vm, other, DType::kFloat32, &other))) {
    return false;
  }
  return RunOp(vm, "mul", {other, Constant(tensor::Scalar(rtol))}, &tol) &&
         RunOp(vm, "abs", {tol}, &tol) &&
         RunOp(vm, "add", {tol, Constant(tensor::Scalar(atol))}, &tol) &&
         RunOp(vm, "sub", {t, other}, &diff) && RunOp(vm, "abs", {diff}, &diff) &&
         RunOp(vm, "le", {diff, tol}, &ok) && RunOp(vm, "isfinite", {diff}, &fin) &&
         RunOp(vm, "logical_and", {ok, fin}, &ok) && RunOp(vm, "logical_or", {*out, ok}, out);
}
Value MIsClose(VM& vm, const Value& self, const ArgsView& args) {
  tensor::Tensor r;
  if (!IsClose(vm, self, args, "isclose", &r)) return {};
  return WrapTensor(std::move(r));
}
Value MAllClose(VM& vm, const Value& self, const ArgsView& args) {
  tensor::Tensor r;
  if (!IsClose(vm, self, args, "allclose", &r) || !RunOp(vm, "all", {r}, &r) ||
      !CheckHasData(vm, r)) {
    return {};
  }
  return Value::Bool(r.Item().to_bool());
}

constexpr MethodDef kPointwise[] = {
    {"equal", MEqual},
    {"isclose", MIsClose},
    {"allclose", MAllClose},
#define TC_BOTH(NAME) {#NAME, M_##NAME}, {#NAME "_", M_##NAME##_},
    TC_BOTH(abs) TC_BOTH(neg) TC_BOTH(exp) TC_BOTH(log) TC_BOTH(log1p) TC_BOTH(expm1) TC_BOTH(sqrt)
        TC_BOTH(rsqrt) TC_BOTH(sin) TC_BOTH(cos) TC_BOTH(tan) TC_BOTH(tanh) TC_BOTH(sigmoid)
            TC_BOTH(relu) TC_BOTH(erf) TC_BOTH(floor) TC_BOTH(ceil) TC_BOTH(round) TC_BOTH(sign)
                TC_BOTH(logical_not) TC_BOTH(bitwise_not) TC_BOTH(add) TC_BOTH(sub) TC_BOTH(mul)
                    TC_BOTH(div) TC_BOTH(floor_divide) TC_BOTH(remainder) TC_BOTH(pow)
                        TC_BOTH(clamp) TC_BOTH(eq) TC_BOTH(ne) TC_BOTH(lt) TC_BOTH(le) TC_BOTH(gt)
                            TC_BOTH(ge) TC_BOTH(logical_and) TC_BOTH(logical_or)
                                TC_BOTH(logical_xor) TC_BOTH(bitwise_and) TC_BOTH(bitwise_or)
                                    TC_BOTH(bitwise_xor) TC_BOTH(masked_fill) TC_BOTH(scatter)
#undef TC_BOTH
                                        {"clip", M_clamp},
    {"clip_", M_clamp_},
    {"subtract", M_sub},
    {"multiply", M_mul},
    {"divide", M_div},
    {"true_divide", M_div},
    {"negative", M_neg},
    {"absolute", M_abs},
    {"greater", M_gt},
    {"less", M_lt},
    {"gelu", M_gelu},
    {"silu", M_silu},
    {"maximum", M_maximum},
    {"minimum", M_minimum},
    {"index_select", M_index_select},
    {"gather", M_gather},
    {"matmul", M_matmul},
    {"mm", M_mm},
    {"bmm", M_bmm},
    {"addmm", M_addmm},
    {"softmax", M_softmax},
    {"log_softmax", M_log_softmax},
};

}  // namespace

std::span<const MethodDef> TensorPointwiseMethods() { return kPointwise; }

}  // namespace tc::script_torch
