#include "tc/guards/guard.h"

#include <cmath>
#include <cstdint>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "tc/support/enum_table.h"

#include "guard_code.h"
#include "python_repr.h"

namespace tc::guards {

namespace {

// In GuardKind's order.
constexpr support::EnumTable<GuardKind::kTensorMatch, std::string_view> kGuardKindNames({
    "GLOBAL_STATE",
    "TYPE_MATCH",
    "ID_MATCH",
    "NONE_MATCH",
    "NOT_NONE_MATCH",
    "BOOL_MATCH",
    "EQUALS_MATCH",
    "SEQUENCE_LENGTH",
    "TENSOR_MATCH",
});

}  // namespace

std::string_view GuardKindName(GuardKind kind) { return kGuardKindNames.at(kind, "GLOBAL_STATE"); }

namespace internal {
namespace {

// Python prints id() values in decimal.
std::string Id(const void* p) { return absl::StrCat(reinterpret_cast<uintptr_t>(p)); }

std::string ConstantRepr(const Constant& c) {
  switch (c.kind) {
    case ValueKind::kBool:
      return c.b ? "True" : "False";
    case ValueKind::kInt:
      return absl::StrCat(c.i);
    case ValueKind::kFloat:
      return PyFloatRepr(c.f);
    case ValueKind::kStr:
      return PyStrRepr(c.s);
    case ValueKind::kMissing:
    case ValueKind::kNone:
    case ValueKind::kTensor:
    case ValueKind::kObject:
      break;
  }
  return "None";
}

}  // namespace

std::string TypeMatchCode(const Guard& guard) {
  return absl::StrCat("___check_type_id(", guard.source.name, ", ", Id(guard.type.id),
                      "), type=<class '", guard.type.name, "'>");
}

std::string TypeMatchHint(const Guard& guard) {
  return absl::StrCat("type ", std::string(guard.type.short_name()));
}

std::string ValueCheckCode(const Guard& guard) {
  const std::string& name = guard.source.name;
  switch (guard.kind) {
    case GuardKind::kIdMatch:
      return absl::StrCat("___check_obj_id(", name, ", ", Id(guard.object), "), type=<class '",
                          guard.type.name, "'>");
    case GuardKind::kNoneMatch:
      return absl::StrCat(name, " is None");
    case GuardKind::kNotNoneMatch:
      return absl::StrCat(name, " is not None");
    case GuardKind::kBoolMatch:
    case GuardKind::kEqualsMatch:
      // NaN != NaN, so PyTorch guards a NaN by its type and isnan instead.
      if (guard.constant.kind == ValueKind::kFloat && std::isnan(guard.constant.f)) {
        return absl::StrCat("(type(", name, ") is float and __math_isnan(", name, "))");
      }
      return absl::StrCat(name, " == ", ConstantRepr(guard.constant));
    case GuardKind::kSequenceLength:
      if (guard.length == 0) return absl::StrCat("not ", name);
      return absl::StrCat("len(", name, ") == ", guard.length);
    case GuardKind::kGlobalState:
    case GuardKind::kTypeMatch:
    case GuardKind::kTensorMatch:
      break;
  }
  return "";
}

std::vector<std::string> DynamicMarkingCodes(const Guard& guard) {
  std::vector<std::string> codes;
  for (const char* attr :
       {"_dynamo_dynamic_indices", "_dynamo_weak_dynamic_indices", "_dynamo_unbacked_indices",
        "_dynamo_strict_unbacked_indices", "_dynamo_static_indices"}) {
    codes.push_back(absl::StrCat("hasattr(", guard.source.name, ", '", attr, "') == False"));
  }
  return codes;
}

std::string FormatUserStack(const std::vector<UserFrame>& stack) {
  std::vector<std::string> lines;
  for (const UserFrame& frame : stack) {
    lines.push_back(absl::StrCat("  File \"", frame.filename, "\", line ", frame.line, ", in ",
                                 frame.function));
    if (!frame.source_line.empty()) lines.push_back(absl::StrCat("    ", frame.source_line));
  }
  return absl::StrJoin(lines, "\n");
}

}  // namespace internal

std::vector<std::string> GuardCodeParts(const Guard& guard) {
  switch (guard.kind) {
    case GuardKind::kGlobalState:
      return {};
    case GuardKind::kTensorMatch:
      return internal::DynamicMarkingCodes(guard);
    case GuardKind::kTypeMatch:
      return {internal::TypeMatchCode(guard)};
    case GuardKind::kSequenceLength:
      if (guard.type.id != nullptr) {
        return {internal::TypeMatchCode(guard), internal::ValueCheckCode(guard)};
      }
      return {internal::ValueCheckCode(guard)};
    case GuardKind::kIdMatch:
    case GuardKind::kNoneMatch:
    case GuardKind::kNotNoneMatch:
    case GuardKind::kBoolMatch:
    case GuardKind::kEqualsMatch:
      break;
  }
  return {internal::ValueCheckCode(guard)};
}

std::string DispatchKeySetName(tensor::Device device) {
  // Dense tensors carry their backend key, BackendSelect, ADInplaceOrView
  // and the backend's autograd key whether or not they require grad.
  const char* backend = device.is_cuda() ? "CUDA" : "CPU";
  return absl::StrCat("DispatchKeySet(", backend, ", BackendSelect, ADInplaceOrView, Autograd",
                      backend, ")");
}

std::string CheckTensorCode(const Guard& guard) {
  const TensorExpectation& t = guard.tensor;
  const std::string device = t.device.is_cpu() ? "None" : absl::StrCat(t.device.index);
  return absl::StrCat("check_tensor(", guard.source.name, ", ",
                      std::string(guard.type.short_name()), ", ", DispatchKeySetName(t.device),
                      ", torch.", std::string(tensor::DTypeName(t.dtype)), ", device=", device,
                      ", requires_grad=", t.requires_grad ? "True" : "False",
                      ", size=", tensor::ShapeToString(t.sizes),
                      ", stride=", tensor::ShapeToString(t.strides), ")");
}

std::string VerboseCodePart(const Guard& guard, std::string_view code, std::string_view hint) {
  std::string out(code);
  const std::vector<UserFrame>& stack = guard.source.user_stack;
  if (!stack.empty()) {
    // get_verbose_code_part: f"{code:<60}  # {line}  # {file}:{n} in {fn}",
    // quoting the innermost frame.
    const UserFrame& frame = stack.back();
    const std::string& file = frame.short_filename.empty() ? frame.filename : frame.short_filename;
    out = absl::StrCat(internal::PadRight(code, 60), "  # ", frame.source_line, "  # ", file, ":",
                       frame.line, " in ", frame.function);
  }
  if (!hint.empty()) absl::StrAppend(&out, " (HINT: ", std::string(hint), ")");
  return out;
}

}  // namespace tc::guards
