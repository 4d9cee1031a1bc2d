#include "tc/runtime_cache/runtime_cache.h"

#include "tc/runtime_cache/messages.h"

namespace tc::runtime_cache {

CompileId RuntimeCache::NextCompileId(CodeCache& code) {
  if (code.frame_id_ < 0) code.frame_id_ = next_frame_++;
  return {code.frame_id_, code.next_compile_++};
}

// Dynamo's order (convert_frame): take a compile id, log the recompile
// reasons (or raise RecompileError), then check the two limits; a hit limit
// warns and turns the code run-only (or raises when asked to).
MissDecision RuntimeCache::OnMiss(CodeCache& code, std::span<const std::string> reasons,
                                  const MissOptions& options) {
  MissDecision d;
  if (run_only_ || code.run_only_after_limit_) {
    d.action = MissDecision::Action::kRunEager;
    return d;
  }
  d.id = NextCompileId(code);

  int64_t same_objects = 0;
  for (const CacheEntry& e : code.entries_) {
    if (!options.same_id_matched_objects || options.same_id_matched_objects(e)) ++same_objects;
  }
  const int64_t total = static_cast<int64_t>(code.entries_.size());
  if (same_objects >= 1) {
    d.recompile_message = RecompileMessage(code.info_, reasons);
    if (config_.error_on_recompile) {
      d.action = MissDecision::Action::kRecompileError;
      d.error = d.recompile_message;
      return d;
    }
  }

  const char* limit_name = nullptr;
  if (total >= config_.accumulated_recompile_limit) {
    limit_name = "accumulated_recompile_limit";
  } else if (same_objects >= config_.recompile_limit) {
    limit_name = "recompile_limit";
  } else if (d.id.compile >= config_.accumulated_recompile_limit) {
    // The cache may not grow when entries are invalidated; the compile
    // count still bounds the recompiles.
    limit_name = "accumulated_recompile_limit";
  }
  if (limit_name == nullptr) return d;
  const int64_t limit =
      limit_name[0] == 'r' ? config_.recompile_limit : config_.accumulated_recompile_limit;

  if (!code.limit_warned_) {
    code.limit_warned_ = true;
    const std::string last_reason =
        reasons.empty() ? "Unable to find recompilation reasons" : reasons.front();
    d.warning = RecompileLimitWarning(code.info_, limit_name, limit, last_reason);
  }
  if (config_.fail_on_recompile_limit_hit || options.fullgraph) {
    d.action = MissDecision::Action::kFailOnRecompileLimit;
    d.error = config_.fail_on_recompile_limit_hit
                  ? "Hard failure due to fail_on_recompile_limit_hit"
                  : "Hard failure due to fullgraph=True";
    return d;
  }
  code.run_only_after_limit_ = true;
  d.action = MissDecision::Action::kRunEager;
  return d;
}

void RuntimeCache::Reset() {
  next_frame_ = 0;
  ++generation_;
}

}  // namespace tc::runtime_cache
