// The precompiled Highway header: hwy/highway.h, hwy/contrib/math and the
// standard headers generated code includes, parsed once per machine and
// compiler/flags into $TC_CACHE_DIR/pch/<hash>/highway.pch. It cuts a
// compile of a small kernel from ~0.7 s to ~0.2 s (most of the time is
// parsing Highway). Built atomically (a private temporary name, then a
// rename), so processes building it at the same time all succeed.
#ifndef TC_CODEGEN_CPU_SRC_PCH_H_
#define TC_CODEGEN_CPU_SRC_PCH_H_

#include <optional>
#include <string>
#include <string_view>

#include "toolchain.h"

namespace tc::codegen_cpu {

// The header's text (what -include-pch puts before every source).
std::string_view PrecompiledHeaderText();

// $TC_CACHE_DIR, else $HOME/.cache/tc, else <temp dir>/tc-cache.
std::string CacheDir();

// The path of a precompiled header for `toolchain` and `target`'s flags,
// built when absent (*built set to true then); nullopt when there is none
// to use: the cache directory cannot be
// written, or building it failed. The compile then goes without one.
std::optional<std::string> EnsurePrecompiledHeader(const Toolchain& toolchain, CpuTarget target,
                                                   bool* built);

// Deletes a header the compiler rejected (its inputs changed, e.g. a new
// Highway package), so the next EnsurePrecompiledHeader builds it again.
void DiscardPrecompiledHeader(const std::string& path);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_SRC_PCH_H_
