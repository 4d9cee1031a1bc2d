#include "tc/tensor/dtype.h"

#include <optional>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"

namespace tc::tensor {

std::string_view DTypeName(DType dtype) {
  switch (dtype) {
    case DType::kBool:
      return "bool";
    case DType::kUInt8:
      return "uint8";
    case DType::kInt8:
      return "int8";
    case DType::kInt16:
      return "int16";
    case DType::kInt32:
      return "int32";
    case DType::kInt64:
      return "int64";
    case DType::kFloat16:
      return "float16";
    case DType::kBFloat16:
      return "bfloat16";
    case DType::kFloat32:
      return "float32";
    case DType::kFloat64:
      return "float64";
  }
  return "?";
}

absl::StatusOr<DType> ParseDType(std::string_view name) {
  struct Alias {
    std::string_view name;
    DType dtype;
  };
  static constexpr Alias kAliases[] = {
      {"bool", DType::kBool},       {"uint8", DType::kUInt8},   {"int8", DType::kInt8},
      {"int16", DType::kInt16},     {"short", DType::kInt16},   {"int32", DType::kInt32},
      {"int", DType::kInt32},       {"int64", DType::kInt64},   {"long", DType::kInt64},
      {"float16", DType::kFloat16}, {"half", DType::kFloat16},  {"bfloat16", DType::kBFloat16},
      {"float32", DType::kFloat32}, {"float", DType::kFloat32}, {"float64", DType::kFloat64},
      {"double", DType::kFloat64},
  };
  for (const Alias& alias : kAliases) {
    if (alias.name == name) return alias.dtype;
  }
  return absl::InvalidArgumentError(absl::StrFormat("unknown dtype '%s'", name));
}

std::string_view ScalarTypeName(DType dtype) {
  switch (dtype) {
    case DType::kBool:
      return "Bool";
    case DType::kUInt8:
      return "Byte";
    case DType::kInt8:
      return "Char";
    case DType::kInt16:
      return "Short";
    case DType::kInt32:
      return "Int";
    case DType::kInt64:
      return "Long";
    case DType::kFloat16:
      return "Half";
    case DType::kBFloat16:
      return "BFloat16";
    case DType::kFloat32:
      return "Float";
    case DType::kFloat64:
      return "Double";
  }
  return "?";
}

std::string_view CTypeName(DType dtype) {
  switch (dtype) {
    case DType::kBool:
      return "bool";
    case DType::kUInt8:
      return "unsigned char";
    case DType::kInt8:
      return "signed char";
    case DType::kInt16:
      return "short int";
    case DType::kInt32:
      return "int";
    case DType::kInt64:
      return "long int";
    case DType::kFloat16:
      return "c10::Half";
    case DType::kBFloat16:
      return "c10::BFloat16";
    case DType::kFloat32:
      return "float";
    case DType::kFloat64:
      return "double";
  }
  return "?";
}

size_t ItemSize(DType dtype) {
  switch (dtype) {
    case DType::kBool:
    case DType::kUInt8:
    case DType::kInt8:
      return 1;
    case DType::kInt16:
    case DType::kFloat16:
    case DType::kBFloat16:
      return 2;
    case DType::kInt32:
    case DType::kFloat32:
      return 4;
    case DType::kInt64:
    case DType::kFloat64:
      return 8;
  }
  return 0;
}

bool IsFloatingPoint(DType dtype) {
  return dtype == DType::kFloat16 || dtype == DType::kBFloat16 || dtype == DType::kFloat32 ||
         dtype == DType::kFloat64;
}

bool IsIntegral(DType dtype, bool include_bool) {
  if (dtype == DType::kBool) return include_bool;
  return !IsFloatingPoint(dtype);
}

namespace {

int FloatRank(DType d) {
  switch (d) {
    case DType::kFloat16:
    case DType::kBFloat16:
      return 0;
    case DType::kFloat32:
      return 1;
    default:
      return 2;
  }
}

}  // namespace

DType PromoteTypes(DType a, DType b) {
  if (a == b) return a;
  if (a == DType::kBool) return b;
  if (b == DType::kBool) return a;
  bool fa = IsFloatingPoint(a), fb = IsFloatingPoint(b);
  if (fa && fb) {
    // float16 and bfloat16 share no range: both fit only in float32.
    if ((a == DType::kFloat16 && b == DType::kBFloat16) ||
        (a == DType::kBFloat16 && b == DType::kFloat16)) {
      return DType::kFloat32;
    }
    return FloatRank(a) >= FloatRank(b) ? a : b;
  }
  if (fa) return a;
  if (fb) return b;
  // Both integers. uint8 with a signed type needs a signed type holding 255.
  if (a == DType::kUInt8 || b == DType::kUInt8) {
    DType other = a == DType::kUInt8 ? b : a;
    return other == DType::kInt8 ? DType::kInt16 : other;
  }
  return static_cast<uint8_t>(a) > static_cast<uint8_t>(b) ? a : b;
}

namespace {

using Maybe = std::optional<DType>;

Maybe PromoteMaybe(Maybe a, DType b) { return a ? PromoteTypes(*a, b) : b; }

// c10's combine_categories: a lower-priority class wins only with a higher
// category (or when the higher class is bool).
Maybe CombineCategories(Maybe higher, Maybe lower) {
  if (!higher) return lower;
  if (!lower) return higher;
  if (IsFloatingPoint(*higher)) return higher;
  if (*higher == DType::kBool || IsFloatingPoint(*lower)) return PromoteTypes(*higher, *lower);
  return higher;
}

}  // namespace

DType ResultType(std::span<const TypeOperand> operands) {
  Maybe dim, zero, wrapped;
  for (const TypeOperand& op : operands) {
    switch (op.kind) {
      case OperandKind::kTensor:
        dim = PromoteMaybe(dim, op.dtype);
        break;
      case OperandKind::kZeroDim:
        zero = PromoteMaybe(zero, op.dtype);
        break;
      case OperandKind::kScalar: {
        // A Python float is the default dtype, as c10 treats wrapped numbers.
        DType d = IsFloatingPoint(op.dtype) ? DType::kFloat32 : op.dtype;
        wrapped = PromoteMaybe(wrapped, d);
        break;
      }
    }
  }
  Maybe result = CombineCategories(dim, CombineCategories(zero, wrapped));
  return result.value_or(DType::kFloat32);
}

DType ToFloatingResult(DType dtype) { return IsFloatingPoint(dtype) ? dtype : DType::kFloat32; }

}  // namespace tc::tensor
