// Calling a template for the C++ type of a runtime DType.
//
//   VisitDType(t.dtype(), [&]<typename T>(TypeTag<T>) { Fill<T>(t); });
#ifndef TC_TENSOR_DISPATCH_H_
#define TC_TENSOR_DISPATCH_H_

#include <cstdint>
#include <type_traits>

#include "tc/tensor/dtype.h"
#include "tc/tensor/half.h"

namespace tc::tensor {

template <typename T>
struct TypeTag {
  using type = T;
};

// The C++ element type of each dtype (dtypes.def); bool is stored as one
// byte 0 or 1.
template <DType D>
struct CppType;
#define TC_DTYPE(enumerator, cpp_type, ...) \
  template <>                               \
  struct CppType<DType::enumerator> {       \
    using type = cpp_type;                  \
  };
#include "tc/tensor/dtypes.def"
#undef TC_DTYPE

// The dtype of a C++ element type.
template <typename T>
constexpr DType DTypeOf();
#define TC_DTYPE(enumerator, cpp_type, ...) \
  template <>                               \
  constexpr DType DTypeOf<cpp_type>() {     \
    return DType::enumerator;               \
  }
#include "tc/tensor/dtypes.def"
#undef TC_DTYPE

// f(TypeTag<T>{}) with T the element type of `dtype`.
template <typename F>
decltype(auto) VisitDType(DType dtype, F&& f) {
  switch (dtype) {
#define TC_DTYPE(enumerator, cpp_type, ...) \
  case DType::enumerator:                   \
    return f(TypeTag<cpp_type>{});
#include "tc/tensor/dtypes.def"
#undef TC_DTYPE
  }
  return f(TypeTag<float>{});
}

// Converts between element types as PyTorch's casts do: to bool is != 0,
// float to int truncates toward zero (out of range is unspecified, as in C).
template <typename To, typename From>
inline To CastValue(From v) {
  if constexpr (std::is_same_v<To, bool>) {
    return static_cast<double>(v) != 0.0;
  } else if constexpr (std::is_same_v<From, Half> || std::is_same_v<From, BFloat16>) {
    return static_cast<To>(static_cast<float>(v));
  } else if constexpr (std::is_same_v<To, Half> || std::is_same_v<To, BFloat16>) {
    return To(static_cast<float>(v));
  } else {
    return static_cast<To>(v);
  }
}

}  // namespace tc::tensor

#endif  // TC_TENSOR_DISPATCH_H_
