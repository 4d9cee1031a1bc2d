// CodeCache: the compiled entries of one code object, most recently used
// first, as Dynamo keeps them in the code's extra scratch space.
#ifndef TC_RUNTIME_CACHE_CODE_CACHE_H_
#define TC_RUNTIME_CACHE_CODE_CACHE_H_

#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"

#include "tc/guards/global_state.h"
#include "tc/guards/guard_value.h"
#include "tc/runtime_cache/cache_entry.h"

namespace tc::runtime_cache {

// What messages say about the code: co_name, co_filename, co_firstlineno.
struct CodeInfo {
  std::string name;
  std::string filename;
  int first_line = 0;
};

class CodeCache {
 public:
  explicit CodeCache(CodeInfo info) : info_(std::move(info)) {}

  const CodeInfo& info() const { return info_; }
  // Newest or most recently hit first; the order guards are tried in.
  std::span<const CacheEntry> entries() const { return entries_; }
  size_t size() const { return entries_.size(); }

  // Puts a freshly compiled entry first.
  const CacheEntry& Add(CacheEntry entry);

  // The first entry `matches` accepts (the caller fills that entry's slots
  // and runs its guards), moved to the front as PyTorch does on a hit; null
  // on a miss. The pointer is valid until the cache next changes.
  const CacheEntry* Lookup(absl::FunctionRef<bool(const CacheEntry&)> matches);
  // The same when every entry's guards read the same slots.
  const CacheEntry* Lookup(std::span<const guards::GuardValue> slots,
                           const guards::GlobalState& state);

  // Each entry's first failure as recompile messages list them, newest
  // first: "0/1: tensor 'x' size mismatch at index 0. expected 2, actual 3",
  // for entries whose guards read the same slots.
  std::vector<std::string> FailureReasons(std::span<const guards::GuardValue> slots,
                                          const guards::GlobalState& state,
                                          const guards::TypeNamer& type_namer = nullptr) const;

  // Set once a recompile limit was hit: existing entries still run, but the
  // code is never compiled again (Dynamo's RUN_ONLY frame strategy).
  bool run_only_after_limit() const { return run_only_after_limit_; }
  // The frame id of this code's compiles; -1 before its first compile.
  int frame_id() const { return frame_id_; }

 private:
  friend class RuntimeCache;

  CodeInfo info_;
  std::vector<CacheEntry> entries_;  // [0] is tried first
  int frame_id_ = -1;
  int next_compile_ = 0;
  bool run_only_after_limit_ = false;
  bool limit_warned_ = false;
};

}  // namespace tc::runtime_cache

#endif  // TC_RUNTIME_CACHE_CODE_CACHE_H_
