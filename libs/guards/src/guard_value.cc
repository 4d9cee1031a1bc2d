#include "tc/guards/guard_value.h"

#include "tc/support/enum_table.h"

#include "guard_code.h"

namespace tc::guards {
namespace {

struct ValueKindNames {
  std::string_view name;         // ValueKindName
  std::string_view python_type;  // internal::BuiltinTypeName
};

// In ValueKind's order.
constexpr support::EnumTable<ValueKind::kObject, ValueKindNames> kValueKindNames({
    {"missing", "object"},
    {"None", "NoneType"},
    {"bool", "bool"},
    {"int", "int"},
    {"float", "float"},
    {"str", "str"},
    {"tensor", "torch.Tensor"},
    {"object", "object"},
});
constexpr ValueKindNames kObjectNames = {"object", "object"};

}  // namespace

std::string_view ValueKindName(ValueKind kind) {
  return kValueKindNames.at(kind, kObjectNames).name;
}

namespace internal {

std::string_view BuiltinTypeName(ValueKind kind) {
  return kValueKindNames.at(kind, kObjectNames).python_type;
}

}  // namespace internal
}  // namespace tc::guards
