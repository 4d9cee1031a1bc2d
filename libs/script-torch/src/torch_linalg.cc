// torch's linear-algebra surface beside matmul/mm/bmm/addmm: the Tensor
// methods baddbmm addbmm addmv addr (with their in-place forms), outer/ger
// and kron, bound to their composite ops' schemas; torch.einsum (equation
// and operands as varargs or one list) and torch.tensordot (dims as an
// int, a pair of lists or a tensor), as torch/functional.py turns them into
// the ops' arguments; the torch.linalg module (vector_norm).
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/graph_ir/op.h"

#include "schema_method.h"
#include "torch_tensor.h"

namespace tc::script_torch {
namespace {

using tensor::Tensor;

constexpr MethodDef kLinalgMethods[] = {
    {"addbmm", SchemaMethod<"addbmm">},   {"addbmm_", SchemaInPlace<"addbmm">},
    {"addmv", SchemaMethod<"addmv">},     {"addmv_", SchemaInPlace<"addmv">},
    {"addr", SchemaMethod<"addr">},       {"addr_", SchemaInPlace<"addr">},
    {"baddbmm", SchemaMethod<"baddbmm">}, {"baddbmm_", SchemaInPlace<"baddbmm">},
    {"ger", SchemaMethod<"outer">},       {"kron", SchemaMethod<"kron">},
    {"outer", SchemaMethod<"outer">},
};

// The methods torch also offers as functions (torch_module.cc makes them).
constexpr const char* kLinalgFunctions[] = {"addbmm",  "addmv", "addmv_", "addr",
                                            "baddbmm", "ger",   "kron",   "outer"};

constexpr char kEinsumArgsError[] =
    "einsum(): must specify the equation string and at least one operand, or at least one "
    "operand and its subscripts list";

// torch.einsum(equation, *operands) or torch.einsum(equation, [operands]).
Value FEinsum(VM& vm, const Value&, const ArgsView& args) {
  if (args.nkw() > 0) {
    return RaiseTypeError(
        vm, absl::StrFormat("einsum() got an unexpected keyword argument '%s'", args.kwname(0)));
  }
  if (args.nargs < 2) return RaiseValueError(vm, kEinsumArgsError);
  const std::string* equation = StrValue(args[0]);
  if (equation == nullptr) {
    return RaiseNotImplementedError(
        vm, "torch.einsum's sublist format (operand, [subscripts], ...) is not supported by tc");
  }
  // One list of operands, or the operands themselves as a tuple.
  Value list = args.nargs == 2 && !IsTensor(args[1])
                   ? args[1]
                   : NewTuple(std::vector<Value>(args.data + 1, args.data + args.nargs));
  static const graph_ir::OpDef* op = graph_ir::FindOp("einsum");
  kernels::KernelArg operands;
  if (!ToKernelArg(vm, *op, op->args[1], list, &operands)) return {};
  return CallOp(vm, *op, {Constant(*equation), std::move(operands)});
}

// dims for torch.tensordot: n -> the last n dims of a and the first n of b.
bool IntDims(VM& vm, int64_t n, int64_t max_dims, Shape* a, Shape* b) {
  if (n < 0) {
    RaiseRuntimeError(vm, absl::StrCat("tensordot expects dims >= 0, but got dims=", n));
    return false;
  }
  if (n > max_dims) {
    RaiseRuntimeError(vm,
                      absl::StrCat("tensordot expects dims < ndim_a or ndim_b, but got dims=", n));
    return false;
  }
  for (int64_t i = -n; i < 0; ++i) a->push_back(i);
  for (int64_t i = 0; i < n; ++i) b->push_back(i);
  return true;
}

// torch.tensordot(a, b, dims=2).
Value FTensordot(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"a", "b", "dims", "out"};
  Value v[4];
  if (!ParseArgs(vm, args, "tensordot", kNames, 2, v)) return {};
  Tensor a, b;
  if (!ToTensorArg(vm, v[0], "tensordot", "a", &a)) return {};
  if (!ToTensorArg(vm, v[1], "tensordot", "b", &b)) return {};
  if (!v[3].is_null() && !v[3].is_none()) {
    return RaiseNotImplementedError(vm, "torch.tensordot's out= is not supported by tc");
  }
  Shape da, db;
  const Value dims = v[2].is_null() ? Value::Int(2) : v[2];
  const int64_t max_dims = std::min(a.dim(), b.dim());
  if (IsTensor(dims)) {
    const Tensor& d = TensorOf(dims);
    if (!CheckHasData(vm, d)) return {};
    Tensor l = d.to(DType::kInt64).contiguous();
    if (d.numel() > 1) {
      if (d.dim() < 1 || d.size(0) != 2) {
        return RaiseRuntimeError(vm, "tensordot: a dims tensor must have 2 rows");
      }
      int64_t half = l.numel() / 2;
      for (int64_t i = 0; i < half; ++i) da.push_back(l.data<int64_t>()[i]);
      for (int64_t i = 0; i < half; ++i) db.push_back(l.data<int64_t>()[half + i]);
    } else if (!IntDims(vm, l.data<int64_t>()[0], max_dims, &da, &db)) {
      return {};
    }
  } else if (dims.is_int()) {
    if (!IntDims(vm, dims.as_int(), max_dims, &da, &db)) return {};
  } else if (IsInstance(dims, Types().tuple) || IsInstance(dims, Types().list)) {
    const std::vector<Value>& pair = IsInstance(dims, Types().tuple)
                                         ? Cast<TupleObject>(dims)->items
                                         : Cast<ListObject>(dims)->items;
    if (pair.size() != 2) {
      return RaiseValueError(vm, pair.size() < 2 ? absl::StrFormat("not enough values to unpack "
                                                                   "(expected 2, got %d)",
                                                                   pair.size())
                                                 : "too many values to unpack (expected 2)");
    }
    if (!ToIntList(vm, pair[0], "tensordot", "dims_self", &da)) return {};
    if (!ToIntList(vm, pair[1], "tensordot", "dims_other", &db)) return {};
  } else {
    Value repr = vm.Str(dims);
    if (repr.is_null()) return {};
    return RaiseRuntimeError(
        vm, absl::StrCat("tensordot expects dims to be int or Tuple[List[int], List[int]] or "
                         "List[List[int]] containing two lists, but got dims=",
                         *StrValue(repr)));
  }
  return CallOp(vm, "tensordot", {a, b, Constant(std::move(da)), Constant(std::move(db))});
}

// torch.linalg.vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
// the input by position or as `x` / `input`, the rest bound by the
// linalg_vector_norm op's schema.
Value FVectorNorm(VM& vm, const Value&, const ArgsView& args) {
  static const graph_ir::OpDef* op = graph_ir::FindOp("linalg_vector_norm");
  if (args.nargs > 4) {
    return RaiseTypeError(vm, absl::StrFormat("linalg_vector_norm() takes from 1 to 4 positional "
                                              "arguments but %d were given",
                                              args.nargs));
  }
  if (args.nargs >= 1) {
    if (!IsTensor(args[0])) {
      return RaiseTypeError(vm, absl::StrFormat("linalg_vector_norm(): argument 'input' "
                                                "(position 1) must be Tensor, not %s",
                                                TypeName(args[0])));
    }
    return OpMethod(vm, *op, args[0], ArgsView(args.data + 1, args.nargs - 1, args.kwnames));
  }
  // The input by keyword: the other keywords rebuilt without it.
  std::vector<Value> vals;
  std::vector<Value> names;
  Value input;
  for (int k = 0; k < args.nkw(); ++k) {
    if (args.kwname(k) == "x" || args.kwname(k) == "input") {
      input = args.kwvalue(k);
    } else {
      vals.push_back(args.kwvalue(k));
      names.push_back(args.kwnames->items[k]);
    }
  }
  if (input.is_null()) {
    return RaiseTypeError(
        vm, "linalg_vector_norm() missing 1 required positional arguments: \"input\"");
  }
  if (!IsTensor(input)) {
    return RaiseTypeError(vm, absl::StrFormat("linalg_vector_norm(): argument 'input' "
                                              "(position 1) must be Tensor, not %s",
                                              TypeName(input)));
  }
  Value kw = NewTuple(std::move(names));
  return OpMethod(vm, *op, input, ArgsView(vals.data(), 0, Cast<TupleObject>(kw)));
}

constexpr MethodDef kTorchLinalgFunctions[] = {{"vector_norm", FVectorNorm}};

constexpr MethodDef kLinalgModuleFunctions[] = {
    {"einsum", FEinsum},
    {"tensordot", FTensordot},
};

}  // namespace

std::span<const MethodDef> TensorLinalgMethods() { return kLinalgMethods; }
std::span<const char* const> LinalgFunctions() { return kLinalgFunctions; }
void AddLinalgFunctions(ModuleObject* m) { AddFunctions(m, kLinalgModuleFunctions); }

bool InitLinalgModule(VM&, ModuleObject* m) {
  AdoptTorchModuleType(m);
  AddFunctions(m, kTorchLinalgFunctions);
  return true;
}

}  // namespace tc::script_torch
