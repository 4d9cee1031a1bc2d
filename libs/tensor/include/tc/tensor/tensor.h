// Tensor: a strided view (sizes, strides, offset, in elements) of a shared
// Storage, with a dtype and a device.
//
// Copying a Tensor copies the view, not the data, as in PyTorch. Views made by
// AsStrided share storage; contiguous() and to() copy only when they must.
//
// A meta tensor (Device::Meta()) has all of this but data: its storage
// allocates nothing. Every member here is safe on it except the element
// readers (raw_data, data, item_*, ElementAsDouble, Item), which callers
// must not use on meta tensors; copies of a meta tensor are meta tensors.
//
// Autograd's state of a tensor (requires_grad, grad_fn, .grad) hangs off
// it as an AutogradMetaInterface that libs/autodiff implements, as
// PyTorch's TensorImpl holds its autograd meta: copies of a Tensor share
// it (they are the same variable), while every new view, copy or result
// starts without one.
#ifndef TC_TENSOR_TENSOR_H_
#define TC_TENSOR_TENSOR_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"

#include "tc/tensor/device.h"
#include "tc/tensor/dtype.h"
#include "tc/tensor/scalar.h"
#include "tc/tensor/shape.h"
#include "tc/tensor/storage.h"

namespace tc::tensor {

// What libs/autodiff keeps per variable; opaque here.
class AutogradMetaInterface {
 public:
  virtual ~AutogradMetaInterface() = default;
};

class Tensor {
 public:
  // An undefined tensor (no storage); defined() is false.
  Tensor() = default;

  // Uninitialized contiguous memory on the CPU; on Device::Meta(), a meta
  // tensor over a new storage of the same byte size. Other devices abort.
  static Tensor Empty(IntSpan sizes, DType dtype, Device device = Device::CPU());
  // Empty with the given non-overlapping and dense `strides` (a permuted
  // contiguous layout: channels_last, a transposed result); the storage holds
  // Numel(sizes) elements.
  static Tensor EmptyStrided(IntSpan sizes, IntSpan strides, DType dtype,
                             Device device = Device::CPU());
  static Tensor Zeros(IntSpan sizes, DType dtype, Device device = Device::CPU());
  // Every element `value`, converted to `dtype` (meta: nothing written).
  static Tensor Full(IntSpan sizes, const Scalar& value, DType dtype,
                     Device device = Device::CPU());
  // A 0-dim tensor holding `value`.
  static Tensor FromScalar(const Scalar& value, DType dtype);
  // A view of existing storage.
  Tensor(std::shared_ptr<Storage> storage, DType dtype, Shape sizes, Shape strides, int64_t offset);

  bool defined() const { return storage_ != nullptr; }
  DType dtype() const { return dtype_; }
  Device device() const { return storage_ ? storage_->device() : Device::CPU(); }
  const Shape& sizes() const { return sizes_; }
  const Shape& strides() const { return strides_; }
  int64_t size(int64_t dim) const { return sizes_[dim]; }
  int64_t stride(int64_t dim) const { return strides_[dim]; }
  int64_t dim() const { return static_cast<int64_t>(sizes_.size()); }
  int64_t numel() const { return Numel(sizes_); }
  int64_t storage_offset() const { return offset_; }
  // Autograd's state (null for tensors autograd never saw).
  AutogradMetaInterface* autograd_meta() const { return autograd_meta_.get(); }
  const std::shared_ptr<AutogradMetaInterface>& shared_autograd_meta() const {
    return autograd_meta_;
  }
  void set_autograd_meta(std::shared_ptr<AutogradMetaInterface> meta) {
    autograd_meta_ = std::move(meta);
  }
  size_t itemsize() const { return ItemSize(dtype_); }
  const std::shared_ptr<Storage>& storage() const { return storage_; }
  bool is_contiguous() const { return IsContiguous(sizes_, strides_); }
  bool is_meta() const { return storage_ != nullptr && storage_->device().is_meta(); }

  // Address of element [0, 0, ...] (the view's offset applied). Not for
  // meta tensors.
  void* raw_data() const {
    return static_cast<char*>(storage_->data()) + offset_ * static_cast<int64_t>(itemsize());
  }
  template <typename T>
  T* data() const {
    return static_cast<T*>(raw_data());
  }

  // A view with other sizes/strides/offset over the same storage. The caller
  // guarantees the view stays inside the storage (checked in debug builds).
  Tensor AsStrided(IntSpan sizes, IntSpan strides, int64_t offset) const;
  // This tensor when contiguous, else a contiguous copy (on its device).
  Tensor contiguous() const;
  // This tensor when already `dtype`, else a converted contiguous copy.
  Tensor to(DType dtype) const;
  // A contiguous copy that shares nothing with this tensor.
  Tensor clone() const;
  // This tensor on the meta device: itself when already meta, else a new
  // meta tensor with its sizes and dtype, laid out as PyTorch's
  // `t.to('meta')`: its strides when IsNonOverlappingAndDense, else
  // contiguous.
  Tensor ToMeta() const;
  // Copies `src` (same sizes; any dtype, any strides) into this tensor's
  // elements, converting values. Sizes must match exactly. Into a meta
  // tensor nothing is copied; from a meta tensor into one with data is
  // Unimplemented ("Cannot copy out of meta tensor; no data!").
  absl::Status CopyFrom(const Tensor& src);

  // The single element of a 1-element tensor as a double / int64 / bool.
  // These read data: they abort on a meta tensor.
  double item_double() const;
  int64_t item_int() const;
  // Element at a flat row-major index (slow; for tests and printing).
  double ElementAsDouble(int64_t flat_index) const;
  Scalar Item() const;

 private:
  std::shared_ptr<Storage> storage_;
  DType dtype_ = DType::kFloat32;
  Shape sizes_;
  Shape strides_;
  int64_t offset_ = 0;
  std::shared_ptr<AutogradMetaInterface> autograd_meta_;
};

}  // namespace tc::tensor

#endif  // TC_TENSOR_TENSOR_H_
