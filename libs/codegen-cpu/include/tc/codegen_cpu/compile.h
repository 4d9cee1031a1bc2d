// Compiling generated C++ into a shared object and loading it: clang++
// with the flags of the host's Highway target and a precompiled Highway
// header (built once per machine, cached under the cache directory), the
// object stored in runtime-cache's disk store by content hash, loaded with
// dlopen. A warm process (the object already on disk) starts no compiler.
#ifndef TC_CODEGEN_CPU_COMPILE_H_
#define TC_CODEGEN_CPU_COMPILE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

#include "tc/codegen_cpu/kernel_abi.h"

namespace tc::codegen_cpu {

// A loaded shared object; unloaded when the last reference goes.
class LoadedModule {
 public:
  virtual ~LoadedModule() = default;
  // The kernel named `name`, or null.
  virtual TcKernelFn Find(std::string_view name) const = 0;
  // Where it came from: "compiled" (this process ran the compiler),
  // "disk" (loaded from the disk cache) or "memory".
  virtual std::string_view origin() const = 0;
};

// The compiler command line (without input and output), part of the key.
const std::string& CompilerFlags();
// "Debian clang version 14.0.6; Target: ..." of the compiler in use (its
// --version on one line; empty when it cannot be run), part of the key.
const std::string& CompilerVersion();

// The cache key of `source`: a hex hash of the source, CompilerFlags(),
// CompilerVersion() and kAbiVersion. The in-memory cache and the disk
// store both use it.
std::string CacheKey(std::string_view source);

// Compiles `source` (or finds it in the in-memory or disk cache) and loads
// it. Errors: the compiler is missing (FailedPrecondition naming it) or
// fails (Internal, its first diagnostics quoted), the cache directory
// cannot be written (then compiles into a temporary directory instead),
// dlopen fails. The source is compiled after a precompiled header holding
// hwy/highway.h, hwy/contrib/math/math-inl.h and <algorithm>, <cmath>,
// <cstddef>, <cstdint>, <cstring>, <limits>, <type_traits> (including them
// again costs nothing); so it must not define macros that configure
// Highway. The compiler is TC_CXX when set, else clang++; the target is
// the best of AVX-512, AVX2 and the baseline the CPU runs (TC_CPU_TARGET=
// avx2|baseline lowers it); TC_CODEGEN_PCH=0 compiles without the header;
// the header lives under $TC_CACHE_DIR (default ~/.cache/tc).
absl::StatusOr<std::shared_ptr<LoadedModule>> CompileAndLoad(std::string_view source);

struct CompileOptions {
  // false (torch._inductor.config.force_disable_caches): neither the
  // in-memory nor the disk cache is read or written; the source is
  // compiled (the precompiled header, not a cache of results, is still used).
  bool use_caches = true;
  // false: the in-memory cache is neither read nor written, the disk cache
  // is (what a new process sees: benches time a warm compile with it).
  bool memory_cache = true;
};
absl::StatusOr<std::shared_ptr<LoadedModule>> CompileAndLoad(std::string_view source,
                                                             const CompileOptions& options);

// Process-wide counters (compile_times(), tests, benches).
struct CompileStats {
  int64_t compiler_runs = 0;      // translation units this process handed to the compiler
  int64_t pch_builds = 0;         // precompiled headers this process built
  int64_t memory_hits = 0;        // CompileAndLoad calls answered by the in-memory cache
  int64_t disk_hits = 0;          // objects loaded from the disk cache instead of compiled
  int64_t version_probes = 0;     // `compiler --version` runs (0 once an earlier process cached it)
  int64_t compile_nanos = 0;      // wall time spent in compiler runs (headers included)
  int64_t pch_nanos = 0;          // of which building precompiled headers
  int64_t disk_lookup_nanos = 0;  // looking up (and verifying) objects in the disk cache
  int64_t load_nanos = 0;         // dlopen of compiled or cached objects
};
CompileStats GetCompileStats();

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_COMPILE_H_
