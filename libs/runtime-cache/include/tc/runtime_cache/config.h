// Config: the torch._dynamo.config values the cache policies read, under
// PyTorch's names (and aliases) so callers can forward attribute sets.
#ifndef TC_RUNTIME_CACHE_CONFIG_H_
#define TC_RUNTIME_CACHE_CONFIG_H_

#include <cstdint>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace tc::runtime_cache {

struct Config {
  // Entries per code object (with the same ID_MATCH'd objects) before the
  // code falls back to eager for good. Alias: cache_size_limit.
  int64_t recompile_limit = 8;
  // Entries per code object regardless of ID_MATCH'd objects. Alias:
  // accumulated_cache_size_limit.
  int64_t accumulated_recompile_limit = 256;
  // Any recompile is an error (RecompileError) carrying the recompile message.
  bool error_on_recompile = false;
  // Hitting a limit is an error (FailOnRecompileLimitHit) instead of eager.
  bool fail_on_recompile_limit_hit = false;

  // Sets a value by its torch._dynamo.config name; booleans take 0/1.
  // Unknown names and negative limits are InvalidArgument.
  absl::Status Set(std::string_view name, int64_t value);
  absl::StatusOr<int64_t> Get(std::string_view name) const;
};

}  // namespace tc::runtime_cache

#endif  // TC_RUNTIME_CACHE_CONFIG_H_
