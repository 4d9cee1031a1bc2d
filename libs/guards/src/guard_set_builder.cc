// GuardSetBuilder: validates guards as they are added and lays them out for
// the fast path (cheap kinds first, hot data in one compact array).
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"

#include "tc/guards/guard_set.h"

#include "guard_code.h"

namespace tc::guards {
namespace {

// Check order: the global state, then one-word comparisons, then tensors
// (several fields and two arrays each).
int CostClass(GuardKind kind) {
  if (kind == GuardKind::kGlobalState) return 0;
  return kind == GuardKind::kTensorMatch ? 2 : 1;
}

// A guard of `kind` on `slot`, with the fields every slot guard has.
Guard SlotGuard(GuardKind kind, int slot, GuardSource source, PyType type = {}) {
  Guard g;
  g.kind = kind;
  g.slot = slot;
  g.source = std::move(source);
  g.type = std::move(type);
  return g;
}

}  // namespace

GuardSetBuilder& GuardSetBuilder::AddGlobalState(const GlobalState& expected) {
  Guard g;
  g.kind = GuardKind::kGlobalState;
  g.source.origin = Origin::kGlobal;
  g.global_state = expected;
  return Add(std::move(g));
}

GuardSetBuilder& GuardSetBuilder::AddTensorMatch(int slot, GuardSource source,
                                                 const TensorMeta& expected, PyType type) {
  Guard g = SlotGuard(GuardKind::kTensorMatch, slot, std::move(source), std::move(type));
  g.tensor.dtype = expected.dtype;
  g.tensor.device = expected.device;
  g.tensor.requires_grad = expected.requires_grad;
  g.tensor.sizes.assign(expected.sizes.begin(), expected.sizes.end());
  g.tensor.strides.assign(expected.strides.begin(), expected.strides.end());
  return Add(std::move(g));
}

GuardSetBuilder& GuardSetBuilder::AddTypeMatch(int slot, GuardSource source, PyType type,
                                               const void* object) {
  Guard g = SlotGuard(GuardKind::kTypeMatch, slot, std::move(source), std::move(type));
  g.object = object;
  return Add(std::move(g));
}

GuardSetBuilder& GuardSetBuilder::AddIdMatch(int slot, GuardSource source, const void* object,
                                             PyType type) {
  Guard g = SlotGuard(GuardKind::kIdMatch, slot, std::move(source), std::move(type));
  g.object = object;
  return Add(std::move(g));
}

GuardSetBuilder& GuardSetBuilder::AddConstantMatch(int slot, GuardSource source,
                                                   const GuardValue& value) {
  Guard g = SlotGuard(GuardKind::kEqualsMatch, slot, std::move(source));
  g.constant.kind = value.kind;
  g.constant.type_id = value.type_id;
  switch (value.kind) {
    case ValueKind::kNone:
      g.kind = GuardKind::kNoneMatch;
      return Add(std::move(g));  // printed without a type
    case ValueKind::kBool:
      g.kind = GuardKind::kBoolMatch;
      g.constant.b = value.as.b;
      break;
    case ValueKind::kInt:
      g.constant.i = value.as.i;
      break;
    case ValueKind::kFloat:
      g.constant.f = value.as.f;
      break;
    case ValueKind::kStr:
      g.constant.s = std::string(value.str());
      break;
    case ValueKind::kMissing:
    case ValueKind::kTensor:
    case ValueKind::kObject:
      if (status_.ok()) {
        status_ = absl::InvalidArgumentError(
            absl::StrCat("CONSTANT_MATCH on '", g.source.name,
                         "' needs a None, bool, int, float or str value, got ",
                         std::string(ValueKindName(value.kind))));
      }
      return *this;
  }
  g.type = {value.type_id, std::string(internal::BuiltinTypeName(value.kind))};
  return Add(std::move(g));
}

GuardSetBuilder& GuardSetBuilder::AddNoneMatch(int slot, GuardSource source) {
  return AddConstantMatch(slot, std::move(source), GuardValue::None());
}

GuardSetBuilder& GuardSetBuilder::AddNotNoneMatch(int slot, GuardSource source) {
  return Add(SlotGuard(GuardKind::kNotNoneMatch, slot, std::move(source)));
}

GuardSetBuilder& GuardSetBuilder::AddSequenceLength(int slot, GuardSource source, int64_t length,
                                                    PyType type) {
  Guard g = SlotGuard(GuardKind::kSequenceLength, slot, std::move(source), std::move(type));
  g.length = length;
  return Add(std::move(g));
}

GuardSetBuilder& GuardSetBuilder::Add(Guard guard) {
  if (!status_.ok()) return *this;
  const std::string kind(GuardKindName(guard.kind));
  if (guard.kind == GuardKind::kGlobalState) {
    for (const Guard& g : guards_) {
      if (g.kind == GuardKind::kGlobalState) {
        status_ = absl::InvalidArgumentError("GLOBAL_STATE added twice");
        return *this;
      }
    }
  } else if (guard.slot < 0) {
    status_ = absl::InvalidArgumentError(
        absl::StrCat(kind, " on '", guard.source.name, "' has a negative slot (", guard.slot, ")"));
    return *this;
  } else if (guard.source.name.empty()) {
    status_ = absl::InvalidArgumentError(absl::StrCat(kind, " needs a source name"));
    return *this;
  }
  if ((guard.kind == GuardKind::kTypeMatch && guard.type.id == nullptr) ||
      (guard.kind == GuardKind::kIdMatch && guard.object == nullptr)) {
    status_ = absl::InvalidArgumentError(
        absl::StrCat(kind, " on '", guard.source.name, "' needs the identity it compares"));
    return *this;
  }
  if (guard.kind == GuardKind::kTensorMatch &&
      guard.tensor.sizes.size() != guard.tensor.strides.size()) {
    status_ = absl::InvalidArgumentError(
        absl::StrCat("TENSOR_MATCH on '", guard.source.name, "' has ", guard.tensor.sizes.size(),
                     " sizes but ", guard.tensor.strides.size(), " strides"));
    return *this;
  }
  if (guard.kind == GuardKind::kEqualsMatch && guard.constant.kind != ValueKind::kInt &&
      guard.constant.kind != ValueKind::kFloat && guard.constant.kind != ValueKind::kStr) {
    status_ = absl::InvalidArgumentError(absl::StrCat("EQUALS_MATCH on '", guard.source.name,
                                                      "' needs an int, float or str constant"));
    return *this;
  }
  guards_.push_back(std::move(guard));
  return *this;
}

absl::StatusOr<GuardSet> GuardSetBuilder::Build() const {
  if (!status_.ok()) return status_;
  GuardSet set;
  set.guards_ = guards_;
  std::vector<int> order(guards_.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return CostClass(guards_[a].kind) < CostClass(guards_[b].kind);
  });
  for (int index : order) {
    const Guard& g = guards_[index];
    if (g.kind == GuardKind::kGlobalState) {
      set.has_global_state_ = true;
      set.global_state_ = g.global_state;
      set.global_state_index_ = index;
      continue;
    }
    set.num_slots_ = std::max(set.num_slots_, g.slot + 1);
    internal::FastCheck c{};
    c.kind = g.kind;
    c.slot = g.slot;
    c.guard_index = static_cast<uint32_t>(index);
    c.type_id = g.type.id;
    switch (g.kind) {
      case GuardKind::kIdMatch:
        c.expected.id = g.object;
        c.type_id = nullptr;  // identity implies the type
        break;
      case GuardKind::kBoolMatch:
        c.flag = g.constant.b;
        c.type_id = nullptr;  // bool has no subclasses
        break;
      case GuardKind::kEqualsMatch:
        c.value_kind = g.constant.kind;
        c.type_id = g.constant.type_id;
        if (g.constant.kind == ValueKind::kInt) c.expected.i = g.constant.i;
        if (g.constant.kind == ValueKind::kFloat) {
          c.expected.f = g.constant.f;
          c.flag = std::isnan(g.constant.f);
        }
        if (g.constant.kind == ValueKind::kStr) {
          c.pool_offset = static_cast<uint32_t>(set.strings_.size());
          c.str_size = static_cast<uint32_t>(g.constant.s.size());
          set.strings_ += g.constant.s;
        }
        break;
      case GuardKind::kSequenceLength:
        c.expected.i = g.length;
        break;
      case GuardKind::kTensorMatch:
        c.dtype = g.tensor.dtype;
        c.device_type = g.tensor.device.type;
        c.device_index = g.tensor.device.index;
        c.flag = g.tensor.requires_grad;
        c.rank = static_cast<uint32_t>(g.tensor.sizes.size());
        c.pool_offset = static_cast<uint32_t>(set.dims_.size());
        set.dims_.insert(set.dims_.end(), g.tensor.sizes.begin(), g.tensor.sizes.end());
        set.dims_.insert(set.dims_.end(), g.tensor.strides.begin(), g.tensor.strides.end());
        break;
      case GuardKind::kTypeMatch:
      case GuardKind::kNoneMatch:
      case GuardKind::kNotNoneMatch:
      case GuardKind::kGlobalState:
        break;
    }
    set.checks_.push_back(c);
  }
  return set;
}

}  // namespace tc::guards
