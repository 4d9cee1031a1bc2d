// torch.Tensor's methods and attributes other than operators, indexing,
// reductions, shape ops and the schema-bound pointwise ops
// (torch_pointwise.cc): metadata, conversions, printing, the Python
// protocol, new_* and in-place fills.
#include "absl/strings/str_format.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/grad_mode.h"
#include "tc/tensor/format.h"

#include "torch_known_names.h"
#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

TensorObject* T(const Value& v) { return Cast<TensorObject>(v); }

// --- Attributes --------------------------------------------------------------

Value GetShape(VM&, const Value& self) { return SizeValue(T(self)->t.sizes()); }
Value GetDType(VM&, const Value& self) { return DTypeValue(T(self)->t.dtype()); }
Value GetDevice(VM&, const Value& self) { return DeviceValue(T(self)->t.device()); }
Value GetNdim(VM&, const Value& self) { return Value::Int(T(self)->t.dim()); }
Value GetIsMeta(VM&, const Value& self) { return Value::Bool(T(self)->t.is_meta()); }
Value GetIsCpu(VM&, const Value& self) { return Value::Bool(T(self)->t.device().is_cpu()); }
Value GetIsCuda(VM&, const Value& self) { return Value::Bool(T(self)->t.device().is_cuda()); }
// .data: the same data as a new variable without history.
Value GetData(VM&, const Value& self) { return WrapTensor(autodiff::Detach(T(self)->t)); }
bool SetData(VM& vm, const Value& self, const Value& v) {
  if (!IsTensor(v)) {
    RaiseTypeError(vm,
                   absl::StrFormat("Variable data has to be a tensor, but got %s", TypeName(v)));
    return false;
  }
  // New data, the same variable (its autograd state stays).
  std::shared_ptr<tensor::AutogradMetaInterface> meta = T(self)->t.shared_autograd_meta();
  T(self)->t = TensorOf(v);
  T(self)->t.set_autograd_meta(std::move(meta));
  return true;
}
Value GetItemSize(VM&, const Value& self) {
  return Value::Int(static_cast<int64_t>(T(self)->t.itemsize()));
}
Value GetT(VM& vm, const Value& self) {
  const tensor::Tensor& t = T(self)->t;
  tensor::Shape dims;
  for (int64_t i = t.dim() - 1; i >= 0; --i) dims.push_back(i);
  return CallOp(vm, "permute", {t, Constant(dims)});
}
Value GetMT(VM& vm, const Value& self) {
  return CallOp(
      vm, "transpose",
      {T(self)->t, Constant(tensor::Scalar(int64_t{-2})), Constant(tensor::Scalar(int64_t{-1}))});
}

// --- Metadata methods --------------------------------------------------------

bool OptDim(VM& vm, const ArgsView& args, const char* fname, const tensor::Tensor& t, bool* has,
            int64_t* dim) {
  static constexpr const char* kNames[] = {"dim"};
  Value a[1];
  if (!ParseArgs(vm, args, fname, kNames, 0, a)) return false;
  *has = !a[0].is_null() && !a[0].is_none();
  if (!*has) return true;
  return WrapDimArg(vm, t, a[0], dim);
}

Value MSize(VM& vm, const Value& self, const ArgsView& args) {
  const tensor::Tensor& t = T(self)->t;
  bool has;
  int64_t d;
  if (!OptDim(vm, args, "size", t, &has, &d)) return {};
  return has ? Value::Int(t.size(d)) : SizeValue(t.sizes());
}
Value MStride(VM& vm, const Value& self, const ArgsView& args) {
  const tensor::Tensor& t = T(self)->t;
  bool has;
  int64_t d;
  if (!OptDim(vm, args, "stride", t, &has, &d)) return {};
  if (has) return Value::Int(t.stride(d));
  std::vector<Value> v;
  for (int64_t s : t.strides()) v.push_back(Value::Int(s));
  return NewTuple(std::move(v));
}
Value MDim(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "dim", 0, 0)) return {};
  return Value::Int(T(self)->t.dim());
}
Value MNumel(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "numel", 0, 0)) return {};
  return Value::Int(T(self)->t.numel());
}
Value MItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "item", 0, 0)) return {};
  return TensorItem(vm, T(self)->t);
}
Value MToList(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "tolist", 0, 0)) return {};
  const tensor::Tensor& t = T(self)->t;
  if (!CheckHasData(vm, t, kMetaCopyOutMessage)) return {};
  if (t.dim() == 0) return TensorItem(vm, t);
  return TensorToList(vm, t);
}
Value MStorageOffset(VM&, const Value& self, const ArgsView&) {
  return Value::Int(T(self)->t.storage_offset());
}
Value MElementSize(VM&, const Value& self, const ArgsView&) {
  return Value::Int(static_cast<int64_t>(T(self)->t.itemsize()));
}
Value MIsFloatingPoint(VM&, const Value& self, const ArgsView&) {
  return Value::Bool(tensor::IsFloatingPoint(T(self)->t.dtype()));
}

// --- Conversions -------------------------------------------------------------

// self as dtype `d`: self itself when it is, else a to_dtype copy.
Value Converted(VM& vm, const Value& self, DType d) {
  const tensor::Tensor& t = T(self)->t;
  if (t.dtype() == d) return self;
  tensor::Tensor r;
  if (!ToDTypeTensor(vm, t, d, &r)) return {};
  return WrapTensor(std::move(r));
}
#define TC_CAST_METHOD(NAME, DT)                                    \
  Value M_##NAME(VM& vm, const Value& self, const ArgsView& args) { \
    if (!CheckArgCount(vm, args, #NAME, 0, 0)) return {};           \
    return Converted(vm, self, DType::DT);                          \
  }
TC_CAST_METHOD(float, kFloat32)
TC_CAST_METHOD(double, kFloat64)
TC_CAST_METHOD(half, kFloat16)
TC_CAST_METHOD(bfloat16, kBFloat16)
TC_CAST_METHOD(long, kInt64)
TC_CAST_METHOD(int, kInt32)
TC_CAST_METHOD(short, kInt16)
TC_CAST_METHOD(char, kInt8)
TC_CAST_METHOD(byte, kUInt8)
TC_CAST_METHOD(bool, kBool)
#undef TC_CAST_METHOD

// The legacy type name of `t`: torch.FloatTensor, torch.meta.LongTensor,
// torch.cuda.HalfTensor.
std::string LegacyTypeName(const tensor::Tensor& t) {
  const char* prefix = t.is_meta() ? "meta." : (t.device().is_cuda() ? "cuda." : "");
  return absl::StrFormat("torch.%s%sTensor", prefix, tensor::ScalarTypeName(t.dtype()));
}

// type(dtype=None, non_blocking=False): without a dtype the legacy type
// name; with a torch.dtype or a legacy name, self converted to it (self
// itself when it already has that dtype).
Value MType(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"dtype", "non_blocking"};
  Value a[2];
  if (!ParseArgs(vm, args, "type", kNames, 0, a)) return {};
  const tensor::Tensor& t = T(self)->t;
  if (a[0].is_null() || a[0].is_none()) return NewStr(LegacyTypeName(t));
  DType dtype;
  if (IsInstance(a[0], DTypeType())) {
    dtype = Cast<DTypeObject>(a[0])->dtype;
  } else if (const std::string* name = StrValue(a[0])) {
    // "torch.DoubleTensor" (or "torch.cuda.DoubleTensor") -> Double.
    std::string_view n = *name;
    bool ok = n.starts_with("torch.") && n.ends_with("Tensor");
    if (ok) n = n.substr(6, n.size() - 12);
    if (n.starts_with("cuda.")) n.remove_prefix(5);
    int found = -1;
    for (int i = 0; ok && i < tensor::kNumDTypes; ++i) {
      if (tensor::ScalarTypeName(static_cast<DType>(i)) == n) found = i;
    }
    if (found < 0) return RaiseValueError(vm, absl::StrFormat("invalid type: '%s'", *name));
    dtype = static_cast<DType>(found);
  } else {
    return RaiseTypeError(vm, "dtype must be a type, str, or dtype object");
  }
  if (dtype == t.dtype()) return self;
  tensor::Tensor r;
  if (!ToDTypeTensor(vm, t, dtype, &r)) return {};
  return WrapTensor(std::move(r));
}

// to(dtype), to(device), to(device, dtype), to(other), with keywords.
Value MTo(VM& vm, const Value& self, const ArgsView& args) {
  const tensor::Tensor& t = T(self)->t;
  bool has_dtype = false, has_device = false, copy = false;
  tensor::MemoryFormat format = tensor::MemoryFormat::kPreserve;
  DType dtype = t.dtype();
  tensor::Device device = t.device();
  auto take = [&](const Value& v) -> bool {
    if (v.is_none()) return true;
    if (IsInstance(v, DTypeType())) {
      has_dtype = true;
      dtype = Cast<DTypeObject>(v)->dtype;
      return true;
    }
    if (IsTensor(v)) {  // to(other): other's dtype and device
      has_dtype = has_device = true;
      dtype = TensorOf(v).dtype();
      device = TensorOf(v).device();
      return true;
    }
    if (!ToDevice(vm, v, &device)) return false;
    has_device = true;
    return true;
  };
  for (int i = 0; i < args.nargs; ++i) {
    if (args[i].is_bool()) continue;  // non_blocking / copy positionally
    if (!take(args[i])) return {};
  }
  for (int k = 0; k < args.nkw(); ++k) {
    std::string_view kw = args.kwname(k);
    const Value& v = args.kwvalue(k);
    if (kw == "dtype" || kw == "device" || kw == "other") {
      if (!take(v)) return {};
    } else if (kw == "copy") {
      int b = vm.Truthy(v);
      if (b < 0) return {};
      copy = b != 0;
    } else if (kw == "memory_format") {
      if (!MemoryFormatArg(vm, v, "to", tensor::MemoryFormat::kPreserve, &format)) return {};
    } else if (kw != "non_blocking") {
      return RaiseTypeError(vm,
                            absl::StrFormat("to() got an unexpected keyword argument '%s'", kw));
    }
  }
  tensor::Tensor r = t;
  if (has_device && !ToDeviceTensor(vm, r, device, &r)) return {};
  if (has_dtype && !ToDTypeTensor(vm, r, dtype, &r)) return {};
  // memory_format=: the result laid out so (a copy unless it already is).
  if (format != tensor::MemoryFormat::kPreserve &&
      !tensor::IsContiguousAs(r.sizes(), r.strides(), format) &&
      !CloneTensorAs(vm, r, format, &r)) {
    return {};
  }
  // Every conversion made a new storage; none leaves self as it is.
  bool unchanged = r.storage() == t.storage();
  if (unchanged && copy && !CloneTensor(vm, t, &r)) return {};
  if (unchanged && !copy) return self;
  return WrapTensor(std::move(r));
}
Value MTypeAs(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "type_as", 1, 1)) return {};
  tensor::Tensor other;
  if (!ToTensorArg(vm, args[0], "type_as", "other", &other)) return {};
  return Converted(vm, self, other.dtype());
}
Value MCpu(VM& vm, const Value& self, const ArgsView&) {
  tensor::Tensor r;
  if (!ToDeviceTensor(vm, T(self)->t, tensor::Device::CPU(), &r)) return {};
  return r.storage() == T(self)->t.storage() ? self : WrapTensor(std::move(r));
}
Value MCuda(VM& vm, const Value&, const ArgsView&) {
  return RaiseUnsupported(vm, "torch.Tensor.cuda");
}
// Tensor.__deepcopy__(memo), as PyTorch's: a leaf's independent copy (a
// clone of the same type, requires_grad kept, remembered in memo under
// id(self)); a non-leaf is PyTorch's RuntimeError.
Value MDeepCopy(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__deepcopy__", 1, 1)) return {};
  const Value& memo = args[0];
  Value key = Value::Int(static_cast<int64_t>(reinterpret_cast<uintptr_t>(self.as_object())));
  DictObject* m = IsInstance(memo, Types().dict) ? Cast<DictObject>(memo) : nullptr;
  if (m != nullptr) {
    Value seen;
    int got = DictGet(vm, m, key, &seen);
    if (got != 0) return got < 0 ? Value() : seen;
  }
  TensorObject* s = T(self);
  if (!autodiff::IsLeaf(s->t)) {
    return RaiseRuntimeError(
        vm,
        "Only Tensors created explicitly by the user (graph leaves) support the deepcopy "
        "protocol at the moment.  If you were attempting to deepcopy a module, this may be "
        "because of a torch.nn.utils.weight_norm usage, see "
        "https://github.com/pytorch/pytorch/pull/103001");
  }
  tensor::Tensor r;
  {
    autodiff::GradModeGuard no_grad(false);  // as PyTorch's, under no_grad
    if (!CloneTensor(vm, s->t, &r)) return {};
  }
  Type* type = self.type();
  auto* p = static_cast<TensorObject*>(type->alloc(type));
  p->t = autodiff::Detach(r);
  if (autodiff::RequiresGrad(s->t)) (void)autodiff::SetRequiresGrad(p->t, true);
  Value result = Value::Adopt(p);
  if (m != nullptr && !DictSet(vm, m, key, result)) return {};
  return result;
}

// --- Printing ----------------------------------------------------------------

Value MRepr(VM&, const Value& self, const ArgsView&) {
  tensor::FormatOptions o;
  if (const autodiff::Node* fn = autodiff::GradFn(T(self)->t)) {
    o.suffixes.push_back("grad_fn=<" + fn->name() + ">");
  } else if (autodiff::RequiresGrad(T(self)->t)) {
    o.suffixes.push_back("requires_grad=True");
  }
  std::string s = tensor::FormatTensor(T(self)->t, o);
  if (IsSubtype(self.type(), ParameterType())) s = "Parameter containing:\n" + s;
  return NewStr(std::move(s));
}
Value MFormat(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__format__", 1, 1)) return {};
  const std::string* spec = StrValue(args[0]);
  // As torch's __format__: a 0-dim meta tensor formats as a tensor.
  if (T(self)->t.dim() == 0 && !T(self)->t.is_meta() && spec != nullptr) {
    Value item = TensorItem(vm, T(self)->t);
    if (item.is_null()) return {};
    return vm.Format(item, *spec);
  }
  if (spec != nullptr && !spec->empty()) {
    return RaiseTypeError(vm, "unsupported format string passed to Tensor.__format__");
  }
  return vm.Str(self);
}

// --- Python protocol ---------------------------------------------------------

Value MBool(VM& vm, const Value& self, const ArgsView&) {
  const tensor::Tensor& t = T(self)->t;
  if (t.numel() == 0) {
    return RaiseRuntimeError(vm, "Boolean value of Tensor with no values is ambiguous");
  }
  if (t.numel() > 1) {
    return RaiseRuntimeError(vm, "Boolean value of Tensor with more than one value is ambiguous");
  }
  if (!CheckHasData(vm, t)) return {};
  return Value::Bool(t.Item().to_bool());
}
Value MLen(VM& vm, const Value& self, const ArgsView&) {
  const tensor::Tensor& t = T(self)->t;
  if (t.dim() == 0) return RaiseTypeError(vm, "len() of a 0-d tensor");
  return Value::Int(t.size(0));
}
Value MIter(VM& vm, const Value& self, const ArgsView&) {
  const tensor::Tensor& t = T(self)->t;
  if (t.dim() == 0) return RaiseTypeError(vm, "iteration over a 0-d tensor");
  std::vector<Value> rows;
  int64_t n = t.size(0);
  rows.reserve(static_cast<size_t>(n));
  tensor::Shape sizes(t.sizes().begin() + 1, t.sizes().end());
  tensor::Shape strides(t.strides().begin() + 1, t.strides().end());
  const bool tracing = ActiveOpTracer() != nullptr;
  for (int64_t i = 0; i < n; ++i) {
    if (!tracing) {
      rows.push_back(WrapTensor(t.AsStrided(sizes, strides, t.storage_offset() + i * t.stride(0))));
      continue;
    }
    // Rows as ops, so that the tracer sees them.
    tensor::Tensor row;
    if (!RunOp(vm, "slice",
               {t, Constant(Scalar(int64_t{0})), Constant(Scalar(i)), Constant(Scalar(i + 1)),
                Constant(Scalar(int64_t{1}))},
               &row) ||
        !RunOp(vm, "squeeze", {row, Constant(tensor::Shape{0})}, &row)) {
      return {};
    }
    rows.push_back(WrapTensor(std::move(row)));
  }
  return vm.Iter(NewList(std::move(rows)));
}
Value OneElement(VM& vm, const Value& self, const char* what) {
  const tensor::Tensor& t = T(self)->t;
  if (t.numel() != 1) {
    return RaiseRuntimeError(vm, absl::StrFormat("a Tensor with %d elements cannot be converted to "
                                                 "Scalar",
                                                 t.numel()));
  }
  (void)what;
  if (!CheckHasData(vm, t)) return {};
  return ScalarToValue(t.Item());
}
Value MInt(VM& vm, const Value& self, const ArgsView&) {
  Value v = OneElement(vm, self, "int");
  if (v.is_null()) return v;
  if (v.is_float()) return Value::Int(static_cast<int64_t>(v.as_float()));
  return Value::Int(v.as_int());
}
Value MFloat(VM& vm, const Value& self, const ArgsView&) {
  Value v = OneElement(vm, self, "float");
  if (v.is_null()) return v;
  if (v.is_float()) return v;
  return Value::Float(static_cast<double>(v.as_int()));
}
Value MIndex(VM& vm, const Value& self, const ArgsView&) {
  const tensor::Tensor& t = T(self)->t;
  if (t.numel() != 1 || !tensor::IsIntegral(t.dtype(), true)) {
    return RaiseTypeError(vm,
                          "only integer tensors of a single element can be converted to an "
                          "index");
  }
  if (!CheckHasData(vm, t)) return {};
  return Value::Int(t.item_int());
}
Value MHash(VM&, const Value& self, const ArgsView&) {
  return Value::Int(static_cast<int64_t>(reinterpret_cast<uintptr_t>(self.as_object()) >> 4));
}
Value MGetAttr(VM& vm, const Value& self, const ArgsView& args) {
  const std::string* name = args.nargs == 1 ? StrValue(args[0]) : nullptr;
  if (name == nullptr) return RaiseTypeError(vm, "attribute name must be string");
  if (TorchHasName(TorchNamespace::kTensor, *name)) {
    return RaiseUnsupported(vm, absl::StrFormat("torch.Tensor.%s", *name));
  }
  return RaiseAttributeError(
      vm, absl::StrFormat("'%s' object has no attribute '%s'", self.type()->name, *name));
}

// --- new_* and in-place fills ------------------------------------------------

Value NewFilled(VM& vm, const Value& self, const ArgsView& args, const char* fname, int kind) {
  const tensor::Tensor& t = T(self)->t;
  tensor::Shape sizes;
  int first = 0;
  Value fill;
  if (kind == 2) {  // new_full(size, fill_value)
    if (args.nargs < 2) return RaiseTypeError(vm, "new_full() missing required arguments");
    if (!ToIntList(vm, args[0], fname, "size", &sizes)) return {};
    fill = args[1];
  } else if (!SizesFromArgs(vm, args, first, KwArg(args, "size"), fname, &sizes)) {
    return {};
  }
  DType d = t.dtype();
  Value dv = KwArg(args, "dtype");
  if (!dv.is_null() && !dv.is_none() && !ToDType(vm, dv, &d)) return {};
  tensor::Scalar s = kind == 1 ? tensor::Scalar(int64_t{1}) : tensor::Scalar(int64_t{0});
  if (kind == 2 && !ToScalarArg(vm, fill, fname, "fill_value", &s)) return {};
  // On self's device; new_empty is zeroed (deterministic).
  tensor::Tensor r;
  if (!RunCreation(vm, "full", {Constant(sizes), Constant(s), Constant(d)}, t.device(), fname,
                   &r)) {
    return {};
  }
  return WrapTensor(std::move(r));
}
Value MNewZeros(VM& vm, const Value& self, const ArgsView& a) {
  return NewFilled(vm, self, a, "new_zeros", 0);
}
Value MNewOnes(VM& vm, const Value& self, const ArgsView& a) {
  return NewFilled(vm, self, a, "new_ones", 1);
}
Value MNewFull(VM& vm, const Value& self, const ArgsView& a) {
  return NewFilled(vm, self, a, "new_full", 2);
}
Value MNewEmpty(VM& vm, const Value& self, const ArgsView& a) {
  return NewFilled(vm, self, a, "new_empty", 3);
}
Value MNewTensor(VM& vm, const Value& self, const ArgsView& args) {
  if (args.nargs != 1) return RaiseTypeError(vm, "new_tensor() takes 1 positional argument");
  Value dv = KwArg(args, "dtype");
  tensor::Tensor out;
  if (!TensorFromData(vm, args[0], dv.is_null() ? DTypeValue(T(self)->t.dtype()) : dv, &out) ||
      !ToDeviceTensor(vm, out, T(self)->t.device(), &out)) {
    return {};
  }
  return WrapTensor(std::move(out));
}

Value MZero(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "zero_", 0, 0)) return {};
  tensor::Tensor& t = T(self)->t;
  tensor::Tensor zero;
  if (!ScalarTensor(vm, tensor::Scalar(int64_t{0}), t.dtype(), &zero) ||
      !WriteInPlace(vm, t, zero, "ZeroBackward0")) {
    return {};
  }
  return self;
}
Value MFill(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "fill_", 1, 1)) return {};
  tensor::Tensor& t = T(self)->t;
  tensor::Scalar s;
  tensor::Tensor value;
  if (!ToScalarArg(vm, args[0], "fill_", "value", &s) || !ScalarTensor(vm, s, t.dtype(), &value) ||
      !WriteInPlace(vm, t, value, "FillBackward2")) {
    return {};
  }
  return self;
}
Value MCopy(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"src", "non_blocking"};
  Value a[2];
  if (!ParseArgs(vm, args, "copy_", kNames, 1, a)) return {};
  tensor::Tensor src;
  if (!ToTensorArg(vm, a[0], "copy_", "src", &src)) return {};
  tensor::Tensor& t = T(self)->t;
  // copy_ casts freely (unlike other in-place ops).
  if (!ToDTypeTensor(vm, src, t.dtype(), &src) || !WriteInPlace(vm, t, src)) return {};
  return self;
}
// Tensor.where(condition, other) = torch.where(condition, self, other).
Value MWhere(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"condition", "other"};
  Value a[2];
  if (!ParseArgs(vm, args, "where", kNames, 2, a)) return {};
  tensor::Tensor cond;
  if (!ToTensorArg(vm, a[0], "where", "condition", &cond)) return {};
  kernels::KernelArg other;
  if (IsTensor(a[1])) {
    other = TensorOf(a[1]);
  } else if (IsNumber(a[1])) {
    other = Constant(NumberToScalar(a[1]));
  } else {
    return RaiseTypeError(
        vm, absl::StrFormat("where(): argument 'other' must be Tensor, not %s", TypeName(a[1])));
  }
  return CallOp(vm, "where", {cond, T(self)->t, other});
}

constexpr MethodDef kMethods[] = {
    {"size", MSize},
    {"stride", MStride},
    {"dim", MDim},
    {"ndimension", MDim},
    {"numel", MNumel},
    {"nelement", MNumel},
    {"item", MItem},
    {"tolist", MToList},
    {"storage_offset", MStorageOffset},
    {"element_size", MElementSize},
    {"is_floating_point", MIsFloatingPoint},
    {"float", M_float},
    {"double", M_double},
    {"half", M_half},
    {"bfloat16", M_bfloat16},
    {"long", M_long},
    {"int", M_int},
    {"short", M_short},
    {"char", M_char},
    {"byte", M_byte},
    {"bool", M_bool},
    {"to", MTo},
    {"type", MType},
    {"type_as", MTypeAs},
    {"__deepcopy__", MDeepCopy},
    {"cpu", MCpu},
    {"cuda", MCuda},
    {"__repr__", MRepr},
    {"__str__", MRepr},
    {"__format__", MFormat},
    {"__bool__", MBool},
    {"__len__", MLen},
    {"__iter__", MIter},
    {"__int__", MInt},
    {"__float__", MFloat},
    {"__index__", MIndex},
    {"__hash__", MHash},
    {"__getattr__", MGetAttr},
    {"new_zeros", MNewZeros},
    {"new_ones", MNewOnes},
    {"new_full", MNewFull},
    {"new_empty", MNewEmpty},
    {"new_tensor", MNewTensor},
    {"zero_", MZero},
    {"fill_", MFill},
    {"copy_", MCopy},
    {"where", MWhere},
};

constexpr GetSetDef kGetSets[] = {
    {"shape", GetShape},
    {"dtype", GetDType},
    {"device", GetDevice},
    {"ndim", GetNdim},
    {"data", GetData, SetData},
    {"itemsize", GetItemSize},
    {"is_cuda", GetIsCuda},
    {"is_cpu", GetIsCpu},
    {"is_meta", GetIsMeta},
    {"T", GetT},
    {"mT", GetMT},
};

}  // namespace

void AddTensorMethods(Type* t) {
  AddMethods(t, kMethods);
  AddGetSets(t, kGetSets);
  AddMethods(t, TensorAutogradMethods());
  AddGetSets(t, TensorAutogradGetSets());
}

}  // namespace tc::script_torch
