// torch.nn.functional.embedding and embedding_bag with PyTorch's
// signatures and checks. max_norm renormalizes the looked-up rows of the
// weight in place first, as torch.embedding_renorm_ does; embedding_bag
// reads its offsets (and indices, for padding_idx and range checks), as
// PyTorch's CPU kernel does, so it runs eagerly; its reduction is made of
// ops (index_select, index_add, scatter_reduce).
#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/grad_mode.h"
#include "tc/autodiff/record.h"

#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

using tensor::Tensor;

Constant CInt(int64_t v) { return Constant(Scalar(v)); }

// The flat int64 values of an index tensor (int64 or int32).
bool ReadIndices(VM& vm, const Tensor& t, std::vector<int64_t>* out) {
  if (!CheckHasData(vm, t)) return false;
  Tensor c = t.contiguous();
  out->resize(c.numel());
  for (int64_t i = 0; i < c.numel(); ++i) {
    (*out)[i] = c.dtype() == DType::kInt32 ? c.data<int32_t>()[i] : c.data<int64_t>()[i];
  }
  return true;
}

bool CheckIndexDType(VM& vm, const Tensor& t, const char* arg, const char* fname) {
  if (t.dtype() == DType::kInt64 || t.dtype() == DType::kInt32) return true;
  // ATen's legacy type name ("torch.FloatTensor", "CPUBoolType" for bool).
  const std::string type =
      t.dtype() == DType::kBool
          ? std::string("CPUBoolType")
          : absl::StrFormat("torch.%sTensor", tensor::ScalarTypeName(t.dtype()));
  RaiseRuntimeError(
      vm, absl::StrFormat("Expected tensor for argument #1 '%s' to have one of the following "
                          "scalar types: Long, Int; but got %s instead (while checking "
                          "arguments for %s)",
                          arg, type, fname));
  return false;
}

// The p-norm of a 1-D tensor (computed with ops, in its dtype).
bool RowNorm(VM& vm, const Tensor& row, double p, double* out) {
  Tensor r;
  const Constant all = Constant(None{}), keep = Constant(Scalar(false));
  if (!RunOp(vm, "abs", {row}, &r)) return false;
  if (std::isinf(p)) {
    if (!RunOp(vm, p > 0 ? "amax" : "amin", {r, Constant(Shape{}), keep}, &r)) return false;
  } else if (p == 0) {
    if (!RunOp(vm, "ne", {r, Constant(Scalar(0.0))}, &r) || !RunOp(vm, "sum", {r, all, keep}, &r)) {
      return false;
    }
  } else if (p == 1) {
    if (!RunOp(vm, "sum", {r, all, keep}, &r)) return false;
  } else if (p == 2) {
    if (!RunOp(vm, "mul", {r, r}, &r) || !RunOp(vm, "sum", {r, all, keep}, &r) ||
        !RunOp(vm, "sqrt", {r}, &r)) {
      return false;
    }
  } else if (!RunOp(vm, "pow", {r, Constant(Scalar(p))}, &r) ||
             !RunOp(vm, "sum", {r, all, keep}, &r) ||
             !RunOp(vm, "pow", {r, Constant(Scalar(1.0 / p))}, &r)) {
    return false;
  }
  if (!CheckHasData(vm, r)) return false;
  *out = r.item_double();
  return true;
}

}  // namespace

// torch.embedding_renorm_(weight, indices, max_norm, norm_type): each
// distinct looked-up row whose norm exceeds max_norm is scaled in place by
// max_norm / (norm + 1e-7).
bool EmbeddingRenorm(VM& vm, const Tensor& weight, const Tensor& indices, double max_norm,
                     double norm_type) {
  if (!CheckIndexDType(vm, indices, "indices", "embedding_renorm_")) return false;
  if (weight.dim() != 2) {
    RaiseRuntimeError(vm, "'weight' must be 2-D");
    return false;
  }
  std::vector<int64_t> idx;
  if (!ReadIndices(vm, indices, &idx) || !CheckHasData(vm, weight)) return false;
  const std::set<int64_t> rows(idx.begin(), idx.end());
  autodiff::GradModeGuard no_grad(false);  // PyTorch renormalizes under no_grad
  for (int64_t i : rows) {
    if (i < 0 || i >= weight.size(0)) {
      RaiseIndexError(vm, absl::StrFormat("select(): index %d out of range for tensor of size "
                                          "[%d, %d] at dimension 0",
                                          i, weight.size(0), weight.size(1)));
      return false;
    }
    Tensor row = weight.AsStrided(Shape{weight.size(1)}, Shape{weight.stride(1)},
                                  weight.storage_offset() + i * weight.stride(0));
    double norm;
    if (!RowNorm(vm, row, norm_type, &norm)) return false;
    if (norm > max_norm) {
      Tensor scaled;
      if (!RunOp(vm, "mul", {row, Constant(Scalar(max_norm / (norm + 1e-7)))}, &scaled) ||
          !WriteInPlace(vm, row, scaled)) {
        return false;
      }
    }
  }
  return true;
}

namespace {

// padding_idx as F.embedding checks and wraps it (AssertionError out of
// range); -1 when None.
bool EmbeddingPaddingIdx(VM& vm, const Value& v, int64_t rows, int64_t* out) {
  *out = -1;
  if (v.is_null() || v.is_none()) return true;
  if (!ToInt(vm, v, out)) return false;
  if (*out >= rows || *out < -rows) {
    Raise(vm, Types().assertion_error, "Padding_idx must be within num_embeddings");
    return false;
  }
  if (*out < 0) *out += rows;
  return true;
}

// Applies max_norm (when given) to the rows `input` looks up.
bool MaybeRenorm(VM& vm, const Value& max_norm, const Value& norm_type, const Tensor& weight,
                 const Tensor& input) {
  if (max_norm.is_null() || max_norm.is_none()) return true;
  double m, p = 2;
  if (!ToFloat(vm, max_norm, &m)) return false;
  if (!norm_type.is_null() && !ToFloat(vm, norm_type, &p)) return false;
  return EmbeddingRenorm(vm, weight, input, m, p);
}

// The (input, weight) pair both functions take first.
bool InputAndWeight(VM& vm, const Value* a, const char* fname, Tensor* input, Tensor* weight) {
  return ToTensorArg(vm, a[0], fname, "input", input) &&
         ToTensorArg(vm, a[1], fname, "weight", weight);
}

Value FEmbedding(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {
      "input", "weight", "padding_idx", "max_norm", "norm_type", "scale_grad_by_freq", "sparse"};
  Value a[7];
  if (!ParseArgs(vm, args, "embedding", kNames, 2, a)) return {};
  Tensor idx, w;
  if (!InputAndWeight(vm, a, "embedding", &idx, &w)) return {};
  int64_t pad;
  if (!EmbeddingPaddingIdx(vm, a[2], w.dim() > 0 ? w.size(0) : 0, &pad)) return {};
  bool scale = false;
  if (!a[5].is_null() && (scale = vm.Truthy(a[5]) == 1, vm.HasException())) return {};
  if (!MaybeRenorm(vm, a[3], a[4], w, idx)) return {};
  const Constant pad_arg = pad < 0 ? Constant(None{}) : CInt(pad);
  // scale_grad_by_freq is passed only when set, so graphs print as before.
  if (scale) return CallOp(vm, "embedding", {w, idx, pad_arg, Constant(Scalar(true))});
  return CallOp(vm, "embedding", {w, idx, pad_arg});
}

// What embedding_bag's Python wrapper checks and how it flattens a 2-D
// input: the flat indices, their bag numbers (entries past the last bag
// get -1) and the bag count.
struct Bags {
  Tensor input;                  // 1-D
  std::vector<int64_t> indices;  // input's values (read once their dtype is checked)
  std::vector<int64_t> bag;      // bag of each entry, -1 for none
  int64_t count = 0;
};

bool MakeBags(VM& vm, const Tensor& input, const Value& offsets_v, bool include_last, Bags* out) {
  if (input.dim() == 2) {
    if (!offsets_v.is_null() && !offsets_v.is_none()) {
      RaiseValueError(
          vm, absl::StrFormat("if input is 2D, then offsets has to be None, as input is treated "
                              "is a mini-batch of fixed length sequences. However, found offsets "
                              "of type <class '%s'>",
                              IsTensor(offsets_v) ? "torch.Tensor" : TypeName(offsets_v)));
      return false;
    }
    if (!RunOp(vm, "reshape", {input, Constant(Shape{-1})}, &out->input)) return false;
    const int64_t n = input.size(1);
    out->count = input.size(0);
    for (int64_t i = 0; i < input.numel(); ++i) out->bag.push_back(i / n);
    return true;
  }
  if (input.dim() != 1) {
    RaiseValueError(vm, absl::StrFormat("input has to be 1D or 2D Tensor, but got Tensor of "
                                        "dimension %d",
                                        input.dim()));
    return false;
  }
  if (offsets_v.is_null() || offsets_v.is_none()) {
    RaiseValueError(vm, "offsets has to be a 1D Tensor but got None");
    return false;
  }
  Tensor offsets;
  if (!ToTensorArg(vm, offsets_v, "embedding_bag", "offsets", &offsets)) return false;
  if (offsets.dim() != 1) {
    RaiseValueError(vm, "offsets has to be a 1D Tensor");
    return false;
  }
  out->input = input;
  std::vector<int64_t> off;
  if (!CheckIndexDType(vm, offsets, "offsets", "embedding_bag") ||
      !ReadIndices(vm, offsets, &off)) {
    return false;
  }
  const int64_t n = input.numel();
  if (!off.empty() && off[0] != 0) {
    RaiseRuntimeError(vm, absl::StrFormat("offsets[0] has to be 0, i.e., the first sequence in "
                                          "the mini-batch has to start from position 0. "
                                          "However, got %d",
                                          off[0]));
    return false;
  }
  if (!off.empty() && off.back() > n) {
    RaiseRuntimeError(vm, absl::StrFormat("offsets[-1] can not be greater than input's length %d "
                                          "but got offsets[-1] of %d",
                                          n, off.back()));
    return false;
  }
  out->count = include_last ? std::max<int64_t>(0, static_cast<int64_t>(off.size()) - 1)
                            : static_cast<int64_t>(off.size());
  out->bag.assign(n, -1);
  for (int64_t b = 0; b < out->count; ++b) {
    const int64_t end = b + 1 < static_cast<int64_t>(off.size()) ? off[b + 1] : n;
    for (int64_t i = off[b]; i < std::min(end, n); ++i) out->bag[i] = b;
  }
  return true;
}

// A 1-D int64 tensor of `v`.
Tensor LongTensor(const std::vector<int64_t>& v) {
  Tensor t = Tensor::Empty(Shape{static_cast<int64_t>(v.size())}, DType::kInt64);
  std::copy(v.begin(), v.end(), t.data<int64_t>());
  return t;
}

// The reduction itself: rows of the kept entries (padding_idx skipped),
// weighted for sum, added (sum, mean) or maxed into zeros per bag.
// scale_grad_by_freq: rows whose gradient is divided by the count of
// their index among all of the input's, with the same values:
// rows + (rows - rows) * s is rows exactly, and its gradient is s * grad.
bool ScaleGradByFreq(VM& vm, const Bags& bags, const std::vector<int64_t>& keep, int64_t n,
                     Tensor* rows) {
  std::vector<int64_t> counts(n, 0);
  for (int64_t v : bags.indices) {
    if (v >= 0 && v < n) ++counts[v];
  }
  Tensor inv = Tensor::Empty(Shape{static_cast<int64_t>(keep.size()), 1}, DType::kFloat64);
  for (size_t i = 0; i < keep.size(); ++i) {
    inv.data<double>()[i] = 1.0 / static_cast<double>(counts[bags.indices[keep[i]]]);
  }
  const Tensor fixed = autodiff::Detach(*rows);
  Tensor d;
  return RunOp(vm, "to_dtype", {inv, Constant(rows->dtype())}, &inv) &&
         RunOp(vm, "sub", {*rows, fixed}, &d) && RunOp(vm, "mul", {d, inv}, &d) &&
         RunOp(vm, "add", {fixed, d}, rows);
}

Value ReduceBags(VM& vm, const Tensor& w, const Bags& bags, int mode, const Tensor* psw,
                 int64_t pad, bool scale_grad) {
  std::vector<int64_t> keep, keep_bag, counts(bags.count, 0);
  for (size_t i = 0; i < bags.indices.size(); ++i) {
    const int64_t v = bags.indices[i];
    if (bags.bag[i] < 0) continue;
    if (v < 0 || v >= w.size(0)) {
      return RaiseRuntimeError(
          vm, absl::StrFormat("Index %d of input takes value %d which is not in the valid range "
                              "[0, %d)",
                              i, v, w.size(0)));
    }
    if (v == pad) continue;
    keep.push_back(static_cast<int64_t>(i));
    keep_bag.push_back(bags.bag[i]);
    ++counts[bags.bag[i]];
  }
  const Tensor positions = LongTensor(keep), bag_of = LongTensor(keep_bag);
  Tensor idx, rows, out = Tensor::Zeros(Shape{bags.count, w.size(1)}, w.dtype());
  if (!RunOp(vm, "index_select", {bags.input, CInt(0), positions}, &idx) ||
      !RunOp(vm, "index_select", {w, CInt(0), idx}, &rows)) {
    return {};
  }
  if (scale_grad && autodiff::GradModeEnabled() && autodiff::RequiresGrad(rows) &&
      !ScaleGradByFreq(vm, bags, keep, w.size(0), &rows)) {
    return {};
  }
  if (psw != nullptr) {
    Tensor pw;
    if (!RunOp(vm, "reshape", {*psw, Constant(Shape{-1})}, &pw) ||
        !RunOp(vm, "index_select", {pw, CInt(0), positions}, &pw) ||
        !RunOp(vm, "unsqueeze", {pw, CInt(1)}, &pw) || !RunOp(vm, "mul", {rows, pw}, &rows)) {
      return {};
    }
  }
  if (mode == 2) {
    Tensor where;
    if (!RunOp(vm, "unsqueeze", {bag_of, CInt(1)}, &where) ||
        !RunOp(vm, "expand", {where, Constant(Shape{rows.size(0), w.size(1)})}, &where)) {
      return {};
    }
    return CallOp(
        vm, "scatter_reduce",
        {out, CInt(0), where, rows, Constant(std::string("amax")), Constant(Scalar(false))});
  }
  if (!RunOp(vm, "index_add", {out, CInt(0), bag_of, rows}, &out)) return {};
  if (mode == 0) return WrapTensor(std::move(out));
  for (int64_t& c : counts) c = std::max<int64_t>(c, 1);
  Tensor n;
  if (!RunOp(vm, "reshape", {LongTensor(counts), Constant(Shape{-1, 1})}, &n)) return {};
  return CallOp(vm, "div", {out, n});
}

Value FEmbeddingBag(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"input",
                                           "weight",
                                           "offsets",
                                           "max_norm",
                                           "norm_type",
                                           "scale_grad_by_freq",
                                           "mode",
                                           "sparse",
                                           "per_sample_weights",
                                           "include_last_offset",
                                           "padding_idx"};
  Value a[11];
  if (!ParseArgs(vm, args, "embedding_bag", kNames, 2, a)) return {};
  Tensor input, w;
  if (!InputAndWeight(vm, a, "embedding_bag", &input, &w)) return {};
  Tensor psw;
  const bool has_psw = !a[8].is_null() && !a[8].is_none();
  if (has_psw) {
    if (!ToTensorArg(vm, a[8], "embedding_bag", "per_sample_weights", &psw)) return {};
    if (psw.sizes() != input.sizes()) {
      return RaiseValueError(
          vm,
          absl::StrFormat("embedding_bag: If per_sample_weights (torch.Size([%s])) is not "
                          "None, then it must have the same shape as the input "
                          "(torch.Size([%s]))",
                          absl::StrJoin(psw.sizes(), ", "), absl::StrJoin(input.sizes(), ", ")));
    }
  }
  if (w.dim() != 2) {
    return RaiseValueError(
        vm,
        absl::StrFormat("weight has to be a 2D Tensor, but got Tensor of dimension %d", w.dim()));
  }
  bool include_last = false, scale_grad = false, sparse = false;
  if ((!a[9].is_null() && (include_last = vm.Truthy(a[9]) == 1, vm.HasException())) ||
      (!a[5].is_null() && (scale_grad = vm.Truthy(a[5]) == 1, vm.HasException())) ||
      (!a[7].is_null() && (sparse = vm.Truthy(a[7]) == 1, vm.HasException()))) {
    return {};
  }
  Bags bags;
  if (!MakeBags(vm, input, a[2], include_last && input.dim() == 1, &bags)) return {};
  const std::string* mode_s = a[6].is_null() ? nullptr : StrValue(a[6]);
  const std::string mode_name = a[6].is_null() ? "mean" : mode_s != nullptr ? *mode_s : "";
  int mode = mode_name == "sum" ? 0 : mode_name == "mean" ? 1 : mode_name == "max" ? 2 : -1;
  if (mode < 0) return RaiseValueError(vm, "mode has to be one of sum, mean or max");
  if (mode == 2 && scale_grad) {
    return RaiseValueError(vm, "max mode does not support scaling the gradient by the frequency");
  }
  if (mode == 2 && sparse) return RaiseValueError(vm, "max mode does not support sparse weights");
  if (!MaybeRenorm(vm, a[3], a[4], w, bags.input)) return {};
  if (has_psw && mode != 0) {
    return RaiseNotImplementedError(
        vm, absl::StrFormat("embedding_bag: per_sample_weights was not None. per_sample_weights "
                            "is only supported for mode='sum' (got mode='%s'). Please open a "
                            "feature request on GitHub.",
                            mode_name));
  }
  if (!CheckIndexDType(vm, input, "indices", "embedding_bag") ||
      !ReadIndices(vm, bags.input, &bags.indices)) {
    return {};
  }
  int64_t pad = -1;
  if (!a[10].is_null() && !a[10].is_none()) {
    if (!ToInt(vm, a[10], &pad)) return {};
    const int64_t n = w.size(0);
    if (pad < -n || pad >= n) {
      return RaiseRuntimeError(
          vm, absl::StrFormat("padding_idx must be within the number of embeddings, -%d through "
                              "%d, but got %d",
                              n, n - 1, pad));
    }
    if (pad < 0) pad += n;
  }
  Value r = ReduceBags(vm, w, bags, mode, has_psw ? &psw : nullptr, pad, scale_grad);
  if (!r.is_null() && IsTensor(r)) autodiff::NameGradFn(TensorOf(r), "EmbeddingBagBackward0");
  return r;
}

constexpr MethodDef kEmbeddingFunctions[] = {
    {"embedding", FEmbedding},
    {"embedding_bag", FEmbeddingBag},
};

}  // namespace

std::span<const MethodDef> FunctionalEmbeddingFunctions() { return kEmbeddingFunctions; }

}  // namespace tc::script_torch
