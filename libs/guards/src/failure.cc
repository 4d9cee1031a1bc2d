// Failure reasons, worded as PyTorch 2.15 words them; only run after a miss.
#include <span>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

#include "tc/guards/guard_set.h"

#include "guard_code.h"

namespace tc::guards {
namespace {

std::string FoundTypeName(const GuardValue& v, const TypeNamer& type_namer) {
  if (type_namer && v.type_id != nullptr) return type_namer(v.type_id);
  return std::string(internal::BuiltinTypeName(v.kind));
}

// TensorCheck::check_verbose: the first difference in the order dispatch
// keys (device type), dtype, device index, requires_grad, rank, sizes,
// strides.
std::string TensorFailure(const Guard& g, const GuardValue& v, const TypeNamer& type_namer) {
  const std::string& name = g.source.name;
  if (v.kind != ValueKind::kTensor || (g.type.id != nullptr && v.type_id != g.type.id)) {
    return absl::StrCat("expected type of '", name, "' to be <class '", g.type.name,
                        "'>, but found <class '", FoundTypeName(v, type_namer), "'>");
  }
  const TensorExpectation& e = g.tensor;
  const TensorMeta& t = *v.as.tensor;
  const std::string prefix = absl::StrCat("tensor '", name, "' ");
  if (t.device.type != e.device.type) {
    return absl::StrCat(prefix, "dispatch key set mismatch. expected ",
                        DispatchKeySetName(e.device), ", actual ", DispatchKeySetName(t.device));
  }
  if (t.dtype != e.dtype) {
    return absl::StrCat(prefix, "dtype mismatch. expected ",
                        std::string(tensor::ScalarTypeName(e.dtype)), ", actual ",
                        std::string(tensor::ScalarTypeName(t.dtype)));
  }
  if (t.device.index != e.device.index) {
    return absl::StrCat(prefix, "Tensor device index mismatch. Expected device index to be ",
                        e.device.index, ", actual ", t.device.index);
  }
  if (t.requires_grad != e.requires_grad) {
    return absl::StrCat(prefix,
                        "requires_grad mismatch. expected requires_grad=", e.requires_grad ? 1 : 0);
  }
  if (t.sizes.size() != e.sizes.size()) {
    return absl::StrCat(prefix, "rank mismatch. expected ", e.sizes.size(), ", actual ",
                        t.sizes.size());
  }
  for (size_t i = 0; i < e.sizes.size(); ++i) {
    if (t.sizes[i] != e.sizes[i]) {
      return absl::StrCat(prefix, "size mismatch at index ", i, ". expected ", e.sizes[i],
                          ", actual ", t.sizes[i]);
    }
  }
  for (size_t i = 0; i < e.strides.size() && i < t.strides.size(); ++i) {
    if (t.strides[i] != e.strides[i]) {
      return absl::StrCat(prefix, "stride mismatch at index ", i, ". expected ", e.strides[i],
                          ", actual ", t.strides[i]);
    }
  }
  return "";
}

std::string WithUserStack(const GuardFailure& failure) {
  if (failure.user_stack.empty()) return failure.reason;
  return absl::StrCat(failure.reason, "\nUser stack trace:\n", failure.user_stack);
}

}  // namespace

GuardFailure GuardSet::Describe(const Guard& g, const GuardValue* v, const GlobalState& state,
                                const TypeNamer& type_namer) const {
  GuardFailure failure;
  if (g.kind == GuardKind::kGlobalState) {
    failure.reason = "GLOBAL_STATE changed: " + GlobalStateChanges(g.global_state, state);
    return failure;
  }
  if (v->kind == ValueKind::kMissing) {
    // What PyTorch's accessors report when the source cannot be read.
    failure.reason = StripLocalScope(absl::StrCat("getattr failed on source ", g.source.name));
    return failure;
  }
  if (g.kind == GuardKind::kTensorMatch) {
    failure.reason = StripLocalScope(TensorFailure(g, *v, type_namer));
    return failure;
  }
  const bool type_failed =
      (g.kind == GuardKind::kTypeMatch) ||
      (g.kind == GuardKind::kSequenceLength && g.type.id != nullptr && v->type_id != g.type.id);
  const std::string reason =
      type_failed ? VerboseCodePart(g, internal::TypeMatchCode(g), internal::TypeMatchHint(g))
                  : VerboseCodePart(g, internal::ValueCheckCode(g));
  failure.reason = StripLocalScope(reason);
  failure.user_stack = StripLocalScope(internal::FormatUserStack(g.source.user_stack));
  return failure;
}

std::string GuardSet::FirstFailure(std::span<const GuardValue> slots, const GlobalState& state,
                                   const TypeNamer& type_namer) const {
  std::vector<GuardFailure> failures = Failures(slots, state, type_namer, /*first_only=*/true);
  return failures.empty() ? "" : WithUserStack(failures.front());
}

std::vector<GuardFailure> GuardSet::AllFailures(std::span<const GuardValue> slots,
                                                const GlobalState& state,
                                                const TypeNamer& type_namer) const {
  return Failures(slots, state, type_namer, /*first_only=*/false);
}

std::vector<GuardFailure> GuardSet::Failures(std::span<const GuardValue> slots,
                                             const GlobalState& state, const TypeNamer& type_namer,
                                             bool first_only) const {
  std::vector<GuardFailure> failures;
  if (slots.size() < static_cast<size_t>(num_slots_)) {
    failures.push_back(
        {absl::StrCat("expected ", num_slots_, " guard slots, got ", slots.size()), ""});
    return failures;
  }
  if (has_global_state_ && !GlobalStateMatches(global_state_, state)) {
    failures.push_back(Describe(guards_[global_state_index_], nullptr, state, type_namer));
    if (first_only) return failures;
  }
  for (const internal::FastCheck& c : checks_) {
    if (!Passes(c, slots)) {
      failures.push_back(Describe(guards_[c.guard_index], &slots[c.slot], state, type_namer));
      if (first_only) return failures;
    }
  }
  return failures;
}

}  // namespace tc::guards
