// torch's random-number surface: torch.Generator objects, torch.manual_seed /
// seed / initial_seed / get_rng_state / set_rng_state, torch.random
// (fork_rng), torch.randperm / normal / bernoulli / multinomial, and the
// in-place Tensor methods (uniform_ normal_ ...: torch_random_methods.cc). Every draw is a random
// op (so a tracer records it); an in-place fill draws in the tensor's memory order
// (kernels::FillOrder), as ATen does. A `generator=` argument makes that
// generator current for the one call (tensor::ScopedCpuGenerator); while
// tracing it is a graph break, as a graph draws from the default
// generator.
#include "torch_random.h"

#include <cstring>
#include <memory>
#include <optional>

#include "absl/strings/str_format.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/kernels/random_order.h"
#include "tc/script/bigint.h"
#include "tc/support/check.h"
#include "tc/tensor/cpu_generator.h"

#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

struct GeneratorObject : Object {
  GeneratorObject(Type* t, CpuGenerator* g) : Object(t), gen(g) {}
  GeneratorObject(Type* t, std::unique_ptr<CpuGenerator> g)
      : Object(t), owned(std::move(g)), gen(owned.get()) {}
  std::unique_ptr<CpuGenerator> owned;  // null for torch.default_generator
  CpuGenerator* gen;
};

CpuGenerator& Gen(const Value& self) { return *Cast<GeneratorObject>(self)->gen; }

// torch.manual_seed / Generator.manual_seed: an int (or a float, as
// int() converts it) in [-2**63, 2**64), as PyTorch unpacks it: as a
// uint64, else as an int64 whose bits are the seed (a negative seed wraps
// to 2**64 + seed); beyond that PyTorch's ValueError.
bool SeedArg(VM& vm, const Value& v, uint64_t* out) {
  Value i = v;
  if (v.is_float()) {
    i = vm.Call(Value::Borrow(Types().int_), {v});
    if (i.is_null()) return false;
  } else if (!script::IsIntValue(v)) {
    int64_t s;
    if (!ToInt(vm, v, &s)) return false;
    i = Value::Int(s);
  }
  if (!script::IsBigInt(i)) {
    *out = static_cast<uint64_t>(i.as_int());
    return true;
  }
  if (script::IntToUint64(i, out)) return true;
  RaiseValueError(vm, "Overflow when unpacking long long");
  return false;
}

// A 64-bit seed as a script int (2**63 and more as big ints).
Value SeedValue(uint64_t s) { return script::IntFromUint64(s); }

Value StateTensor(const CpuGenerator& g) {
  tensor::Tensor t = tensor::Tensor::Empty(Shape{int64_t{CpuGenerator::kStateSize}}, DType::kUInt8);
  const auto state = g.GetState();
  std::memcpy(t.data<uint8_t>(), state.data(), state.size());
  return WrapTensor(std::move(t));
}

bool SetStateFrom(VM& vm, CpuGenerator& g, const Value& v) {
  if (!IsTensor(v)) {
    RaiseTypeError(vm, absl::StrFormat("expected a torch.ByteTensor, but got %s", TypeName(v)));
    return false;
  }
  const tensor::Tensor& t = TensorOf(v);
  if (t.dtype() != DType::kUInt8 || !t.device().is_cpu()) {
    RaiseTypeError(vm, "RNG state must be a torch.ByteTensor");
    return false;
  }
  if (!t.is_contiguous()) {
    RaiseRuntimeError(vm, "RNG state must be contiguous");
    return false;
  }
  absl::Status s = g.SetState({t.data<uint8_t>(), static_cast<size_t>(t.numel())});
  if (!s.ok()) {
    RaiseRuntimeError(vm, std::string(s.message()));
    return false;
  }
  return true;
}

Value GenNew(VM& vm, const Value&, const ArgsView& all) {
  ArgsView args(all.data + 1, all.nargs - 1, all.kwnames);
  static constexpr const char* kNames[] = {"device"};
  Value a[1];
  if (!ParseArgs(vm, args, "Generator", kNames, 0, a)) return {};
  if (!a[0].is_null() && !a[0].is_none()) {
    tensor::Device d;
    if (!ToDevice(vm, a[0], &d)) return {};
    if (!d.is_cpu())
      return RaiseUnsupported(vm, absl::StrFormat("torch.Generator(device='%s')", d.ToString()));
  }
  return NewObject<GeneratorObject>(GeneratorType(), std::make_unique<CpuGenerator>());
}
Value GenManualSeed(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "manual_seed", 1, 1)) return {};
  uint64_t seed;
  if (!SeedArg(vm, args[0], &seed)) return {};
  Gen(self).ManualSeed(seed);
  return self;
}
Value GenSeed(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "seed", 0, 0)) return {};
  return SeedValue(Gen(self).Seed());
}
Value GenInitialSeed(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "initial_seed", 0, 0)) return {};
  return SeedValue(Gen(self).initial_seed());
}
Value GenGetState(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "get_state", 0, 0)) return {};
  return StateTensor(Gen(self));
}
Value GenSetState(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "set_state", 1, 1)) return {};
  if (!SetStateFrom(vm, Gen(self), args[0])) return {};
  return self;
}
Value GenRepr(VM&, const Value& self, const ArgsView&) {
  return NewStr(absl::StrFormat("<torch._C.Generator object at 0x%x>",
                                reinterpret_cast<uintptr_t>(self.as_object())));
}
Value GenDevice(VM&, const Value&) { return DeviceValue(tensor::Device::CPU()); }

constexpr MethodDef kGeneratorMethods[] = {
    {"__new__", GenNew, MethodDef::kStatic},
    {"manual_seed", GenManualSeed},
    {"seed", GenSeed},
    {"initial_seed", GenInitialSeed},
    {"get_state", GenGetState},
    {"set_state", GenSetState},
    {"__repr__", GenRepr},
};
constexpr GetSetDef kGeneratorGetSets[] = {{"device", GenDevice}};

}  // namespace

Type* GeneratorType() {
  static Type* t = NewNativeType({.name = "Generator",
                                  .module = "torch",
                                  .methods = kGeneratorMethods,
                                  .getsets = kGeneratorGetSets,
                                  .alloc = [](Type* cls) -> Object* {
                                    return new GeneratorObject(cls, &tensor::DefaultCpuGenerator());
                                  }});
  return t;
}

Value DefaultGeneratorValue() {
  static Value* v =
      new Value(NewObject<GeneratorObject>(GeneratorType(), &tensor::DefaultCpuGenerator()));
  return *v;
}

bool ReadGenerator(VM& vm, const Value& v, std::string_view fname, CpuGenerator** out) {
  *out = nullptr;
  if (v.is_null() || v.is_none()) return true;
  if (!IsInstance(v, GeneratorType())) {
    RaiseTypeError(vm, absl::StrFormat("%s(): argument 'generator' must be torch.Generator, not %s",
                                       fname, TypeName(v)));
    return false;
  }
  if (ActiveOpTracer() != nullptr) {
    // A graph draws from the default generator; this call cannot be one.
    RaiseMetaDataAccess(vm, absl::StrFormat("%s(generator=...) is not traced", fname));
    return false;
  }
  *out = Cast<GeneratorObject>(v)->gen;
  return true;
}

GeneratorScope::GeneratorScope(CpuGenerator* g) {
  if (g != nullptr) scope_.emplace(g);
}

MemoryOrder MemoryOrderOf(const tensor::Tensor& t) {
  const std::vector<int64_t> perm = kernels::FillOrder(t.sizes(), t.strides());
  MemoryOrder order;
  order.inverse.resize(perm.size());
  for (size_t k = 0; k < perm.size(); ++k) {
    order.sizes.push_back(t.sizes()[perm[k]]);
    order.inverse[static_cast<size_t>(perm[k])] = static_cast<int64_t>(k);
    order.identity = order.identity && perm[k] == static_cast<int64_t>(k);
  }
  return order;
}

bool RunRandomFill(VM& vm, const tensor::Tensor& self, std::string_view op,
                   std::vector<kernels::KernelArg> params, CpuGenerator* gen) {
  const MemoryOrder order = MemoryOrderOf(self);
  std::vector<kernels::KernelArg> args;
  args.reserve(params.size() + 3);
  args.push_back(Constant(order.sizes));
  for (auto& p : params) args.push_back(std::move(p));
  args.push_back(Constant(self.dtype()));
  if (op == "normal") args.push_back(Constant(Scalar(self.is_contiguous())));
  tensor::Tensor r;
  {
    GeneratorScope scope(gen);
    if (!RunCreation(vm, op, std::move(args), self.device(), op, &r)) return false;
  }
  if (!order.identity) {
    if (!RunOp(vm, "permute", {r, Constant(order.inverse)}, &r)) return false;
  }
  // A copy of the variable: a random fill gives no history to take.
  tensor::Tensor target = self;
  return WriteInPlace(vm, target, r);
}

// --- torch functions ---------------------------------------------------------

namespace {

Value FManualSeed(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "manual_seed", 1, 1)) return {};
  uint64_t seed;
  if (!SeedArg(vm, args[0], &seed)) return {};
  tensor::DefaultCpuGenerator().ManualSeed(seed);
  return DefaultGeneratorValue();
}
Value FSeed(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "seed", 0, 0)) return {};
  return SeedValue(tensor::DefaultCpuGenerator().Seed());
}
Value FInitialSeed(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "initial_seed", 0, 0)) return {};
  return SeedValue(tensor::DefaultCpuGenerator().initial_seed());
}
Value FGetRngState(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "get_rng_state", 0, 0)) return {};
  return StateTensor(tensor::DefaultCpuGenerator());
}
Value FSetRngState(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"new_state"};
  Value a[1];
  if (!ParseArgs(vm, args, "set_rng_state", kNames, 1, a)) return {};
  if (!SetStateFrom(vm, tensor::DefaultCpuGenerator(), a[0])) return {};
  return Value::None();
}

// Keywords every random factory takes besides its own.
struct RandomKw {
  DType dtype;
  bool has_dtype = false;
  CpuGenerator* gen = nullptr;
  bool requires_grad = false;
};
bool ReadRandomKw(VM& vm, const Value* a, std::string_view fname, RandomKw* kw) {
  // a: generator, dtype, layout, device, pin_memory, requires_grad, out
  if (!ReadGenerator(vm, a[0], fname, &kw->gen)) return false;
  if (!a[1].is_null() && !a[1].is_none()) {
    if (!ToDType(vm, a[1], &kw->dtype)) return false;
    kw->has_dtype = true;
  }
  if (!a[3].is_null() && !a[3].is_none()) {
    tensor::Device d;
    if (!ToDevice(vm, a[3], &d)) return false;
    if (!d.is_cpu()) {
      RaiseUnsupported(vm, absl::StrFormat("torch.%s(device='%s')", fname, d.ToString()));
      return false;
    }
  }
  if (!a[5].is_null()) {
    const int b = vm.Truthy(a[5]);
    if (b < 0) return false;
    kw->requires_grad = b != 0;
  }
  if (!a[6].is_null() && !a[6].is_none()) {
    RaiseUnsupported(vm, absl::StrFormat("torch.%s(out=...)", fname));
    return false;
  }
  return true;
}
#define TC_RANDOM_KW "generator", "dtype", "layout", "device", "pin_memory", "requires_grad", "out"

Value Finish(VM& vm, const tensor::Tensor& t, const RandomKw& kw) {
  Value v = WrapTensor(t);
  if (kw.requires_grad) {
    if (!tensor::IsFloatingPoint(t.dtype())) {
      return RaiseRuntimeError(
          vm, "Only Tensors of floating point and complex dtype can require gradients");
    }
    if (!SetTensorRequiresGrad(vm, TensorOf(v), true)) return {};
  }
  return v;
}

Value Draw(VM& vm, std::string_view op, std::vector<kernels::KernelArg> args, const RandomKw& kw,
           std::string_view fname) {
  tensor::Tensor t;
  GeneratorScope scope(kw.gen);
  if (!RunCreation(vm, op, std::move(args), tensor::Device::CPU(), fname, &t)) return {};
  return Finish(vm, t, kw);
}

// torch.randperm(n, *, generator=None, dtype=torch.int64, ...).
Value FRandperm(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"n", TC_RANDOM_KW};
  Value a[8];
  if (!ParseArgs(vm, args, "randperm", kNames, 1, a, 1)) return {};
  int64_t n;
  RandomKw kw;
  if (!ToInt(vm, a[0], &n) || !ReadRandomKw(vm, a + 1, "randperm", &kw)) return {};
  return Draw(vm, "randperm",
              {Constant(Scalar(n)), Constant(kw.has_dtype ? kw.dtype : DType::kInt64)}, kw,
              "randperm");
}

// torch.normal: (float mean, float std, size), (Tensor mean, Tensor std),
// (Tensor mean, float std=1), (float mean, Tensor std). The tensor forms
// draw standard normals in the output's shape and dtype, then mul(std) and
// add(mean), as ATen's normal_out_impl does.
Value FNormal(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"mean", "std", "size", TC_RANDOM_KW};
  Value a[10];
  if (!ParseArgs(vm, args, "normal", kNames, 1, a, 3)) return {};
  RandomKw kw;
  if (!ReadRandomKw(vm, a + 3, "normal", &kw)) return {};
  const bool mean_t = IsTensor(a[0]), std_t = !a[1].is_null() && IsTensor(a[1]);
  if (!mean_t && !std_t) {
    double mean, std = 1.0;
    if (!ToFloat(vm, a[0], &mean) || (!a[1].is_null() && !ToFloat(vm, a[1], &std))) return {};
    if (a[2].is_null()) {
      return RaiseTypeError(vm, "normal() missing required argument 'size'");
    }
    Shape sizes;
    if (!ToIntList(vm, a[2], "normal", "size", &sizes)) return {};
    return Draw(vm, "normal",
                {Constant(sizes), Constant(Scalar(mean)), Constant(Scalar(std)),
                 kw.has_dtype ? Constant(kw.dtype) : Constant(None{}), Constant(Scalar(true))},
                kw, "normal");
  }
  tensor::Tensor mean, std;
  double mean_f = 0, std_f = 1;
  if (mean_t) {
    mean = TensorOf(a[0]);
  } else if (!ToFloat(vm, a[0], &mean_f)) {
    return {};
  }
  if (std_t) {
    std = TensorOf(a[1]);
  } else if (!a[1].is_null() && !ToFloat(vm, a[1], &std_f)) {
    return {};
  }
  if (!std_t && !(std_f >= 0.0)) {
    return RaiseRuntimeError(vm,
                             absl::StrFormat("normal expects std >= 0.0, but found std %g", std_f));
  }
  if (std_t && !std.device().is_meta() && ActiveOpTracer() == nullptr) {
    tensor::Tensor neg;
    if (!RunOp(vm, "lt", {std, Constant(Scalar(0.0))}, &neg)) return {};
    for (int64_t i = 0; i < neg.numel(); ++i) {
      if (neg.ElementAsDouble(i) != 0) {
        return RaiseRuntimeError(vm, "normal expects all elements of std >= 0.0");
      }
    }
  }
  // The output takes mean's shape and dtype (std's when mean is a number);
  // with two tensors, their broadcast shape.
  const tensor::Tensor& like = mean_t ? mean : std;
  Shape sizes(like.sizes().begin(), like.sizes().end());
  if (mean_t && std_t) {
    tensor::Tensor sum;
    if (!RunOp(vm, "add", {mean, std}, &sum)) return {};
    sizes.assign(sum.sizes().begin(), sum.sizes().end());
  }
  tensor::Tensor out;
  {
    GeneratorScope scope(kw.gen);
    if (!RunCreation(vm, "normal",
                     {Constant(sizes), Constant(Scalar(0.0)), Constant(Scalar(1.0)),
                      Constant(like.dtype()), Constant(Scalar(true))},
                     tensor::Device::CPU(), "normal", &out)) {
      return {};
    }
  }
  tensor::Tensor r;
  kernels::KernelArg s = std_t ? kernels::KernelArg(std) : Constant(Scalar(std_f));
  kernels::KernelArg m = mean_t ? kernels::KernelArg(mean) : Constant(Scalar(mean_f));
  if (!RunOp(vm, "mul", {out, s}, &r) || !ToDTypeTensor(vm, r, like.dtype(), &r) ||
      !RunOp(vm, "add", {r, m}, &r) || !ToDTypeTensor(vm, r, like.dtype(), &r)) {
    return {};
  }
  return Finish(vm, r, kw);
}

}  // namespace

// bernoulli(input, p=None, *, generator=None): input holds the
// probabilities (or p, a number, for every element).
Value Bernoulli(VM& vm, const tensor::Tensor& input, const Value& p, CpuGenerator* gen) {
  if (!p.is_null() && !p.is_none()) {
    double pf;
    if (!ToFloat(vm, p, &pf)) return {};
    tensor::Tensor out = tensor::Tensor::Empty(input.sizes(), input.dtype());
    if (ActiveOpTracer() == nullptr && !input.device().is_cpu()) out = input;
    if (!RunRandomFill(vm, out, "bernoulli", {Constant(Scalar(pf))}, gen)) return {};
    return WrapTensor(out);
  }
  if (!input.device().is_meta() && ActiveOpTracer() == nullptr &&
      tensor::IsFloatingPoint(input.dtype())) {
    for (int64_t i = 0; i < input.numel(); ++i) {
      const double v = input.ElementAsDouble(i);
      if (!(v >= 0 && v <= 1)) {
        return RaiseRuntimeError(
            vm,
            "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message "
            "be improved?  If so, please report an enhancement request to PyTorch.)");
      }
    }
  }
  tensor::Tensor out;
  GeneratorScope scope(gen);
  if (!RunCreation(vm, "bernoulli_tensor", {input, Constant(None{})}, tensor::Device::CPU(),
                   "bernoulli", &out)) {
    return {};
  }
  return WrapTensor(out);
}

namespace {

Value FBernoulli(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"input", "p", "generator", "out"};
  Value a[4];
  if (!ParseArgs(vm, args, "bernoulli", kNames, 1, a)) return {};
  tensor::Tensor input;
  CpuGenerator* gen;
  if (!ToTensorArg(vm, a[0], "bernoulli", "input", &input) ||
      !ReadGenerator(vm, a[2], "bernoulli", &gen)) {
    return {};
  }
  return Bernoulli(vm, input, a[1], gen);
}

}  // namespace

Value Multinomial(VM& vm, const Value* a) {
  tensor::Tensor input;
  int64_t k;
  bool replacement = false;
  CpuGenerator* gen;
  if (!ToTensorArg(vm, a[0], "multinomial", "input", &input) || !ToInt(vm, a[1], &k) ||
      !ReadGenerator(vm, a[3], "multinomial", &gen)) {
    return {};
  }
  if (!a[2].is_null()) {
    const int b = vm.Truthy(a[2]);
    if (b < 0) return {};
    replacement = b != 0;
  }
  tensor::Tensor out;
  GeneratorScope scope(gen);
  if (!RunCreation(vm, "multinomial", {input, Constant(Scalar(k)), Constant(Scalar(replacement))},
                   tensor::Device::CPU(), "multinomial", &out)) {
    return {};
  }
  return WrapTensor(out);
}
namespace {

Value FMultinomial(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"input", "num_samples", "replacement", "generator",
                                           "out"};
  Value a[5];
  if (!ParseArgs(vm, args, "multinomial", kNames, 2, a)) return {};
  return Multinomial(vm, a);
}

// torch.random.fork_rng(devices=None, enabled=True): restores the default
// generator's state on exit.
struct ForkRngObject : Object {
  ForkRngObject(Type* t, bool on) : Object(t), enabled(on) {}
  bool enabled;
  std::optional<std::array<uint8_t, CpuGenerator::kStateSize>> saved;
};
Value ForkEnter(VM&, const Value& self, const ArgsView&) {
  auto* f = Cast<ForkRngObject>(self);
  if (f->enabled) f->saved = tensor::DefaultCpuGenerator().GetState();
  return Value::None();
}
Value ForkExit(VM&, const Value& self, const ArgsView&) {
  auto* f = Cast<ForkRngObject>(self);
  if (f->saved.has_value()) {
    TC_CHECK(tensor::DefaultCpuGenerator().SetState(*f->saved).ok());
    f->saved.reset();
  }
  return Value::Bool(false);
}
constexpr MethodDef kForkMethods[] = {{"__enter__", ForkEnter}, {"__exit__", ForkExit}};
Type* ForkRngType() {
  static Type* t =
      NewNativeType({.name = "_ForkRng", .module = "torch.random", .methods = kForkMethods});
  return t;
}
Value FForkRng(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"devices", "enabled", "_caller", "_devices_kw",
                                           "device_type"};
  Value a[5];
  if (!ParseArgs(vm, args, "fork_rng", kNames, 0, a)) return {};
  bool enabled = true;
  if (!a[1].is_null()) {
    const int b = vm.Truthy(a[1]);
    if (b < 0) return {};
    enabled = b != 0;
  }
  return NewObject<ForkRngObject>(ForkRngType(), enabled);
}

constexpr MethodDef kRandomFunctions[] = {
    {"manual_seed", FManualSeed},
    {"seed", FSeed},
    {"initial_seed", FInitialSeed},
    {"get_rng_state", FGetRngState},
    {"set_rng_state", FSetRngState},
    {"randperm", FRandperm},
    {"normal", FNormal},
    {"bernoulli", FBernoulli},
    {"multinomial", FMultinomial},
};
constexpr MethodDef kRandomModuleFunctions[] = {
    {"manual_seed", FManualSeed},    {"seed", FSeed},
    {"initial_seed", FInitialSeed},  {"get_rng_state", FGetRngState},
    {"set_rng_state", FSetRngState}, {"fork_rng", FForkRng},
};

}  // namespace

void AddTorchRandom(ModuleObject* m) {
  AddFunctions(m, kRandomFunctions);
  ModuleSet(m, "default_generator", DefaultGeneratorValue());
}
void AddRandomModuleFunctions(ModuleObject* m) { AddFunctions(m, kRandomModuleFunctions); }

}  // namespace tc::script_torch
