// frame-capture on libs/guards and libs/runtime-cache: which calls hit and
// which recompile, the reasons in PyTorch 2.15's words, error_on_recompile,
// the recompile limit and its warning, MRU order and run-only mode. Scripts
// drive Dynamo through an `fc` module: fc.run(fn, *args) calls fn under a
// compile context whose backend interprets the graph and counts graphs.
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"

#include "tc/frame_capture/dynamo.h"

#include "fc_harness.h"
#include "vm_test_util.h"

namespace tc::frame_capture {
namespace {

using script::Value;

class GuardsIntegrationTest : public fc_test::FcTest {
 protected:
  void SetUp() override {
    FcTest::SetUp();
    unsetenv("TORCH_LOGS");
  }
  void TearDown() override { unsetenv("TORCH_LOGS"); }
  // The reasons Dynamo::recompiles() recorded, in order.
  std::vector<std::string> Reasons() {
    std::vector<std::string> out;
    for (const auto& [fn, reason] : Dynamo::For(vm_).recompiles()) out.push_back(reason);
    return out;
  }
};

constexpr char kF[] = R"(
def f(x, n):
    return x * n + 1
)";

TEST_F(GuardsIntegrationTest, HitsDoNotRecompile) {
  Run(std::string(kF) + R"(
for _ in range(5):
    fc.run(f, torch.ones(3), 2)
print(fc.graphs())
)");
  EXPECT_EQ(counts_.graphs, 1);
  EXPECT_TRUE(Reasons().empty());
}

TEST_F(GuardsIntegrationTest, TensorMismatchReasons) {
  std::string out = Run(std::string(kF) + R"(
fc.run(f, torch.ones(3), 2)
print(fc.run(f, torch.ones(4), 2))
fc.run(f, torch.ones(3, dtype=torch.float64), 2)
fc.run(f, torch.ones(3, requires_grad=True), 2)
fc.run(f, torch.ones(3, 1), 2)
)");
  EXPECT_EQ(out, "tensor([3., 3., 3., 3.])\n");
  EXPECT_EQ(counts_.graphs, 5);
  const std::vector<std::string> reasons = Reasons();
  ASSERT_EQ(reasons.size(), 4u);
  EXPECT_EQ(reasons[0], "0/0: tensor 'x' size mismatch at index 0. expected 3, actual 4");
  // The newest entry's failure; the tensor's checks go dtype,
  // requires_grad, rank, sizes.
  EXPECT_EQ(reasons[1], "0/1: tensor 'x' dtype mismatch. expected Float, actual Double");
  EXPECT_EQ(reasons[2], "0/2: tensor 'x' dtype mismatch. expected Double, actual Float");
  EXPECT_EQ(reasons[3], "0/3: tensor 'x' requires_grad mismatch. expected requires_grad=1");
  ASSERT_EQ(Dynamo::For(vm_).recompiles()[0].first, "'f' (t.py:4)");
}

TEST_F(GuardsIntegrationTest, RequiresGradAndRankReasons) {
  Run(std::string(kF) + R"(
fc.run(f, torch.ones(3), 2)
fc.run(f, torch.ones(3, requires_grad=True), 2)
fc.reset()
fc.run(f, torch.ones(3), 2)
fc.run(f, torch.ones(3, 1), 2)
)");
  ASSERT_EQ(Reasons().size(), 1u);  // reset() forgets recompiles too
  EXPECT_EQ(Reasons()[0], "0/0: tensor 'x' rank mismatch. expected 1, actual 2");
}

TEST_F(GuardsIntegrationTest, RequiresGradReason) {
  Run(std::string(kF) + R"(
fc.run(f, torch.ones(3), 2)
fc.run(f, torch.ones(3, requires_grad=True), 2)
)");
  ASSERT_EQ(Reasons().size(), 1u);
  EXPECT_EQ(Reasons()[0], "0/0: tensor 'x' requires_grad mismatch. expected requires_grad=0");
}

TEST_F(GuardsIntegrationTest, ConstantReason) {
  std::string out = Run(std::string(kF) + R"(
fc.run(f, torch.ones(3), 2)
print(fc.run(f, torch.ones(3), 3))
print(fc.run(f, torch.ones(3), 2))
)");
  EXPECT_EQ(out, "tensor([4., 4., 4.])\ntensor([3., 3., 3.])\n");
  EXPECT_EQ(counts_.graphs, 2);
  ASSERT_EQ(Reasons().size(), 1u);
  EXPECT_EQ(Reasons()[0], "0/0: n == 2");
}

TEST_F(GuardsIntegrationTest, GradModeIsGlobalState) {
  std::string out = Run(R"(
def g(x):
    return x * 2
x = torch.ones(2, requires_grad=True)
print(fc.run(g, x).requires_grad, fc.graphs())
with torch.no_grad():
    print(fc.run(g, x).requires_grad, fc.graphs())
print(fc.run(g, x).requires_grad, fc.graphs())
with torch.no_grad():
    print(fc.run(g, x).requires_grad, fc.graphs())
)");
  EXPECT_EQ(out, "True 1\nFalse 2\nTrue 2\nFalse 2\n");
  ASSERT_EQ(Reasons().size(), 1u);
  EXPECT_EQ(Reasons()[0], "0/0: GLOBAL_STATE changed: grad_mode ");
}

TEST_F(GuardsIntegrationTest, SequenceLengthReason) {
  std::string out = Run(R"(
def h(xs):
    return xs[0] + 1
print(fc.run(h, [torch.ones(2), torch.ones(2)]))
print(fc.run(h, [torch.ones(2), torch.ones(2)]))
print(fc.run(h, [torch.ones(2)]))
)");
  EXPECT_EQ(out, "tensor([2., 2.])\ntensor([2., 2.])\ntensor([2., 2.])\n");
  EXPECT_EQ(counts_.graphs, 2);
  ASSERT_EQ(Reasons().size(), 1u);
  EXPECT_EQ(Reasons()[0], "0/0: len(xs) == 2");
}

TEST_F(GuardsIntegrationTest, ErrorOnRecompileListsEveryEntryMostRecentlyUsedFirst) {
  std::string out = Run(std::string(kF) + R"(
fc.run(f, torch.ones(3), 2)
fc.run(f, torch.ones(4), 2)
fc.run(f, torch.ones(3), 2)
fc.config("error_on_recompile", True)
try:
    fc.run(f, torch.ones(5), 2)
except RuntimeError as e:
    print(type(e).__name__)
    print(str(e))
fc.config("error_on_recompile", False)
print(fc.run(f, torch.ones(5), 2), fc.graphs())
)");
  // The size-3 entry hit last, so it is tried (and listed) first.
  EXPECT_EQ(out,
            "RecompileError\n"
            "Recompiling function f in t.py:4\n"
            "    triggered by the following guard failure(s):\n"
            "    - 0/0: tensor 'x' size mismatch at index 0. expected 3, actual 5\n"
            "    - 0/1: tensor 'x' size mismatch at index 0. expected 4, actual 5\n"
            "tensor([3., 3., 3., 3., 3.]) 3\n");
}

TEST_F(GuardsIntegrationTest, RecompileLimitFallsBackToEagerSilently) {
  constexpr char kBody[] = R"(
def f(x):
    return x + 1
for i in range(1, 11):
    print(i, f(torch.ones(i)).sum().item() == fc.run(f, torch.ones(i)).sum().item(), fc.graphs())
print(fc.run(f, torch.ones(3)).sum(), fc.graphs())
print(fc.run(f, torch.ones(12)).sum(), fc.graphs())
)";
  testing::internal::CaptureStderr();
  std::string out = Run(kBody);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(out,
            "1 True 1\n2 True 2\n3 True 3\n4 True 4\n5 True 5\n6 True 6\n7 True 7\n8 True 8\n"
            "9 True 8\n10 True 8\ntensor(6.) 8\ntensor(24.) 8\n");
  // PyTorch logs the warning; the goldens run with TORCH_LOGS=-dynamo.
  EXPECT_EQ(err, "");
}

TEST_F(GuardsIntegrationTest, RecompileLimitWarningWhenLogged) {
  constexpr char kBody[] = R"(
def f(x):
    return x + 1
fc.config("recompile_limit", 2)
for i in range(1, 6):
    fc.run(f, torch.ones(i))
print(fc.graphs())
)";
  for (const char* logs : {"-dynamo", "+dynamo", "recompiles", "guards,-recompiles"}) {
    setenv("TORCH_LOGS", logs, 1);
    testing::internal::CaptureStderr();
    EXPECT_EQ(Run(std::string(kBody) + "fc.reset()\n"), "2\n");
    const std::string err = testing::internal::GetCapturedStderr();
    const bool on = std::string(logs) == "+dynamo" || std::string(logs) == "recompiles";
    const std::string warning =
        "torch._dynamo hit config.recompile_limit (2)\n"
        "   function: 'f' (t.py:4)\n"
        "   last reason: 0/1: tensor 'x' size mismatch at index 0. expected 2, actual 3\n";
    EXPECT_EQ(err.find(warning) != std::string::npos, on) << logs << ":\n" << err;
    // Printed once per code, not on every later miss.
    if (on) {
      EXPECT_EQ(err.find(warning), err.rfind(warning)) << logs;
    }
  }
}

TEST_F(GuardsIntegrationTest, RunOnlyModeNeverCompiles) {
  std::string out = Run(std::string(kF) + R"(
print(fc.run_only(f, torch.ones(3), 2), fc.graphs())
fc.run(f, torch.ones(3), 2)
print(fc.run_only(f, torch.ones(3), 2), fc.graphs())
print(fc.run_only(f, torch.ones(4), 2), fc.graphs())
print(fc.run(f, torch.ones(4), 2), fc.graphs())
)");
  EXPECT_EQ(out,
            "tensor([3., 3., 3.]) 0\ntensor([3., 3., 3.]) 1\ntensor([3., 3., 3., 3.]) 1\n"
            "tensor([3., 3., 3., 3.]) 2\n");
  // Run-only misses are no recompiles.
  ASSERT_EQ(Reasons().size(), 1u);
}

TEST_F(GuardsIntegrationTest, ResetRestartsFrameIds) {
  Run(std::string(kF) + R"(
def g(x):
    return x - 1
fc.run(g, torch.ones(2))
fc.run(f, torch.ones(3), 2)
fc.run(f, torch.ones(4), 2)
fc.reset()
fc.run(f, torch.ones(3), 2)
fc.run(f, torch.ones(4), 2)
)");
  const std::vector<std::string> reasons = Reasons();
  ASSERT_EQ(reasons.size(), 1u);  // reset() forgot the first one
  EXPECT_EQ(reasons[0], "0/0: tensor 'x' size mismatch at index 0. expected 3, actual 4");
}

TEST_F(GuardsIntegrationTest, SecondFrameGetsTheNextFrameId) {
  Run(std::string(kF) + R"(
def g(x):
    return x - 1
fc.run(g, torch.ones(2))
fc.run(f, torch.ones(3), 2)
fc.run(f, torch.ones(4), 2)
)");
  ASSERT_EQ(Reasons().size(), 1u);
  EXPECT_EQ(Reasons()[0], "1/0: tensor 'x' size mismatch at index 0. expected 3, actual 4");
}

}  // namespace
}  // namespace tc::frame_capture
