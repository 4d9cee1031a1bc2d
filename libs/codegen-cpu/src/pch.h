// Precompiled headers for generated code, parsed once per machine and
// compiler/flags. Two kinds: kHighway holds hwy/highway.h, hwy/contrib/math
// and the standard headers generated code includes (for any source);
// kPrelude holds that plus emit's whole prelude (CppPrelude()), so a source
// that starts with the prelude compiles only its kernels after it (the
// prelude's helpers and templates are parsed once, not per graph). Each
// lives in a directory named by a hash of the compiler version, the target
// flags and the header text: $TC_CACHE_DIR/pch/<hash>/, or the build's
// copy (a meson custom_target runs tc_codegen_pch at build time, so a user
// with an empty cache directory does not pay for building one), found
// under the same hash, so a different compiler, target or prelude never
// finds it. Built atomically (private temporary names, then renames), so
// processes building one at the same time all succeed.
#ifndef TC_CODEGEN_CPU_SRC_PCH_H_
#define TC_CODEGEN_CPU_SRC_PCH_H_

#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"

#include "toolchain.h"

namespace tc::codegen_cpu {

enum class PchKind { kHighway, kPrelude };

// The header's text (what -include-pch puts before every source).
std::string_view PrecompiledHeaderText(PchKind kind);
// The header kind for `source`: kPrelude when it starts with CppPrelude().
PchKind PchKindFor(std::string_view source);

// $TC_CACHE_DIR, else $HOME/.cache/tc, else <temp dir>/tc-cache.
std::string CacheDir();

// The build's directory of precompiled headers (compiled in; "" when the
// build made none): where tc_codegen_pch wrote them.
std::string_view BuildPchRoot();

// "<root>/<hash>/<name>.pch": where the header of `kind` for `toolchain`
// and `target` lives under a root (CacheDir()/pch or BuildPchRoot()).
std::string PrecompiledHeaderPath(std::string_view root, const Toolchain& toolchain,
                                  CpuTarget target, PchKind kind);

// Builds the header at PrecompiledHeaderPath(root, ...) unless it is
// there. Errors name the compiler's failure or the unwritable directory.
absl::Status BuildPrecompiledHeader(std::string_view root, const Toolchain& toolchain,
                                    CpuTarget target, PchKind kind, bool* built);

// The path of a precompiled header of `kind` for `toolchain` and `target`:
// the cache directory's, else the build's, else one built into the cache
// directory now (*built set to true then); nullopt when there is none to
// use (the cache directory cannot be written, building failed). The compile
// then goes without one.
std::optional<std::string> EnsurePrecompiledHeader(const Toolchain& toolchain, CpuTarget target,
                                                   PchKind kind, bool* built);

// Forgets a header the compiler rejected (its inputs changed, e.g. a new
// Highway package): one in the cache directory is deleted, so the next
// EnsurePrecompiledHeader builds it again; the build's is left alone and
// not used again by this process.
void DiscardPrecompiledHeader(const std::string& path);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_SRC_PCH_H_
