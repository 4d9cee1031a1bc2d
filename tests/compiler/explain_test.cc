// tc-explain's recorder: grouping graphs under the user function that
// started them (resume functions included), counts and break reasons,
// the --function filter, IR and guards on request, recompiles, the empty
// report, recording only while alive; and RunModuleCompiled's scopes.
#include "tc/compiler/explain.h"

#include <memory>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tc/script/compiler.h"

#include "compiler_test_util.h"

namespace tc::compiler::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(RootFunctionNameTest, ResumeFunctionsCountForTheFunctionTheyContinue) {
  EXPECT_EQ(RootFunctionName("toy_example"), "toy_example");
  EXPECT_EQ(RootFunctionName("torch_dynamo_resume_in_toy_example_at_10"), "toy_example");
  // The last _at_ separates the line: a function named with _at_ survives.
  EXPECT_EQ(RootFunctionName("torch_dynamo_resume_in_look_at_me_at_7"), "look_at_me");
  EXPECT_EQ(RootFunctionName("torch_dynamo_resume_in_f"), "f");
  EXPECT_EQ(RootFunctionName("my_torch_dynamo_resume_in_f_at_3"),
            "my_torch_dynamo_resume_in_f_at_3");
}

constexpr const char* kToy = R"(import torch
def toy_example(a, b):
    x = a / (torch.abs(a) + 1)
    print("woo")
    if b.sum() < 0:
        b = b * -1
    return x * b
def other(x):
    return x.cos()
print(toy_example(torch.arange(10.0) - 5, -torch.ones(10)).sum())
print(other(torch.zeros(2)))
)";

class ExplainTest : public ::testing::Test {
 protected:
  // Runs `source` with its functions compiled; what it printed.
  std::string RunCompiled(const std::string& source,
                          CompileScope scope = CompileScope::kFunctionsAndMethods) {
    auto code = script::CompileSource(source, "/some/dir/prog.py");
    EXPECT_TRUE(code.ok()) << code.status();
    std::string out;
    vm_.SetOutput(&out);
    script::Value m = RunModuleCompiled(vm_, *code, "__main__", scope);
    vm_.SetOutput(nullptr);
    EXPECT_FALSE(m.is_null()) << vm_.FormatException(vm_.TakeException());
    return out;
  }
  script::VM vm_;
};

TEST_F(ExplainTest, ToyExampleIsThreeGraphsOfOneFunction) {
  ExplainRecorder recorder(vm_);
  std::string out = RunCompiled(kToy);
  EXPECT_EQ(out, "woo\ntensor(-0.8333)\ntensor([1., 1.])\n");
  EXPECT_EQ(recorder.num_graphs(), 4);  // toy_example's 3, other's 1
  std::string report = recorder.Report({});
  EXPECT_THAT(report, HasSubstr("Function toy_example (prog.py:2)\n"
                                "  Graph Count: 3\n"
                                "  Graph Break Count: 2\n"
                                "  Op Count: 6\n"
                                "  Break Reasons:\n"
                                "    Break Reason 1:\n"
                                "      Reason: Failed to trace builtin operator"));
  EXPECT_THAT(report, HasSubstr("        prog.py:4 in toy_example\n          print(\"woo\")\n"));
  EXPECT_THAT(report, HasSubstr("      Reason: generic_jump TensorVariable()\n"));
  EXPECT_THAT(report, HasSubstr("        prog.py:5 in torch_dynamo_resume_in_toy_example_at_4\n"));
  EXPECT_THAT(report,
              HasSubstr("    Ops 1 (toy_example): torch.abs, operator.add, operator.truediv\n"));
  // other() follows, after a blank line, with its method call listed apart.
  EXPECT_THAT(report, HasSubstr("\n\nFunction other (prog.py:8)\n  Graph Count: 1\n"
                                "  Graph Break Count: 0\n  Op Count: 0\n"));
  EXPECT_THAT(report, HasSubstr("    Ops 1 (other): -; methods: cos\n"));
  EXPECT_THAT(report, Not(HasSubstr("Graph 1 (")));
  EXPECT_THAT(report, Not(HasSubstr("Guards of")));
  EXPECT_LT(report.find("Function toy_example"), report.find("Function other"));
}

TEST_F(ExplainTest, FunctionFilterGraphsAndGuards) {
  ExplainRecorder recorder(vm_);
  RunCompiled(kToy);
  ExplainOptions only_other;
  only_other.function = "other";
  only_other.graphs = true;
  only_other.guards = true;
  std::string report = recorder.Report(only_other);
  EXPECT_THAT(report, Not(HasSubstr("toy_example")));
  EXPECT_THAT(report,
              HasSubstr("  Graph 1 (other), inputs L['x']:\n    graph(%L_x_0: float32[2]) {\n"));
  EXPECT_THAT(report, HasSubstr("      %0: float32[2] = cos(%L_x_0)\n"));
  EXPECT_THAT(report, HasSubstr("  Guards of graph 1 (other):\n"));
  EXPECT_THAT(report, HasSubstr("L['x']: TENSOR_MATCH dtype=float32 size=[2]"));
  ExplainOptions nope;
  nope.function = "nope";
  EXPECT_EQ(recorder.Report(nope), "No graph was compiled for function 'nope'.\n");
}

TEST_F(ExplainTest, EmptyReportSaysWhy) {
  ExplainRecorder recorder(vm_);
  RunCompiled("x = 1 + 2\ndef f(a):\n    return a + 1\nprint(f(x))\n");
  EXPECT_EQ(recorder.num_graphs(), 0);
  EXPECT_THAT(recorder.Report({}), HasSubstr("No graphs were compiled"));
}

TEST_F(ExplainTest, RecompilesAreListed) {
  ExplainRecorder recorder(vm_);
  RunCompiled(R"(import torch
def f(x):
    return x + 1
f(torch.ones(2))
f(torch.ones(2, dtype=torch.float64))
)");
  EXPECT_EQ(recorder.num_graphs(), 2);
  std::string report = recorder.Report({});
  // Two graphs of one function; PyTorch's explain counts graphs - 1 breaks
  // whatever made the second graph.
  EXPECT_THAT(report, HasSubstr("  Graph Count: 2\n"));
  EXPECT_THAT(report, HasSubstr("\n\nRecompiles:\n  'f' (/some/dir/prog.py:2): 0/0: tensor 'x' "
                                "dtype mismatch. expected Float, actual Double\n"));
}

TEST_F(ExplainTest, RecordsOnlyWhileAlive) {
  {
    ExplainRecorder before(vm_);
    RunCompiled("import torch\ndef f(x):\n    return x.sin()\nf(torch.ones(2))\n");
    EXPECT_EQ(before.num_graphs(), 1);
  }
  ExplainRecorder after(vm_);
  EXPECT_EQ(after.num_graphs(), 0);
  RunCompiled("import torch\ndef g(x):\n    return x.cos()\ng(torch.ones(3))\n");
  EXPECT_EQ(after.num_graphs(), 1);
  EXPECT_THAT(after.Report({}), Not(HasSubstr("Function f ")));
}

constexpr const char* kScopes = R"(import torch
class M:
    def __init__(self):
        self.w = torch.ones(2)
    def forward(self, x):
        return x * self.w
def top(x):
    return x.exp()
m = M()
print(m.forward(top(torch.zeros(2))))
)";

TEST_F(ExplainTest, ScopeTopLevelLeavesMethodsAlone) {
  ExplainRecorder recorder(vm_);
  EXPECT_EQ(RunCompiled(kScopes, CompileScope::kTopLevelFunctions), "tensor([1., 1.])\n");
  std::string report = recorder.Report({});
  EXPECT_THAT(report, HasSubstr("Function top "));
  EXPECT_THAT(report, Not(HasSubstr("Function forward")));
  EXPECT_THAT(report, Not(HasSubstr("__init__")));
}

TEST_F(ExplainTest, ScopeFunctionsAndMethodsSkipsDunders) {
  ExplainRecorder recorder(vm_);
  EXPECT_EQ(RunCompiled(kScopes, CompileScope::kFunctionsAndMethods), "tensor([1., 1.])\n");
  std::string report = recorder.Report({});
  EXPECT_THAT(report, HasSubstr("Function top "));
  EXPECT_THAT(report, HasSubstr("Function forward "));
  EXPECT_THAT(report, Not(HasSubstr("__init__")));
}

}  // namespace
}  // namespace tc::compiler::testing
