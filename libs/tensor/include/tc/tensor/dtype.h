// Element types and PyTorch's type promotion rules.
#ifndef TC_TENSOR_DTYPE_H_
#define TC_TENSOR_DTYPE_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "absl/status/statusor.h"

namespace tc::tensor {

// In PyTorch's promotion order within each category.
enum class DType : uint8_t {
  kBool,
  kUInt8,
  kInt8,
  kInt16,
  kInt32,
  kInt64,
  kFloat16,
  kBFloat16,
  kFloat32,
  kFloat64,
};
inline constexpr int kNumDTypes = 10;

// "float32", "int64", "bool", ... (PyTorch's names without "torch.").
std::string_view DTypeName(DType dtype);
// Parses a name as DTypeName prints it, plus PyTorch's aliases (float, double,
// half, long, int, short, ...). Unknown names are InvalidArgument.
absl::StatusOr<DType> ParseDType(std::string_view name);

// PyTorch's ScalarType name, as its error messages print it: "Float",
// "Long", "Bool", "BFloat16".
std::string_view ScalarTypeName(DType dtype);
// The C++ type name PyTorch's TypeMeta prints ("float != double", "long int").
std::string_view CTypeName(DType dtype);

size_t ItemSize(DType dtype);
bool IsFloatingPoint(DType dtype);
// Integral types; bool counts only when `include_bool`.
bool IsIntegral(DType dtype, bool include_bool);

// torch.promote_types: the smallest type both values convert to without
// leaving their category (bool < integer < floating).
DType PromoteTypes(DType a, DType b);

// How an operand takes part in torch.result_type: tensors with dimensions
// outrank 0-dim tensors, which outrank Python numbers ("weak" scalars). A
// lower rank only changes the result when its category is higher.
enum class OperandKind : uint8_t { kTensor, kZeroDim, kScalar };

struct TypeOperand {
  DType dtype;
  OperandKind kind;
};

// torch.result_type over any number of operands. A Python float scalar is
// {kFloat64, kScalar}, an int {kInt64, kScalar}, a bool {kBool, kScalar}; a
// winning float scalar gives the default dtype (float32), as in PyTorch.
DType ResultType(std::span<const TypeOperand> operands);

// The dtype PyTorch gives a floating-only op (sqrt, div, mean...) on `dtype`:
// integers and bool go to float32, floating types stay.
DType ToFloatingResult(DType dtype);

}  // namespace tc::tensor

#endif  // TC_TENSOR_DTYPE_H_
