#include "tc/tensor/scalar.h"

#include <string>

#include "tc/support/py_repr.h"

namespace tc::tensor {

std::string Scalar::ToString() const {
  switch (kind_) {
    case Kind::kBool:
      return i_ ? "True" : "False";
    case Kind::kInt:
      return std::to_string(i_);
    case Kind::kFloat:
      return support::PyFloatRepr(d_);
  }
  return "";
}

}  // namespace tc::tensor
