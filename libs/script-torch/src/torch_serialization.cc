// torch.serialization: torch.save and torch.load (py/serialization.py, on
// CPython's zipfile and pickle) over four natives that move a tensor's
// storage in and out as raw bytes: the only part Python cannot do.
#include <cstring>

#include "absl/strings/str_format.h"

#include "tc/script/compiler.h"

#include "script_torch_embedded.h"
#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

using script::BytesValue;
using script::NewBytes;

bool TensorArg(VM& vm, const Value& v, const char* fname, tensor::Tensor* out) {
  if (!IsTensor(v)) {
    RaiseTypeError(vm, absl::StrFormat("%s(): expected a Tensor, not %s", fname, TypeName(v)));
    return false;
  }
  *out = TensorOf(v);
  if (out->is_meta()) {
    RaiseRuntimeError(vm, "Cannot copy out of meta tensor; no data!");
    return false;
  }
  return true;
}

// _storage_key(t): an int naming t's storage; views of one storage share it.
Value StorageKey(VM& vm, const Value&, const ArgsView& args) {
  tensor::Tensor t;
  if (!CheckArgCount(vm, args, "_storage_key", 1, 1) ||
      !TensorArg(vm, args[0], "_storage_key", &t)) {
    return {};
  }
  return Value::Int(static_cast<int64_t>(reinterpret_cast<intptr_t>(t.storage().get())));
}

// _storage_bytes(t): the whole of t's storage, as bytes (what torch.save
// writes for it, whatever part of it t views).
Value StorageBytes(VM& vm, const Value&, const ArgsView& args) {
  tensor::Tensor t;
  if (!CheckArgCount(vm, args, "_storage_bytes", 1, 1) ||
      !TensorArg(vm, args[0], "_storage_bytes", &t)) {
    return {};
  }
  const auto& s = t.storage();
  return NewBytes(std::string(static_cast<const char*>(s->data()), s->nbytes()));
}

// _storage_from_bytes(data): a 1-D uint8 tensor over a new storage holding
// `data`, which the tensors loaded from it view (_view_storage).
Value StorageFromBytes(VM& vm, const Value&, const ArgsView& args) {
  const std::string* data = args.size() == 1 ? BytesValue(args[0]) : nullptr;
  if (data == nullptr) return RaiseTypeError(vm, "_storage_from_bytes() takes one bytes object");
  auto n = static_cast<int64_t>(data->size());
  tensor::Tensor t = tensor::Tensor::Empty(tensor::Shape{n}, DType::kUInt8);
  if (n > 0) std::memcpy(t.raw_data(), data->data(), data->size());
  return WrapTensor(std::move(t));
}

// _view_storage(storage, dtype, offset, size, stride): a `dtype` tensor
// viewing the bytes of `storage` (from _storage_from_bytes), offset and
// strides in elements; RuntimeError when the view leaves the storage.
Value ViewStorage(VM& vm, const Value&, const ArgsView& args) {
  tensor::Tensor base;
  DType dtype;
  int64_t offset = 0;
  tensor::Shape sizes, strides;
  if (!CheckArgCount(vm, args, "_view_storage", 5, 5) ||
      !TensorArg(vm, args[0], "_view_storage", &base) || !ToDType(vm, args[1], &dtype) ||
      !ToInt(vm, args[2], &offset) || !ToIntList(vm, args[3], "_view_storage", "size", &sizes) ||
      !ToIntList(vm, args[4], "_view_storage", "stride", &strides)) {
    return {};
  }
  if (sizes.size() != strides.size()) {
    return RaiseRuntimeError(vm, absl::StrFormat("mismatch in length of strides and shape"));
  }
  auto item = static_cast<int64_t>(tensor::ItemSize(dtype));
  int64_t elements = static_cast<int64_t>(base.storage()->nbytes()) / item;
  // The furthest element the view reaches (none when it is empty).
  int64_t last = offset;
  bool empty = false;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] < 0 || strides[d] < 0) {
      return RaiseRuntimeError(vm, "negative size or stride in a saved tensor");
    }
    empty = empty || sizes[d] == 0;
    if (sizes[d] > 0) last += (sizes[d] - 1) * strides[d];
  }
  if (offset < 0 || (!empty && last >= elements)) {
    return RaiseRuntimeError(
        vm, absl::StrFormat("setStorage: sizes %s, strides %s, storage offset %d, and itemsize %d "
                            "requiring a storage size of %d are out of bounds for storage of size "
                            "%d",
                            tensor::ShapeToString(sizes), tensor::ShapeToString(strides), offset,
                            item, (last + 1) * item, elements * item));
  }
  return WrapTensor(tensor::Tensor(base.storage(), dtype, sizes, strides, offset));
}

constexpr MethodDef kFunctions[] = {{"_storage_key", StorageKey},
                                    {"_storage_bytes", StorageBytes},
                                    {"_storage_from_bytes", StorageFromBytes},
                                    {"_view_storage", ViewStorage}};

}  // namespace

bool InitSerializationModule(VM& vm, ModuleObject* m) {
  AddFunctions(m, kFunctions);
  absl::StatusOr<std::shared_ptr<const Code>> code =
      CompileSource(kSerializationPy.text, kSerializationPy.name);
  if (!code.ok()) {
    RaiseRuntimeError(vm, absl::StrFormat("torch.serialization: %s", code.status().message()));
    return false;
  }
  return !vm.RunCode(*code, m->dict).is_null();
}

}  // namespace tc::script_torch
