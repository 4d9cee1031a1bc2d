// Ref<T>: an owning pointer to a script Object subclass (intrusive count),
// for object fields and locals in native code that know the exact type.
#ifndef TC_SCRIPT_REF_H_
#define TC_SCRIPT_REF_H_

#include <utility>

#include "tc/script/value.h"

namespace tc::script {

template <typename T>
class Ref {
 public:
  Ref() = default;
  // Takes over one reference (a freshly created object).
  static Ref Adopt(T* p) {
    Ref r;
    r.p_ = p;
    return r;
  }
  // Adds a reference.
  static Ref Borrow(T* p) {
    if (p != nullptr) IncRef(p);
    return Adopt(p);
  }
  Ref(const Ref& o) : p_(o.p_) {
    if (p_ != nullptr) IncRef(p_);
  }
  Ref(Ref&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
  Ref& operator=(Ref o) noexcept {
    std::swap(p_, o.p_);
    return *this;
  }
  ~Ref() {
    if (p_ != nullptr) DecRef(p_);
  }
  T* get() const { return p_; }
  T* operator->() const { return p_; }
  T& operator*() const { return *p_; }
  explicit operator bool() const { return p_ != nullptr; }
  T* Release() {
    T* p = p_;
    p_ = nullptr;
    return p;
  }
  // As a Value (adds a reference); None when empty.
  Value value() const { return p_ != nullptr ? Value::Borrow(p_) : Value::None(); }

 private:
  T* p_ = nullptr;
};

}  // namespace tc::script

#endif  // TC_SCRIPT_REF_H_
