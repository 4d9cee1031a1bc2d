// torch.nn.init where CPython + PyTorch cannot be the golden: orthogonal_,
// whose LAPACK QR tc does not reproduce bit for bit, stops with
// NotImplementedError naming the script line that called it (after
// PyTorch's own argument checks), and draws nothing before it stops.
#include <string>

#include "gtest/gtest.h"

#include "tc/script_torch/modules.h"

#include "vm_test_util.h"

namespace tc::script_torch {

namespace {

using script::RunResult;
using script::RunSource;

const bool kRegistered = (RegisterModules(), true);

// The last line of a traceback: "Type: message".
std::string LastLine(const std::string& s) {
  std::string t = s;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  size_t nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

TEST(NnInit, OrthogonalIsUnsupportedAtTheCallersLine) {
  RunResult r = RunSource(
      "import torch\nimport torch.nn as nn\nw = torch.empty(3, 5)\n\nnn.init.orthogonal_(w)\n",
      "prog.py");
  EXPECT_EQ(LastLine(r.error),
            "NotImplementedError: torch.nn.init.orthogonal_ is not supported by tc (prog.py:5)");
  r = RunSource(
      "from torch.nn.init import orthogonal_\nimport torch\n"
      "orthogonal_(torch.empty(2, 2, 2), gain=2.0)\n",
      "other.py");
  EXPECT_EQ(LastLine(r.error),
            "NotImplementedError: torch.nn.init.orthogonal_ is not supported by tc (other.py:3)");
}

TEST(NnInit, OrthogonalChecksAndEmptyTensorsAsPyTorch) {
  RunResult r = RunSource(
      "import torch\nfrom torch.nn import init\n"
      "t = torch.empty(0, 4)\nprint(init.orthogonal_(t) is t)\n"
      "try:\n    init.orthogonal_(torch.empty(3))\nexcept ValueError as e:\n    print(e)\n"
      "try:\n    init.orthogonal_([[1.0]])\nexcept TypeError as e:\n    print('TypeError')\n");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.out, "True\nOnly tensors with 2 or more dimensions are supported\nTypeError\n");
}

TEST(NnInit, OrthogonalDrawsNothingBeforeItStops) {
  RunResult r = RunSource(
      "import torch\nfrom torch.nn import init\ntorch.manual_seed(0)\na = torch.rand(2).tolist()\n"
      "torch.manual_seed(0)\ntry:\n    init.orthogonal_(torch.empty(4, 4))\n"
      "except NotImplementedError:\n    pass\nprint(torch.rand(2).tolist() == a)\n");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.out, "True\n");
}

}  // namespace

}  // namespace tc::script_torch
