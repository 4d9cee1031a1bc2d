// CompileAndLoad on hand-written sources that implement kernel_abi.h:
// results of the loaded kernels, the target the flags select, the
// in-memory cache, the precompiled header (built once, reused by a second
// process, rebuilt when damaged), compiler errors and a missing compiler,
// and two threads compiling one source. Compiler runs are few: one
// translation unit holds most kernels.
#include "tc/codegen_cpu/compile.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "hwy/detect_targets.h"

#include "tc/kernels/eager.h"
#include "tc/tensor/tensor.h"

#include "jit_test_env.h"

namespace tc::codegen_cpu {
namespace {

using testing::ChildReport;
using testing::FilesUnder;
using testing::RunChildren;
using testing::ScopedEnv;
using testing::TestCacheDir;

constexpr std::string_view kHighway = R"(#include <cstdint>
#include <cmath>
#include "hwy/highway.h"
#include "hwy/contrib/math/math-inl.h"
namespace hn = hwy::HWY_NAMESPACE;
)";

constexpr std::string_view kKernels = R"(
extern "C" {
// buffers: out, a, b (float[1037])
void add_f32(char* const* buffers, const KernelRuntime*) {
  float* out = reinterpret_cast<float*>(buffers[0]);
  const float* a = reinterpret_cast<const float*>(buffers[1]);
  const float* b = reinterpret_cast<const float*>(buffers[2]);
  for (int64_t i = 0; i < 1037; ++i) out[i] = a[i] + b[i];
}
static void fill_body(void* context, int64_t begin, int64_t end) {
  int64_t* out = static_cast<int64_t*>(context);
  for (int64_t i = begin; i < end; ++i) out[i] = 3 * i + 1;
}
// buffers: out (int64[100000]) = 3 * i + 1, split by the runtime
void fill_parallel(char* const* buffers, const KernelRuntime* runtime) {
  runtime->parallel_for(100000, 4096, fill_body, buffers[0]);
}
// buffers: out, x (float[37]); as eager's exp: Highway vectors, libm tail
void exp_f32(char* const* buffers, const KernelRuntime*) {
  float* out = reinterpret_cast<float*>(buffers[0]);
  const float* x = reinterpret_cast<const float*>(buffers[1]);
  const hn::ScalableTag<float> d;
  const int64_t n = 37, N = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  for (; i + N <= n; i += N) hn::StoreU(hn::Exp(d, hn::LoadU(d, x + i)), d, out + i);
  for (; i < n; ++i) out[i] = std::exp(x[i]);
}
// buffers: out (int64[1]) = the Highway target compiled for
void which_target(char* const* buffers, const KernelRuntime*) {
  *reinterpret_cast<int64_t*>(buffers[0]) = HWY_TARGET;
}
}
)";

std::string KernelsSource() {
  return testing::AbiSource() + std::string(kHighway) + std::string(kKernels);
}

// A runtime that runs parallel bodies serially in chunks of `grain` and
// counts them: the kernel must split through it and cover [0, n).
struct CountingRuntime {
  static inline int chunks = 0;
  static void ParallelFor(int64_t n, int64_t grain, TcParallelBody body, void* context) {
    for (int64_t b = 0; b < n; b += grain) {
      ++chunks;
      body(context, b, std::min(n, b + grain));
    }
  }
  KernelRuntime runtime{&ParallelFor, 1, nullptr};
};

std::shared_ptr<LoadedModule> MustCompile(std::string_view source) {
  absl::StatusOr<std::shared_ptr<LoadedModule>> module = CompileAndLoad(source);
  EXPECT_TRUE(module.ok()) << module.status();
  return module.ok() ? *module : nullptr;
}

std::vector<std::filesystem::path> PchFiles(const std::string& cache_dir) {
  return FilesUnder(cache_dir + "/pch",
                    [](const std::filesystem::path& p) { return p.filename() == "highway.pch"; });
}

TEST(CompileTest, KernelsComputeWhatTheyShould) {
  std::shared_ptr<LoadedModule> module = MustCompile(KernelsSource());
  ASSERT_NE(module, nullptr);
  EXPECT_EQ(module->origin(), "compiled");
  EXPECT_EQ(module->Find("no_such_kernel"), nullptr);
  CountingRuntime rt;

  std::vector<float> a(1037), b(1037), out(1037, -1);
  for (int i = 0; i < 1037; ++i) {
    a[i] = 0.5f * i;
    b[i] = 1000.0f - i;
  }
  TcKernelFn add = module->Find("add_f32");
  ASSERT_NE(add, nullptr);
  char* add_buffers[] = {reinterpret_cast<char*>(out.data()), reinterpret_cast<char*>(a.data()),
                         reinterpret_cast<char*>(b.data())};
  add(add_buffers, &rt.runtime);
  for (int i = 0; i < 1037; ++i) ASSERT_EQ(out[i], a[i] + b[i]) << i;

  std::vector<int64_t> filled(100000, 0);
  char* fill_buffers[] = {reinterpret_cast<char*>(filled.data())};
  CountingRuntime::chunks = 0;
  module->Find("fill_parallel")(fill_buffers, &rt.runtime);
  EXPECT_EQ(CountingRuntime::chunks, (100000 + 4095) / 4096);
  for (int64_t i = 0; i < 100000; ++i) ASSERT_EQ(filled[i], 3 * i + 1) << i;
}

// hwy::Exp in generated code gives eager's bits (the same Highway function
// on the same target; the tail through libm as eager's loop does).
TEST(CompileTest, HighwayExpMatchesEagerBitForBit) {
  std::shared_ptr<LoadedModule> module = MustCompile(KernelsSource());
  ASSERT_NE(module, nullptr);
  tensor::Tensor x = tensor::Tensor::Empty(std::vector<int64_t>{37}, tensor::DType::kFloat32);
  for (int i = 0; i < 37; ++i) x.data<float>()[i] = -20.0f + 1.13f * i;
  absl::StatusOr<tensor::Tensor> eager = kernels::Call1("exp", {x});
  ASSERT_TRUE(eager.ok()) << eager.status();
  std::vector<float> out(37);
  char* buffers[] = {reinterpret_cast<char*>(out.data()), static_cast<char*>(x.raw_data())};
  CountingRuntime rt;
  module->Find("exp_f32")(buffers, &rt.runtime);
  for (int i = 0; i < 37; ++i) {
    float want = eager->data<float>()[i];
    EXPECT_EQ(std::memcmp(&out[i], &want, sizeof(float)), 0)
        << i << ": " << out[i] << " vs eager " << want;
  }
}

int64_t TargetOf(const LoadedModule& module) {
  int64_t target = -1;
  char* buffers[] = {reinterpret_cast<char*>(&target)};
  CountingRuntime rt;
  module.Find("which_target")(buffers, &rt.runtime);
  return target;
}

TEST(CompileTest, FlagsSelectTheHostsBestHighwayTarget) {
  std::shared_ptr<LoadedModule> module = MustCompile(KernelsSource());
  ASSERT_NE(module, nullptr);
  const bool avx512 = CompilerFlags().find("-mavx512f") != std::string::npos;
  EXPECT_EQ(TargetOf(*module), avx512 ? HWY_AVX3 : HWY_AVX2) << CompilerFlags();
  EXPECT_NE(CompilerFlags().find("-ffp-contract=off"), std::string::npos);
  EXPECT_NE(CompilerVersion().find("clang version"), std::string::npos) << CompilerVersion();
}

// The AVX2-only flag set (what a CPU without AVX-512 gets) compiles and
// selects Highway's AVX2 target; it is a different key.
TEST(CompileTest, Avx2FallbackCompilesForAvx2) {
  if (CompilerFlags().find("-mavx512f") == std::string::npos) {
    GTEST_SKIP() << "this CPU has no AVX-512: the AVX2 set is the default, tested above";
  }
  std::string avx512_key = CacheKey(KernelsSource());
  ScopedEnv target("TC_CPU_TARGET", "avx2");
  EXPECT_EQ(CompilerFlags().find("-mavx512f"), std::string::npos);
  EXPECT_NE(CompilerFlags().find("-mavx2"), std::string::npos);
  EXPECT_NE(CacheKey(KernelsSource()), avx512_key);
  std::shared_ptr<LoadedModule> module = MustCompile(KernelsSource());
  ASSERT_NE(module, nullptr);
  EXPECT_EQ(module->origin(), "compiled");
  EXPECT_EQ(TargetOf(*module), HWY_AVX2);
}

TEST(CompileTest, CacheKeyCoversSourceAndIsStable) {
  std::string key = CacheKey("int x;");
  EXPECT_EQ(key.size(), 64u);
  EXPECT_EQ(key.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_EQ(CacheKey("int x;"), key);
  EXPECT_NE(CacheKey("int y;"), key);
}

TEST(CompileTest, MemoryCacheReturnsTheSameModuleWithoutCompiling) {
  std::string source = KernelsSource() + "\n// memory cache\n";
  std::shared_ptr<LoadedModule> first = MustCompile(source);
  ASSERT_NE(first, nullptr);
  CompileStats before = GetCompileStats();
  std::shared_ptr<LoadedModule> second = MustCompile(source);
  ASSERT_NE(second, nullptr);
  CompileStats after = GetCompileStats();
  EXPECT_EQ(after.compiler_runs, before.compiler_runs);
  EXPECT_EQ(after.memory_hits, before.memory_hits + 1);
  EXPECT_EQ(second->origin(), "memory");
  EXPECT_EQ(second->Find("add_f32"), first->Find("add_f32"));
}

TEST(CompileTest, SyntaxErrorQuotesTheDiagnostic) {
  CompileStats before = GetCompileStats();
  absl::StatusOr<std::shared_ptr<LoadedModule>> module =
      CompileAndLoad("extern \"C\" void broken(char* const* b, const void* r) { return 1 +; }\n");
  ASSERT_FALSE(module.ok());
  EXPECT_EQ(module.status().code(), absl::StatusCode::kInternal);
  std::string message(module.status().message());
  EXPECT_NE(message.find("generated.cc:1:"), std::string::npos) << message;
  EXPECT_NE(message.find("error: expected expression"), std::string::npos) << message;
  EXPECT_EQ(message.find("tc-jit-"), std::string::npos) << "scratch path leaked: " << message;
  EXPECT_EQ(GetCompileStats().compiler_runs, before.compiler_runs + 1);
  // Failures are not cached: the same source fails again, through the compiler.
  EXPECT_FALSE(
      CompileAndLoad("extern \"C\" void broken(char* const* b, const void* r) { return 1 +; }\n")
          .ok());
  EXPECT_EQ(GetCompileStats().compiler_runs, before.compiler_runs + 2);
}

TEST(CompileTest, MissingCompilerIsFailedPreconditionNamingIt) {
  ScopedEnv cxx("TC_CXX", "/nonexistent/clang++");
  absl::StatusOr<std::shared_ptr<LoadedModule>> module = CompileAndLoad("int x;\n");
  ASSERT_FALSE(module.ok());
  EXPECT_EQ(module.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(module.status().message().find("/nonexistent/clang++"), std::string::npos)
      << module.status();
  EXPECT_EQ(CompilerVersion(), "");
}

// The header is built once per cache directory: later compiles, and a
// second process, use it without building.
TEST(CompileTest, PrecompiledHeaderIsBuiltOnceAndReused) {
  ASSERT_NE(MustCompile(KernelsSource()), nullptr);  // built by now
  const size_t headers = PchFiles(TestCacheDir()).size();
  ASSERT_GE(headers, 1u);
  CompileStats before = GetCompileStats();
  ASSERT_NE(MustCompile(KernelsSource() + "\n// another source\n"), nullptr);
  CompileStats after = GetCompileStats();
  EXPECT_EQ(PchFiles(TestCacheDir()).size(), headers);
  EXPECT_EQ(after.pch_builds, before.pch_builds);
  EXPECT_EQ(after.compiler_runs, before.compiler_runs + 1);

  // A new process compiles with the header this one built.
  std::optional<std::vector<ChildReport>> child =
      RunChildren(KernelsSource() + "\n// the child's source\n", 1);
  ASSERT_TRUE(child.has_value());
  EXPECT_EQ((*child)[0].compiler_runs, 1);
  EXPECT_EQ((*child)[0].pch_builds, 0);
}

// Two processes that find no header both build one at once (each into its
// own temporary name, then a rename): both compile, one header remains.
TEST(CompileTest, TwoProcessesBuildingTheHeaderAtOnceBothSucceed) {
  std::string dir = TestCacheDir() + "/two-processes";
  ScopedEnv cache("TC_CACHE_DIR", dir.c_str());
  std::optional<std::vector<ChildReport>> children = RunChildren(KernelsSource(), 2);
  ASSERT_TRUE(children.has_value());
  // Started together, both normally find no header and build one; a
  // late starter may find the other's (timing, not checked).
  int64_t builds = 0;
  for (const ChildReport& r : *children) {
    // A late starter may load the other's object from the disk cache.
    EXPECT_EQ(r.compiler_runs + r.disk_hits, 1);
    builds += r.pch_builds;
  }
  EXPECT_GE(builds, 1);
  EXPECT_EQ(PchFiles(dir).size(), 1u);
  int leftovers = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    leftovers += entry.path().string().find(".tmp.") != std::string::npos;
  }
  EXPECT_EQ(leftovers, 0);
}

// A damaged header (or one whose headers changed) is refused by the
// compiler: the compile still succeeds without it, and the next builds a
// new one.
TEST(CompileTest, DamagedPrecompiledHeaderIsReplaced) {
  ASSERT_NE(MustCompile(KernelsSource()), nullptr);
  // Damage every header there (other tests may have built one for another target).
  std::vector<std::filesystem::path> pch = PchFiles(TestCacheDir());
  ASSERT_GE(pch.size(), 1u);
  for (const auto& p : pch) std::ofstream(p, std::ios::trunc) << "not a precompiled header";
  CompileStats before = GetCompileStats();
  std::shared_ptr<LoadedModule> module =
      MustCompile("extern \"C\" void tiny(char* const*, const void*) {}\n");
  ASSERT_NE(module, nullptr);
  EXPECT_NE(module->Find("tiny"), nullptr);
  ASSERT_EQ(PchFiles(TestCacheDir()).size(), pch.size() - 1) << "the damaged header was kept";
  ASSERT_NE(MustCompile("extern \"C\" void tiny2(char* const*, const void*) {}\n"), nullptr);
  EXPECT_EQ(GetCompileStats().pch_builds, before.pch_builds + 1);
  int rebuilt = 0;
  for (const auto& p : PchFiles(TestCacheDir()))
    rebuilt += std::filesystem::file_size(p) > 1000000u;
  EXPECT_EQ(rebuilt, 1);
}

TEST(CompileTest, UnwritableCacheDirCompilesWithoutHeader) {
  ScopedEnv dir("TC_CACHE_DIR", "/proc/tc-cannot-write-here");
  CompileStats before = GetCompileStats();
  std::shared_ptr<LoadedModule> module =
      MustCompile("extern \"C\" void in_readonly(char* const*, const void*) {}\n");
  ASSERT_NE(module, nullptr);
  EXPECT_NE(module->Find("in_readonly"), nullptr);
  EXPECT_EQ(GetCompileStats().pch_builds, before.pch_builds);
}

TEST(CompileTest, MalformedPchSwitchIsAnError) {
  ScopedEnv pch("TC_CODEGEN_PCH", "maybe");
  absl::StatusOr<std::shared_ptr<LoadedModule>> module = CompileAndLoad("int z;\n");
  ASSERT_FALSE(module.ok());
  EXPECT_NE(module.status().message().find("TC_CODEGEN_PCH"), std::string::npos) << module.status();
}

TEST(CompileTest, TwoThreadsCompilingOneSourceBothSucceedWithOneCompile) {
  std::string source = KernelsSource() + "\n// two threads\n";
  CompileStats before = GetCompileStats();
  std::shared_ptr<LoadedModule> modules[2];
  std::thread threads[2];
  for (int t = 0; t < 2; ++t) {
    threads[t] = std::thread([&modules, &source, t] {
      absl::StatusOr<std::shared_ptr<LoadedModule>> m = CompileAndLoad(source);
      if (m.ok()) modules[t] = *m;
    });
  }
  for (std::thread& t : threads) t.join();
  ASSERT_NE(modules[0], nullptr);
  ASSERT_NE(modules[1], nullptr);
  EXPECT_EQ(modules[0]->Find("add_f32"), modules[1]->Find("add_f32"));
  EXPECT_EQ(GetCompileStats().compiler_runs, before.compiler_runs + 1);
}

// force_disable_caches: every call compiles, and nothing it compiled is
// cached for the calls that do use the caches.
TEST(CompileTest, WithoutCachesEveryCallCompiles) {
  const std::string source = KernelsSource() + "\n// uncached\n";
  CompileStats before = GetCompileStats();
  for (int i = 0; i < 2; ++i) {
    absl::StatusOr<std::shared_ptr<LoadedModule>> m =
        CompileAndLoad(source, CompileOptions{.use_caches = false});
    ASSERT_TRUE(m.ok()) << m.status();
    EXPECT_EQ((*m)->origin(), "compiled");
  }
  EXPECT_EQ(GetCompileStats().compiler_runs, before.compiler_runs + 2);
  EXPECT_EQ(GetCompileStats().disk_hits, before.disk_hits);
  std::shared_ptr<LoadedModule> cached = MustCompile(source);
  ASSERT_NE(cached, nullptr);
  EXPECT_EQ(cached->origin(), "compiled");
  EXPECT_EQ(MustCompile(source)->origin(), "memory");
}

}  // namespace
}  // namespace tc::codegen_cpu

namespace tc::codegen_cpu {
namespace {

using testing::ChildReport;
using testing::FilesUnder;
using testing::RunChildren;
using testing::ScopedEnv;
using testing::TestCacheDir;

// The stored shared objects under `cache_dir`.
std::vector<std::filesystem::path> StoredObjects(const std::string& cache_dir) {
  return FilesUnder(cache_dir + "/kernels",
                    [](const std::filesystem::path& p) { return p.extension() == ".so"; });
}

// A warm process (the object on disk) loads it without starting a
// compiler; a corrupt stored object is never loaded: it is deleted and
// compiled again.
TEST(CompileTest, DiskCacheServesANewProcessAndRecoversFromCorruption) {
  std::string dir = TestCacheDir() + "/disk-cache";
  ScopedEnv cache("TC_CACHE_DIR", dir.c_str());
  const std::string source = KernelsSource() + "\n// disk cache\n";
  std::optional<std::vector<ChildReport>> cold = RunChildren(source, 1);
  ASSERT_TRUE(cold.has_value());
  EXPECT_EQ((*cold)[0].compiler_runs, 1);
  EXPECT_EQ((*cold)[0].origin, "compiled");
  std::vector<std::filesystem::path> stored = StoredObjects(dir);
  ASSERT_EQ(stored.size(), 1u);

  std::optional<std::vector<ChildReport>> warm = RunChildren(source, 1);
  ASSERT_TRUE(warm.has_value());
  EXPECT_EQ((*warm)[0].compiler_runs, 0);
  EXPECT_EQ((*warm)[0].version_probes, 0);  // the compiler is not even asked its version
  EXPECT_EQ((*warm)[0].disk_hits, 1);
  EXPECT_EQ((*warm)[0].origin, "disk");

  {  // Flip one byte in the middle of the stored object.
    std::fstream f(stored[0], std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(static_cast<std::streamoff>(std::filesystem::file_size(stored[0]) / 2));
    char c = 0;
    f.get(c);
    f.seekp(static_cast<std::streamoff>(std::filesystem::file_size(stored[0]) / 2));
    f.put(static_cast<char>(c ^ 0x5a));
  }
  std::optional<std::vector<ChildReport>> recovered = RunChildren(source, 1);
  ASSERT_TRUE(recovered.has_value());
  EXPECT_EQ((*recovered)[0].compiler_runs, 1);
  EXPECT_EQ((*recovered)[0].disk_hits, 0);
  EXPECT_EQ((*recovered)[0].origin, "compiled");
  ASSERT_EQ(StoredObjects(dir).size(), 1u);  // stored again, whole

  // Truncated: the same.
  std::filesystem::resize_file(stored[0], std::filesystem::file_size(stored[0]) / 3);
  std::optional<std::vector<ChildReport>> again = RunChildren(source, 1);
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ((*again)[0].compiler_runs, 1);
  EXPECT_EQ((*again)[0].origin, "compiled");
}

}  // namespace
}  // namespace tc::codegen_cpu
