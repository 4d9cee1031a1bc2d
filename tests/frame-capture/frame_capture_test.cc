// frame-capture end to end: scripts call `fc.run(fn, *args)`, which runs
// fn under a compile context whose backend interprets the graph on the
// kernels and counts what it was given.
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "tc/frame_capture/dynamo.h"

#include "fc_harness.h"
#include "vm_test_util.h"

namespace tc::frame_capture {
namespace {

using script::Value;

class FrameCaptureTest : public fc_test::FcTest {};

TEST_F(FrameCaptureTest, StraightLineIsOneGraph) {
  std::string out = Run(R"(
def f(a, b):
    return torch.sin(a) + torch.cos(b)
a = torch.arange(4.0)
b = torch.ones(4)
print(torch.equal(fc.run(f, a, b), f(a, b)))
)");
  EXPECT_EQ(out, "True\n");
  EXPECT_EQ(counts_.graphs, 1);
  EXPECT_EQ(counts_.function_calls, 3);  // sin, cos, add
  ASSERT_FALSE(counts_.reasons.empty());
  EXPECT_EQ(counts_.reasons[0], "return_value");
}

TEST_F(FrameCaptureTest, MethodsAreMethodCalls) {
  Run(R"(
def f(x):
    return x.sin().cos()
fc.run(f, torch.ones(3))
)");
  EXPECT_EQ(counts_.graphs, 1);
  EXPECT_EQ(counts_.function_calls, 0);
  EXPECT_EQ(counts_.method_calls, 2);
}

TEST_F(FrameCaptureTest, ToyExampleBreaksTwice) {
  std::string out = Run(R"(
def toy_example(a, b):
    x = a / (torch.abs(a) + 1)
    print("woo")
    if b.sum() < 0:
        b = b * -1
    return x * b
a = torch.arange(10.0)
b = -torch.ones(10)
print(torch.equal(fc.run(toy_example, a, b), toy_example(a, b)))
)");
  EXPECT_EQ(out, "woo\nwoo\nTrue\n");
  EXPECT_EQ(counts_.graphs, 3);
  EXPECT_EQ(counts_.function_calls, 6);  // abs add truediv | lt | mul mul
  ASSERT_EQ(counts_.reasons.size(), 3u);
  EXPECT_EQ(counts_.reasons[0], "Failed to trace builtin operator");
  EXPECT_EQ(counts_.reasons[1], "generic_jump TensorVariable()");
  EXPECT_EQ(counts_.reasons[2], "return_value");
}

TEST_F(FrameCaptureTest, CacheHitsAndShapeRecompiles) {
  std::string out = Run(R"(
def f(x, n):
    return x * n + 1
print(fc.run(f, torch.ones(3), 2))
print(fc.run(f, torch.ones(3), 2))
print(fc.run(f, torch.ones(4), 2))
print(fc.run(f, torch.ones(4), 3))
)");
  EXPECT_EQ(out,
            "tensor([3., 3., 3.])\ntensor([3., 3., 3.])\ntensor([3., 3., 3., 3.])\n"
            "tensor([4., 4., 4., 4.])\n");
  EXPECT_EQ(counts_.graphs, 3);
}

TEST_F(FrameCaptureTest, InlinedHelperAndModule) {
  std::string out = Run(R"(
import torch.nn as nn
def helper(x):
    return x.relu() * 2
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)
    def forward(self, x):
        return helper(self.fc(x))
torch.manual_seed(0)
m = M()
x = torch.randn(3, 4)
print(torch.equal(fc.run(m, x), m(x)))
)");
  EXPECT_EQ(out, "True\n");
  EXPECT_EQ(counts_.graphs, 1);
}

TEST_F(FrameCaptureTest, AllowInGraphIsOneCallRecord) {
  std::string out = Run(R"(
def custom(x):
    return x * 3 + 1
fc.allow(custom)
def f(a):
    return torch.add(custom(a), 1)
a = torch.arange(3.0)
print(torch.equal(fc.run(f, a), f(a)))
)");
  EXPECT_EQ(out, "True\n");
  EXPECT_EQ(counts_.graphs, 1);
  // The body's mul and add run in the graph; one record names the function.
  ASSERT_EQ(counts_.targets.size(), 2u);
  EXPECT_EQ(counts_.targets[0], "__main__.custom");
  EXPECT_EQ(counts_.targets[1], "torch.add");
  EXPECT_EQ(counts_.nodes, 3);
}

TEST_F(FrameCaptureTest, TorchFunctionTargetsAreTorchNames) {
  Run(R"(
def f(x):
    return torch.sin(torch.abs(x)) + abs(x)
fc.run(f, torch.ones(2))
)");
  EXPECT_EQ(counts_.targets,
            (std::vector<std::string>{"torch.abs", "torch.sin", "builtins.abs", "operator.add"}));
}

TEST_F(FrameCaptureTest, GraphInputsInOrderOfFirstUse) {
  // A frame local becomes an input when used; a global when loaded.
  Run(R"(
W = torch.ones(2)
def f(x):
    return torch.mul(x, W)
fc.run(f, torch.ones(2))
)");
  EXPECT_EQ(counts_.input_names, (std::vector<std::string>{"G['W']", "L['x']"}));
}

TEST_F(FrameCaptureTest, TensorAssertIsInTheGraph) {
  std::string out = Run(R"(
def f(x):
    assert x.sum() > 0
    return x + 1
print(fc.run(f, torch.ones(2)))
try:
    fc.run(f, -torch.ones(2))
except RuntimeError as e:
    print("RuntimeError", e)
)");
  EXPECT_EQ(out, "tensor([2., 2.])\nRuntimeError assertion error\n");
  EXPECT_EQ(counts_.graphs, 1);
  EXPECT_EQ(counts_.targets, (std::vector<std::string>{"sum", "operator.gt", "torch._assert_async",
                                                       "operator.add"}));
}

TEST_F(FrameCaptureTest, ResumeReadsTheCallsOwnLocals) {
  // b is first read after the print: the resume function must get this
  // call's b, not the traced call's.
  std::string out = Run(R"(
def f(a, b):
    x = a + 1
    print("p")
    if b.sum() < 0:
        b = b * -1
    return x * b
a = torch.arange(3.0)
b = torch.ones(3)
print(fc.run(f, a, b))
print(fc.run(f, a, b * 2))
print(fc.run(f, a, -b * 3))
)");
  EXPECT_EQ(out, "p\ntensor([1., 2., 3.])\np\ntensor([2., 4., 6.])\np\ntensor([3., 6., 9.])\n");
}

TEST_F(FrameCaptureTest, CompileTimesRowsInFirstStartOrder) {
  std::string out = Run(R"(
W = torch.ones(2)
def f(x):
    x = x + 1
    w = W
    print("p")
    return x * w
fc.run(f, torch.ones(2))
print(fc.time_rows())
)");
  EXPECT_EQ(out,
            "p\n_compile.compile_inner compile_attempt_0 bytecode_tracing get_fake_value "
            "create_proxy wrap_to_fake_tensor_and_record variable_builder_call compile_attempt_1 "
            "insert_deferred_runtime_asserts OutputGraph.call_user_compiler build_guards gc\n");
}

}  // namespace
}  // namespace tc::frame_capture
