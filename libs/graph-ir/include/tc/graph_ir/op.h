// The op registry: every core op's schema, category and meta function.
//
// A meta function infers an op's output metadata (dtype, sizes, strides,
// device) from its arguments' metadata with PyTorch's rules (broadcasting,
// type promotion, weak scalars) and rejects bad arguments with a clear
// status. The graph builder and the eager kernels both call it, so a graph
// and an eager run agree on every shape and dtype by construction.
#ifndef TC_GRAPH_IR_OP_H_
#define TC_GRAPH_IR_OP_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/tensor/device.h"
#include "tc/tensor/dtype.h"
#include "tc/tensor/scalar.h"
#include "tc/tensor/shape.h"

namespace tc::graph_ir {

using tensor::DType;
using tensor::Scalar;
using tensor::Shape;

// What a graph value or tensor looks like without its data.
struct TensorMeta {
  DType dtype = DType::kFloat32;
  Shape sizes;
  Shape strides;  // in elements
  tensor::Device device;

  // Contiguous metadata for `sizes`.
  static TensorMeta Contiguous(DType dtype, tensor::IntSpan sizes,
                               tensor::Device device = tensor::Device::CPU());
  int64_t dim() const { return static_cast<int64_t>(sizes.size()); }
  int64_t numel() const { return tensor::Numel(sizes); }
  // "float32[2, 3]"; strides follow in braces ("float32[3, 2]{1, 3}") only
  // when they differ from the row-major strides; "@cuda:0" for GPU tensors.
  std::string ToString() const;
  friend bool operator==(const TensorMeta&, const TensorMeta&) = default;
};

// A non-tensor argument: None, a number, an int list, a dtype or a string.
struct None {
  friend bool operator==(None, None) { return true; }
};
using Constant = std::variant<None, Scalar, Shape, DType, std::string>;
// How constants appear in the text format: None, True, 3, 1.5, [0, 1],
// float32, 'floor'.
std::string ConstantToString(const Constant& c);

enum class ArgType : uint8_t {
  kTensor,          // one tensor
  kTensorList,      // tensors (cat)
  kTensorOrScalar,  // a tensor, or a Python number taking part as a weak scalar
  kScalar,          // a Python number
  kInt,             // an integer (a Scalar of int kind)
  kIntList,         // a list of integers (also accepts one int for `dim`)
  kBool,
  kDType,
  kString,
};
std::string_view ArgTypeName(ArgType type);

struct ArgSpec {
  std::string name;
  ArgType type;
  bool optional = false;                  // may be None
  std::optional<Constant> default_value;  // absent: required
};

// kComposite: a torch-level op (softmax, linear, ...) defined by its
// decomposition into core ops (see decompose.h and COMPOSITE.md).
enum class OpCategory : uint8_t {
  kPointwise,
  kReduction,
  kView,
  kExtern,
  kRandom,
  kCreation,
  kComposite,
};
std::string_view OpCategoryName(OpCategory category);

// One argument as a meta function sees it.
using MetaArg = std::variant<TensorMeta, std::vector<TensorMeta>, Constant>;

using MetaFn = absl::StatusOr<std::vector<TensorMeta>> (*)(std::span<const MetaArg> args);

// A tensor handle inside an Emitter (decompose.h); a struct, so a number
// never converts to it by accident.
struct EmitRef {
  int32_t index;
};
// One argument of an emitted op.
using EmitArg = std::variant<EmitRef, std::vector<EmitRef>, Constant>;
class Emitter;
// A composite op's decomposition (decompose.h): receives the arguments
// checked against the schema with defaults filled, emits core ops.
using DecomposeFn = absl::StatusOr<std::vector<EmitRef>> (*)(Emitter& emitter,
                                                             std::span<const EmitArg> args);

struct OpDef {
  std::string name;
  std::vector<ArgSpec> args;  // positional order; defaults fill missing ones
  OpCategory category;
  int num_outputs = 1;
  MetaFn meta;
  DecomposeFn decompose = nullptr;  // set for category kComposite only
};

// The op named `name`, or nullptr.
const OpDef* FindOp(std::string_view name);
// Every registered op, in a stable order.
std::span<const OpDef* const> AllOps();

// Checks that `num_given` positional arguments fit `op`: not more than the
// schema has, and every omitted one has a default. Callers then fill the
// omitted ones from `op.args[i].default_value`. Errors name the op.
absl::Status CheckArity(const OpDef& op, size_t num_given);

// Checks `args` against `op`'s schema (count, types, None only where
// optional) and runs the meta function. Omitted trailing arguments take
// their defaults; one int where `int[]` is expected counts as a 1-element
// list. Schema errors name the op ("add(): argument 'other' must be Tensor
// or Scalar, not int[]"); meta errors use PyTorch's wording.
absl::StatusOr<std::vector<TensorMeta>> InferMeta(const OpDef& op, std::span<const MetaArg> args);

// Checks one constant against an argument's type and returns it in the form
// meta functions see (an int for `int[]` becomes a 1-element list). Errors
// name the op and the argument.
absl::StatusOr<Constant> CheckConstantArg(const OpDef& op, size_t index, const Constant& value);

// A printable name of a constant's type for errors: "int", "float", "bool",
// "int[]", "dtype", "str", "None".
std::string_view ConstantTypeName(const Constant& c);

// "add(Tensor self, Tensor|Scalar other, Scalar alpha=1) -> Tensor".
std::string SchemaToString(const OpDef& op);

}  // namespace tc::graph_ir

#endif  // TC_GRAPH_IR_OP_H_
