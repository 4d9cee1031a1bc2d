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

// The C++ element type of each dtype; bool is stored as one byte 0 or 1.
template <DType D>
struct CppType;
template <>
struct CppType<DType::kBool> {
  using type = bool;
};
template <>
struct CppType<DType::kUInt8> {
  using type = uint8_t;
};
template <>
struct CppType<DType::kInt8> {
  using type = int8_t;
};
template <>
struct CppType<DType::kInt16> {
  using type = int16_t;
};
template <>
struct CppType<DType::kInt32> {
  using type = int32_t;
};
template <>
struct CppType<DType::kInt64> {
  using type = int64_t;
};
template <>
struct CppType<DType::kFloat16> {
  using type = Half;
};
template <>
struct CppType<DType::kBFloat16> {
  using type = BFloat16;
};
template <>
struct CppType<DType::kFloat32> {
  using type = float;
};
template <>
struct CppType<DType::kFloat64> {
  using type = double;
};

template <typename T>
constexpr DType DTypeOf();
template <>
constexpr DType DTypeOf<bool>() {
  return DType::kBool;
}
template <>
constexpr DType DTypeOf<uint8_t>() {
  return DType::kUInt8;
}
template <>
constexpr DType DTypeOf<int8_t>() {
  return DType::kInt8;
}
template <>
constexpr DType DTypeOf<int16_t>() {
  return DType::kInt16;
}
template <>
constexpr DType DTypeOf<int32_t>() {
  return DType::kInt32;
}
template <>
constexpr DType DTypeOf<int64_t>() {
  return DType::kInt64;
}
template <>
constexpr DType DTypeOf<Half>() {
  return DType::kFloat16;
}
template <>
constexpr DType DTypeOf<BFloat16>() {
  return DType::kBFloat16;
}
template <>
constexpr DType DTypeOf<float>() {
  return DType::kFloat32;
}
template <>
constexpr DType DTypeOf<double>() {
  return DType::kFloat64;
}

template <typename F>
decltype(auto) VisitDType(DType dtype, F&& f) {
  switch (dtype) {
    case DType::kBool:
      return f(TypeTag<bool>{});
    case DType::kUInt8:
      return f(TypeTag<uint8_t>{});
    case DType::kInt8:
      return f(TypeTag<int8_t>{});
    case DType::kInt16:
      return f(TypeTag<int16_t>{});
    case DType::kInt32:
      return f(TypeTag<int32_t>{});
    case DType::kInt64:
      return f(TypeTag<int64_t>{});
    case DType::kFloat16:
      return f(TypeTag<Half>{});
    case DType::kBFloat16:
      return f(TypeTag<BFloat16>{});
    case DType::kFloat32:
      return f(TypeTag<float>{});
    case DType::kFloat64:
      return f(TypeTag<double>{});
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
