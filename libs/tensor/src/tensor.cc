#include "tc/tensor/tensor.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"

#include "tc/support/check.h"
#include "tc/tensor/dispatch.h"

namespace tc::tensor {
namespace {

// Calls body(dst_offset, src_offset, n, src_inner_stride) for each run along
// the innermost dimension; offsets are in elements.
template <typename Body>
void ForEachRow(IntSpan sizes, IntSpan dst_strides, IntSpan src_strides, Body&& body) {
  int64_t rank = static_cast<int64_t>(sizes.size());
  if (Numel(sizes) == 0) return;
  if (rank == 0) {
    body(0, 0, 1, 1, 1);
    return;
  }
  int64_t inner = sizes[rank - 1];
  Shape index(rank, 0);
  int64_t d = 0, s = 0;
  while (true) {
    body(d, s, inner, dst_strides[rank - 1], src_strides[rank - 1]);
    int64_t k = rank - 2;
    for (; k >= 0; --k) {
      ++index[k];
      d += dst_strides[k];
      s += src_strides[k];
      if (index[k] < sizes[k]) break;
      d -= dst_strides[k] * sizes[k];
      s -= src_strides[k] * sizes[k];
      index[k] = 0;
    }
    if (k < 0) return;
  }
}

}  // namespace

Tensor::Tensor(std::shared_ptr<Storage> storage, DType dtype, Shape sizes, Shape strides,
               int64_t offset)
    : storage_(std::move(storage)),
      dtype_(dtype),
      sizes_(std::move(sizes)),
      strides_(std::move(strides)),
      offset_(offset) {
  TC_CHECK(sizes_.size() == strides_.size());
}

Tensor Tensor::Empty(IntSpan sizes, DType dtype, Device device) {
  TC_CHECK(device.is_cpu() || device.is_meta()) << "tc::tensor allocates CPU memory only";
  size_t bytes = static_cast<size_t>(Numel(sizes)) * ItemSize(dtype);
  return Tensor(device.is_meta() ? Storage::CreateMeta(bytes) : Storage::Create(bytes), dtype,
                Shape(sizes.begin(), sizes.end()), ContiguousStrides(sizes), 0);
}

Tensor Tensor::EmptyStrided(IntSpan sizes, IntSpan strides, DType dtype, Device device) {
  Tensor t = Empty(sizes, dtype, device);
  if (!std::equal(strides.begin(), strides.end(), t.strides_.begin(), t.strides_.end())) {
    TC_CHECK(Numel(sizes) == 0 || IsNonOverlappingAndDense(sizes, strides))
        << "EmptyStrided needs dense strides";
    t.strides_.assign(strides.begin(), strides.end());
  }
  return t;
}

Tensor Tensor::Zeros(IntSpan sizes, DType dtype, Device device) {
  Tensor t = Empty(sizes, dtype, device);
  if (!t.is_meta()) std::memset(t.raw_data(), 0, t.numel() * t.itemsize());
  return t;
}

Tensor Tensor::Full(IntSpan sizes, const Scalar& value, DType dtype, Device device) {
  Tensor t = Empty(sizes, dtype, device);
  if (t.is_meta()) return t;
  VisitDType(dtype, [&]<typename T>(TypeTag<T>) {
    T v = value.is_float() ? CastValue<T>(value.to_double()) : CastValue<T>(value.to_int());
    T* p = t.data<T>();
    for (int64_t i = 0, n = t.numel(); i < n; ++i) p[i] = v;
  });
  return t;
}

Tensor Tensor::FromScalar(const Scalar& value, DType dtype) { return Full({}, value, dtype); }

Tensor Tensor::AsStrided(IntSpan sizes, IntSpan strides, int64_t offset) const {
  return Tensor(storage_, dtype_, Shape(sizes.begin(), sizes.end()),
                Shape(strides.begin(), strides.end()), offset);
}

Tensor Tensor::contiguous() const {
  if (is_contiguous()) return *this;
  return clone();
}

Tensor Tensor::to(DType dtype) const {
  if (dtype == dtype_) return *this;
  // Copies stay on the meta device (no data to copy), else on the CPU.
  Tensor out = Empty(sizes_, dtype, is_meta() ? Device::Meta() : Device::CPU());
  TC_CHECK(out.CopyFrom(*this).ok());
  return out;
}

Tensor Tensor::clone() const {
  Tensor out = Empty(sizes_, dtype_, is_meta() ? Device::Meta() : Device::CPU());
  TC_CHECK(out.CopyFrom(*this).ok());
  return out;
}

Tensor Tensor::ToMeta() const {
  if (is_meta()) return *this;
  if (!IsNonOverlappingAndDense(sizes_, strides_)) return Empty(sizes_, dtype_, Device::Meta());
  // Dense strides address exactly numel elements from offset 0.
  return Tensor(Storage::CreateMeta(static_cast<size_t>(numel()) * itemsize()), dtype_, sizes_,
                strides_, 0);
}

absl::Status Tensor::CopyFrom(const Tensor& src) {
  if (src.sizes_ != sizes_) {
    return absl::InvalidArgumentError(
        absl::StrFormat("copy: shape mismatch, destination %s vs source %s", ShapeToString(sizes_),
                        ShapeToString(src.sizes_)));
  }
  if (is_meta()) return absl::OkStatus();
  if (src.is_meta()) {
    return absl::UnimplementedError("Cannot copy out of meta tensor; no data!");
  }
  char* dst_base = static_cast<char*>(raw_data());
  const char* src_base = static_cast<const char*>(src.raw_data());
  VisitDType(dtype_, [&]<typename D>(TypeTag<D>) {
    VisitDType(src.dtype_, [&]<typename S>(TypeTag<S>) {
      D* dst = reinterpret_cast<D*>(dst_base);
      const S* s = reinterpret_cast<const S*>(src_base);
      ForEachRow(sizes_, strides_, src.strides_,
                 [&](int64_t d, int64_t so, int64_t n, int64_t ds, int64_t ss) {
                   if constexpr (std::is_same_v<D, S>) {
                     if (ds == 1 && ss == 1) {
                       std::memcpy(dst + d, s + so, n * sizeof(D));
                       return;
                     }
                   }
                   for (int64_t i = 0; i < n; ++i) dst[d + i * ds] = CastValue<D>(s[so + i * ss]);
                 });
    });
  });
  return absl::OkStatus();
}

double Tensor::ElementAsDouble(int64_t flat_index) const {
  TC_CHECK(!is_meta()) << "reading an element of a meta tensor";
  int64_t offset = 0;
  for (int64_t k = dim() - 1; k >= 0; --k) {
    offset += (flat_index % sizes_[k]) * strides_[k];
    flat_index /= sizes_[k];
  }
  return VisitDType(dtype_, [&]<typename T>(TypeTag<T>) {
    return static_cast<double>(CastValue<double>(data<T>()[offset]));
  });
}

double Tensor::item_double() const {
  TC_CHECK(numel() == 1);
  return ElementAsDouble(0);
}

int64_t Tensor::item_int() const {
  TC_CHECK(numel() == 1);
  TC_CHECK(!is_meta()) << "reading an element of a meta tensor";
  return VisitDType(dtype_, [&]<typename T>(TypeTag<T>) {
    if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
      return static_cast<int64_t>(static_cast<float>(*data<T>()));
    } else {
      return static_cast<int64_t>(*data<T>());
    }
  });
}

Scalar Tensor::Item() const {
  if (dtype_ == DType::kBool) return Scalar(item_int() != 0);
  if (IsFloatingPoint(dtype_)) return Scalar(item_double());
  return Scalar(item_int());
}

}  // namespace tc::tensor
