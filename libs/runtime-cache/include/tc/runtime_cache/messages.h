// The texts Dynamo prints about its cache: recompile messages
// (TORCH_LOGS=recompiles, recompiles_verbose, RecompileError) and the
// recompile-limit warning, worded as PyTorch 2.15 words them.
#ifndef TC_RUNTIME_CACHE_MESSAGES_H_
#define TC_RUNTIME_CACHE_MESSAGES_H_

#include <span>
#include <string>
#include <string_view>

#include "tc/guards/guard_set.h"
#include "tc/runtime_cache/code_cache.h"
#include "tc/runtime_cache/compile_id.h"

namespace tc::runtime_cache {

// "0/0: " + GuardSet::FirstFailure's text.
std::string RecompileReason(CompileId id, std::string_view first_failure);
// recompiles_verbose's reason for one entry: "0/0: " + every failure joined
// with "; ", then the first failure's user stack.
std::string RecompileVerboseReason(CompileId id, std::span<const guards::GuardFailure> failures);

// TORCH_LOGS=recompiles and RecompileError:
//   Recompiling function fn in file.py:3
//       triggered by the following guard failure(s):
//       - 0/0: tensor 'x' size mismatch at index 0. expected 3, actual 4
// `reasons` newest first; every line of a multi-line reason gets "- ".
std::string RecompileMessage(const CodeInfo& code, std::span<const std::string> reasons);
// TORCH_LOGS=recompiles_verbose: "guard i failures:" blocks, one per entry,
// separated by blank lines.
std::string RecompileVerboseMessage(const CodeInfo& code,
                                    std::span<const std::string> verbose_reasons);

// The warning logged once when a code object hits a limit; `limit_name` is
// "recompile_limit" or "accumulated_recompile_limit".
std::string RecompileLimitWarning(const CodeInfo& code, std::string_view limit_name, int64_t limit,
                                  std::string_view last_reason);

}  // namespace tc::runtime_cache

#endif  // TC_RUNTIME_CACHE_MESSAGES_H_
