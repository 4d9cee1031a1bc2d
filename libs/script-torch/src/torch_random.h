// Pieces of torch_random.cc that the factories (torch_creation.cc) and the
// tensor methods share: reading `generator=`, making it current for one
// call, and filling a tensor in place in ATen's order.
#ifndef TC_SCRIPT_TORCH_SRC_TORCH_RANDOM_H_
#define TC_SCRIPT_TORCH_SRC_TORCH_RANDOM_H_

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "tc/kernels/eager.h"
#include "tc/tensor/cpu_generator.h"

#include "script_names.h"

namespace tc::script_torch {

// torch.default_generator.
Value DefaultGeneratorValue();

// `v` as a generator (null for None or a missing argument); TypeError for
// another type, and a MetaDataAccessError (graph break) while tracing.
bool ReadGenerator(VM& vm, const Value& v, std::string_view fname, tensor::CpuGenerator** out);

using tensor::CpuGenerator;

// Makes `g` (when not null) the kernels' generator for this scope.
class GeneratorScope {
 public:
  explicit GeneratorScope(tensor::CpuGenerator* g);

 private:
  std::optional<tensor::ScopedCpuGenerator> scope_;
};

// A tensor's dimensions in the order its memory runs (kernels::FillOrder,
// PyTorch's order for drawing random numbers and for preserve_format):
// a tensor of `sizes`, permuted by `inverse`, is laid out like it.
struct MemoryOrder {
  tensor::Shape sizes;
  tensor::Shape inverse;
  bool identity = true;  // memory runs in logical order: no permute needed
};
MemoryOrder MemoryOrderOf(const tensor::Tensor& t);

// self.<op>_(params...): random op `op` (uniform, normal, random,
// bernoulli, exponential, ...; args size, params..., dtype[, dense]) on
// self's sizes in fill order, written into self.
bool RunRandomFill(VM& vm, const tensor::Tensor& self, std::string_view op,
                   std::vector<kernels::KernelArg> params, tensor::CpuGenerator* gen);

// torch.bernoulli's and torch.multinomial's work, shared with the Tensor
// methods: `p` a number (or null: input holds the probabilities); `a` the
// parsed (input, num_samples, replacement, generator).
Value Bernoulli(VM& vm, const tensor::Tensor& input, const Value& p, tensor::CpuGenerator* gen);
Value Multinomial(VM& vm, const Value* a);

// torch.manual_seed, seed, initial_seed, get_rng_state, set_rng_state,
// randperm, normal, bernoulli, multinomial and torch.default_generator.
void AddTorchRandom(ModuleObject* m);
// torch.random's functions (the seeding ones and fork_rng).
void AddRandomModuleFunctions(ModuleObject* m);
// Tensor.uniform_, normal_, random_, bernoulli_, bernoulli, exponential_,
// geometric_, log_normal_, cauchy_, multinomial.
std::span<const MethodDef> RandomTensorMethods();

}  // namespace tc::script_torch

#endif  // TC_SCRIPT_TORCH_SRC_TORCH_RANDOM_H_
