// GlobalState: the process-wide flags a compiled graph depends on (grad
// mode, autocast, deterministic algorithms, default dtype, ...), which the
// GLOBAL_STATE guard compares as one unit, as PyTorch's GlobalStateGuard does.
#ifndef TC_GUARDS_GLOBAL_STATE_H_
#define TC_GUARDS_GLOBAL_STATE_H_

#include <string>

#include "tc/tensor/dtype.h"

namespace tc::guards {

// The fields PyTorch's GlobalStateGuard records, for the devices tc has.
// Defaults are PyTorch's at start-up (num_threads aside, which the caller
// sets from its thread pool).
struct GlobalState {
  bool grad_mode = true;
  bool autocast_cpu_enabled = false;
  tensor::DType autocast_cpu_dtype = tensor::DType::kBFloat16;
  bool autocast_cuda_enabled = false;
  tensor::DType autocast_cuda_dtype = tensor::DType::kFloat16;
  bool autocast_cache_enabled = true;
  bool torch_function = true;
  bool torch_function_all_disabled = false;
  bool deterministic_algorithms = false;
  bool deterministic_algorithms_warn_only = false;
  bool allow_tf32 = false;
  int cuda_matmul_precision = 0;
  bool allow_fp16_reduce = false;
  bool allow_bf16_reduce = false;
  int num_threads = 1;
  tensor::DType default_dtype = tensor::DType::kFloat32;
};

// True when a graph compiled under `expected` may run under `actual`. As in
// PyTorch, an autocast dtype only matters while autocast is enabled.
bool GlobalStateMatches(const GlobalState& expected, const GlobalState& actual);

// The changed fields as PyTorch 2.15 names them, each followed by a space:
// "grad_mode ", "autocast(cpu)_enabled default_dtype ". Empty when matching.
std::string GlobalStateChanges(const GlobalState& expected, const GlobalState& actual);

// The JSON PyTorch prints after `___check_global_state() against` in
// TORCH_LOGS=guards: keys sorted, dtypes as ScalarType numbers, autocast
// per device over PyTorch's ten autocast devices (cpu and cuda first).
std::string GlobalStateJson(const GlobalState& state);

}  // namespace tc::guards

#endif  // TC_GUARDS_GLOBAL_STATE_H_
