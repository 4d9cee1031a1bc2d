#include "tc/tensor/dtype.h"

#include <optional>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"

#include "tc/support/enum_table.h"
#include "tc/tensor/half.h"

namespace tc::tensor {

namespace {

// A dtypes.def row.
struct DTypeRow {
  DType dtype;
  std::string_view name;
  std::string_view scalar_type_name;
  std::string_view c_type_name;
  size_t item_size;
};

constexpr support::EnumTable<DType::kFloat64, DTypeRow> kDTypeRows({
#define TC_DTYPE(enumerator, type, name, scalar_type_name, c_type_name, number) \
  {DType::enumerator, name, scalar_type_name, c_type_name, sizeof(type)},
#include "tc/tensor/dtypes.def"
#undef TC_DTYPE
});

constexpr bool RowsInDTypeOrder() {
  for (int i = 0; i < kNumDTypes; ++i) {
    const auto dtype = static_cast<DType>(i);
    if (kDTypeRows.at(dtype, {}).dtype != dtype) return false;
  }
  return true;
}
static_assert(RowsInDTypeOrder(), "dtypes.def lists the dtypes in DType's order");

// What the functions below answer for a value that is no dtype.
constexpr DTypeRow kNoDType = {DType::kFloat32, "?", "?", "?", 0};

}  // namespace

std::string_view DTypeName(DType dtype) { return kDTypeRows.at(dtype, kNoDType).name; }

absl::StatusOr<DType> ParseDType(std::string_view name) {
  for (int i = 0; i < kNumDTypes; ++i) {
    const auto dtype = static_cast<DType>(i);
    if (DTypeName(dtype) == name) return dtype;
  }
  // PyTorch's other names (torch.half, torch.long, ...).
  struct Alias {
    std::string_view name;
    DType dtype;
  };
  static constexpr Alias kAliases[] = {
      {"short", DType::kInt16},  {"int", DType::kInt32},     {"long", DType::kInt64},
      {"half", DType::kFloat16}, {"float", DType::kFloat32}, {"double", DType::kFloat64},
  };
  for (const Alias& alias : kAliases) {
    if (alias.name == name) return alias.dtype;
  }
  return absl::InvalidArgumentError(absl::StrFormat("unknown dtype '%s'", name));
}

std::string_view ScalarTypeName(DType dtype) {
  return kDTypeRows.at(dtype, kNoDType).scalar_type_name;
}

std::string_view CTypeName(DType dtype) { return kDTypeRows.at(dtype, kNoDType).c_type_name; }

size_t ItemSize(DType dtype) { return kDTypeRows.at(dtype, kNoDType).item_size; }

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
