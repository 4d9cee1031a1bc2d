// Data in and out of tensors: torch.tensor's nested-list parsing with
// PyTorch's dtype inference, and tolist() / item() back to script values.
#include <cstring>

#include "absl/strings/str_format.h"

#include "tc/script/bigint.h"

#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

// What a nested list holds, as torch.tensor infers a dtype: bool < int <
// float; a tensor element contributes its own dtype.
struct DataScan {
  tensor::Shape sizes;
  std::vector<tensor::Scalar> values;
  bool any_float = false, any_int = false, any_bool = false;
  bool has_tensor_dtype = false;
  DType tensor_dtype = DType::kBool;
};

const std::vector<Value>* SeqItems(const Value& v) {
  if (!v.is_object()) return nullptr;
  if (IsInstance(v, Types().list)) return &Cast<ListObject>(v)->items;
  if (IsInstance(v, Types().tuple)) return &Cast<TupleObject>(v)->items;
  return nullptr;
}

bool Scan(VM& vm, const Value& v, size_t depth, DataScan* s) {
  if (const std::vector<Value>* items = SeqItems(v)) {
    int64_t n = static_cast<int64_t>(items->size());
    if (depth == s->sizes.size()) {
      if (depth > 0 && !s->values.empty()) {
        // A sequence where an earlier sibling held a scalar.
        RaiseTypeError(vm, absl::StrFormat("not a sequence"));
        return false;
      }
      s->sizes.push_back(n);
    } else if (depth > s->sizes.size() || s->sizes[depth] != n) {
      RaiseValueError(vm, absl::StrFormat("expected sequence of length %d at dim %d (got %d)",
                                          depth < s->sizes.size() ? s->sizes[depth] : 0, depth, n));
      return false;
    }
    for (const Value& item : *items) {
      if (!Scan(vm, item, depth + 1, s)) return false;
    }
    return true;
  }
  if (depth != s->sizes.size()) {
    RaiseValueError(vm, absl::StrFormat("expected sequence of length %d at dim %d (got 0)",
                                        s->sizes[depth], depth));
    return false;
  }
  if (IsTensor(v)) {
    const tensor::Tensor& t = TensorOf(v);
    if (t.numel() != 1) {
      RaiseValueError(vm, "only one element tensors can be converted to Python scalars");
      return false;
    }
    if (!CheckHasData(vm, t)) return false;
    tensor::Scalar sc = t.Item();
    s->values.push_back(sc);
    s->tensor_dtype =
        s->has_tensor_dtype ? tensor::PromoteTypes(s->tensor_dtype, t.dtype()) : t.dtype();
    s->has_tensor_dtype = true;
    return true;
  }
  if (v.is_bool()) {
    s->any_bool = true;
  } else if (v.is_int()) {
    s->any_int = true;
  } else if (v.is_float()) {
    s->any_float = true;
  } else if (script::IsBigInt(v)) {
    // PyTorch reads every Python int as a long long first (even for a
    // float dtype, which tc does not special-case).
    RaiseValueError(vm, "Overflow when unpacking long long");
    return false;
  } else {
    RaiseTypeError(vm, absl::StrFormat("new(): invalid data type '%s'", TypeName(v)));
    return false;
  }
  s->values.push_back(NumberToScalar(v));
  return true;
}

}  // namespace

bool TensorFromData(VM& vm, const Value& data, const Value& dtype_value, tensor::Tensor* out) {
  DataScan s;
  if (IsTensor(data)) {
    // A copy, through ops (a tracer sees it; a meta tensor stays meta).
    if (!CloneTensor(vm, TensorOf(data), out)) return false;
    if (!dtype_value.is_null() && !dtype_value.is_none()) {
      DType d;
      if (!ToDType(vm, dtype_value, &d) || !ToDTypeTensor(vm, *out, d, out)) return false;
    }
    return true;
  }
  if (!Scan(vm, data, 0, &s)) return false;
  DType inferred;
  if (s.any_float) {
    inferred = DType::kFloat32;
  } else if (s.any_int) {
    inferred = DType::kInt64;
  } else if (s.any_bool) {
    inferred = DType::kBool;
  } else {
    inferred = s.values.empty() ? DType::kFloat32 : DType::kBool;
  }
  if (s.has_tensor_dtype) {
    // Python numbers and 0-dim tensors mix: the tensors' dtype unless a
    // number of a higher category is present.
    DType t = s.tensor_dtype;
    if (s.any_float && !tensor::IsFloatingPoint(t))
      t = DType::kFloat32;
    else if (s.any_int && t == DType::kBool)
      t = DType::kInt64;
    inferred = t;
  }
  DType dtype = inferred;
  if (!dtype_value.is_null() && !dtype_value.is_none()) {
    if (!ToDType(vm, dtype_value, &dtype)) return false;
  }
  int64_t n = static_cast<int64_t>(s.values.size());
  bool as_float = s.any_float || (s.has_tensor_dtype && tensor::IsFloatingPoint(s.tensor_dtype));
  tensor::Tensor staging;
  if (as_float) {
    staging = tensor::Tensor::Empty(s.sizes, DType::kFloat64);
    double* p = staging.data<double>();
    for (int64_t i = 0; i < n; ++i) p[i] = s.values[i].to_double();
  } else if (s.any_int || (s.has_tensor_dtype && s.tensor_dtype != DType::kBool)) {
    staging = tensor::Tensor::Empty(s.sizes, DType::kInt64);
    int64_t* p = staging.data<int64_t>();
    for (int64_t i = 0; i < n; ++i) p[i] = s.values[i].to_int();
  } else {
    staging = tensor::Tensor::Empty(s.sizes, DType::kBool);
    bool* p = staging.data<bool>();
    for (int64_t i = 0; i < n; ++i) p[i] = s.values[i].to_bool();
  }
  *out = staging.dtype() == dtype ? staging : staging.to(dtype);
  return true;
}

Value ScalarToValue(const tensor::Scalar& s) {
  if (s.is_bool()) return Value::Bool(s.to_bool());
  if (s.is_int()) return Value::Int(s.to_int());
  return Value::Float(s.to_double());
}

Value TensorItem(VM& vm, const tensor::Tensor& t) {
  if (t.numel() != 1) {
    return RaiseRuntimeError(vm, absl::StrFormat("a Tensor with %d elements cannot be converted "
                                                 "to Scalar",
                                                 t.numel()));
  }
  if (!CheckHasData(vm, t)) return {};
  return ScalarToValue(t.Item());
}

namespace {

Value ListLevel(const tensor::Tensor& flat, DType kind, tensor::IntSpan sizes, size_t depth,
                int64_t* pos) {
  if (depth == sizes.size()) {
    int64_t i = (*pos)++;
    if (kind == DType::kFloat64) return Value::Float(flat.data<double>()[i]);
    if (kind == DType::kInt64) return Value::Int(flat.data<int64_t>()[i]);
    return Value::Bool(flat.data<bool>()[i]);
  }
  std::vector<Value> items;
  items.reserve(static_cast<size_t>(sizes[depth]));
  for (int64_t k = 0; k < sizes[depth]; ++k)
    items.push_back(ListLevel(flat, kind, sizes, depth + 1, pos));
  return NewList(std::move(items));
}

}  // namespace

Value TensorToList(VM& vm, const tensor::Tensor& t) {
  if (!CheckHasData(vm, t, kMetaCopyOutMessage)) return {};
  DType kind = tensor::IsFloatingPoint(t.dtype())
                   ? DType::kFloat64
                   : (t.dtype() == DType::kBool ? DType::kBool : DType::kInt64);
  tensor::Tensor flat = t.to(kind).contiguous();
  int64_t pos = 0;
  return ListLevel(flat, kind, t.sizes(), 0, &pos);
}

}  // namespace tc::script_torch
