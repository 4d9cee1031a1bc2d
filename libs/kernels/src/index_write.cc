// Kernels of the index writes: index_add, index_copy, index_fill,
// scatter_add, scatter_reduce, masked_scatter, index_put. Each copies self
// into its (contiguous) output and then writes the indexed places in index
// order, as ATen's serial CPU loops do, so repeated targets accumulate in
// PyTorch's order. Out-of-range indices are errors in PyTorch's words:
// FailedPrecondition where PyTorch raises RuntimeError, OutOfRange where it
// raises IndexError (torch_core.cc's RaiseStatus maps the codes).
#include <cstring>
#include <limits>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"
#include "tc/tensor/dispatch.h"

#include "src/copy.h"
#include "src/families.h"
#include "src/kernel.h"
#include "src/loop.h"

namespace tc::kernels {
namespace {

using tensor::TypeTag;

int64_t IndexValue(const Tensor& index, int64_t i) {
  // index is 0-dim or 1-D here.
  const int64_t stride = index.dim() == 0 ? 0 : index.stride(0);
  const char* p = static_cast<const char*>(index.raw_data()) + i * stride * index.itemsize();
  return index.dtype() == DType::kInt64 ? *reinterpret_cast<const int64_t*>(p)
                                        : *reinterpret_cast<const int32_t*>(p);
}

std::string OutOfBoundsText(int64_t k, int64_t dim, int64_t size) {
  return absl::StrFormat("index %d is out of bounds for dimension %d with size %d", k, dim, size);
}

// The slice of `t` at position k of `dim` (t itself when 0-dim).
Tensor Select(const Tensor& t, int64_t dim, int64_t k) {
  if (t.dim() == 0) return t;
  Shape sizes(t.sizes().begin(), t.sizes().end()), strides(t.strides().begin(), t.strides().end());
  sizes.erase(sizes.begin() + dim);
  strides.erase(strides.begin() + dim);
  return t.AsStrided(sizes, strides, t.storage_offset() + k * t.stride(dim));
}

// dst[i] = f(dst[i], src[i]) over two same-shaped tensors of one dtype T.
template <typename T, typename F>
void Combine(const Tensor& dst, const Tensor& src, F f) {
  Loop loop(dst.sizes(), {&dst, &src});
  loop.Run(0, loop.numel(), [&](char* const* p, const int64_t* s, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
      T* d = reinterpret_cast<T*>(p[0] + i * s[0]);
      *d = f(*d, *reinterpret_cast<const T*>(p[1] + i * s[1]));
    }
  });
}

// The checked index values along `dim` of size `size`.
// index_add and index_copy take no negative index (-1 is out of bounds);
// index_fill wraps it.
absl::StatusOr<std::vector<int64_t>> IndexList(const Tensor& index, int64_t dim, int64_t size,
                                               absl::StatusCode code, std::string_view prefix,
                                               bool wrap) {
  std::vector<int64_t> out(static_cast<size_t>(index.numel()));
  for (int64_t j = 0; j < index.numel(); ++j) {
    int64_t k = IndexValue(index, j);
    if (k < (wrap ? -size : 0) || k >= size) {
      return absl::Status(code, std::string(prefix) + OutOfBoundsText(k, dim, size));
    }
    out[j] = k < 0 ? k + size : k;
  }
  return out;
}

// The dim (args[1], wrapped against self = args[0]) and the checked values
// of the index (args[2]) of index_add / index_copy / index_fill.
absl::StatusOr<std::vector<int64_t>> DimIndices(std::span<const KernelArg> args,
                                                absl::StatusCode code, std::string_view prefix,
                                                bool wrap, int64_t* dim) {
  const Tensor& self = TensorArg(args, 0);
  TC_ASSIGN_OR_RETURN(*dim, tensor::WrapDim(IntArg(args, 1), self.dim()));
  const int64_t size = self.dim() == 0 ? 1 : self.size(*dim);
  return IndexList(TensorArg(args, 2), *dim, size, code, prefix, wrap);
}

absl::Status IndexAddKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                            std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  int64_t dim;
  TC_ASSIGN_OR_RETURN(std::vector<int64_t> ks,
                      DimIndices(args, absl::StatusCode::kFailedPrecondition, "", false, &dim));
  const Tensor& source = TensorArg(args, 3);
  CopyCast(TensorArg(args, 0), out);
  tensor::VisitDType(out.dtype(), [&]<typename T>(TypeTag<T>) {
    const T alpha = tensor::CastValue<T>(ScalarArg(args, 4).to_double());
    const bool is_int = !tensor::IsFloatingPoint(out.dtype());
    const int64_t ialpha = ScalarArg(args, 4).to_int();
    (void)alpha;
    (void)is_int;
    for (size_t j = 0; j < ks.size(); ++j) {
      Combine<T>(Select(out, dim, ks[j]), Select(source, dim, j), [&](T a, T b) {
        if constexpr (std::is_same_v<T, bool>) {
          return static_cast<bool>(a || (b && ialpha != 0));
        } else {
          if (is_int) return static_cast<T>(a + b * static_cast<T>(ialpha));
          return static_cast<T>(a + b * alpha);
        }
      });
    }
  });
  return absl::OkStatus();
}

absl::Status IndexCopyKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                             std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  int64_t dim;
  TC_ASSIGN_OR_RETURN(std::vector<int64_t> ks, DimIndices(args, absl::StatusCode::kOutOfRange,
                                                          "index_copy_(): ", false, &dim));
  CopyCast(TensorArg(args, 0), out);
  const Tensor& source = TensorArg(args, 3);
  for (size_t j = 0; j < ks.size(); ++j) CopyCast(Select(source, dim, j), Select(out, dim, ks[j]));
  return absl::OkStatus();
}

absl::Status IndexFillKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                             std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  int64_t dim;
  TC_ASSIGN_OR_RETURN(std::vector<int64_t> ks,
                      DimIndices(args, absl::StatusCode::kOutOfRange, "", true, &dim));
  CopyCast(TensorArg(args, 0), out);
  Tensor value = IsTensor(args, 3) ? TensorArg(args, 3)
                                   : Tensor::FromScalar(ScalarArg(args, 3), DType::kFloat64);
  if (!IsTensor(args, 3) && ScalarArg(args, 3).is_int()) {
    value = Tensor::FromScalar(ScalarArg(args, 3), DType::kInt64);
  }
  if (!IsTensor(args, 3) && ScalarArg(args, 3).is_bool()) {
    value = Tensor::FromScalar(ScalarArg(args, 3), DType::kBool);
  }
  for (int64_t k : ks) {
    Tensor dst = Select(out, dim, k);
    CopyCast(value.AsStrided(dst.sizes(), Shape(dst.dim(), 0), value.storage_offset()), dst);
  }
  return absl::OkStatus();
}

// The scatter family: f(dst, src) applied at out[..index[i]..] for every
// entry i of the index, in row-major index order; `hit` (when given)
// counts the writes per output element (scatter_reduce's mean and
// include_self=False).
template <typename T, typename F>
absl::Status ScatterApply(const Tensor& out, const Tensor& index_arg, const Tensor& src,
                          int64_t dim, F f) {
  // ATen's ensure_nonempty: a 0-dim index beside a 1-dim self or src acts
  // as one element.
  const Tensor index = index_arg.dim() == 0 && (out.dim() > 0 || src.dim() > 0)
                           ? index_arg.AsStrided(Shape{1}, Shape{1}, index_arg.storage_offset())
                           : index_arg;
  const int64_t size = out.dim() == 0 ? 1 : out.size(dim);
  const int64_t dstride = out.dim() == 0 ? 0 : out.stride(dim);
  Shape ostrides(out.strides().begin(), out.strides().end());
  if (out.dim() > 0) ostrides[dim] = 0;
  Tensor dst = out.dim() == 0 ? out.AsStrided(index.sizes(), Shape(index.dim(), 0), 0)
                              : out.AsStrided(index.sizes(), ostrides, out.storage_offset());
  Tensor s = src.dim() == 0
                 ? src.AsStrided(index.sizes(), Shape(index.dim(), 0), src.storage_offset())
                 : src.AsStrided(index.sizes(), src.strides(), src.storage_offset());
  const bool is64 = index.dtype() == DType::kInt64;
  Loop loop(index.sizes(), {&dst, &s, &index});
  int64_t bad = 0;
  bool failed = false;
  loop.Run(0, loop.numel(), [&](char* const* p, const int64_t* st, int64_t n) {
    for (int64_t i = 0; i < n && !failed; ++i) {
      const char* ip = p[2] + i * st[2];
      int64_t k =
          is64 ? *reinterpret_cast<const int64_t*>(ip) : *reinterpret_cast<const int32_t*>(ip);
      if (k < 0 || k >= size) {
        failed = true;
        bad = k;
        return;
      }
      T* d = reinterpret_cast<T*>(p[0] + i * st[0]) + k * dstride;
      f(d, *reinterpret_cast<const T*>(p[1] + i * st[1]));
    }
  });
  if (failed) return absl::FailedPreconditionError(OutOfBoundsText(bad, dim, size));
  return absl::OkStatus();
}

absl::Status ScatterAddKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                              std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  const Tensor& self = TensorArg(args, 0);
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(IntArg(args, 1), self.dim()));
  CopyCast(self, out);
  return tensor::VisitDType(out.dtype(), [&]<typename T>(TypeTag<T>) {
    return ScatterApply<T>(out, TensorArg(args, 2), TensorArg(args, 3), dim, [](T* d, T v) {
      if constexpr (std::is_same_v<T, bool>) {
        *d = *d || v;
      } else {
        *d = static_cast<T>(*d + v);
      }
    });
  });
}

template <typename T>
T Lowest() {
  if constexpr (std::is_same_v<T, tensor::Half> || std::is_same_v<T, tensor::BFloat16>) {
    return T(-std::numeric_limits<float>::infinity());
  }
  if constexpr (std::numeric_limits<T>::has_infinity) return -std::numeric_limits<T>::infinity();
  return std::numeric_limits<T>::lowest();
}
template <typename T>
T Highest() {
  if constexpr (std::is_same_v<T, tensor::Half> || std::is_same_v<T, tensor::BFloat16>) {
    return T(std::numeric_limits<float>::infinity());
  }
  if constexpr (std::numeric_limits<T>::has_infinity) return std::numeric_limits<T>::infinity();
  return std::numeric_limits<T>::max();
}
template <typename T>
bool IsNan(T v) {
  if constexpr (std::is_integral_v<T>) {
    return false;
  } else {
    return v != v;
  }
}

// scatter_reduce(self, dim, index, src, reduce, include_self).
absl::Status ScatterReduceKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                                 std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  const Tensor& self = TensorArg(args, 0);
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(IntArg(args, 1), self.dim()));
  const Tensor& index = TensorArg(args, 2);
  const std::string reduce = *OptStringArg(args, 4);
  const bool include_self = BoolArg(args, 5);
  CopyCast(self, out);
  // Writes per output element (out is contiguous, so its flat offsets index
  // this), for mean and for resetting excluded self values on first write.
  Tensor counts = Tensor::Zeros(out.sizes(), DType::kInt64);
  return tensor::VisitDType(out.dtype(), [&]<typename T>(TypeTag<T>) -> absl::Status {
    T* base = out.data<T>();
    int64_t* cnt = counts.data<int64_t>();
    auto apply = [&](T* d, T v) {
      int64_t& c = cnt[d - base];
      if (!include_self && c == 0) {
        if (reduce == "sum" || reduce == "mean") *d = T(0);
        if (reduce == "prod") *d = T(1);
        if (reduce == "amax") *d = Lowest<T>();
        if (reduce == "amin") *d = Highest<T>();
      }
      ++c;
      if constexpr (std::is_same_v<T, bool>) {
        if (reduce == "prod" || reduce == "amin") {
          *d = *d && v;
        } else {
          *d = *d || v;
        }
      } else {
        if (reduce == "sum" || reduce == "mean") *d = static_cast<T>(*d + v);
        if (reduce == "prod") *d = static_cast<T>(*d * v);
        if (reduce == "amax")
          *d = (IsNan(*d) || IsNan(v)) ? (IsNan(*d) ? *d : v) : (v > *d ? v : *d);
        if (reduce == "amin")
          *d = (IsNan(*d) || IsNan(v)) ? (IsNan(*d) ? *d : v) : (v < *d ? v : *d);
      }
    };
    TC_RETURN_IF_ERROR(ScatterApply<T>(out, index, TensorArg(args, 3), dim, apply));
    if (reduce == "mean") {
      for (int64_t i = 0; i < out.numel(); ++i) {
        int64_t c = cnt[i] + (include_self ? 1 : 0);
        if (cnt[i] == 0 || c == 0) continue;
        if constexpr (std::is_same_v<T, bool>) {
          // mean of bools: any of them true stays true.
        } else if constexpr (std::is_integral_v<T>) {
          T q = static_cast<T>(base[i] / static_cast<T>(c));
          if ((base[i] % static_cast<T>(c) != 0) && ((base[i] < 0) != (c < 0))) --q;  // floor
          base[i] = q;
        } else {
          base[i] = static_cast<T>(static_cast<T>(base[i]) / static_cast<T>(c));
        }
      }
    }
    return absl::OkStatus();
  });
}

absl::Status MaskedScatterKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                                 std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  CopyCast(TensorArg(args, 0), out);
  // The mask broadcast to out's shape, read in row-major order.
  Tensor m = Tensor::Empty(out.sizes(), DType::kBool);
  const Tensor& mask_in = TensorArg(args, 1);
  {
    Loop loop(out.sizes(), {&m, &mask_in});
    loop.Run(0, loop.numel(), [&](char* const* p, const int64_t* s, int64_t n) {
      for (int64_t i = 0; i < n; ++i) *(p[0] + i * s[0]) = *(p[1] + i * s[1]);
    });
  }
  const Tensor source = Contiguous(TensorArg(args, 2));
  const bool* mp = m.data<bool>();
  int64_t ones = 0;
  for (int64_t i = 0; i < m.numel(); ++i) ones += mp[i] ? 1 : 0;
  if (ones > source.numel()) {
    return absl::FailedPreconditionError("Number of elements of source < number of ones in mask");
  }
  const size_t item = out.itemsize();
  char* op = static_cast<char*>(out.raw_data());
  const char* sp = static_cast<const char*>(source.raw_data());
  int64_t next = 0;
  for (int64_t i = 0; i < m.numel(); ++i) {
    if (mp[i]) std::memcpy(op + i * item, sp + (next++) * item, item);
  }
  return absl::OkStatus();
}

// index_put(self, indices, values, accumulate): indices are integer
// tensors for the leading dims, broadcast together; values broadcast to
// [index shape..., remaining dims...].
absl::Status IndexPutKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                            std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  const Tensor& self = TensorArg(args, 0);
  const auto& indices = std::get<std::vector<Tensor>>(args[1]);
  const bool accumulate = BoolArg(args, 3);
  Shape b;
  for (const Tensor& i : indices) {
    TC_ASSIGN_OR_RETURN(b, tensor::BroadcastShapes(b, i.sizes()));
  }
  const int64_t m = static_cast<int64_t>(indices.size());
  std::vector<std::vector<int64_t>> coords;
  const int64_t n = tensor::Numel(b);
  for (int64_t d = 0; d < m; ++d) {
    // The index broadcast to b (stride 0 on broadcast dims).
    Shape st(b.size(), 0);
    const Tensor& src = indices[d];
    for (int64_t k = 0; k < src.dim(); ++k) {
      int64_t bd = static_cast<int64_t>(b.size()) - src.dim() + k;
      st[bd] = src.size(k) == 1 ? 0 : src.stride(k);
    }
    Tensor e = Contiguous(ToDType(src.AsStrided(b, st, src.storage_offset()), DType::kInt64));
    const int64_t* p = e.data<int64_t>();
    const int64_t size = self.size(d);
    std::vector<int64_t> c(static_cast<size_t>(n));
    for (int64_t k = 0; k < n; ++k) {
      int64_t v = p[k];
      if (v < -size || v >= size) return absl::OutOfRangeError(OutOfBoundsText(v, d, size));
      c[k] = v < 0 ? v + size : v;
    }
    coords.push_back(std::move(c));
  }
  CopyCast(self, out);
  Shape rest(self.sizes().begin() + m, self.sizes().end());
  Shape full = b;
  full.insert(full.end(), rest.begin(), rest.end());
  const Tensor& values = TensorArg(args, 2);
  Shape vst(full.size(), 0);
  for (int64_t k = 0; k < values.dim(); ++k) {
    int64_t fd = static_cast<int64_t>(full.size()) - values.dim() + k;
    vst[fd] = values.size(k) == 1 ? 0 : values.stride(k);
  }
  Tensor v = values.AsStrided(full, vst, values.storage_offset());
  Shape rest_strides(out.strides().begin() + m, out.strides().end());
  Shape vrest_strides(vst.begin() + static_cast<int64_t>(b.size()), vst.end());
  tensor::VisitDType(out.dtype(), [&]<typename T>(TypeTag<T>) {
    for (int64_t k = 0; k < n; ++k) {
      int64_t off = out.storage_offset();
      for (int64_t d = 0; d < m; ++d) off += coords[d][k] * out.stride(d);
      // The k-th index position within the broadcast index shape.
      int64_t voff = v.storage_offset(), rem = k;
      for (int64_t d = static_cast<int64_t>(b.size()) - 1; d >= 0; --d) {
        voff += (rem % b[d]) * vst[d];
        rem /= b[d];
      }
      Tensor dst = out.AsStrided(rest, rest_strides, off);
      Tensor src = v.AsStrided(rest, vrest_strides, voff);
      if (accumulate) {
        Combine<T>(dst, src, [](T a, T c) {
          if constexpr (std::is_same_v<T, bool>) {
            return static_cast<bool>(a || c);
          } else {
            return static_cast<T>(a + c);
          }
        });
      } else {
        CopyCast(src, dst);
      }
    }
  });
  return absl::OkStatus();
}

}  // namespace

KernelFn FindIndexWriteKernel(std::string_view name) {
  if (name == "index_add") return IndexAddKernel;
  if (name == "index_copy") return IndexCopyKernel;
  if (name == "index_fill") return IndexFillKernel;
  if (name == "index_put") return IndexPutKernel;
  if (name == "masked_scatter") return MaskedScatterKernel;
  if (name == "scatter_add") return ScatterAddKernel;
  if (name == "scatter_reduce") return ScatterReduceKernel;
  return nullptr;
}

}  // namespace tc::kernels
