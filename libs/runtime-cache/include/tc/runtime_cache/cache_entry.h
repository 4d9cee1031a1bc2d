// CacheEntry: one compiled version of a code object, usable when its guards
// pass. What it runs is the caller's Artifact (frame capture's compiled
// entry: slot accessors, the backend's compiled graph), owned by the entry.
#ifndef TC_RUNTIME_CACHE_CACHE_ENTRY_H_
#define TC_RUNTIME_CACHE_CACHE_ENTRY_H_

#include <memory>

#include "tc/guards/guard_set.h"
#include "tc/runtime_cache/compile_id.h"

namespace tc::runtime_cache {

// The caller's compiled form of one entry; the cache never looks inside,
// and destroys it with the entry (and the entry with its CodeCache).
class Artifact {
 public:
  virtual ~Artifact() = default;
};

struct CacheEntry {
  std::shared_ptr<const guards::GuardSet> guards;
  // The caller's: how to fill the guard slots from a frame, and the
  // compiled artifact. Shared so that a caller running an entry keeps it
  // alive while that run adds entries to the same code.
  std::shared_ptr<const Artifact> payload;
  CompileId id;
};

}  // namespace tc::runtime_cache

#endif  // TC_RUNTIME_CACHE_CACHE_ENTRY_H_
