// torch.Tensor's further shape and index-write methods: flip roll rot90
// tril triu diag diagonal trace tile movedim unflatten unfold repeat_interleave,
// and index_add index_copy index_fill index_put scatter_add scatter_reduce
// masked_scatter take_along_dim with their in-place forms. Most bind to
// their op's schema (OpMethod); the varargs forms (flip(0, 1), tile(2, 2)),
// repeat_interleave with a tensor of counts and index_put with bool masks
// read index data here, as PyTorch's eager mode does.
#include "absl/strings/str_format.h"

#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

using tensor::Tensor;

Constant I(int64_t v) { return Constant(Scalar(v)); }

#define TC_SCHEMA_METHOD(NAME, OP)                                         \
  Value M_##NAME(VM& vm, const Value& self, const ArgsView& args) {        \
    static const graph_ir::OpDef* op = graph_ir::FindOp(OP);               \
    if (op == nullptr) return RaiseUnsupported(vm, "torch.Tensor." #NAME); \
    return OpMethod(vm, *op, self, args);                                  \
  }
#define TC_INPLACE(NAME)                                                        \
  Value M_##NAME##_(VM& vm, const Value& self, const ArgsView& args) {          \
    Value r = M_##NAME(vm, self, args);                                         \
    if (r.is_null()) return r;                                                  \
    if (!WriteInPlace(vm, Cast<TensorObject>(self)->t, TensorOf(r))) return {}; \
    return self;                                                                \
  }

TC_SCHEMA_METHOD(roll, "roll")
TC_SCHEMA_METHOD(rot90, "rot90")
TC_SCHEMA_METHOD(tril, "tril")
TC_INPLACE(tril)
TC_SCHEMA_METHOD(triu, "triu")
TC_INPLACE(triu)
TC_SCHEMA_METHOD(diag, "diag")
TC_SCHEMA_METHOD(diagonal, "diagonal")
TC_SCHEMA_METHOD(trace, "trace")
TC_SCHEMA_METHOD(movedim, "movedim")
TC_SCHEMA_METHOD(unflatten, "unflatten")
TC_SCHEMA_METHOD(unfold, "unfold")
TC_SCHEMA_METHOD(take_along_dim, "take_along_dim")
TC_SCHEMA_METHOD(index_add, "index_add")
TC_INPLACE(index_add)
TC_SCHEMA_METHOD(index_copy, "index_copy")
TC_INPLACE(index_copy)
TC_SCHEMA_METHOD(index_fill, "index_fill")
TC_INPLACE(index_fill)
TC_SCHEMA_METHOD(scatter_add, "scatter_add")
TC_INPLACE(scatter_add)
TC_SCHEMA_METHOD(scatter_reduce, "scatter_reduce")
TC_INPLACE(scatter_reduce)
TC_SCHEMA_METHOD(masked_scatter, "masked_scatter")
TC_INPLACE(masked_scatter)
#undef TC_SCHEMA_METHOD

// flip(*dims) / tile(*dims): dims as varargs, a sequence, or dims=.
Value VarDimsOp(VM& vm, const Value& self, const ArgsView& args, const char* op) {
  Shape dims;
  if (!SizesFromArgs(vm, args, 0, KwArg(args, "dims"), op, &dims)) return {};
  return CallOp(vm, op, {TensorOf(self), Constant(std::move(dims))});
}
Value MFlip(VM& vm, const Value& s, const ArgsView& a) { return VarDimsOp(vm, s, a, "flip"); }
Value MTile(VM& vm, const Value& s, const ArgsView& a) {
  if (a.nargs == 0 && KwArg(a, "dims").is_null()) {
    return RaiseTypeError(vm, "tile() missing 1 required positional arguments: \"dims\"");
  }
  return VarDimsOp(vm, s, a, "tile");
}
Value MFliplr(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "fliplr", 0, 0)) return {};
  if (TensorOf(self).dim() < 2) return RaiseRuntimeError(vm, "Input must be >= 2-d.");
  return CallOp(vm, "flip", {TensorOf(self), Constant(Shape{1})});
}
Value MFlipud(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "flipud", 0, 0)) return {};
  if (TensorOf(self).dim() < 1) return RaiseRuntimeError(vm, "Input must be >= 1-d.");
  return CallOp(vm, "flip", {TensorOf(self), Constant(Shape{0})});
}

// The counts of a tensor `repeats` as int64 values (data is read: eager).
bool RepeatCounts(VM& vm, const Tensor& repeats, std::vector<int64_t>* out) {
  if (repeats.dim() > 1) {
    RaiseRuntimeError(vm, "repeats must be 0-dim or 1-dim tensor");
    return false;
  }
  if (!tensor::IsIntegral(repeats.dtype(), false)) {
    RaiseNotImplementedError(vm, absl::StrFormat("\"repeat_interleave_cpu\" not implemented for "
                                                 "'%s'",
                                                 tensor::ScalarTypeName(repeats.dtype())));
    return false;
  }
  if (!CheckHasData(vm, repeats)) return false;
  Tensor r = repeats.to(DType::kInt64).contiguous();
  for (int64_t i = 0; i < r.numel(); ++i) {
    int64_t c = r.data<int64_t>()[i];
    if (c < 0) {
      RaiseRuntimeError(vm, "repeats can not be negative");
      return false;
    }
    out->push_back(c);
  }
  return true;
}

// torch.repeat_interleave(repeats): [0]*r0 + [1]*r1 + ..., int64.
Value RepeatIndices(VM& vm, const Tensor& repeats, const Value& output_size) {
  if (repeats.dim() != 1) {
    return RaiseRuntimeError(vm, "repeat_interleave only accept 1D vector as repeat");
  }
  std::vector<int64_t> counts;
  if (!RepeatCounts(vm, repeats, &counts)) return {};
  int64_t total = 0;
  for (int64_t c : counts) total += c;
  if (!output_size.is_null() && !output_size.is_none()) {
    int64_t want;
    if (!ToInt(vm, output_size, &want)) return {};
    if (want != total) return RaiseRuntimeError(vm, "allocated size does not match required size");
  }
  Tensor idx = Tensor::Empty(Shape{total}, DType::kInt64);
  int64_t* p = idx.data<int64_t>();
  for (size_t i = 0; i < counts.size(); ++i) {
    for (int64_t k = 0; k < counts[i]; ++k) *p++ = static_cast<int64_t>(i);
  }
  return WrapTensor(std::move(idx));
}

Value MRepeatInterleave(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"repeats", "dim", "output_size"};
  Value a[3];
  if (!ParseArgs(vm, args, "repeat_interleave", kNames, 0, a)) return {};
  const Tensor& t = TensorOf(self);
  if (a[0].is_null()) return RepeatIndices(vm, t, a[2]);  // torch.repeat_interleave(repeats)
  auto opt_int = [&](const Value& v) -> kernels::KernelArg {
    return v.is_null() || v.is_none() ? Constant(None{}) : Constant(Scalar(v.as_int()));
  };
  for (int i = 1; i < 3; ++i) {
    if (!a[i].is_null() && !a[i].is_none() && !a[i].is_int()) {
      RaiseArgTypeError(vm, "repeat_interleave", kNames[i], "int", a[i]);
      return {};
    }
  }
  // One count (an int, or a tensor of one integer) repeats every slice.
  bool one = !IsTensor(a[0]);
  if (IsTensor(a[0])) {
    const Tensor& r = TensorOf(a[0]);
    if (r.dim() > 1) return RaiseRuntimeError(vm, "repeats must be 0-dim or 1-dim tensor");
    one = r.numel() == 1 && tensor::IsIntegral(r.dtype(), false);
  }
  if (one) {
    int64_t reps;
    if (IsTensor(a[0])) {
      if (!CheckHasData(vm, TensorOf(a[0]))) return {};
      reps = TensorOf(a[0]).item_int();
    } else if (!ToInt(vm, a[0], &reps)) {
      return {};
    }
    return CallOp(vm, "repeat_interleave", {t, I(reps), opt_int(a[1]), opt_int(a[2])});
  }
  // A tensor of counts, one per slice along dim (None: of the flattened
  // tensor): index_select with the repeated positions.
  Tensor x = t;
  int64_t dim = 0;
  if (a[1].is_null() || a[1].is_none()) {
    if (!RunOp(vm, "reshape", {t, Constant(Shape{-1})}, &x)) return {};
  } else if (!WrapDimArg(vm, t, a[1], &dim)) {
    return {};
  }
  const Tensor& reps = TensorOf(a[0]);
  if (!tensor::IsIntegral(reps.dtype(), false)) {
    return RaiseNotImplementedError(
        vm, absl::StrFormat("\"repeat_interleave_cpu\" not implemented for '%s'",
                            tensor::ScalarTypeName(reps.dtype())));
  }
  if (reps.dim() == 1 && reps.size(0) != x.size(dim)) {
    return RaiseRuntimeError(
        vm, absl::StrFormat("repeats must have the same size as input along dim, but got "
                            "repeats.size(0) = %d and input.size(%d) = %d",
                            reps.size(0), dim, x.size(dim)));
  }
  Value idx = RepeatIndices(vm, reps, a[2]);
  if (idx.is_null()) return {};
  return CallOp(vm, "index_select", {x, I(dim), TensorOf(idx)});
}

// index_put(indices, values, accumulate=False): bool masks in `indices`
// become their true positions (one index tensor per mask dim).
bool IndexPutArgs(VM& vm, const ArgsView& args, std::vector<Tensor>* indices, Tensor* values,
                  bool* accumulate) {
  static constexpr const char* kNames[] = {"indices", "values", "accumulate"};
  Value a[3];
  if (!ParseArgs(vm, args, "index_put", kNames, 2, a)) return false;
  std::vector<Value> items;
  if (!vm.Extend(&items, a[0])) return false;
  for (const Value& v : items) {
    if (!IsTensor(v)) {
      RaiseTypeError(vm, absl::StrFormat("expected Tensor as element %d in argument 0, but got %s",
                                         indices->size(), TypeName(v)));
      return false;
    }
    const Tensor& i = TensorOf(v);
    if (i.dtype() != DType::kBool && i.dtype() != DType::kUInt8) {
      indices->push_back(i);
      continue;
    }
    if (!CheckHasData(vm, i)) return false;
    Tensor m = i.to(DType::kBool).contiguous();
    std::vector<int64_t> hits;
    for (int64_t k = 0; k < m.numel(); ++k) {
      if (m.data<bool>()[k]) hits.push_back(k);
    }
    Shape strides = tensor::ContiguousStrides(m.sizes());
    for (int64_t d = 0; d < m.dim(); ++d) {
      Tensor t = Tensor::Empty(Shape{static_cast<int64_t>(hits.size())}, DType::kInt64);
      for (size_t h = 0; h < hits.size(); ++h) {
        t.data<int64_t>()[h] = hits[h] / strides[d] % m.size(d);
      }
      indices->push_back(std::move(t));
    }
  }
  if (!ToTensorArg(vm, a[1], "index_put", "values", values)) return false;
  *accumulate = false;
  if (!a[2].is_null()) {
    int b = vm.Truthy(a[2]);
    if (b < 0) return false;
    *accumulate = b != 0;
  }
  return true;
}
Value M_IndexPut(VM& vm, const Value& self, const ArgsView& args) {
  std::vector<Tensor> indices;
  Tensor values;
  bool acc;
  const Tensor& t = TensorOf(self);
  if (!IndexPutArgs(vm, args, &indices, &values, &acc)) return {};
  return CallOp(vm, "index_put", {t, std::move(indices), values, Constant(Scalar(acc))});
}
TC_INPLACE(IndexPut)
#undef TC_INPLACE

constexpr MethodDef kShapeExtra[] = {
    {"flip", MFlip},
    {"fliplr", MFliplr},
    {"flipud", MFlipud},
    {"tile", MTile},
    {"roll", M_roll},
    {"rot90", M_rot90},
    {"tril", M_tril},
    {"tril_", M_tril_},
    {"triu", M_triu},
    {"triu_", M_triu_},
    {"diag", M_diag},
    {"diagonal", M_diagonal},
    {"trace", M_trace},
    {"movedim", M_movedim},
    {"moveaxis", M_movedim},
    {"unflatten", M_unflatten},
    {"unfold", M_unfold},
    {"repeat_interleave", MRepeatInterleave},
    {"take_along_dim", M_take_along_dim},
    {"index_add", M_index_add},
    {"index_add_", M_index_add_},
    {"index_copy", M_index_copy},
    {"index_copy_", M_index_copy_},
    {"index_fill", M_index_fill},
    {"index_fill_", M_index_fill_},
    {"index_put", M_IndexPut},
    {"index_put_", M_IndexPut_},
    {"scatter_add", M_scatter_add},
    {"scatter_add_", M_scatter_add_},
    {"scatter_reduce", M_scatter_reduce},
    {"scatter_reduce_", M_scatter_reduce_},
    {"masked_scatter", M_masked_scatter},
    {"masked_scatter_", M_masked_scatter_},
};

}  // namespace

std::span<const MethodDef> TensorShapeExtraMethods() { return kShapeExtra; }

}  // namespace tc::script_torch
