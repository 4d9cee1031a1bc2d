// GuardRecord checks.
#include "guard_eval.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "tc/script/native.h"
#include "tc/script/tensor_value.h"

namespace tc::frame_capture {

using script::Value;

namespace {

std::string TorchDTypeName(tensor::DType d) {
  switch (d) {
    case tensor::DType::kFloat32:
      return "Float";
    case tensor::DType::kFloat64:
      return "Double";
    case tensor::DType::kFloat16:
      return "Half";
    case tensor::DType::kBFloat16:
      return "BFloat16";
    case tensor::DType::kInt64:
      return "Long";
    case tensor::DType::kInt32:
      return "Int";
    case tensor::DType::kInt16:
      return "Short";
    case tensor::DType::kInt8:
      return "Char";
    case tensor::DType::kUInt8:
      return "Byte";
    case tensor::DType::kBool:
      return "Bool";
    default:
      return std::string(tensor::DTypeName(d));
  }
}

std::string TensorFailure(const GuardRecord& g, const Value& v) {
  std::string name = absl::StrCat("tensor '", g.source->ShortName(), "' ");
  if (!script::IsTensorValue(v)) {
    return absl::StrFormat("expected type of '%s' to be a tensor type, ' but found %s",
                           g.source->Name(), TypeFullName(v.type()));
  }
  const tensor::Tensor& t = script::TensorOfValue(v);
  if (t.device().type != g.device.type) {
    return absl::StrCat(name, "dispatch key set mismatch. expected ",
                        g.device.is_cuda() ? "DispatchKeySet(CUDA)" : "DispatchKeySet(CPU)",
                        ", actual ",
                        t.device().is_cuda() ? "DispatchKeySet(CUDA)" : "DispatchKeySet(CPU)");
  }
  if (t.dtype() != g.dtype) {
    return absl::StrCat(name, "dtype mismatch. expected ", TorchDTypeName(g.dtype), ", actual ",
                        TorchDTypeName(t.dtype()));
  }
  if (t.device().index != g.device.index) {
    return absl::StrFormat(
        "%sTensor device index mismatch. Expected device index to be %d, actual %d", name,
        g.device.index, t.device().index);
  }
  if (script::TensorRequiresGrad(v) != g.requires_grad) {
    return absl::StrCat(name,
                        "requires_grad mismatch. expected requires_grad=", g.requires_grad ? 1 : 0);
  }
  if (t.dim() != static_cast<int64_t>(g.sizes.size())) {
    return absl::StrCat(name, "rank mismatch. expected ", g.sizes.size(), ", actual ", t.dim());
  }
  for (size_t i = 0; i < g.sizes.size(); ++i) {
    if (t.sizes()[i] != g.sizes[i]) {
      return absl::StrCat(name, "size mismatch at index ", i, ". expected ", g.sizes[i],
                          ", actual ", t.sizes()[i]);
    }
  }
  for (size_t i = 0; i < g.strides.size(); ++i) {
    if (t.strides()[i] != g.strides[i]) {
      return absl::StrCat(name, "stride mismatch at index ", i, ". expected ", g.strides[i],
                          ", actual ", t.strides()[i]);
    }
  }
  return "";
}

std::string ConstRepr(script::VM& vm, const Value& v) {
  std::string s;
  vm.ReprString(v, &s);
  return s;
}

}  // namespace

std::string FirstGuardFailure(script::VM& vm, const std::vector<GuardRecord>& guards,
                              bool grad_mode, const FrameView& frame) {
  if (grad_mode != script::GradModeEnabled()) return "___check_global_state()";
  for (const GuardRecord& g : guards) {
    Value v = Fetch(vm, *g.source, frame);
    switch (g.kind) {
      case GuardRecord::Kind::kTensor: {
        std::string r = TensorFailure(g, v);
        if (!r.empty()) return r;
        break;
      }
      case GuardRecord::Kind::kEquals: {
        bool same = !v.is_null() && v.type() == g.expected.type() && vm.Equal(v, g.expected) == 1;
        if (vm.HasException()) vm.ClearException();
        if (!same) return absl::StrCat(g.source->Name(), " == ", ConstRepr(vm, g.expected));
        break;
      }
      case GuardRecord::Kind::kNone:
        if (!v.is_none()) return absl::StrCat(g.source->Name(), " is None");
        break;
      case GuardRecord::Kind::kType:
        if (v.is_null() || v.type() != g.expected.as_object()) {
          return absl::StrFormat("___check_type_id(%s, %d)", g.source->Name(),
                                 reinterpret_cast<uintptr_t>(g.expected.as_object()));
        }
        break;
      case GuardRecord::Kind::kId:
        if (v.is_null() || !v.is_object() || v.as_object() != g.expected.as_object()) {
          return absl::StrFormat("___check_obj_id(%s, %d)", g.source->Name(),
                                 reinterpret_cast<uintptr_t>(g.expected.as_object()));
        }
        break;
      case GuardRecord::Kind::kLength: {
        int64_t n = -1;
        if (v.is_null() || !vm.Length(v, &n)) vm.ClearException();
        if (n != g.length) return absl::StrCat("len(", g.source->Name(), ") == ", g.length);
        break;
      }
    }
  }
  return "";
}

std::string FormatGuard(const GuardRecord& g) {
  switch (g.kind) {
    case GuardRecord::Kind::kTensor:
      return absl::StrFormat("%s: TENSOR_MATCH dtype=%s size=[%s] stride=[%s] requires_grad=%s",
                             g.source->Name(), tensor::DTypeName(g.dtype),
                             absl::StrJoin(g.sizes, ", "), absl::StrJoin(g.strides, ", "),
                             g.requires_grad ? "True" : "False");
    case GuardRecord::Kind::kEquals:
      return absl::StrCat(g.source->Name(), ": EQUALS_MATCH");
    case GuardRecord::Kind::kNone:
      return absl::StrCat(g.source->Name(), ": NONE_MATCH");
    case GuardRecord::Kind::kType:
      return absl::StrCat(g.source->Name(), ": TYPE_MATCH");
    case GuardRecord::Kind::kId:
      return absl::StrCat(g.source->Name(), ": ID_MATCH");
    case GuardRecord::Kind::kLength:
      return absl::StrCat(g.source->Name(), ": SEQUENCE_LENGTH");
  }
  return "";
}

}  // namespace tc::frame_capture
