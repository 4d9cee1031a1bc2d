// torch._inductor.config as tc's inductor backend reads it. The script
// module (libs/compiler/py/inductor_config.py) holds every option of
// PyTorch 2.15 with its default, so scripts that set or print any of them
// run; these are the ones tc's backend reads (what it does with each is
// said above the struct). The backend reads them when it compiles a graph,
// with the torch.compile call's mode=/options= patches on top, as
// PyTorch's compile_fx applies its config_patches then: a script that sets
// torch._inductor.config.cpp.threads before the first call is obeyed.
//
//   // in a backend made by RegisterConfiguredBackend (backends.h):
//   InductorConfig config;
//   if (!ReadInductorConfig(vm, patches_, &config)) return false;  // exception set
#ifndef TC_COMPILER_INDUCTOR_CONFIG_H_
#define TC_COMPILER_INDUCTOR_CONFIG_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "tc/script/value.h"
#include "tc/script/vm.h"

namespace tc::compiler {

// What the backend does with each field (README "torch._inductor.config"):
// cpp.threads, max_fusion_size, force_disable_caches and size_asserts go to
// codegen_cpu::CodegenOptions (inductor_backend.cc); trace.enabled and
// trace.debug_dir drive the TORCH_COMPILE_DEBUG dump; fallback_random
// holds by construction (random ops always run eager's kernels, so compiled
// and eager draws agree); triton.cudagraphs has no meaning on CPU. The
// others are read and checked but not acted on.
struct InductorConfig {
  bool debug = false;                      // debug
  bool trace_enabled = false;              // trace.enabled: TORCH_COMPILE_DEBUG's per-graph dump
  std::string trace_debug_dir;             // trace.debug_dir ("" for None: ./torch_compile_debug)
  int64_t cpp_threads = -1;                // cpp.threads: threads per kernel (-1: the pool's)
  std::optional<int64_t> cpp_simdlen;      // cpp.simdlen: vector width in bits (None: the host's)
  int64_t cpp_min_chunk_size = 512;        // cpp.min_chunk_size: grain of the parallel outer loop
  bool fallback_random = false;            // fallback_random (always true in effect, see above)
  bool max_autotune = false;               // max_autotune (mode="max-autotune")
  bool coordinate_descent_tuning = false;  // coordinate_descent_tuning (max-autotune modes)
  bool triton_cudagraphs = false;          // triton.cudagraphs (reduce-overhead): no effect on CPU
  bool freezing = false;                   // freezing: parameters folded as constants
  bool size_asserts = true;                // size_asserts: check input sizes/strides on each call
  bool force_disable_caches = false;       // force_disable_caches: no in-memory or disk cache
  bool epilogue_fusion = true;   // epilogue_fusion: pointwise epilogues fused into externs
  int64_t max_fusion_size = 64;  // max_fusion_size: nodes per fused kernel
};

// The torch._inductor.config names of InductorConfig's fields, in order.
std::span<const std::string_view> HonouredInductorOptions();

// Reads the current torch._inductor.config of `vm` (importing it) into
// `out`, with `patches` (a dict of option name -> value as torch.compile
// built it, or None) applied on top. False with a TypeError set on the VM
// when a value cannot be read as its field (torch._inductor.config.cpp.threads
// set to a str, say), naming the option.
bool ReadInductorConfig(script::VM& vm, const script::Value& patches, InductorConfig* out);

}  // namespace tc::compiler

#endif  // TC_COMPILER_INDUCTOR_CONFIG_H_
