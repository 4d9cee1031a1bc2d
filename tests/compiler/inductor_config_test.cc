// torch._inductor.config as the inductor backend reads it: the C++ defaults
// agree with PyTorch's (the script module's table), assignments from a
// script and a torch.compile call's mode=/options= patches reach
// ReadInductorConfig, wrong types are a TypeError naming the option, and
// the factory registered for "inductor" receives the call's patches.
#include "tc/compiler/inductor_config.h"

#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tc/compiler/backends.h"

#include "compiler_test_util.h"

namespace tc::compiler::testing {
namespace {

using ::testing::HasSubstr;

class InductorConfigTest : public CompilerTest {
 protected:
  // ReadInductorConfig with `patches`, failing the test when it raises.
  InductorConfig Read(const script::Value& patches = script::Value::None()) {
    InductorConfig config;
    EXPECT_TRUE(ReadInductorConfig(vm_, patches, &config));
    return config;
  }
};

TEST_F(InductorConfigTest, CppDefaultsAreTorchsDefaults) {
  Run("import torch._inductor.config\n");
  const InductorConfig read = Read();
  const InductorConfig defaults;
  EXPECT_EQ(read.debug, defaults.debug);
  EXPECT_EQ(read.trace_enabled, defaults.trace_enabled);
  EXPECT_EQ(read.trace_debug_dir, defaults.trace_debug_dir);
  EXPECT_EQ(read.cpp_threads, defaults.cpp_threads);
  EXPECT_EQ(read.cpp_simdlen, defaults.cpp_simdlen);
  EXPECT_EQ(read.cpp_min_chunk_size, defaults.cpp_min_chunk_size);
  EXPECT_EQ(read.fallback_random, defaults.fallback_random);
  EXPECT_EQ(read.max_autotune, defaults.max_autotune);
  EXPECT_EQ(read.coordinate_descent_tuning, defaults.coordinate_descent_tuning);
  EXPECT_EQ(read.triton_cudagraphs, defaults.triton_cudagraphs);
  EXPECT_EQ(read.freezing, defaults.freezing);
  EXPECT_EQ(read.size_asserts, defaults.size_asserts);
  EXPECT_EQ(read.force_disable_caches, defaults.force_disable_caches);
  EXPECT_EQ(read.epilogue_fusion, defaults.epilogue_fusion);
  EXPECT_EQ(read.max_fusion_size, defaults.max_fusion_size);
  // And they are PyTorch 2.15's, spelled out.
  EXPECT_EQ(defaults.cpp_threads, -1);
  EXPECT_TRUE(defaults.size_asserts);
  EXPECT_EQ(defaults.max_fusion_size, 64);
}

TEST_F(InductorConfigTest, EveryHonouredNameIsAnOption) {
  std::string names;
  for (std::string_view n : HonouredInductorOptions()) {
    names += "'" + std::string(n) + "', ";
  }
  EXPECT_EQ(Run("import torch._inductor.config as c\n"
                "print(all(n in c._known for n in [" +
                names + "]))\n"),
            "True\n");
  EXPECT_EQ(HonouredInductorOptions().size(), 15u);
}

TEST_F(InductorConfigTest, ScriptAssignmentsAreRead) {
  Run("import torch._inductor.config as c\n"
      "c.debug = True\n"
      "c.trace.enabled = 1\n"
      "c.trace.debug_dir = '/tmp/dbg'\n"
      "c.cpp.threads = 3\n"
      "c.cpp.simdlen = 256\n"
      "c.size_asserts = False\n"
      "c.force_disable_caches = True\n");
  const InductorConfig config = Read();
  EXPECT_TRUE(config.debug);
  EXPECT_TRUE(config.trace_enabled);
  EXPECT_EQ(config.trace_debug_dir, "/tmp/dbg");
  EXPECT_EQ(config.cpp_threads, 3);
  EXPECT_EQ(config.cpp_simdlen, 256);
  EXPECT_FALSE(config.size_asserts);
  EXPECT_TRUE(config.force_disable_caches);
}

TEST_F(InductorConfigTest, PatchesOverrideTheModule) {
  Run("import torch._inductor\n"
      "import torch._inductor.config as c\n"
      "c.cpp.threads = 3\n"
      "patches = torch._inductor._compile_config('max-autotune', None, None)\n"
      "patches2 = torch._inductor._compile_config(None, {'cpp.threads': 2, 'freezing': True}, "
      "None)\n");
  script::Value main = vm_.Import("__main__");
  ASSERT_FALSE(main.is_null());
  InductorConfig config = Read(vm_.GetAttr(main, "patches"));
  EXPECT_TRUE(config.max_autotune);
  EXPECT_TRUE(config.triton_cudagraphs);
  EXPECT_TRUE(config.coordinate_descent_tuning);
  EXPECT_EQ(config.cpp_threads, 3);
  config = Read(vm_.GetAttr(main, "patches2"));
  EXPECT_EQ(config.cpp_threads, 2);
  EXPECT_TRUE(config.freezing);
  EXPECT_FALSE(config.max_autotune);
}

TEST_F(InductorConfigTest, AWrongTypeIsATypeErrorNamingTheOption) {
  // ReadInductorConfig's failure: false, and the exception it left.
  auto failure = [this]() -> std::string {
    InductorConfig config;
    if (ReadInductorConfig(vm_, script::Value::None(), &config)) return "(no error)";
    std::string text = vm_.FormatException(vm_.exception());
    vm_.ClearException();
    return text;
  };
  Run("import torch._inductor.config as c\n"
      "c.cpp.threads = 'four'\n");
  EXPECT_THAT(failure(), HasSubstr("TypeError: torch._inductor.config.cpp.threads must be an int, "
                                   "not str"));
  Run("import torch._inductor.config as c\n"
      "c.cpp.threads = 2.5\n");
  EXPECT_THAT(failure(), HasSubstr("cpp.threads must be an int, not float"));
  // trace.debug_dir is not type-checked (PyTorch compiles with options=
  // {"trace.debug_dir": 3}): not a str reads as None.
  Run("import torch._inductor.config as c\n"
      "c.cpp.threads = -1\n"
      "c.trace.debug_dir = 5\n");
  EXPECT_EQ(failure(), "(no error)");
  Run("import torch._inductor.config as c\n"
      "c.trace.debug_dir = None\n"
      "c.cpp.simdlen = 'wide'\n");
  EXPECT_THAT(failure(), HasSubstr("cpp.simdlen must be an int or None, not str"));
}

TEST_F(InductorConfigTest, TheInductorFactoryReceivesTheCallsPatches) {
  script::Value seen = script::Value::None();
  int made = 0;
  RegisterConfiguredBackend("inductor", [&](const script::Value& patches) {
    seen = patches;
    ++made;
    return FindBackend("eager");
  });
  EXPECT_EQ(Run("f = torch.compile(lambda x: x + 1, options={'cpp.threads': 5, "
                "'max-autotune': True})\n"
                "print(f(torch.ones(2)))\n"),
            "tensor([2., 2.])\n");
  RegisterBackend("inductor", [] { return FindBackend("eager"); });
  EXPECT_EQ(made, 1);
  const InductorConfig config = Read(seen);
  EXPECT_EQ(config.cpp_threads, 5);
  EXPECT_TRUE(config.max_autotune);
}

}  // namespace
}  // namespace tc::compiler::testing
