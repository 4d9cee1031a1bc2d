// torch's ops whose output sizes depend on tensor data: nonzero (as_tuple),
// argwhere, masked_select, unique (sorted, return_inverse, return_counts,
// dim) and unique_consecutive. They are no graph-ir ops (a graph's shapes
// are static): they run here on the concrete values, and on a meta tensor
// (while tracing) raise the data access that frame-capture turns into
// Dynamo's "Dynamic shape operator" break, naming the aten op Dynamo names.
//
// unique follows PyTorch's CPU kernels: sorted=False sorts too; values
// compare with == (NaNs are each their own value, after every number;
// -0.0 equals 0.0 and the first in input order is kept); with dim, slices
// compare lexicographically.
#include <algorithm>
#include <cstring>
#include <numeric>

#include "absl/strings/str_format.h"

#include "tc/tensor/dispatch.h"

#include "torch_tensor.h"

namespace tc::script_torch {
namespace {

using tensor::Tensor;

// Raises the data access frame-capture reports as a dynamic shape operator.
bool CheckConcrete(VM& vm, const char* aten_op, std::initializer_list<const Tensor*> ts) {
  for (const Tensor* t : ts) {
    if (t->is_meta()) {
      RaiseMetaDataAccess(
          vm,
          absl::StrFormat("Operator `%s`'s output shape depends on input Tensor data.", aten_op));
      return false;
    }
  }
  return true;
}

// The element type values compare in (half types as float).
template <typename T>
using Cmp =
    std::conditional_t<std::is_same_v<T, tensor::Half> || std::is_same_v<T, tensor::BFloat16>,
                       float, T>;

// Row-major flat indices of the elements that are not zero (NaN is not).
std::vector<int64_t> NonzeroFlat(const Tensor& t) {
  Tensor c = t.contiguous();
  std::vector<int64_t> hits;
  tensor::VisitDType(c.dtype(), [&]<typename T>(tensor::TypeTag<T>) {
    const T* p = c.data<T>();
    for (int64_t i = 0, n = c.numel(); i < n; ++i) {
      if (static_cast<Cmp<T>>(p[i]) != Cmp<T>(0)) hits.push_back(i);
    }
  });
  return hits;
}

// Coordinate `d` of each hit in a tensor of `sizes`.
Tensor Coordinates(const std::vector<int64_t>& hits, const Shape& sizes, int64_t d) {
  int64_t stride = 1;
  for (size_t k = d + 1; k < sizes.size(); ++k) stride *= sizes[k];
  Tensor t = Tensor::Empty(Shape{static_cast<int64_t>(hits.size())}, DType::kInt64);
  int64_t* q = t.data<int64_t>();
  for (size_t h = 0; h < hits.size(); ++h) q[h] = hits[h] / stride % sizes[d];
  return t;
}

Value Nonzero(VM& vm, const Tensor& t, bool as_tuple) {
  if (!CheckConcrete(vm, "aten.nonzero.default", {&t})) return {};
  std::vector<int64_t> hits = NonzeroFlat(t);
  int64_t n = static_cast<int64_t>(hits.size());
  if (as_tuple) {
    // A 0-dim tensor counts as 1-D here, as in PyTorch.
    std::vector<Value> items;
    if (t.dim() == 0) {
      items.push_back(WrapTensor(Coordinates(hits, Shape{1}, 0)));
    }
    for (int64_t d = 0; d < t.dim(); ++d) {
      items.push_back(WrapTensor(Coordinates(hits, t.sizes(), d)));
    }
    return NewTuple(std::move(items));
  }
  Tensor out = Tensor::Empty(Shape{n, t.dim()}, DType::kInt64);
  int64_t* q = out.data<int64_t>();
  for (int64_t d = 0; d < t.dim(); ++d) {
    Tensor c = Coordinates(hits, t.sizes(), d);
    for (int64_t h = 0; h < n; ++h) q[h * t.dim() + d] = c.data<int64_t>()[h];
  }
  return WrapTensor(std::move(out));
}

Value NonzeroMethod(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"as_tuple"};
  Value a[1];
  bool as_tuple;
  if (!ParseArgs(vm, args, "nonzero", kNames, 0, a, 0) || !BoolParam(vm, a[0], false, &as_tuple)) {
    return {};
  }
  return Nonzero(vm, TensorOf(self), as_tuple);
}

Value ArgwhereMethod(VM& vm, const Value& self, const ArgsView& args) {
  if (!ParseArgs(vm, args, "argwhere", {}, 0, nullptr)) return {};
  return Nonzero(vm, TensorOf(self), false);
}

// `t` broadcast to `sizes` (a view: stride 0 along broadcast dims).
Tensor BroadcastView(const Tensor& t, const Shape& sizes) {
  Shape strides(sizes.size(), 0);
  int64_t lead = static_cast<int64_t>(sizes.size()) - t.dim();
  for (int64_t d = 0; d < t.dim(); ++d) {
    strides[lead + d] = t.size(d) == 1 ? 0 : t.stride(d);
  }
  return t.AsStrided(sizes, strides, t.storage_offset());
}

Value MaskedSelectMethod(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"mask"};
  Value a[1];
  if (!ParseArgs(vm, args, "masked_select", kNames, 1, a)) return {};
  if (!IsTensor(a[0])) {
    return RaiseTypeError(
        vm, absl::StrFormat("masked_select(): argument 'mask' (position 1) must be Tensor, not %s",
                            a[0].type()->name));
  }
  const Tensor& t = TensorOf(self);
  const Tensor& mask = TensorOf(a[0]);
  if (mask.dtype() != DType::kBool) {
    return RaiseRuntimeError(vm, "masked_select: expected BoolTensor for mask");
  }
  absl::StatusOr<Shape> shape = tensor::BroadcastShapes(mask.sizes(), t.sizes());
  if (!shape.ok()) return RaiseStatus(vm, shape.status());
  if (!CheckConcrete(vm, "aten.masked_select.default", {&t, &mask})) return {};
  std::vector<int64_t> hits = NonzeroFlat(BroadcastView(mask, *shape));
  Tensor src = BroadcastView(t, *shape).contiguous();
  Tensor out = Tensor::Empty(Shape{static_cast<int64_t>(hits.size())}, t.dtype());
  size_t item = t.itemsize();
  const char* p = static_cast<const char*>(src.raw_data());
  char* q = static_cast<char*>(out.raw_data());
  for (size_t h = 0; h < hits.size(); ++h) std::memcpy(q + h * item, p + hits[h] * item, item);
  return WrapTensor(std::move(out));
}

// --- unique / unique_consecutive ----------------------------------------------

// The input seen as [rows, row_len] (rows along `dim`, or single elements
// when dim is none), contiguous.
struct Rows {
  Tensor data;  // contiguous, `dim` moved to the front
  int64_t rows = 0;
  int64_t len = 1;
};

Rows AsRows(const Tensor& t, int64_t dim) {
  Rows r;
  if (dim < 0) {
    r.data = t.contiguous();
    r.rows = t.numel();
    return r;
  }
  Shape sizes = t.sizes(), strides = t.strides();
  std::rotate(sizes.begin(), sizes.begin() + dim, sizes.begin() + dim + 1);
  std::rotate(strides.begin(), strides.begin() + dim, strides.begin() + dim + 1);
  r.data = t.AsStrided(sizes, strides, t.storage_offset()).contiguous();
  r.rows = t.size(dim);
  r.len = r.rows == 0 ? 0 : t.numel() / r.rows;
  return r;
}

// Compares rows a and b: <0, 0 (equal by ==), >0; `nan_last` orders a NaN
// after numbers and keeps every NaN apart (unequal to itself).
template <typename T>
int CompareRows(const T* p, int64_t len, int64_t a, int64_t b) {
  for (int64_t k = 0; k < len; ++k) {
    auto x = static_cast<Cmp<T>>(p[a * len + k]);
    auto y = static_cast<Cmp<T>>(p[b * len + k]);
    if (x == y) continue;
    if constexpr (std::is_floating_point_v<Cmp<T>>) {
      bool xn = x != x, yn = y != y;
      if (xn || yn) return xn && yn ? 2 : (xn ? 1 : -1);  // 2: unequal, unordered
    }
    return x < y ? -1 : 1;
  }
  return 0;
}

struct Groups {
  std::vector<int64_t> first;    // the row kept for each group
  std::vector<int64_t> inverse;  // group of each row
  std::vector<int64_t> counts;
};

// Groups rows in `order` (equal rows next to each other).
template <typename T>
Groups GroupRows(const T* p, int64_t len, const std::vector<int64_t>& order) {
  Groups g;
  g.inverse.resize(order.size());
  for (size_t i = 0; i < order.size(); ++i) {
    if (i == 0 || CompareRows(p, len, order[i - 1], order[i]) != 0) {
      g.first.push_back(order[i]);
      g.counts.push_back(0);
    }
    g.inverse[order[i]] = static_cast<int64_t>(g.first.size()) - 1;
    ++g.counts.back();
  }
  return g;
}

Groups FindGroups(const Rows& r, bool sort) {
  std::vector<int64_t> order(r.rows);
  std::iota(order.begin(), order.end(), 0);
  return tensor::VisitDType(r.data.dtype(), [&]<typename T>(tensor::TypeTag<T>) {
    const T* p = r.data.data<T>();
    if (sort) {
      std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
        int c = CompareRows(p, r.len, a, b);
        return c == -1;
      });
      // NaNs compare unordered with each other: keep them in input order
      // after the numbers (stable_sort already does, as they never move
      // before a number).
    }
    return GroupRows(p, r.len, order);
  });
}

Tensor Int64Tensor(const std::vector<int64_t>& v, Shape sizes) {
  Tensor t = Tensor::Empty(sizes, DType::kInt64);
  std::copy(v.begin(), v.end(), t.data<int64_t>());
  return t;
}

// The result tuple/tensor as torch.unique gives it.
Value UniqueResult(const Tensor& t, int64_t dim, const Rows& r, const Groups& g, bool inverse,
                   bool counts) {
  int64_t k = static_cast<int64_t>(g.first.size());
  Shape out_sizes;
  if (dim < 0) {
    out_sizes = {k};
  } else {
    out_sizes = r.data.sizes();
    out_sizes[0] = k;
  }
  Tensor out = Tensor::Empty(out_sizes, t.dtype());
  size_t row_bytes = static_cast<size_t>(r.len) * t.itemsize();
  const char* p = static_cast<const char*>(r.data.raw_data());
  char* q = static_cast<char*>(out.raw_data());
  for (int64_t i = 0; i < k; ++i)
    std::memcpy(q + i * row_bytes, p + g.first[i] * row_bytes, row_bytes);
  if (dim > 0) {  // move the unique dim back into place
    Shape s = out.sizes(), st = out.strides();
    std::rotate(s.begin(), s.begin() + 1, s.begin() + dim + 1);
    std::rotate(st.begin(), st.begin() + 1, st.begin() + dim + 1);
    out = out.AsStrided(s, st, 0).contiguous();
  }
  Value v = WrapTensor(std::move(out));
  if (!inverse && !counts) return v;
  std::vector<Value> items = {v};
  if (inverse) {
    items.push_back(WrapTensor(Int64Tensor(g.inverse, dim < 0 ? t.sizes() : Shape{r.rows})));
  }
  if (counts) items.push_back(WrapTensor(Int64Tensor(g.counts, Shape{k})));
  return NewTuple(std::move(items));
}

// Checks `dim` for unique(dim=...); -1 in *wrapped when dim is None.
bool UniqueDim(VM& vm, const Tensor& t, const Value& v, int64_t* wrapped) {
  *wrapped = -1;
  if (v.is_null() || v.is_none()) return true;
  int64_t dim;
  if (!ToInt(vm, v, &dim)) return false;
  if (t.dim() == 0) {
    RaiseIndexError(vm,
                    absl::StrFormat("Dimension specified as %d but tensor has no dimensions", dim));
    return false;
  }
  absl::StatusOr<int64_t> w = tensor::WrapDim(dim, t.dim());
  if (!w.ok()) {
    RaiseStatus(vm, w.status());
    return false;
  }
  *wrapped = *w;
  return true;
}

// unique(sorted=True, return_inverse=False, return_counts=False, dim=None)
// and unique_consecutive(return_inverse=False, return_counts=False,
// dim=None).
template <bool kConsecutive>
Value UniqueMethod(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kUnique[] = {"sorted", "return_inverse", "return_counts", "dim"};
  static constexpr const char* kConsec[] = {"return_inverse", "return_counts", "dim"};
  const char* name = kConsecutive ? "unique_consecutive" : "unique";
  Value a[4];
  Value* rest = kConsecutive ? a + 1 : a;
  bool sorted = true, inverse, counts;
  if (kConsecutive ? !ParseArgs(vm, args, name, kConsec, 0, rest)
                   : !ParseArgs(vm, args, name, kUnique, 0, a)) {
    return {};
  }
  if ((!kConsecutive && !BoolParam(vm, a[0], true, &sorted)) ||
      !BoolParam(vm, a[1], false, &inverse) || !BoolParam(vm, a[2], false, &counts)) {
    return {};
  }
  (void)sorted;  // PyTorch's CPU kernels sort either way
  const Tensor& t = TensorOf(self);
  int64_t dim;
  if (!UniqueDim(vm, t, a[3], &dim)) return {};
  const char* aten = kConsecutive ? "aten.unique_consecutive.default"
                     : dim >= 0   ? "aten.unique_dim.default"
                                  : "aten._unique2.default";
  if (!CheckConcrete(vm, aten, {&t})) return {};
  if (dim >= 0 && t.numel() == 0) {
    int64_t zero_dims = 0;
    for (int64_t s : t.sizes()) zero_dims += s == 0;
    if (t.size(dim) != 0) {
      return RaiseRuntimeError(
          vm,
          "There are 0 sized dimensions, and they aren't selected, so unique cannot be applied");
    }
    if (zero_dims > 1) {
      return RaiseRuntimeError(
          vm, "Number of zero sized dimensions is more than one, so unique cannot be applied ");
    }
  }
  Rows rows = AsRows(t, dim);
  Groups g = FindGroups(rows, !kConsecutive);
  return UniqueResult(t, dim, rows, g, inverse, counts);
}

constexpr MethodDef kMethods[] = {
    {"argwhere", ArgwhereMethod},
    {"masked_select", MaskedSelectMethod},
    {"nonzero", NonzeroMethod},
    {"unique", UniqueMethod<false>},
    {"unique_consecutive", UniqueMethod<true>},
};
constexpr const char* kFunctions[] = {"argwhere", "masked_select", "nonzero", "unique",
                                      "unique_consecutive"};

}  // namespace

std::span<const MethodDef> TensorDataDependentMethods() { return kMethods; }
std::span<const char* const> DataDependentFunctions() { return kFunctions; }

}  // namespace tc::script_torch
