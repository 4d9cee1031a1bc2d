// The recompile texts, checked against what torch 2.15 logs
// (TORCH_LOGS=recompiles / recompiles_verbose, RecompileError).
#include "tc/runtime_cache/messages.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace tc::runtime_cache {
namespace {

const CodeInfo kF = {"f", "/tmp/guardref/rec1.py", 5};

TEST(CompileIdTest, PrintsFrameSlashCompile) {
  EXPECT_EQ((CompileId{0, 1}).ToString(), "0/1");
  EXPECT_EQ((CompileId{12, 0}).ToString(), "12/0");
}

TEST(MessagesTest, RecompileMessage) {
  const std::vector<std::string> reasons = {
      RecompileReason({0, 1}, "tensor 'x' size mismatch at index 0. expected 2, actual 3"),
      RecompileReason({0, 0}, "tensor 'x' size mismatch at index 0. expected 1, actual 3")};
  EXPECT_EQ(RecompileMessage({"f", "/tmp/guardref/rec2.py", 3}, reasons),
            "Recompiling function f in /tmp/guardref/rec2.py:3\n"
            "    triggered by the following guard failure(s):\n"
            "    - 0/1: tensor 'x' size mismatch at index 0. expected 2, actual 3\n"
            "    - 0/0: tensor 'x' size mismatch at index 0. expected 1, actual 3");
}

TEST(MessagesTest, EveryLineOfAReasonGetsADash) {
  const std::string failure =
      "n == 2                                                   # return torch.abs(x) * n + "
      "len(ys) + c  # mp/guardref/rec1.py:12 in f\nUser stack trace:\n  File "
      "\"/tmp/guardref/rec1.py\", line 12, in f\n    return torch.abs(x) * n + len(ys) + c";
  const std::vector<std::string> reasons = {RecompileReason({0, 0}, failure)};
  EXPECT_EQ(RecompileMessage(kF, reasons),
            "Recompiling function f in /tmp/guardref/rec1.py:5\n"
            "    triggered by the following guard failure(s):\n"
            "    - 0/0: n == 2                                                   # return "
            "torch.abs(x) * n + len(ys) + c  # mp/guardref/rec1.py:12 in f\n"
            "    - User stack trace:\n"
            "    -   File \"/tmp/guardref/rec1.py\", line 12, in f\n"
            "    -     return torch.abs(x) * n + len(ys) + c");
}

TEST(MessagesTest, VerboseMessageHasOneBlockPerEntry) {
  const guards::GuardFailure z = {
      "z is None                                                # if z is None:  # "
      "mp/guardref/rec1.py:4 in f",
      "  File \"/tmp/guardref/rec1.py\", line 4, in f\n    if z is None:"};
  const guards::GuardFailure n = {"n == 3", ""};
  const guards::GuardFailure s = {"s == 'hi'", ""};
  const std::vector<guards::GuardFailure> first = {z};
  const std::vector<guards::GuardFailure> second = {n, s};
  const std::vector<std::string> reasons = {RecompileVerboseReason({0, 4}, first),
                                            RecompileVerboseReason({0, 1}, second)};
  EXPECT_EQ(RecompileVerboseMessage({"f", "/tmp/guardref/rec1.py", 3}, reasons),
            "Recompiling function f in /tmp/guardref/rec1.py:3\n"
            "    triggered by the following guard failure(s):\n"
            "    guard 0 failures:\n"
            "    - 0/4: z is None                                                # if z is None:  "
            "# mp/guardref/rec1.py:4 in f\n"
            "    - User stack trace:\n"
            "    -   File \"/tmp/guardref/rec1.py\", line 4, in f\n"
            "    -     if z is None:\n"
            "\n"
            "    guard 1 failures:\n"
            "    - 0/1: n == 3; s == 'hi'");
}

TEST(MessagesTest, RecompileLimitWarning) {
  EXPECT_EQ(RecompileLimitWarning({"f", "/tmp/guardref/rec2.py", 3}, "recompile_limit", 8,
                                  "0/7: tensor 'x' size mismatch at index 0. expected 8, actual 9"),
            "torch._dynamo hit config.recompile_limit (8)\n"
            "   function: 'f' (/tmp/guardref/rec2.py:3)\n"
            "   last reason: 0/7: tensor 'x' size mismatch at index 0. expected 8, actual 9\n"
            "To log all recompilation reasons, use TORCH_LOGS=\"recompiles\".\n"
            "To diagnose recompilation issues, see "
            "https://docs.pytorch.org/docs/main/user_guide/torch_compiler/compile/"
            "programming_model.recompilation.html");
}

}  // namespace
}  // namespace tc::runtime_cache
