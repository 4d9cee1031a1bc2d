// Scalar: a Python number (bool, int or float) as ops receive it, with the
// dtype it has as a "weak" operand in type promotion.
#ifndef TC_TENSOR_SCALAR_H_
#define TC_TENSOR_SCALAR_H_

#include <cstdint>
#include <string>

#include "tc/tensor/dtype.h"

namespace tc::tensor {

class Scalar {
 public:
  enum class Kind : uint8_t { kBool, kInt, kFloat };

  Scalar() : kind_(Kind::kInt), i_(0) {}
  Scalar(bool v) : kind_(Kind::kBool), i_(v) {}     // NOLINT: implicit, like Python
  Scalar(int v) : kind_(Kind::kInt), i_(v) {}       // NOLINT
  Scalar(int64_t v) : kind_(Kind::kInt), i_(v) {}   // NOLINT
  Scalar(double v) : kind_(Kind::kFloat), d_(v) {}  // NOLINT

  Kind kind() const { return kind_; }
  bool is_bool() const { return kind_ == Kind::kBool; }
  bool is_int() const { return kind_ == Kind::kInt; }
  bool is_float() const { return kind_ == Kind::kFloat; }
  // The dtype this number has in promotion: bool, int64 or float64.
  DType dtype() const {
    return kind_ == Kind::kFloat ? DType::kFloat64
                                 : (kind_ == Kind::kInt ? DType::kInt64 : DType::kBool);
  }

  double to_double() const { return kind_ == Kind::kFloat ? d_ : static_cast<double>(i_); }
  int64_t to_int() const { return kind_ == Kind::kFloat ? static_cast<int64_t>(d_) : i_; }
  bool to_bool() const { return kind_ == Kind::kFloat ? d_ != 0.0 : i_ != 0; }

  // Python's repr: True, 3, 1.5, inf, nan, 1e-05.
  std::string ToString() const;

  friend bool operator==(const Scalar& a, const Scalar& b) {
    if (a.kind_ != b.kind_) return false;
    return a.kind_ == Kind::kFloat ? a.d_ == b.d_ : a.i_ == b.i_;
  }

 private:
  Kind kind_;
  union {
    int64_t i_;
    double d_;
  };
};

}  // namespace tc::tensor

#endif  // TC_TENSOR_SCALAR_H_
