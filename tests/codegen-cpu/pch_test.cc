// The precompiled headers CompileAndLoad uses: a source that starts with
// emit's prelude compiles after the prelude's own header (its diagnostics
// still numbered as lines of the whole source), and a header (and the
// compiler's version) the build left in its directory serves a process
// whose cache directory has none, unless the compiler refuses it (then
// the build's file is left alone).
#include <filesystem>
#include <fstream>
#include <string>

#include "gtest/gtest.h"

#include "tc/codegen_cpu/compile.h"
#include "tc/codegen_cpu/emit.h"

#include "jit_test_env.h"

// In the helpers' namespace (jit_test_env.h): RunChildren, ScopedEnv, ...
namespace tc::codegen_cpu::testing {
namespace {

// buffers: out (int64[2]) = tc_floordiv(-7, 2), tc_mod(-7, 2): the
// prelude's helpers, as Python's // and %.
std::string PreludeSource(std::string_view tag) {
  return absl::StrCat(std::string(CppPrelude()), R"(
extern "C" void prelude_helpers(char* const* b, const KernelRuntime*) {
  int64_t* out = reinterpret_cast<int64_t*>(b[0]);
  out[0] = tc_floordiv(-7, 2);
  out[1] = tc_mod(-7, 2);
}
// )",
                      std::string(tag), "\n");
}

std::vector<std::filesystem::path> Named(const std::string& dir, const std::string& name) {
  return FilesUnder(dir, [&](const std::filesystem::path& p) { return p.filename() == name; });
}

int64_t Lines(std::string_view text) { return std::count(text.begin(), text.end(), '\n'); }

TEST(PchTest, PreludeSourceCompilesAfterThePreludeHeader) {
  const size_t before = Named(TestCacheDir() + "/pch", "prelude.pch").size();
  absl::StatusOr<std::shared_ptr<LoadedModule>> module = CompileAndLoad(PreludeSource("first"));
  ASSERT_TRUE(module.ok()) << module.status();
  int64_t out[2] = {0, 0};
  char* buffers[] = {reinterpret_cast<char*>(out)};
  (*module)->Find("prelude_helpers")(buffers, nullptr);
  EXPECT_EQ(out[0], -4);
  EXPECT_EQ(out[1], 1);
  EXPECT_EQ(Named(TestCacheDir() + "/pch", "prelude.pch").size(), std::max<size_t>(before, 1));
}

// An error after the prelude names the line of the whole source, as it
// would without the header (TORCH_LOGS=output_code shows the whole source).
TEST(PchTest, ErrorsAfterThePreludeKeepTheWholeSourcesLineNumbers) {
  ASSERT_TRUE(CompileAndLoad(PreludeSource("header built")).ok());
  const std::string source = absl::StrCat(std::string(CppPrelude()), "\nint broken = ;\n");
  absl::StatusOr<std::shared_ptr<LoadedModule>> module = CompileAndLoad(source);
  ASSERT_FALSE(module.ok());
  const std::string where = absl::StrCat("generated.cc:", Lines(CppPrelude()) + 2, ":");
  EXPECT_NE(module.status().message().find(where), std::string::npos)
      << "want " << where << " in " << module.status();
}

// What the build does (tc_codegen_pch): headers under a root, the
// compiler's version under <root>/cache. A child process with its own cache
// directory builds them (in place: a PCH records its header's path).
std::string MakeBuildRoot(const std::string& name) {
  const std::string made = TestCacheDir() + "/" + name;
  {
    ScopedEnv cache("TC_CACHE_DIR", made.c_str());
    std::optional<std::vector<ChildReport>> child = RunChildren(PreludeSource(name), 1);
    EXPECT_TRUE(child.has_value());
  }
  std::filesystem::create_directories(made + "/pch/cache");
  std::filesystem::copy(made + "/toolchain", made + "/pch/cache/toolchain");
  return made + "/pch";
}

TEST(PchTest, BuildsHeaderServesAnEmptyCacheDirectory) {
  const std::string root = MakeBuildRoot("build-root");
  ASSERT_EQ(Named(root, "prelude.pch").size(), 1u);
  const std::string empty = TestCacheDir() + "/empty-cache";
  ScopedEnv cache("TC_CACHE_DIR", empty.c_str());
  ScopedEnv build("TC_CODEGEN_PCH_BUILD_ROOT", root.c_str());
  std::optional<std::vector<ChildReport>> child = RunChildren(PreludeSource("user"), 1);
  ASSERT_TRUE(child.has_value());
  EXPECT_EQ((*child)[0].compiler_runs, 1);
  EXPECT_EQ((*child)[0].pch_builds, 0);
  EXPECT_EQ((*child)[0].version_probes, 0);  // the build's answer
  EXPECT_EQ(Named(empty, "prelude.pch").size(), 0u);

  // Without the build's headers the same process would build one.
  ScopedEnv none("TC_CODEGEN_PCH_BUILD_ROOT", "");
  std::optional<std::vector<ChildReport>> alone = RunChildren(PreludeSource("alone"), 1);
  ASSERT_TRUE(alone.has_value());
  EXPECT_EQ((*alone)[0].pch_builds, 1);
  EXPECT_EQ(Named(empty, "prelude.pch").size(), 1u);
}

// A build header the compiler refuses (here: damaged) costs one more
// compiler run and is not deleted (it belongs to the build).
TEST(PchTest, RefusedBuildHeaderIsLeftAloneAndTheCompileSucceeds) {
  const std::string root = MakeBuildRoot("refused-root");
  std::vector<std::filesystem::path> pch = Named(root, "prelude.pch");
  ASSERT_EQ(pch.size(), 1u);
  std::ofstream(pch[0], std::ios::trunc) << "not a precompiled header";
  const std::string empty = TestCacheDir() + "/empty-cache-2";
  ScopedEnv cache("TC_CACHE_DIR", empty.c_str());
  ScopedEnv build("TC_CODEGEN_PCH_BUILD_ROOT", root.c_str());
  std::optional<std::vector<ChildReport>> child = RunChildren(PreludeSource("refused"), 1);
  ASSERT_TRUE(child.has_value());
  EXPECT_EQ((*child)[0].origin, "compiled");
  EXPECT_EQ((*child)[0].compiler_runs, 2);
  ASSERT_TRUE(std::filesystem::exists(pch[0]));
  EXPECT_LT(std::filesystem::file_size(pch[0]), 100u);
}

}  // namespace
}  // namespace tc::codegen_cpu::testing
