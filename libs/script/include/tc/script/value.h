// Value: the VM's tagged value. None, bool, int and float live inline (no
// heap allocation); everything else is an Object* with an intrusive,
// non-atomic reference count. A Value owns one reference when it holds an
// object; copying adds one, destruction drops one. The empty ("null")
// Value is never a script value: native functions return it to signal
// "an exception is set on the VM", and it marks unset locals.
#ifndef TC_SCRIPT_VALUE_H_
#define TC_SCRIPT_VALUE_H_

#include <cstdint>
#include <utility>

namespace tc::script {

struct Type;
struct DictObject;

// Objects with this count (builtin types, interned names) are never freed.
inline constexpr uint32_t kImmortalRefcount = 1u << 30;

// The base of every heap value. Native types derive from it and add their
// C++ state (a tensor, a vector); the virtual destructor frees that state
// when the last reference goes. Created with refcnt 1, owned by the creator
// (wrap with Value::Adopt).
struct Object {
  explicit Object(Type* t) : type(t) {}
  Object(const Object&) = delete;
  Object& operator=(const Object&) = delete;
  virtual ~Object();

  uint32_t refcnt = 1;
  // Some weak reference points here: the destructor clears those
  // (module_weakref.cc). Sits in what would be padding.
  bool weakly_referenced = false;
  Type* type;
  // Instance attributes (`obj.x = 1`), created on first store for types
  // that allow them (script classes and native types flagged so).
  DictObject* dict = nullptr;
};

inline void IncRef(Object* o) { ++o->refcnt; }
inline void DecRef(Object* o) {
  if (--o->refcnt == 0) delete o;
}

class Value {
 public:
  enum class Tag : uint8_t { kNull, kNone, kBool, kInt, kFloat, kObject };

  Value() : tag_(Tag::kNull), i_(0) {}
  static Value Null() { return Value(); }
  static Value None() { return Value(Tag::kNone); }
  static Value Bool(bool b) {
    Value v(Tag::kBool);
    v.i_ = b ? 1 : 0;
    return v;
  }
  static Value Int(int64_t i) {
    Value v(Tag::kInt);
    v.i_ = i;
    return v;
  }
  static Value Float(double d) {
    Value v(Tag::kFloat);
    v.f_ = d;
    return v;
  }
  // Takes over the caller's reference (e.g. a freshly created object).
  static Value Adopt(Object* o) {
    Value v(Tag::kObject);
    v.o_ = o;
    return v;
  }
  // Adds a reference (the caller keeps its own).
  static Value Borrow(Object* o) {
    IncRef(o);
    return Adopt(o);
  }

  Value(const Value& other) : tag_(other.tag_), i_(other.i_) {
    if (tag_ == Tag::kObject) IncRef(o_);
  }
  Value(Value&& other) noexcept : tag_(other.tag_), i_(other.i_) { other.tag_ = Tag::kNull; }
  Value& operator=(const Value& other) {
    Value tmp(other);
    Swap(tmp);
    return *this;
  }
  Value& operator=(Value&& other) noexcept {
    Value tmp(std::move(other));
    Swap(tmp);
    return *this;
  }
  ~Value() {
    if (tag_ == Tag::kObject) DecRef(o_);
  }
  void Swap(Value& other) noexcept {
    std::swap(tag_, other.tag_);
    std::swap(i_, other.i_);
  }
  // Releases ownership of the object reference (the Value becomes null).
  Object* Release() {
    Object* o = o_;
    tag_ = Tag::kNull;
    return o;
  }

  Tag tag() const { return tag_; }
  bool is_null() const { return tag_ == Tag::kNull; }
  bool is_none() const { return tag_ == Tag::kNone; }
  bool is_bool() const { return tag_ == Tag::kBool; }
  bool is_int() const { return tag_ == Tag::kInt; }
  bool is_float() const { return tag_ == Tag::kFloat; }
  bool is_object() const { return tag_ == Tag::kObject; }

  bool as_bool() const { return i_ != 0; }
  int64_t as_int() const { return i_; }
  double as_float() const { return f_; }
  Object* as_object() const { return o_; }
  // Raw payload, for identity (`is`) and id().
  int64_t raw() const { return i_; }

  // The object's type for objects; the builtin type for inline values.
  Type* type() const { return tag_ == Tag::kObject ? o_->type : InlineType(); }

 private:
  Type* InlineType() const;  // vm_object.cc
  explicit Value(Tag t) : tag_(t), i_(0) {}
  Tag tag_;
  union {
    int64_t i_;
    double f_;
    Object* o_;
  };
};

}  // namespace tc::script

#endif  // TC_SCRIPT_VALUE_H_
