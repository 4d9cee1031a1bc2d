// GuardSet: the guards of one compiled entry, built once and checked on
// every call; GuardSetBuilder collects them while a frame is captured.
//
// Check() is the fast path: no allocation, no strings, no virtual calls,
// one switch per guard over a compact array, cheap guards first (global
// state, then type/identity/constant checks, then tensors). The reasons
// (FirstFailure, AllFailures) are worded as PyTorch 2.15 words them and are
// only computed when asked, after a miss.
#ifndef TC_GUARDS_GUARD_SET_H_
#define TC_GUARDS_GUARD_SET_H_

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#include "tc/guards/global_state.h"
#include "tc/guards/guard.h"
#include "tc/guards/guard_value.h"
#include "tc/guards/source.h"
#include "tc/guards/tensor_meta.h"

namespace tc::guards {

// One failing guard.
struct GuardFailure {
  // PyTorch's words, L['...'] stripped: "tensor 'x' size mismatch at index
  // 0. expected 3, actual 4", "n == 2", "GLOBAL_STATE changed: grad_mode ".
  // Code-part reasons carry the user-stack comment when the guard has one.
  std::string reason;
  // '  File "/t.py", line 4, in f\n    return x * n' for guards with a user
  // stack whose reason is their code; empty otherwise (tensor and global
  // state reasons, as in PyTorch).
  std::string user_stack;
};

namespace internal {

// The hot data of one guard, in check order.
struct FastCheck {
  GuardKind kind;
  ValueKind value_kind;  // kEqualsMatch: the constant's kind
  tensor::DType dtype;   // kTensorMatch
  tensor::DeviceType device_type;
  bool flag;  // kBoolMatch: the value; kTensorMatch: requires_grad; float: NaN
  int32_t slot;
  int32_t device_index;
  uint32_t rank;         // kTensorMatch
  uint32_t pool_offset;  // sizes then strides in dims_, or the string in strings_
  uint32_t str_size;
  uint32_t guard_index;  // into guards_
  union {
    int64_t i;
    double f;
    const void* id;
  } expected;
  const void* type_id;  // compared when not null
};

}  // namespace internal

class GuardSet {
 public:
  // True when every guard passes. `slots` must hold at least num_slots()
  // values (fewer fail the check).
  bool Check(std::span<const GuardValue> slots, const GlobalState& state) const;

  // The first failing guard's reason in check order, with "\nUser stack
  // trace:\n<stack>" appended when the guard has a user stack, exactly the
  // text PyTorch puts after "0/0: " in recompile messages; "" when all pass.
  std::string FirstFailure(std::span<const GuardValue> slots, const GlobalState& state,
                           const TypeNamer& type_namer = nullptr) const;
  // Every failing guard, in check order (TORCH_LOGS=recompiles_verbose).
  std::vector<GuardFailure> AllFailures(std::span<const GuardValue> slots, const GlobalState& state,
                                        const TypeNamer& type_namer = nullptr) const;

  // The guards in the order they were added (explain's order).
  std::span<const Guard> guards() const { return guards_; }
  // The guards' indices in check order.
  std::vector<int> CheckOrder() const;
  int num_slots() const { return num_slots_; }
  bool empty() const { return guards_.empty(); }

 private:
  friend class GuardSetBuilder;
  GuardSet() = default;
  std::vector<GuardFailure> Failures(std::span<const GuardValue> slots, const GlobalState& state,
                                     const TypeNamer& type_namer, bool first_only) const;
  // Why `guard`, which failed, fails on `value` (null for GLOBAL_STATE).
  GuardFailure Describe(const Guard& guard, const GuardValue* value, const GlobalState& state,
                        const TypeNamer& type_namer) const;
  bool Passes(const internal::FastCheck& check, std::span<const GuardValue> slots) const;

  std::vector<Guard> guards_;
  std::vector<internal::FastCheck> checks_;  // slot guards, cheap kinds first
  std::vector<int64_t> dims_;                // tensor sizes and strides
  std::string strings_;                      // EQUALS_MATCH strings
  bool has_global_state_ = false;
  GlobalState global_state_;
  int global_state_index_ = -1;
  int num_slots_ = 0;
};

// Collects guards; the first invalid one makes Build() fail.
class GuardSetBuilder {
 public:
  // GLOBAL_STATE: the flags a graph was compiled under (at most once).
  GuardSetBuilder& AddGlobalState(const GlobalState& expected);
  // TENSOR_MATCH: static sizes and strides, dtype, device, requires_grad,
  // and the Python type (a subclass such as Parameter differs from Tensor
  // when both type ids are known).
  GuardSetBuilder& AddTensorMatch(int slot, GuardSource source, const TensorMeta& expected,
                                  PyType type = PyType::Tensor());
  // TYPE_MATCH: the value's type is `type` (its id). `object` is the guarded
  // object, when alive and weak-referenceable, for explain's weakref line.
  GuardSetBuilder& AddTypeMatch(int slot, GuardSource source, PyType type,
                                const void* object = nullptr);
  // ID_MATCH: the value is `object`; `type` is the object's type.
  GuardSetBuilder& AddIdMatch(int slot, GuardSource source, const void* object, PyType type);
  // CONSTANT_MATCH as PyTorch dispatches it: None gives NONE_MATCH, a bool
  // BOOL_MATCH, an int, float or str EQUALS_MATCH (same kind and type id,
  // equal value; a NaN matches any NaN, -0.0 only -0.0, as in PyTorch).
  GuardSetBuilder& AddConstantMatch(int slot, GuardSource source, const GuardValue& value);
  GuardSetBuilder& AddNoneMatch(int slot, GuardSource source);
  GuardSetBuilder& AddNotNoneMatch(int slot, GuardSource source);
  // SEQUENCE_LENGTH: the slot holds the sequence's length as an int whose
  // type_id is the sequence's type; `type.id`, when set, is checked first
  // (PyTorch's TYPE_MATCH + LENGTH_CHECK pair).
  GuardSetBuilder& AddSequenceLength(int slot, GuardSource source, int64_t length,
                                     PyType type = {});
  // Any guard, validated like the typed adders.
  GuardSetBuilder& Add(Guard guard);

  // The guard set, or the first error: a negative slot, an empty source
  // name, a non-constant CONSTANT_MATCH value, sizes and strides of
  // different ranks, a second GLOBAL_STATE.
  absl::StatusOr<GuardSet> Build() const;

 private:
  std::vector<Guard> guards_;
  absl::Status status_;
};

}  // namespace tc::guards

#endif  // TC_GUARDS_GUARD_SET_H_
