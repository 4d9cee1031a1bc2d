// torch's tensor-creation functions: tensor as_tensor zeros ones full empty
// arange linspace eye rand randn randint, the *_like forms and cat / stack,
// with PyTorch's keyword arguments (dtype, device,
// requires_grad). Every tensor is made by an op (zeros and ones by `full`),
// so that an op tracer sees it; device='meta' makes meta tensors.
#include <array>
#include <iterator>
#include <utility>

#include "absl/strings/str_format.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/tensor/cpu_generator.h"

#include "torch_random.h"
#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

using tensor::Tensor;

// The keywords every factory accepts.
struct FactoryKw {
  bool has_dtype = false;
  DType dtype = DType::kFloat32;
  bool has_device = false;
  tensor::Device device;  // cpu or meta
  bool requires_grad = false;
  tensor::CpuGenerator* generator = nullptr;  // generator=, for the random ones
  // memory_format= (torch.empty and the *_like forms lay the result out so).
  tensor::MemoryFormat memory_format = tensor::MemoryFormat::kPreserve;
};

// Reads dtype / device / requires_grad / memory_format (and ignores layout,
// pin_memory); `skip` names keywords the caller handles.
bool ReadFactoryKw(VM& vm, const ArgsView& args, std::string_view fname, FactoryKw* kw,
                   std::initializer_list<std::string_view> skip = {}) {
  for (int k = 0; k < args.nkw(); ++k) {
    std::string_view name = args.kwname(k);
    const Value& v = args.kwvalue(k);
    bool skipped = false;
    for (std::string_view s : skip) skipped |= s == name;
    if (skipped) continue;
    if (name == "dtype") {
      if (!v.is_none()) {
        if (!ToDType(vm, v, &kw->dtype)) return false;
        kw->has_dtype = true;
      }
    } else if (name == "device") {
      if (!v.is_none()) {
        tensor::Device d;
        if (!ToDevice(vm, v, &d)) return false;
        if (!d.is_cpu() && !d.is_meta()) {
          RaiseUnsupported(vm, absl::StrFormat("torch.%s(device='%s')", fname, d.ToString()));
          return false;
        }
        kw->has_device = true;
        kw->device = d;
      }
    } else if (name == "requires_grad") {
      int b = vm.Truthy(v);
      if (b < 0) return false;
      kw->requires_grad = b != 0;
    } else if (name == "out") {
      if (!v.is_none()) {
        RaiseUnsupported(vm, absl::StrFormat("torch.%s(out=...)", fname));
        return false;
      }
    } else if (name == "generator") {
      if (!ReadGenerator(vm, v, fname, &kw->generator)) return false;
    } else if (name == "memory_format") {
      if (!MemoryFormatArg(vm, v, fname, tensor::MemoryFormat::kPreserve, &kw->memory_format)) {
        return false;
      }
    } else if (name != "layout" && name != "pin_memory") {
      RaiseTypeError(vm,
                     absl::StrFormat("%s() got an unexpected keyword argument '%s'", fname, name));
      return false;
    }
  }
  return true;
}

Value Finish(VM& vm, Tensor t, const FactoryKw& kw) {
  Value v = WrapTensor(std::move(t));
  if (kw.requires_grad) {
    if (!tensor::IsFloatingPoint(TensorOf(v).dtype())) {
      return RaiseRuntimeError(vm,
                               "Only Tensors of floating point and complex dtype can require "
                               "gradients");
    }
    if (!SetTensorRequiresGrad(vm, TensorOf(v), true)) return {};
  }
  return v;
}

// Runs creation op `op` (fname, for errors) on `device`, then Finish.
Value Create(VM& vm, std::string_view op, std::vector<kernels::KernelArg> args,
             tensor::Device device, std::string_view fname, const FactoryKw& kw) {
  Tensor t;
  {
    GeneratorScope scope(kw.generator);
    if (!RunCreation(vm, op, std::move(args), device, fname, &t)) return {};
  }
  return Finish(vm, std::move(t), kw);
}

Constant DTypeOrNone(const FactoryKw& kw) {
  return kw.has_dtype ? Constant(kw.dtype) : Constant(None{});
}

bool FullInLayoutOf(VM& vm, const Tensor& input, const Scalar& fill, DType dtype,
                    tensor::Device device, std::string_view fname, Tensor* out);
bool LayoutSource(VM& vm, const Tensor& input, const FactoryKw& kw, Tensor* out);

// zeros / ones / empty / rand / randn (*size, **kw).
Value SizedFactory(VM& vm, const ArgsView& args, const char* fname, int kind) {
  FactoryKw kw;
  if (!ReadFactoryKw(vm, args, fname, &kw, {"size"})) return {};
  Shape sizes;
  if (!SizesFromArgs(vm, args, 0, KwArg(args, "size"), fname, &sizes)) return {};
  for (int64_t s : sizes) {
    if (s < 0) {
      return RaiseRuntimeError(vm, absl::StrFormat("Trying to create tensor with negative "
                                                   "dimension %d: %s",
                                                   s, tensor::ShapeToString(sizes)));
    }
  }
  DType d = kw.has_dtype ? kw.dtype : DType::kFloat32;
  if (kind == 2 && kw.memory_format != tensor::MemoryFormat::kPreserve &&
      kw.memory_format != tensor::MemoryFormat::kContiguous) {
    // torch.empty(..., memory_format=torch.channels_last): laid out so.
    Tensor like = Tensor::Empty(sizes, d, tensor::Device::Meta()), layout, r;
    if (!LayoutSource(vm, like, kw, &layout) ||
        !FullInLayoutOf(vm, layout, Scalar(int64_t{0}), d, kw.device, fname, &r)) {
      return {};
    }
    if (r.defined()) return Finish(vm, std::move(r), kw);
  }
  if (kind <= 2) {
    // empty is zeroed too: deterministic.
    Scalar fill(int64_t{kind == 1 ? 1 : 0});
    return Create(vm, "full", {Constant(sizes), Constant(fill), Constant(d)}, kw.device, fname, kw);
  }
  return Create(vm, kind == 3 ? "rand" : "randn", {Constant(sizes), Constant(d)}, kw.device, fname,
                kw);
}
Value FZeros(VM& vm, const Value&, const ArgsView& a) { return SizedFactory(vm, a, "zeros", 0); }
Value FOnes(VM& vm, const Value&, const ArgsView& a) { return SizedFactory(vm, a, "ones", 1); }
Value FEmpty(VM& vm, const Value&, const ArgsView& a) { return SizedFactory(vm, a, "empty", 2); }
Value FRand(VM& vm, const Value&, const ArgsView& a) { return SizedFactory(vm, a, "rand", 3); }
Value FRandn(VM& vm, const Value&, const ArgsView& a) { return SizedFactory(vm, a, "randn", 4); }

Value FFull(VM& vm, const Value&, const ArgsView& args) {
  FactoryKw kw;
  if (!ReadFactoryKw(vm, args, "full", &kw, {"size", "fill_value"})) return {};
  Value size = args.nargs > 0 ? args[0] : KwArg(args, "size");
  Value fill = args.nargs > 1 ? args[1] : KwArg(args, "fill_value");
  if (size.is_null() || fill.is_null()) {
    return RaiseTypeError(vm, "full() missing required arguments: size, fill_value");
  }
  Shape sizes;
  Scalar s;
  if (!ToIntList(vm, size, "full", "size", &sizes) ||
      !ToScalarArg(vm, fill, "full", "fill_value", &s)) {
    return {};
  }
  return Create(vm, "full", {Constant(sizes), Constant(s), DTypeOrNone(kw)}, kw.device, "full", kw);
}

Value FTensor(VM& vm, const Value&, const ArgsView& args) {
  FactoryKw kw;
  if (!ReadFactoryKw(vm, args, "tensor", &kw, {"data", "dtype"})) return {};
  Value data = args.nargs > 0 ? args[0] : KwArg(args, "data");
  if (data.is_null() || args.nargs > 1) {
    return RaiseTypeError(vm, "tensor() takes 1 positional argument (data)");
  }
  Tensor t;
  if (!TensorFromData(vm, data, KwArg(args, "dtype"), &t)) return {};
  if (kw.has_device && !ToDeviceTensor(vm, t, kw.device, &t)) return {};
  return Finish(vm, std::move(t), kw);
}
Value FAsTensor(VM& vm, const Value& self, const ArgsView& args) {
  if (args.nargs >= 1 && IsTensor(args[0])) {
    const Tensor& t = TensorOf(args[0]);
    Tensor r = t;
    Value dv = args.nargs > 1 ? args[1] : KwArg(args, "dtype");
    Value device = args.nargs > 2 ? args[2] : KwArg(args, "device");
    if (!dv.is_null() && !dv.is_none()) {
      DType d;
      if (!ToDType(vm, dv, &d) || !ToDTypeTensor(vm, r, d, &r)) return {};
    }
    if (!device.is_null() && !device.is_none()) {
      tensor::Device dev;
      if (!ToDevice(vm, device, &dev) || !ToDeviceTensor(vm, r, dev, &r)) return {};
    }
    // as_tensor returns its input when nothing had to change.
    return r.storage() == t.storage() ? args[0] : WrapTensor(std::move(r));
  }
  return FTensor(vm, self, args);
}

Value FArange(VM& vm, const Value&, const ArgsView& args) {
  FactoryKw kw;
  if (!ReadFactoryKw(vm, args, "arange", &kw, {"start", "end", "step"})) return {};
  std::vector<Value> pos(args.data, args.data + args.nargs);
  Value start = KwArg(args, "start"), end = KwArg(args, "end"), step = KwArg(args, "step");
  if (pos.size() == 1) {
    end = pos[0];
  } else if (pos.size() >= 2) {
    start = pos[0];
    end = pos[1];
    if (pos.size() >= 3) step = pos[2];
  }
  if (start.is_null()) start = Value::Int(0);
  if (step.is_null()) step = Value::Int(1);
  if (end.is_null()) return RaiseTypeError(vm, "arange() missing required argument 'end'");
  Scalar s0, s1, s2;
  if (!ToScalarArg(vm, start, "arange", "start", &s0) ||
      !ToScalarArg(vm, end, "arange", "end", &s1) ||
      !ToScalarArg(vm, step, "arange", "step", &s2)) {
    return {};
  }
  return Create(vm, "arange", {Constant(s0), Constant(s1), Constant(s2), DTypeOrNone(kw)},
                kw.device, "arange", kw);
}

Value FLinspace(VM& vm, const Value&, const ArgsView& args) {
  FactoryKw kw;
  if (!ReadFactoryKw(vm, args, "linspace", &kw, {"start", "end", "steps"})) return {};
  static constexpr const char* kNames[] = {"start", "end", "steps"};
  Value a[3];
  ArgsView pos(args.data, args.nargs);
  if (!ParseArgs(vm, pos, "linspace", kNames, 0, a)) return {};
  if (a[0].is_null()) a[0] = KwArg(args, "start");
  if (a[1].is_null()) a[1] = KwArg(args, "end");
  if (a[2].is_null()) a[2] = KwArg(args, "steps");
  Scalar s0, s1;
  int64_t steps;
  if (a[0].is_null() || a[1].is_null() || a[2].is_null()) {
    return RaiseTypeError(vm, "linspace() missing required arguments");
  }
  if (!ToScalarArg(vm, a[0], "linspace", "start", &s0) ||
      !ToScalarArg(vm, a[1], "linspace", "end", &s1) || !ToInt(vm, a[2], &steps)) {
    return {};
  }
  return Create(vm, "linspace",
                {Constant(s0), Constant(s1), Constant(Scalar(steps)), DTypeOrNone(kw)}, kw.device,
                "linspace", kw);
}

Value FEye(VM& vm, const Value&, const ArgsView& args) {
  FactoryKw kw;
  if (!ReadFactoryKw(vm, args, "eye", &kw, {"n", "m"})) return {};
  Value n = args.nargs > 0 ? args[0] : KwArg(args, "n");
  Value m = args.nargs > 1 ? args[1] : KwArg(args, "m");
  int64_t ni, mi = 0;
  if (n.is_null()) return RaiseTypeError(vm, "eye() missing required argument 'n'");
  if (!ToInt(vm, n, &ni)) return {};
  bool has_m = !m.is_null() && !m.is_none();
  if (has_m && !ToInt(vm, m, &mi)) return {};
  return Create(
      vm, "eye",
      {Constant(Scalar(ni)), has_m ? Constant(Scalar(mi)) : Constant(None{}), DTypeOrNone(kw)},
      kw.device, "eye", kw);
}

// randint(high, size) / randint(low, high, size).
Value FRandint(VM& vm, const Value&, const ArgsView& args) {
  FactoryKw kw;
  if (!ReadFactoryKw(vm, args, "randint", &kw, {"low", "high", "size"})) return {};
  Value low = KwArg(args, "low"), high = KwArg(args, "high"), size = KwArg(args, "size");
  if (args.nargs == 1) {
    high = args[0];
  } else if (args.nargs == 2) {
    if (size.is_null()) {
      high = args[0];
      size = args[1];
    } else {
      low = args[0];
      high = args[1];
    }
  } else if (args.nargs >= 3) {
    low = args[0];
    high = args[1];
    size = args[2];
  }
  int64_t lo = 0, hi;
  Shape sizes;
  if (high.is_null() || size.is_null())
    return RaiseTypeError(vm, "randint() missing required arguments");
  if ((!low.is_null() && !ToInt(vm, low, &lo)) || !ToInt(vm, high, &hi) ||
      !ToIntList(vm, size, "randint", "size", &sizes)) {
    return {};
  }
  return Create(vm, "randint",
                {Constant(Scalar(lo)), Constant(Scalar(hi)), Constant(sizes),
                 kw.has_dtype ? Constant(kw.dtype) : Constant(DType::kInt64)},
                kw.device, "randint", kw);
}

// The *_like forms keep the input's layout, as PyTorch's default
// memory_format=torch.preserve_format does: when `input`'s memory does not
// run in logical order (transposed, permuted), the result is a view whose
// memory runs in the order of input's strides (kernels::FillOrder, which is
// also the order of PyTorch's dense strides for a non-dense input). Its
// draws are then those of PyTorch's empty_like(input).uniform_() etc.: in
// memory order, and normal_'s scalar path for a non-contiguous result.
// Makes it filled with `fill`. Returns false (exception set) on error; *out
// is left undefined when input's layout is the contiguous one, so the
// caller makes the tensor as usual.
bool FullInLayoutOf(VM& vm, const Tensor& input, const Scalar& fill, DType dtype,
                    tensor::Device device, std::string_view fname, Tensor* out) {
  const MemoryOrder order = MemoryOrderOf(input);
  if (order.identity) return true;
  Tensor buf;
  return RunCreation(vm, "full", {Constant(order.sizes), Constant(fill), Constant(dtype)}, device,
                     fname, &buf) &&
         RunOp(vm, "permute", {buf, Constant(order.inverse)}, out);
}

// The tensor whose layout a *_like result takes: `input` for
// preserve_format, else a meta tensor laid out in the requested format.
bool LayoutSource(VM& vm, const Tensor& input, const FactoryKw& kw, Tensor* out) {
  if (kw.memory_format == tensor::MemoryFormat::kPreserve) {
    *out = input;
    return true;
  }
  absl::StatusOr<Shape> strides =
      tensor::FormatStrides(input.sizes(), kw.memory_format, input.strides());
  if (!strides.ok()) {
    RaiseRuntimeError(vm, std::string(strides.status().message()));
    return false;
  }
  *out = Tensor::EmptyStrided(input.sizes(), *strides, input.dtype(), tensor::Device::Meta());
  return true;
}

// *_like(input, ...): the input's dtype unless dtype= is given.
enum LikeKind { kZerosLike, kOnesLike, kEmptyLike, kRandLike, kRandnLike, kFullLike };
constexpr const char* kLikeNames[] = {"zeros_like", "ones_like",  "empty_like",
                                      "rand_like",  "randn_like", "full_like"};
static_assert(std::size(kLikeNames) == kFullLike + 1);
Value LikeFactory(VM& vm, const ArgsView& args, LikeKind kind) {
  const char* fname = kLikeNames[kind];
  FactoryKw kw;
  if (!ReadFactoryKw(vm, args, fname, &kw, {"input", "fill_value"})) return {};
  Value in = args.nargs > 0 ? args[0] : KwArg(args, "input");
  Tensor t;
  if (in.is_null())
    return RaiseTypeError(vm, absl::StrFormat("%s() missing required argument 'input'", fname));
  if (!ToTensorArg(vm, in, fname, "input", &t)) return {};
  DType d = kw.has_dtype ? kw.dtype : t.dtype();
  tensor::Device device = kw.has_device ? kw.device : t.device();
  Shape sizes(t.sizes().begin(), t.sizes().end());
  Scalar s(int64_t{kind == kOnesLike ? 1 : 0});  // empty_like is zeroed too
  if (kind == kFullLike) {
    Value fill = args.nargs > 1 ? args[1] : KwArg(args, "fill_value");
    if (fill.is_null())
      return RaiseTypeError(vm, "full_like() missing required argument 'fill_value'");
    if (!ToScalarArg(vm, fill, fname, "fill_value", &s)) return {};
  }
  Tensor layout;
  if (!LayoutSource(vm, t, kw, &layout)) return {};
  Tensor laid_out;
  if (!FullInLayoutOf(vm, layout, s, d, device, fname, &laid_out)) return {};
  if (laid_out.defined()) {
    if ((kind == kRandLike || kind == kRandnLike) &&
        !RunRandomFill(vm, laid_out, kind == kRandLike ? "uniform" : "normal",
                       {Constant(Scalar(0.0)), Constant(Scalar(1.0))}, kw.generator)) {
      return {};
    }
    return Finish(vm, std::move(laid_out), kw);
  }
  if (kind == kRandLike || kind == kRandnLike) {
    return Create(vm, kind == kRandLike ? "rand" : "randn", {Constant(sizes), Constant(d)}, device,
                  fname, kw);
  }
  return Create(vm, "full", {Constant(sizes), Constant(s), Constant(d)}, device, fname, kw);
}
template <LikeKind kKind>
Value FLike(VM& vm, const Value&, const ArgsView& args) {
  return LikeFactory(vm, args, kKind);
}
// randint_like(input, low=0, high): input's shape, dtype and layout.
Value FRandintLike(VM& vm, const Value&, const ArgsView& args) {
  FactoryKw kw;
  if (!ReadFactoryKw(vm, args, "randint_like", &kw, {"low", "high"})) return {};
  if (args.nargs < 2) return RaiseTypeError(vm, "randint_like() missing required arguments");
  Tensor t;
  if (!ToTensorArg(vm, args[0], "randint_like", "input", &t)) return {};
  int64_t lo = 0, hi;
  if (args.nargs >= 3) {
    if (!ToInt(vm, args[1], &lo) || !ToInt(vm, args[2], &hi)) return {};
  } else if (!ToInt(vm, args[1], &hi)) {
    return {};
  }
  DType d = kw.has_dtype ? kw.dtype : t.dtype();
  tensor::Device device = kw.has_device ? kw.device : t.device();
  Tensor layout;
  if (!LayoutSource(vm, t, kw, &layout)) return {};
  Tensor laid_out;
  if (!FullInLayoutOf(vm, layout, Scalar(int64_t{0}), d, device, "randint_like", &laid_out)) {
    return {};
  }
  if (laid_out.defined()) {
    if (!RunRandomFill(vm, laid_out, "random", {Constant(Scalar(lo)), Constant(Scalar(hi))},
                       kw.generator)) {
      return {};
    }
    return Finish(vm, std::move(laid_out), kw);
  }
  return Create(
      vm, "randint",
      {Constant(Scalar(lo)), Constant(Scalar(hi)), Constant(Shape(t.sizes())), Constant(d)}, device,
      "randint_like", kw);
}

// cat / stack (tensors, dim=0).
Value JoinOp(VM& vm, const ArgsView& args, const char* fname, const char* op) {
  static constexpr const char* kNames[] = {"tensors", "dim", "out"};
  Value a[3];
  if (!ParseArgs(vm, args, fname, kNames, 1, a)) return {};
  std::vector<Value> items;
  if (!vm.Extend(&items, a[0])) return {};
  std::vector<Tensor> ts;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!IsTensor(items[i])) {
      return RaiseTypeError(vm, absl::StrFormat("expected Tensor as element %d in argument 0, but "
                                                "got %s",
                                                i, TypeName(items[i])));
    }
    ts.push_back(TensorOf(items[i]));
  }
  int64_t dim = 0;
  if (!a[1].is_null() && !ToInt(vm, a[1], &dim)) return {};
  if (ts.empty()) {
    return RaiseRuntimeError(vm, absl::StrFormat("%s expects a non-empty TensorList", fname));
  }
  return CallOp(vm, op, {std::move(ts), Constant(Scalar(dim))});
}
Value FCat(VM& vm, const Value&, const ArgsView& a) { return JoinOp(vm, a, "cat", "cat"); }
Value FStack(VM& vm, const Value&, const ArgsView& a) { return JoinOp(vm, a, "stack", "stack"); }

constexpr MethodDef kCreation[] = {
    {"tensor", FTensor},
    {"as_tensor", FAsTensor},
    {"zeros", FZeros},
    {"ones", FOnes},
    {"empty", FEmpty},
    {"full", FFull},
    {"rand", FRand},
    {"randn", FRandn},
    {"randint", FRandint},
    {"arange", FArange},
    {"linspace", FLinspace},
    {"eye", FEye},
    {"randint_like", FRandintLike},
    {"cat", FCat},
    {"concat", FCat},
    {"concatenate", FCat},
    {"stack", FStack},
};

// zeros_like ... full_like: FLike<kind> for each LikeKind, under its name
// in kLikeNames.
template <size_t... kKinds>
constexpr std::array<MethodDef, sizeof...(kKinds)> LikeFactories(std::index_sequence<kKinds...>) {
  return {{{kLikeNames[kKinds], FLike<static_cast<LikeKind>(kKinds)>}...}};
}
constexpr auto kLikeFactories = LikeFactories(std::make_index_sequence<std::size(kLikeNames)>());

}  // namespace

void AddTorchCreation(ModuleObject* m) {
  AddFunctions(m, kCreation);
  AddFunctions(m, kLikeFactories);
}

}  // namespace tc::script_torch
