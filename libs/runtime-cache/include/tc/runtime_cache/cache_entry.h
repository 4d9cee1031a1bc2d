// CacheEntry: one compiled version of a code object, usable when its guards
// pass. What it runs is the caller's (frame capture's slot accessors and the
// backend's artifact), held opaquely.
#ifndef TC_RUNTIME_CACHE_CACHE_ENTRY_H_
#define TC_RUNTIME_CACHE_CACHE_ENTRY_H_

#include <memory>

#include "tc/guards/guard_set.h"
#include "tc/runtime_cache/compile_id.h"

namespace tc::runtime_cache {

struct CacheEntry {
  std::shared_ptr<const guards::GuardSet> guards;
  // The caller's: how to fill the guard slots from a frame, and the
  // compiled artifact. The cache never looks inside.
  std::shared_ptr<void> payload;
  CompileId id;
};

}  // namespace tc::runtime_cache

#endif  // TC_RUNTIME_CACHE_CACHE_ENTRY_H_
