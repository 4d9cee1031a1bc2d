#include "tc/guards/guard_value.h"

namespace tc::guards {

std::string_view ValueKindName(ValueKind kind) {
  switch (kind) {
    case ValueKind::kMissing:
      return "missing";
    case ValueKind::kNone:
      return "None";
    case ValueKind::kBool:
      return "bool";
    case ValueKind::kInt:
      return "int";
    case ValueKind::kFloat:
      return "float";
    case ValueKind::kStr:
      return "str";
    case ValueKind::kTensor:
      return "tensor";
    case ValueKind::kObject:
      return "object";
  }
  return "object";
}

}  // namespace tc::guards
