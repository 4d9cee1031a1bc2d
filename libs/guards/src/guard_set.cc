// GuardSet::Check, the fast path run on every call of a compiled function.
#include "tc/guards/guard_set.h"

#include <cmath>
#include <cstring>

namespace tc::guards {

// Compiled as one switch so no guard costs a virtual call; strings are only
// touched by string constants.
bool GuardSet::Passes(const internal::FastCheck& c, std::span<const GuardValue> slots) const {
  const GuardValue& v = slots[c.slot];
  switch (c.kind) {
    case GuardKind::kTypeMatch:
      return v.kind != ValueKind::kMissing && v.type_id == c.type_id;
    case GuardKind::kIdMatch:
      return v.kind == ValueKind::kObject && v.as.object == c.expected.id;
    case GuardKind::kNoneMatch:
      return v.kind == ValueKind::kNone;
    case GuardKind::kNotNoneMatch:
      return v.kind != ValueKind::kNone && v.kind != ValueKind::kMissing;
    case GuardKind::kBoolMatch:
      return v.kind == ValueKind::kBool && v.as.b == c.flag;
    case GuardKind::kEqualsMatch: {
      if (v.kind != c.value_kind) return false;
      if (c.type_id != nullptr && v.type_id != c.type_id) return false;
      switch (c.value_kind) {
        case ValueKind::kInt:
          return v.as.i == c.expected.i;
        case ValueKind::kFloat:
          // Bitwise, as PyTorch tells -0.0 from 0.0; any NaN matches NaN.
          if (c.flag) return std::isnan(v.as.f);
          return std::memcmp(&v.as.f, &c.expected.f, sizeof(double)) == 0;
        case ValueKind::kStr:
          return v.str_size == c.str_size &&
                 std::memcmp(v.as.str, strings_.data() + c.pool_offset, c.str_size) == 0;
        case ValueKind::kMissing:
        case ValueKind::kNone:
        case ValueKind::kBool:
        case ValueKind::kTensor:
        case ValueKind::kObject:
          break;
      }
      return false;
    }
    case GuardKind::kSequenceLength:
      return v.kind == ValueKind::kInt && (c.type_id == nullptr || v.type_id == c.type_id) &&
             v.as.i == c.expected.i;
    case GuardKind::kTensorMatch: {
      if (v.kind != ValueKind::kTensor) return false;
      if (c.type_id != nullptr && v.type_id != c.type_id) return false;
      const TensorMeta& t = *v.as.tensor;
      if (t.device.type != c.device_type || t.dtype != c.dtype ||
          t.device.index != c.device_index || t.requires_grad != c.flag ||
          t.sizes.size() != c.rank || t.strides.size() != c.rank) {
        return false;
      }
      const int64_t* dims = dims_.data() + c.pool_offset;
      const size_t bytes = c.rank * sizeof(int64_t);
      return std::memcmp(t.sizes.data(), dims, bytes) == 0 &&
             std::memcmp(t.strides.data(), dims + c.rank, bytes) == 0;
    }
    case GuardKind::kGlobalState:
      break;
  }
  return false;
}

bool GuardSet::Check(std::span<const GuardValue> slots, const GlobalState& state) const {
  if (slots.size() < static_cast<size_t>(num_slots_)) return false;
  if (has_global_state_ && !GlobalStateMatches(global_state_, state)) return false;
  for (const internal::FastCheck& c : checks_) {
    if (!Passes(c, slots)) return false;
  }
  return true;
}

std::vector<int> GuardSet::CheckOrder() const {
  std::vector<int> order;
  if (has_global_state_) order.push_back(global_state_index_);
  for (const internal::FastCheck& c : checks_) order.push_back(static_cast<int>(c.guard_index));
  return order;
}

}  // namespace tc::guards
