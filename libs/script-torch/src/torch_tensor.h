// The torch module's shared core: the Tensor object (wrapping a
// tc::tensor::Tensor), dtype / Size / device objects, conversion between
// script values and kernel arguments, and mapping op statuses to PyTorch's
// exception types. Every torch_*.cc file builds on these.
#ifndef TC_SCRIPT_TORCH_SRC_TORCH_TENSOR_H_
#define TC_SCRIPT_TORCH_SRC_TORCH_TENSOR_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"

#include "tc/graph_ir/op.h"
#include "tc/kernels/eager.h"
#include "tc/script/native.h"
#include "tc/script_torch/op_tracer.h"
#include "tc/tensor/layout.h"
#include "tc/tensor/tensor.h"

#include "script_names.h"

namespace tc::script_torch {

// The graph-ir and tensor names the torch files use unqualified, as
// script_names.h brings in the script library's.
using graph_ir::Constant;
using graph_ir::None;
using tensor::DType;
using tensor::Scalar;
using tensor::Shape;

// torch.Tensor (and nn.Parameter, a subclass).
// A torch.Tensor. Its autograd state (requires_grad, grad_fn, .grad)
// lives in `t`'s autograd meta (libs/autodiff), shared by every copy of
// the variable.
struct TensorObject : Object {
  explicit TensorObject(Type* t) : Object(t) {}
  tensor::Tensor t;
};

struct DTypeObject : Object {
  DTypeObject(Type* t, DType d) : Object(t), dtype(d) {}
  DType dtype;
};

struct DeviceObject : Object {
  DeviceObject(Type* t, tensor::Device d) : Object(t), device(d) {}
  tensor::Device device;
};

// The native types (created on first use, immortal).
Type* TensorType();
Type* ParameterType();
Type* DTypeType();
Type* SizeType();
Type* DeviceType();
Type* GeneratorType();
// torch.return_types.<name>: a tuple subclass with .values/.indices.
Type* ReturnTypesType(std::string_view name);

inline bool IsTensor(const Value& v) { return v.is_object() && IsSubtype(v.type(), TensorType()); }
inline tensor::Tensor& TensorOf(const Value& v) { return Cast<TensorObject>(v)->t; }

// A new torch.Tensor holding `t`.
Value WrapTensor(tensor::Tensor t);
// The immortal dtype object for `d`.
Value DTypeValue(DType d);
Value DeviceValue(tensor::Device d);
// torch.Size of `sizes`.
Value SizeValue(tensor::IntSpan sizes);
// (values, indices) as torch.return_types.<name>.
Value NewReturnTypes(std::string_view name, Value values, Value indices);

// The pending exception for a failed op: RuntimeError, IndexError for dims
// and indices out of range, NotImplementedError for unknown ops.
Value RaiseStatus(VM& vm, const absl::Status& status);
// `NotImplementedError: <qualified> is not supported by tc (file.py:12)`.
Value RaiseUnsupported(VM& vm, std::string_view qualified_name);

// --- Tracing and meta tensors (torch_op_tracer.cc) -------------------------

namespace internal {
// The installed OpTracer (op_tracer.h): per thread, as each thread runs its
// own VM. Constant-initialized and initial-exec, so reading it is one
// thread-pointer-relative load on the eager hot path.
extern constinit thread_local OpTracer* g_op_tracer __attribute__((tls_model("initial-exec")));
}  // namespace internal
inline OpTracer* ActiveOpTracer() { return internal::g_op_tracer; }

// PyTorch's messages for data a meta tensor does not have.
inline constexpr char kMetaItemMessage[] = "Tensor.item() cannot be called on meta tensors";
inline constexpr char kMetaCopyOutMessage[] = "Cannot copy out of meta tensor; no data!";
// Raises MetaDataAccessErrorType() with `message`; returns null.
Value RaiseMetaDataAccess(VM& vm, std::string message);
// True when `t` has data; else raises MetaDataAccessError(message).
bool CheckHasData(VM& vm, const tensor::Tensor& t, const char* message = kMetaItemMessage);

// Runs creation or random op `op` for a tensor on `device` (tracer: always
// the tracer; cpu: the kernels; meta: kernels::CallMeta); `fname` names
// the torch function in the unsupported-device error.
bool RunCreation(VM& vm, std::string_view op, std::vector<kernels::KernelArg> args,
                 tensor::Device device, std::string_view fname, tensor::Tensor* out);
// `t` on `device`, as Tensor.to(device) makes it: itself when there; a
// meta tensor of t's layout from the cpu (Tensor::ToMeta); from meta to
// cpu MetaDataAccessError ("Cannot copy out of meta tensor; no data!").
// While tracing every tensor is fake and stands for one on any device, so
// `t` comes back as it is.
bool ToDeviceTensor(VM& vm, const tensor::Tensor& t, tensor::Device device, tensor::Tensor* out);
// Copies through ops (to_dtype), so that a tracer sees them: a fresh
// contiguous copy; t itself when contiguous / already `dtype`.
bool CloneTensor(VM& vm, const tensor::Tensor& t, tensor::Tensor* out);
// A clone op copy of `t` laid out in `format` (torch_memory_format.cc).
bool CloneTensorAs(VM& vm, const tensor::Tensor& t, tensor::MemoryFormat format,
                   tensor::Tensor* out);
// A torch.memory_format argument of `fname` (None: `fallback`); TypeError
// otherwise.
bool MemoryFormatArg(VM& vm, const Value& v, std::string_view fname, tensor::MemoryFormat fallback,
                     tensor::MemoryFormat* out);
// torch.memory_format and its four values in the torch module.
void AddMemoryFormats(ModuleObject* m);
bool ContiguousTensor(VM& vm, const tensor::Tensor& t, tensor::Tensor* out);
bool ToDTypeTensor(VM& vm, const tensor::Tensor& t, DType dtype, tensor::Tensor* out);
// A 0-dim tensor holding `s` as `dtype` (through the full op while tracing).
bool ScalarTensor(VM& vm, const tensor::Scalar& s, DType dtype, tensor::Tensor* out);

// Runs a single-output op and wraps the result (null with an exception on
// failure).
Value CallOp(VM& vm, std::string_view op, std::vector<kernels::KernelArg> args);
Value CallOp(VM& vm, const graph_ir::OpDef& op, std::vector<kernels::KernelArg> args);
// The hot form (operators): arguments in a caller's array, nothing copied.
Value CallOp(VM& vm, const graph_ir::OpDef& op, std::span<const kernels::KernelArg> args);
// kernels::Call for core and composite ops alike.
absl::StatusOr<std::vector<tensor::Tensor>> RunKernel(const graph_ir::OpDef& op,
                                                      std::vector<kernels::KernelArg> args);
absl::StatusOr<std::vector<tensor::Tensor>> RunKernel(const graph_ir::OpDef& op,
                                                      std::span<const kernels::KernelArg> args);
absl::StatusOr<std::vector<tensor::Tensor>> RunKernel(std::string_view op,
                                                      std::vector<kernels::KernelArg> args);
// Like CallOp, the raw tensor; false with an exception set.
bool RunOp(VM& vm, std::string_view op, std::vector<kernels::KernelArg> args, tensor::Tensor* out);

// Conversions from script values. Each raises TypeError (naming `fname`
// and `arg`) and returns false on a wrong type.
bool IsNumber(const Value& v);  // bool, int, float
tensor::Scalar NumberToScalar(const Value& v);
bool ToDType(VM& vm, const Value& v, DType* out);            // a torch.dtype
bool ToDevice(VM& vm, const Value& v, tensor::Device* out);  // device or str
bool ToTensorArg(VM& vm, const Value& v, std::string_view fname, std::string_view arg,
                 tensor::Tensor* out);
// A tensor, a number (weak scalar) or a 1-element tensor for Scalar slots.
bool ToScalarArg(VM& vm, const Value& v, std::string_view fname, std::string_view arg,
                 tensor::Scalar* out);
// An int or a list / tuple / torch.Size of ints.
bool ToIntList(VM& vm, const Value& v, std::string_view fname, std::string_view arg,
               tensor::Shape* out);
// Sizes given as `f(2, 3)`, `f((2, 3))` or `f([2, 3])`, starting at
// positional `first`; `kw` is an optional `size=` keyword value.
bool SizesFromArgs(VM& vm, const ArgsView& args, int first, const Value& kw, std::string_view fname,
                   tensor::Shape* out);
// TypeError `fname(): argument 'arg' must be <expected>, not <type of v>`;
// returns false.
bool RaiseArgTypeError(VM& vm, std::string_view fname, std::string_view arg,
                       std::string_view expected, const Value& v);
// A dim argument (0 when `v` is null) wrapped into t's range; IndexError
// as PyTorch's when out of range.
bool WrapDimArg(VM& vm, const tensor::Tensor& t, const Value& v, int64_t* dim);
// A keyword's value (null when absent); no error.
Value KwArg(const ArgsView& args, std::string_view name);

// Data <-> tensors (torch.tensor, tolist, item).
bool TensorFromData(VM& vm, const Value& data, const Value& dtype, tensor::Tensor* out);
Value ScalarToValue(const tensor::Scalar& s);
Value TensorToList(VM& vm, const tensor::Tensor& t);
Value TensorItem(VM& vm, const tensor::Tensor& t);

// Grad mode (torch.no_grad / enable_grad): autodiff's flag.
bool GradEnabled();
void SetGradEnabled(bool enabled);
// Tensor's autograd attributes and methods, torch.autograd
// (torch_autograd.cc).
std::span<const MethodDef> TensorAutogradMethods();
std::span<const GetSetDef> TensorAutogradGetSets();
bool InitAutogradModule(VM& vm, ModuleObject* m);
// Sets requires_grad of the variable `t` holds, raising PyTorch's error
// (`error` is its wording's first word: "only" from requires_grad_,
// "Only" from factory functions).
bool SetTensorRequiresGrad(VM& vm, tensor::Tensor& t, bool flag);

// The Tensor type's method tables, attributes and operators
// (torch_core.cc builds the type from them).
void AddTensorMethods(Type* t);                       // torch_tensor_methods.cc
std::span<const MethodDef> TensorPointwiseMethods();  // torch_pointwise.cc
std::span<const MethodDef> TensorOperatorMethods();   // torch_operators.cc
std::span<const MethodDef> TensorIndexingMethods();   // torch_index.cc
std::span<const MethodDef> TensorReductionMethods();  // torch_reductions.cc
std::span<const MethodDef> TensorScanMethods();       // torch_scan.cc
std::span<const MethodDef> TensorShapeMethods();      // torch_shape.cc
// Sorting and selection (torch_sort.cc): the methods, and the names torch
// also offers as functions.
// A bool argument as PyTorch's parser takes it: True/False (None or
// absent: `def`); false with an exception set (torch_sort.cc).
bool BoolParam(VM& vm, const Value& v, bool def, bool* out);
std::span<const MethodDef> TensorSortMethods();
std::span<const char* const> SortFunctions();
// nonzero, argwhere, masked_select, unique, unique_consecutive
// (torch_data_dependent.cc).
std::span<const MethodDef> TensorDataDependentMethods();
// histc; torch.bucketize, torch.searchsorted (module functions) and the
// torch.* names of the methods (torch_bucketize.cc).
std::span<const MethodDef> TensorBucketizeMethods();
std::span<const MethodDef> BucketizeFunctions();
std::span<const char* const> BucketizeMethodFunctions();
std::span<const char* const> DataDependentFunctions();
// is_contiguous, contiguous, clone (torch_memory_format.cc).
std::span<const MethodDef> TensorMemoryFormatMethods();

// Pointwise extras (torch_pointwise_extra.cc): the methods, and the names
// torch also offers as functions.
std::span<const MethodDef> TensorPointwiseExtraMethods();
std::span<const char* const> PointwiseExtraFunctions();

// Module contents.
bool InitTorchModule(VM& vm, ModuleObject* m);            // torch_module.cc
void AddTorchCreation(ModuleObject* m);                   // torch_creation.cc
bool InitNnModule(VM& vm, ModuleObject* m);               // nn_module.cc
bool InitNnModulesModuleModule(VM& vm, ModuleObject* m);  // nn_module.cc
bool InitNnInitModule(VM& vm, ModuleObject* m);           // nn_init.cc
bool InitFunctionalModule(VM& vm, ModuleObject* m);       // nn_functional.cc
bool InitNnUtilsRnnModule(VM& vm, ModuleObject* m);       // nn_module.cc
// torch.nn.utils (its gradient utilities and rnn) and the torch.optim
// modules (optim_modules.cc).
bool InitNnUtilsModule(VM& vm, ModuleObject* m);
void RegisterOptimModules();
bool InitLinalgModule(VM& vm, ModuleObject* m);  // torch_linalg.cc: torch.linalg
// torch.feature_dropout / alpha_dropout / feature_alpha_dropout (and `_`).
void AddDropoutFunctions(ModuleObject* m);  // nn_functional_dropout.cc
// Compiles and runs one embedded Python file (py/*.py) in m's namespace.
struct EmbeddedFile;
bool RunPrelude(VM& vm, const EmbeddedFile& file, ModuleObject* m);  // nn_module.cc
// The torch.nn.functional functions bound by one table (nn_functional_extra.cc).
std::span<const MethodDef> FunctionalExtraFunctions();

// torch.serialization: torch.save / torch.load (torch_serialization.cc).
bool InitSerializationModule(VM& vm, ModuleObject* m);

// Convolutions and pools into torch.nn.functional, or the subset torch has.
void AddConvPoolFunctions(ModuleObject* m, bool torch_namespace);  // nn_functional_conv.cc
// torch.lstm / gru / rnn_tanh / rnn_relu and their cells (torch_rnn.cc).
void AddRnnFunctions(ModuleObject* m);

}  // namespace tc::script_torch

namespace tc::script_torch {

// Calls a registered op as a Tensor method: `self` is the op's first
// argument; the others bind by position or by their schema names, omitted
// ones take the schema defaults (torch_op_call.cc).
Value OpMethod(VM& vm, const graph_ir::OpDef& op, const Value& self, const ArgsView& args);
// Converts one script value for an op argument of `spec`'s type.
bool ToKernelArg(VM& vm, const graph_ir::OpDef& op, const graph_ir::ArgSpec& spec, const Value& v,
                 kernels::KernelArg* out);
// Writes `result` into `self`'s storage as an in-place op does: the
// broadcast shape must equal self's and the dtype must be castable. While
// tracing, the write goes to OpTracer::WriteInPlace instead.
// `overwrite_name`: self's node when the result has no history but self has
// (autodiff::TakeHistory).
bool WriteInPlace(VM& vm, tensor::Tensor& self, const tensor::Tensor& result,
                  std::string_view overwrite_name = "CopyBackwards");
// The write itself, `src` already of dst's sizes (any dtype): to the
// tracer, nowhere for a meta dst, else a copy of the elements.
bool StoreInPlace(VM& vm, const tensor::Tensor& dst, const tensor::Tensor& src);

}  // namespace tc::script_torch

namespace tc::script_torch {
// Gives a torch module the attribute fallback (torch_module.cc).
void AdoptTorchModuleType(ModuleObject* m);
}  // namespace tc::script_torch

#endif  // TC_SCRIPT_TORCH_SRC_TORCH_TENSOR_H_
