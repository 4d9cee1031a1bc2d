// RuntimeCache: Dynamo's frame numbering, the run-only mode and the
// recompile policy applied on a cache miss. The CodeCaches themselves
// belong to the code objects they describe (the caller keeps each in its
// code object's extra slot), so they die with their code.
#ifndef TC_RUNTIME_CACHE_RUNTIME_CACHE_H_
#define TC_RUNTIME_CACHE_RUNTIME_CACHE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>

#include "tc/runtime_cache/code_cache.h"
#include "tc/runtime_cache/compile_id.h"
#include "tc/runtime_cache/config.h"

namespace tc::runtime_cache {

// What a cache miss leads to.
struct MissDecision {
  enum class Action {
    kCompile,              // compile under `id` and Add the entry
    kRunEager,             // run the frame eagerly, compile nothing
    kRecompileError,       // config.error_on_recompile: raise RecompileError(error)
    kFailOnRecompileLimit  // raise FailOnRecompileLimitHit(error)
  };
  Action action = Action::kCompile;
  // The compile id this miss took (Dynamo takes one even when the limit then
  // stops the compile); unset when the code or the cache is run-only.
  CompileId id;
  // On a recompile: the "Recompiling function ..." text for
  // TORCH_LOGS=recompiles (the caller logs it when asked to).
  std::string recompile_message;
  // The recompile-limit warning, set the first time a code object hits it.
  std::string warning;
  std::string error;  // the exception text for the error actions
};

struct MissOptions {
  // torch.compile(fullgraph=True): hitting the limit fails instead of
  // running eagerly.
  bool fullgraph = false;
  // Whether an entry guards the same ID_MATCH'd objects (nn.Module
  // instances) as the frame; only such entries count toward
  // recompile_limit. Unset: every entry counts.
  std::function<bool(const CacheEntry&)> same_id_matched_objects;
};

class RuntimeCache {
 public:
  explicit RuntimeCache(Config config = {}) : config_(config) {}

  Config& config() { return config_; }
  const Config& config() const { return config_; }

  // torch._dynamo.run(): existing entries run, misses run eagerly and never
  // compile. Callers consult it; OnMiss honours it.
  bool run_only() const { return run_only_; }
  void set_run_only(bool run_only) { run_only_ = run_only; }

  // The policy for a miss on `code` (no entry's guards passed). `reasons`
  // are the entries' recompile reasons, newest first, as RecompileReason
  // (or CodeCache::FailureReasons) makes them.
  MissDecision OnMiss(CodeCache& code, std::span<const std::string> reasons,
                      const MissOptions& options = {});

  // The next compile id of `code`; its frame id is assigned on its first
  // compile, in that order over all code objects (0, 1, 2, ...).
  CompileId NextCompileId(CodeCache& code);
  // Frame ids assigned so far.
  int frame_count() const { return next_frame_; }

  // torch._dynamo.reset(): restarts frame numbering and starts a new
  // generation; code caches made in an earlier one are stale (the caller
  // replaces them: see generation()). Config and the run-only flag stay,
  // as reset() leaves torch._dynamo.config and the run() context alone.
  void Reset();
  // Counts Reset() calls: a CodeCache made in another generation is stale.
  uint64_t generation() const { return generation_; }

 private:
  Config config_;
  int next_frame_ = 0;
  uint64_t generation_ = 0;
  bool run_only_ = false;
};

}  // namespace tc::runtime_cache

#endif  // TC_RUNTIME_CACHE_RUNTIME_CACHE_H_
