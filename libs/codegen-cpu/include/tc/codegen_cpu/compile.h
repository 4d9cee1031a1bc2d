// Compiling generated C++ into a shared object and loading it: clang++
// with the flags of the host's Highway target and a precompiled Highway
// header (built once per machine, cached under the cache directory), the
// object stored in runtime-cache's disk store by content hash, loaded with
// dlopen. A warm process (the object already on disk) starts no compiler.
#ifndef TC_CODEGEN_CPU_COMPILE_H_
#define TC_CODEGEN_CPU_COMPILE_H_

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
// "clang version 14.0.6 ..." of the compiler in use, part of the key.
const std::string& CompilerVersion();

// Compiles `source` (or finds it in the in-memory or disk cache) and loads
// it. Errors: the compiler is missing or fails (its diagnostics quoted),
// the cache directory cannot be written (then compiles into a temporary
// directory instead), dlopen fails.
absl::StatusOr<std::shared_ptr<LoadedModule>> CompileAndLoad(std::string_view source);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_COMPILE_H_
