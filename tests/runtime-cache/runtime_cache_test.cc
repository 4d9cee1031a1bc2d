// RuntimeCache and CodeCache: Dynamo's lookup order, compile ids, the two
// recompile limits with their one-time warning, run-only modes and reset,
// replayed on the scenarios torch 2.15 was run on.
#include "tc/runtime_cache/runtime_cache.h"

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tc/guards/guard_set.h"

namespace tc::runtime_cache {
namespace {

using guards::GlobalState;
using guards::GuardValue;
using guards::TensorMeta;
using tensor::Shape;

const CodeInfo kF = {"f", "/tmp/guardref/rec2.py", 3};

// A 1-D float tensor of `n` elements, as the slot of L['x'].
struct OnesOf {
  explicit OnesOf(int64_t n) : sizes{n}, strides{1} {}
  Shape sizes, strides;
  TensorMeta meta() const {
    return {tensor::DType::kFloat32, tensor::Device::CPU(), sizes, strides, false};
  }
};

std::shared_ptr<const guards::GuardSet> GuardsFor(const OnesOf& x) {
  guards::GuardSource source;
  source.name = "L['x']";
  auto set = guards::GuardSetBuilder().AddTensorMatch(0, source, x.meta()).Build();
  EXPECT_TRUE(set.ok());
  return std::make_shared<const guards::GuardSet>(*std::move(set));
}

// One call of a dynamic=False compiled f: look up, else decide and maybe
// "compile" (add an entry).
struct Caller {
  Caller(RuntimeCache& cache, CodeCache& code) : cache(cache), code(code) {}

  RuntimeCache& cache;
  CodeCache& code;
  std::vector<MissDecision> misses;
  int compiles = 0;

  const CacheEntry* Call(int64_t n) {
    OnesOf x(n);
    const TensorMeta meta = x.meta();
    const GuardValue slots[] = {GuardValue::Tensor(&meta)};
    if (const CacheEntry* hit = code.Lookup(slots, GlobalState{})) return hit;
    MissDecision d = cache.OnMiss(code, code.FailureReasons(slots, GlobalState{}));
    if (d.action == MissDecision::Action::kCompile) {
      code.Add({GuardsFor(x), nullptr, d.id});
      ++compiles;
    }
    misses.push_back(std::move(d));
    return nullptr;
  }
};

TEST(CodeCacheTest, NewestFirstAndHitsMoveToTheFront) {
  CodeCache code(kF);
  for (int64_t n : {1, 2, 3})
    code.Add({GuardsFor(OnesOf(n)), nullptr, {0, static_cast<int>(n - 1)}});
  ASSERT_EQ(code.size(), 3u);
  EXPECT_EQ(code.entries()[0].id, (CompileId{0, 2}));
  OnesOf one(1);
  const TensorMeta meta = one.meta();
  const GuardValue slots[] = {GuardValue::Tensor(&meta)};
  const CacheEntry* hit = code.Lookup(slots, GlobalState{});
  ASSERT_NE(hit, nullptr);
  EXPECT_EQ(hit->id, (CompileId{0, 0}));
  // As torch 2.15 lists reasons after a hit on 0/0: 0/0, 0/2, 0/1.
  OnesOf nine(9);
  const TensorMeta nine_meta = nine.meta();
  const GuardValue miss[] = {GuardValue::Tensor(&nine_meta)};
  EXPECT_EQ(code.Lookup(miss, GlobalState{}), nullptr);
  EXPECT_EQ(
      code.FailureReasons(miss, GlobalState{}),
      (std::vector<std::string>{"0/0: tensor 'x' size mismatch at index 0. expected 1, actual 9",
                                "0/2: tensor 'x' size mismatch at index 0. expected 3, actual 9",
                                "0/1: tensor 'x' size mismatch at index 0. expected 2, actual 9"}));
}

// A typed artifact: what a caller keeps in an entry.
struct IntArtifact : Artifact {
  explicit IntArtifact(int v) : value(v) {}
  int value;
};

TEST(CodeCacheTest, LookupWithPerEntrySlots) {
  CodeCache code(kF);
  code.Add({GuardsFor(OnesOf(1)), std::make_shared<IntArtifact>(10), {0, 0}});
  code.Add({GuardsFor(OnesOf(2)), std::make_shared<IntArtifact>(20), {0, 1}});
  const CacheEntry* hit = code.Lookup(
      [](const CacheEntry& e) { return static_cast<const IntArtifact&>(*e.payload).value == 10; });
  ASSERT_NE(hit, nullptr);
  EXPECT_EQ(hit->id, (CompileId{0, 0}));
  EXPECT_EQ(code.entries()[0].id, (CompileId{0, 0}));
}

// torch 2.15: @torch.compile(backend=cnt, dynamic=False) def f(x): return x + 1,
// called with torch.ones(i) for i in 1..10: 8 compiles, then one warning.
TEST(RuntimeCacheTest, RecompileLimitScenario) {
  RuntimeCache cache;
  CodeCache f_code(kF);
  Caller f{cache, f_code};
  for (int64_t i = 1; i <= 10; ++i) f.Call(i);
  EXPECT_EQ(f.compiles, 8);
  ASSERT_EQ(f.misses.size(), 10u);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(f.misses[i].action, MissDecision::Action::kCompile);
    EXPECT_EQ(f.misses[i].id, (CompileId{0, i}));
    EXPECT_TRUE(f.misses[i].warning.empty());
  }
  EXPECT_EQ(f.misses[0].recompile_message, "");  // the first compile is no recompile
  EXPECT_EQ(f.misses[1].recompile_message,
            "Recompiling function f in /tmp/guardref/rec2.py:3\n"
            "    triggered by the following guard failure(s):\n"
            "    - 0/0: tensor 'x' size mismatch at index 0. expected 1, actual 2");
  EXPECT_EQ(f.misses[8].action, MissDecision::Action::kRunEager);
  EXPECT_EQ(f.misses[8].id, (CompileId{0, 8}));  // taken, as Dynamo logs [0/8]
  const std::string newest_first =
      "Recompiling function f in /tmp/guardref/rec2.py:3\n"
      "    triggered by the following guard failure(s):\n"
      "    - 0/7: tensor 'x' size mismatch at index 0. expected 8, actual 9\n"
      "    - 0/6: tensor 'x' size mismatch at index 0. expected 7, actual 9\n";
  EXPECT_EQ(f.misses[8].recompile_message.substr(0, newest_first.size()), newest_first);
  EXPECT_EQ(f.misses[8].warning,
            "torch._dynamo hit config.recompile_limit (8)\n"
            "   function: 'f' (/tmp/guardref/rec2.py:3)\n"
            "   last reason: 0/7: tensor 'x' size mismatch at index 0. expected 8, actual 9\n"
            "To log all recompilation reasons, use TORCH_LOGS=\"recompiles\".\n"
            "To diagnose recompilation issues, see "
            "https://docs.pytorch.org/docs/main/user_guide/torch_compiler/compile/"
            "programming_model.recompilation.html");
  // Call 10: run-only now, nothing logged, no id taken, no second warning.
  EXPECT_EQ(f.misses[9].action, MissDecision::Action::kRunEager);
  EXPECT_TRUE(f.misses[9].warning.empty());
  EXPECT_TRUE(f.misses[9].recompile_message.empty());
  EXPECT_TRUE(f.code.run_only_after_limit());
  // Existing entries still run.
  EXPECT_NE(f.Call(3), nullptr);
  EXPECT_EQ(f.compiles, 8);
}

TEST(RuntimeCacheTest, CacheSizeLimitAlias) {
  RuntimeCache cache;
  ASSERT_TRUE(cache.config().Set("cache_size_limit", 2).ok());
  EXPECT_EQ(*cache.config().Get("recompile_limit"), 2);
  CodeCache f_code({"f", "/tmp/guardref/rec5.py", 3});
  Caller f{cache, f_code};
  for (int64_t i = 1; i <= 4; ++i) f.Call(i);
  EXPECT_EQ(f.compiles, 2);
  // torch 2.15 names the limit recompile_limit even when set by its alias.
  EXPECT_EQ(f.misses[2].warning,
            "torch._dynamo hit config.recompile_limit (2)\n"
            "   function: 'f' (/tmp/guardref/rec5.py:3)\n"
            "   last reason: 0/1: tensor 'x' size mismatch at index 0. expected 2, actual 3\n"
            "To log all recompilation reasons, use TORCH_LOGS=\"recompiles\".\n"
            "To diagnose recompilation issues, see "
            "https://docs.pytorch.org/docs/main/user_guide/torch_compiler/compile/"
            "programming_model.recompilation.html");
}

TEST(RuntimeCacheTest, RaisedLimitCompilesEverySize) {
  RuntimeCache cache;
  ASSERT_TRUE(cache.config().Set("cache_size_limit", 16).ok());
  CodeCache f_code(kF);
  Caller f{cache, f_code};
  for (int64_t i = 1; i <= 10; ++i) f.Call(i);
  EXPECT_EQ(f.compiles, 10);
  for (const MissDecision& d : f.misses) EXPECT_TRUE(d.warning.empty());
}

TEST(RuntimeCacheTest, AccumulatedLimit) {
  RuntimeCache cache;
  cache.config().recompile_limit = 100;
  cache.config().accumulated_recompile_limit = 3;
  CodeCache f_code(kF);
  Caller f{cache, f_code};
  for (int64_t i = 1; i <= 5; ++i) f.Call(i);
  EXPECT_EQ(f.compiles, 3);
  const std::string hit = "torch._dynamo hit config.accumulated_recompile_limit (3)\n";
  EXPECT_EQ(f.misses[3].warning.substr(0, hit.size()), hit);
}

TEST(RuntimeCacheTest, OnlyEntriesWithTheSameIdMatchedObjectsCount) {
  RuntimeCache cache;
  cache.config().recompile_limit = 1;
  CodeCache code(kF);
  code.Add({GuardsFor(OnesOf(1)), nullptr, cache.NextCompileId(code)});
  MissOptions other_module;
  other_module.same_id_matched_objects = [](const CacheEntry&) { return false; };
  // A new nn.Module instance: not a recompile, and under the limit.
  MissDecision d = cache.OnMiss(code, {}, other_module);
  EXPECT_EQ(d.action, MissDecision::Action::kCompile);
  EXPECT_TRUE(d.recompile_message.empty());
  d = cache.OnMiss(code, {});
  EXPECT_EQ(d.action, MissDecision::Action::kRunEager);
  EXPECT_NE(d.warning.find("last reason: Unable to find recompilation reasons"), std::string::npos);
}

TEST(RuntimeCacheTest, ErrorOnRecompile) {
  RuntimeCache cache;
  ASSERT_TRUE(cache.config().Set("error_on_recompile", 1).ok());
  CodeCache f_code({"f", "/tmp/guardref/rec5.py", 3});
  Caller f{cache, f_code};
  f.Call(1);
  f.Call(2);
  ASSERT_EQ(f.misses.size(), 2u);
  EXPECT_EQ(f.misses[0].action, MissDecision::Action::kCompile);
  EXPECT_EQ(f.misses[1].action, MissDecision::Action::kRecompileError);
  // str(RecompileError) in torch 2.15.
  EXPECT_EQ(f.misses[1].error,
            "Recompiling function f in /tmp/guardref/rec5.py:3\n"
            "    triggered by the following guard failure(s):\n"
            "    - 0/0: tensor 'x' size mismatch at index 0. expected 1, actual 2");
  EXPECT_EQ(f.compiles, 1);
}

TEST(RuntimeCacheTest, FailOnRecompileLimitHit) {
  RuntimeCache cache;
  cache.config().recompile_limit = 1;
  cache.config().fail_on_recompile_limit_hit = true;
  CodeCache f_code(kF);
  Caller f{cache, f_code};
  f.Call(1);
  f.Call(2);
  EXPECT_EQ(f.misses[1].action, MissDecision::Action::kFailOnRecompileLimit);
  EXPECT_EQ(f.misses[1].error, "Hard failure due to fail_on_recompile_limit_hit");
  EXPECT_FALSE(f.misses[1].warning.empty());
  f.Call(3);  // still failing, warned once
  EXPECT_EQ(f.misses[2].action, MissDecision::Action::kFailOnRecompileLimit);
  EXPECT_TRUE(f.misses[2].warning.empty());
}

TEST(RuntimeCacheTest, FullgraphFailsAtTheLimit) {
  RuntimeCache cache;
  cache.config().recompile_limit = 1;
  CodeCache code(kF);
  code.Add({GuardsFor(OnesOf(1)), nullptr, cache.NextCompileId(code)});
  MissOptions fullgraph;
  fullgraph.fullgraph = true;
  MissDecision d = cache.OnMiss(code, {}, fullgraph);
  EXPECT_EQ(d.action, MissDecision::Action::kFailOnRecompileLimit);
  EXPECT_EQ(d.error, "Hard failure due to fullgraph=True");
}

TEST(RuntimeCacheTest, RunOnlyModeNeverCompiles) {
  RuntimeCache cache;
  CodeCache f_code(kF);
  Caller f{cache, f_code};
  f.Call(3);
  cache.set_run_only(true);
  EXPECT_NE(f.Call(3), nullptr);  // the cache still serves
  EXPECT_EQ(f.Call(4), nullptr);
  EXPECT_EQ(f.misses.back().action, MissDecision::Action::kRunEager);
  EXPECT_TRUE(f.misses.back().recompile_message.empty());
  EXPECT_EQ(f.compiles, 1);
  cache.set_run_only(false);
  f.Call(4);
  EXPECT_EQ(f.misses.back().id, (CompileId{0, 1}));  // run-only took no id
}

TEST(RuntimeCacheTest, FramesAreNumberedInFirstCompileOrder) {
  RuntimeCache cache;
  CodeCache code_a({"a", "m.py", 1});
  CodeCache code_b({"b", "m.py", 5});
  EXPECT_EQ(code_a.frame_id(), -1);
  EXPECT_EQ(cache.NextCompileId(code_b), (CompileId{0, 0}));
  EXPECT_EQ(cache.NextCompileId(code_a), (CompileId{1, 0}));
  EXPECT_EQ(cache.NextCompileId(code_b), (CompileId{0, 1}));
  EXPECT_EQ(cache.frame_count(), 2);
}

TEST(RuntimeCacheTest, ResetRestartsNumberingInANewGeneration) {
  RuntimeCache cache;
  cache.config().recompile_limit = 3;
  CodeCache f_code(kF);
  Caller f{cache, f_code};
  f.Call(1);
  EXPECT_NE(f.Call(1), nullptr);
  const uint64_t before = cache.generation();
  cache.Reset();
  EXPECT_EQ(cache.generation(), before + 1);  // f_code is stale now
  EXPECT_EQ(cache.frame_count(), 0);
  EXPECT_EQ(cache.config().recompile_limit, 3);  // config survives, as in PyTorch
  CodeCache again_code(kF);                      // what the caller makes for the new generation
  Caller again{cache, again_code};
  again.Call(1);
  EXPECT_EQ(again.compiles, 1);
  EXPECT_EQ(again.misses[0].id, (CompileId{0, 0}));
}

// Entries own their artifacts: dropping a code's cache destroys them.
TEST(CodeCacheTest, ArtifactsDieWithTheirCache) {
  struct Counted : Artifact {
    explicit Counted(int* n) : destroyed(n) {}
    ~Counted() override { ++*destroyed; }
    int* destroyed;
  };
  int destroyed = 0;
  {
    CodeCache code(kF);
    code.Add({GuardsFor(OnesOf(1)), std::make_shared<Counted>(&destroyed), {0, 0}});
    code.Add({GuardsFor(OnesOf(2)), std::make_shared<Counted>(&destroyed), {0, 1}});
    EXPECT_EQ(destroyed, 0);
  }
  EXPECT_EQ(destroyed, 2);
}

TEST(ConfigTest, NamesAndErrors) {
  Config config;
  EXPECT_EQ(*config.Get("accumulated_cache_size_limit"), 256);
  ASSERT_TRUE(config.Set("accumulated_cache_size_limit", 64).ok());
  EXPECT_EQ(config.accumulated_recompile_limit, 64);
  ASSERT_TRUE(config.Set("fail_on_recompile_limit_hit", 1).ok());
  EXPECT_TRUE(config.fail_on_recompile_limit_hit);
  EXPECT_EQ(config.Set("cache_limit", 1).message(),
            "torch._dynamo.config has no cache option 'cache_limit'");
  EXPECT_EQ(config.Set("recompile_limit", -1).message(),
            "torch._dynamo.config.recompile_limit must be >= 0, got -1");
  EXPECT_FALSE(config.Get("nope").ok());
}

}  // namespace
}  // namespace tc::runtime_cache
