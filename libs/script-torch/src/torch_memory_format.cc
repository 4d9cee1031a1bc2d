// torch.memory_format (torch.contiguous_format, torch.channels_last,
// torch.channels_last_3d, torch.preserve_format) and the tensor methods that
// take one: is_contiguous, contiguous, clone; the layout they give is the
// clone op's (tensor::FormatStrides), so compiled graphs record it.
#include <array>
#include <string>

#include "absl/strings/str_format.h"

#include "tc/tensor/layout.h"

#include "torch_tensor.h"

namespace tc::script_torch {

using tensor::MemoryFormat;

namespace {

struct MemoryFormatObject : Object {
  MemoryFormatObject(Type* t, MemoryFormat f) : Object(t), format(f) {}
  MemoryFormat format;
};

constexpr std::array<const char*, 4> kNames = {"preserve_format", "contiguous_format",
                                               "channels_last", "channels_last_3d"};
// The clone op's names for the formats.
constexpr std::array<const char*, 4> kOpNames = {"preserve", "contiguous", "channels_last",
                                                 "channels_last_3d"};

Value MemoryFormatRepr(VM&, const Value& self, const ArgsView&) {
  return NewStr(absl::StrFormat("torch.%s",
                                kNames[static_cast<int>(Cast<MemoryFormatObject>(self)->format)]));
}
constexpr MethodDef kMemoryFormatMethods[] = {{"__repr__", MemoryFormatRepr}};

Type* MemoryFormatType() {
  static Type* t =
      NewNativeType({.name = "memory_format", .module = "torch", .methods = kMemoryFormatMethods});
  return t;
}

Value MemoryFormatValue(MemoryFormat f) {
  static std::array<Value, 4>* values = [] {
    auto* v = new std::array<Value, 4>;
    for (int i = 0; i < 4; ++i) {
      (*v)[i] = NewObject<MemoryFormatObject>(MemoryFormatType(), static_cast<MemoryFormat>(i));
      (*v)[i].as_object()->refcnt = kImmortalRefcount;
    }
    return v;
  }();
  return (*values)[static_cast<int>(f)];
}

// The memory_format keyword of `fname` (absent or None: `fallback`).
bool FormatKw(VM& vm, const ArgsView& args, std::string_view fname, MemoryFormat fallback,
              MemoryFormat* out) {
  *out = fallback;
  for (int k = 0; k < args.nkw(); ++k) {
    if (args.kwname(k) != "memory_format") {
      RaiseTypeError(vm, absl::StrFormat("%s() got an unexpected keyword argument '%s'", fname,
                                         std::string(args.kwname(k))));
      return false;
    }
    return MemoryFormatArg(vm, args.kwvalue(k), fname, fallback, out);
  }
  if (args.nargs > 1) {
    RaiseTypeError(vm,
                   absl::StrFormat("%s() takes at most 1 argument (%d given)", fname, args.nargs));
    return false;
  }
  if (args.nargs == 1) return MemoryFormatArg(vm, args[0], fname, fallback, out);
  return true;
}

Value MIsContiguous(VM& vm, const Value& self, const ArgsView& args) {
  MemoryFormat f;
  if (!FormatKw(vm, args, "is_contiguous", MemoryFormat::kContiguous, &f)) return {};
  const tensor::Tensor& t = TensorOf(self);
  return Value::Bool(tensor::IsContiguousAs(t.sizes(), t.strides(), f));
}

Value MContiguous(VM& vm, const Value& self, const ArgsView& args) {
  MemoryFormat f;
  if (!FormatKw(vm, args, "contiguous", MemoryFormat::kContiguous, &f)) return {};
  const tensor::Tensor& t = TensorOf(self);
  if (tensor::IsContiguousAs(t.sizes(), t.strides(), f)) return self;
  if (f == MemoryFormat::kPreserve) {
    return RaiseRuntimeError(vm,
                             "preserve memory format is unsupported by the contiguous operator");
  }
  tensor::Tensor r;
  if (!CloneTensorAs(vm, t, f, &r)) return {};
  return WrapTensor(std::move(r));
}

Value MClone(VM& vm, const Value& self, const ArgsView& args) {
  MemoryFormat f;
  if (!FormatKw(vm, args, "clone", MemoryFormat::kPreserve, &f)) return {};
  tensor::Tensor r;
  if (!CloneTensorAs(vm, TensorOf(self), f, &r)) return {};
  return WrapTensor(std::move(r));
}

}  // namespace

bool MemoryFormatArg(VM& vm, const Value& v, std::string_view fname, MemoryFormat fallback,
                     MemoryFormat* out) {
  if (v.is_none()) {
    *out = fallback;
    return true;
  }
  if (!IsInstance(v, MemoryFormatType())) {
    RaiseTypeError(
        vm, absl::StrFormat("%s(): argument 'memory_format' must be torch.memory_format, not %s",
                            std::string(fname), std::string(TypeName(v))));
    return false;
  }
  *out = Cast<MemoryFormatObject>(v)->format;
  return true;
}

bool CloneTensorAs(VM& vm, const tensor::Tensor& t, MemoryFormat f, tensor::Tensor* out) {
  return RunOp(vm, "clone", {t, graph_ir::Constant(std::string(kOpNames[static_cast<int>(f)]))},
               out);
}

void AddMemoryFormats(ModuleObject* m) {
  AddType(m, MemoryFormatType());
  for (int i = 0; i < 4; ++i)
    ModuleSet(m, kNames[i], MemoryFormatValue(static_cast<MemoryFormat>(i)));
}

std::span<const MethodDef> TensorMemoryFormatMethods() {
  static constexpr MethodDef kMethods[] = {
      {"is_contiguous", MIsContiguous}, {"contiguous", MContiguous}, {"clone", MClone}};
  return kMethods;
}

}  // namespace tc::script_torch
