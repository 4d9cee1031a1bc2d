// Guard: one check on one slot (or on the global state), with what it
// expects and how PyTorch prints it.
#ifndef TC_GUARDS_GUARD_H_
#define TC_GUARDS_GUARD_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tc/guards/global_state.h"
#include "tc/guards/guard_value.h"
#include "tc/guards/source.h"
#include "tc/tensor/device.h"
#include "tc/tensor/dtype.h"
#include "tc/tensor/shape.h"

namespace tc::guards {

// PyTorch's GuardBuilder methods that tc implements.
enum class GuardKind : uint8_t {
  kGlobalState,     // grad mode, autocast, ... (no slot)
  kTypeMatch,       // type(x) is T
  kIdMatch,         // x is obj
  kNoneMatch,       // x is None
  kNotNoneMatch,    // x is not None
  kBoolMatch,       // x is True / x is False
  kEqualsMatch,     // same type and x == c, for int, float, str
  kSequenceLength,  // type(x) is T and len(x) == n
  kTensorMatch,     // Python type, device, dtype, requires_grad, rank, sizes, strides
};

// "GLOBAL_STATE", "TYPE_MATCH", ..., "TENSOR_MATCH".
std::string_view GuardKindName(GuardKind kind);

// A constant an EQUALS_MATCH or BOOL_MATCH guard compares against.
struct Constant {
  ValueKind kind = ValueKind::kNone;  // kBool, kInt, kFloat or kStr
  bool b = false;
  int64_t i = 0;
  double f = 0.0;
  std::string s;
  const void* type_id = nullptr;  // compared when set (subclasses differ)
};

// What a TENSOR_MATCH guard expects; sizes and strides are all static.
struct TensorExpectation {
  tensor::DType dtype = tensor::DType::kFloat32;
  tensor::Device device;
  bool requires_grad = false;
  tensor::Shape sizes;
  tensor::Shape strides;
};

struct Guard {
  GuardKind kind = GuardKind::kGlobalState;
  int slot = -1;  // index into the slots Check reads; -1 for GLOBAL_STATE
  GuardSource source;
  // The guarded value's type (TYPE_MATCH's T, the tensor's Python type, the
  // sequence type); printed in code and in explain's class weakref.
  PyType type;
  // ID_MATCH's object; for other kinds, the guarded object when it is alive
  // and weak-referenceable (explain's "Object Weakref"), else null.
  const void* object = nullptr;
  Constant constant;         // kBoolMatch, kEqualsMatch
  int64_t length = 0;        // kSequenceLength
  TensorExpectation tensor;  // kTensorMatch
  GlobalState global_state;  // kGlobalState
};

// The guard's code parts as PyTorch exports them (explain's "Code List"),
// with the source unstripped: "L['n'] == 2", "len(L['ys']) == 2",
// "___check_type_id(L['ys'], 1407...), type=<class 'list'>". TENSOR_MATCH
// exports its five "hasattr(L['x'], '_dynamo_..._indices') == False" parts;
// GLOBAL_STATE exports none.
std::vector<std::string> GuardCodeParts(const Guard& guard);

// TENSOR_MATCH's check_tensor(...) line as TORCH_LOGS=guards prints it:
// "check_tensor(L['x'], Tensor, DispatchKeySet(CPU, BackendSelect,
// ADInplaceOrView, AutogradCPU), torch.float32, device=None,
// requires_grad=False, size=[3, 3], stride=[3, 1])".
std::string CheckTensorCode(const Guard& guard);

// "DispatchKeySet(CPU, BackendSelect, ADInplaceOrView, AutogradCPU)", the
// key set of a dense tensor on `device` as guards print it.
std::string DispatchKeySetName(tensor::Device device);

// A code part as PyTorch's get_verbose_code_parts writes it: padded to 60
// columns and followed by "  # <line>  # <file>:<n> in <fn>" when the
// guard has a user stack, then " (HINT: <hint>)" when `hint` is not empty.
std::string VerboseCodePart(const Guard& guard, std::string_view code, std::string_view hint = {});

}  // namespace tc::guards

#endif  // TC_GUARDS_GUARD_H_
