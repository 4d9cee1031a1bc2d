// GuardValue: one value read from a frame (a local, a global, an attribute
// chain), as the caller hands it to GuardSet::Check.
//
// The guards library knows nothing of the script VM: frame capture resolves
// each guarded source (L['x'], L['self'].fc.weight, G['torch']) to a slot of
// a flat GuardValue array, and the guards compare slots. A GuardValue is 24
// bytes, trivially copyable, and never owns what it points at.
#ifndef TC_GUARDS_GUARD_VALUE_H_
#define TC_GUARDS_GUARD_VALUE_H_

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>

#include "tc/guards/tensor_meta.h"

namespace tc::guards {

enum class ValueKind : uint8_t {
  kMissing,  // the source could not be read (no such attribute or key)
  kNone,
  kBool,
  kInt,
  kFloat,
  kStr,
  kTensor,
  kObject,  // anything else, compared by identity
};

// "missing", "None", "bool", "int", "float", "str", "tensor", "object".
std::string_view ValueKindName(ValueKind kind);

struct GuardValue {
  ValueKind kind = ValueKind::kMissing;
  uint32_t str_size = 0;  // kStr only; kept here so the struct stays 24 bytes
  union Payload {
    bool b;
    int64_t i;
    double f;
    const char* str;
    const TensorMeta* tensor;
    const void* object;  // the object's identity (Python's id())
  } as = {.i = 0};
  // Identity of the value's Python type, for TYPE_MATCH and for telling
  // subclasses apart (an int subclass is not an int to EQUALS_MATCH). Null
  // when the caller does not track types; guards then compare kinds only.
  const void* type_id = nullptr;

  static GuardValue Missing() { return {}; }
  static GuardValue None(const void* type_id = nullptr) { return Make(ValueKind::kNone, type_id); }
  static GuardValue Bool(bool v, const void* type_id = nullptr) {
    GuardValue g = Make(ValueKind::kBool, type_id);
    g.as.b = v;
    return g;
  }
  static GuardValue Int(int64_t v, const void* type_id = nullptr) {
    GuardValue g = Make(ValueKind::kInt, type_id);
    g.as.i = v;
    return g;
  }
  static GuardValue Float(double v, const void* type_id = nullptr) {
    GuardValue g = Make(ValueKind::kFloat, type_id);
    g.as.f = v;
    return g;
  }
  // `v` must outlive the value.
  static GuardValue Str(std::string_view v, const void* type_id = nullptr) {
    GuardValue g = Make(ValueKind::kStr, type_id);
    g.as.str = v.data();
    g.str_size = static_cast<uint32_t>(v.size());
    return g;
  }
  // `meta` must outlive the value.
  static GuardValue Tensor(const TensorMeta* meta, const void* type_id = nullptr) {
    GuardValue g = Make(ValueKind::kTensor, type_id);
    g.as.tensor = meta;
    return g;
  }
  static GuardValue Object(const void* identity, const void* type_id) {
    GuardValue g = Make(ValueKind::kObject, type_id);
    g.as.object = identity;
    return g;
  }

  std::string_view str() const { return {as.str, str_size}; }

 private:
  static GuardValue Make(ValueKind kind, const void* type_id) {
    GuardValue g;
    g.kind = kind;
    g.type_id = type_id;
    return g;
  }
};

static_assert(std::is_trivially_copyable_v<GuardValue>);
static_assert(sizeof(GuardValue) <= 32);

// Names a value's Python type from its type_id ("int", "__main__.Point"),
// for failure texts that print the type found ("expected type of 'x' to be
// <class 'torch.Tensor'>, but found <class 'int'>"). Only consulted on a
// failure; without one, kinds give the builtin names and objects "object".
using TypeNamer = std::function<std::string(const void* type_id)>;

}  // namespace tc::guards

#endif  // TC_GUARDS_GUARD_VALUE_H_
