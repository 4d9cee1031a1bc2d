#include "tc/runtime_cache/code_cache.h"

#include <algorithm>

#include "tc/runtime_cache/messages.h"

namespace tc::runtime_cache {

const CacheEntry& CodeCache::Add(CacheEntry entry) {
  entries_.insert(entries_.begin(), std::move(entry));
  return entries_.front();
}

const CacheEntry* CodeCache::Lookup(absl::FunctionRef<bool(const CacheEntry&)> matches) {
  for (size_t i = 0; i < entries_.size(); ++i) {
    if (!matches(entries_[i])) continue;
    // A hit moves to the front, so the next call tries it first.
    std::rotate(entries_.begin(), entries_.begin() + i, entries_.begin() + i + 1);
    return &entries_.front();
  }
  return nullptr;
}

const CacheEntry* CodeCache::Lookup(std::span<const guards::GuardValue> slots,
                                    const guards::GlobalState& state) {
  return Lookup([&](const CacheEntry& e) { return e.guards->Check(slots, state); });
}

std::vector<std::string> CodeCache::FailureReasons(std::span<const guards::GuardValue> slots,
                                                   const guards::GlobalState& state,
                                                   const guards::TypeNamer& type_namer) const {
  std::vector<std::string> reasons;
  for (const CacheEntry& e : entries_) {
    std::string failure = e.guards->FirstFailure(slots, state, type_namer);
    if (!failure.empty()) reasons.push_back(RecompileReason(e.id, failure));
  }
  return reasons;
}

}  // namespace tc::runtime_cache
