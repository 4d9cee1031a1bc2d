// Graph handles (the object a script backend's GraphModule wraps): what
// GraphOfHandle accepts, running a handle and the eager backend's run on
// good and bad inputs, and a handle reaching script code.
#include <memory>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tc/compiler/backends.h"
#include "tc/graph_ir/text_format.h"
#include "tc/script/native.h"
#include "tc/script_torch/tensor_value.h"

#include "compiler_test_util.h"

namespace tc::compiler::testing {
namespace {

using frame_capture::CapturedGraph;
using script::Value;
using tensor::Tensor;
using ::testing::HasSubstr;

std::shared_ptr<const CapturedGraph> Captured(const char* text) {
  auto g = graph_ir::ParseGraph(text);
  EXPECT_TRUE(g.ok()) << g.status();
  auto captured = std::make_shared<CapturedGraph>();
  captured->graph = *std::move(g);
  captured->function_name = "f";
  return captured;
}

constexpr const char* kAbsPlusOne = R"(graph(%a: float32[3]) {
  %0: float32[3] = abs(%a)
  %1: float32[3] = add(%0, 1, alpha=1)
  return (%1)
})";

Tensor Vec3(float a, float b, float c) {
  Tensor t = Tensor::Empty(tensor::Shape{3}, tensor::DType::kFloat32);
  t.data<float>()[0] = a;
  t.data<float>()[1] = b;
  t.data<float>()[2] = c;
  return t;
}

std::vector<float> Floats(const Tensor& t) {
  return std::vector<float>(t.data<float>(), t.data<float>() + t.numel());
}

TEST(GraphHandleTest, HandleKeepsItsGraph) {
  auto graph = Captured(kAbsPlusOne);
  Value handle = NewGraphHandle(graph);
  EXPECT_EQ(GraphOfHandle(handle), graph);
  EXPECT_EQ(GraphOfHandle(NewGraphHandle(graph)), graph);
  EXPECT_NE(NewGraphHandle(graph).as_object(), handle.as_object());  // a new object per call
}

TEST(GraphHandleTest, OtherValuesAreNoHandles) {
  EXPECT_EQ(GraphOfHandle(Value::None()), nullptr);
  EXPECT_EQ(GraphOfHandle(Value::Int(3)), nullptr);
  EXPECT_EQ(GraphOfHandle(script::NewStr("graph")), nullptr);
  EXPECT_EQ(GraphOfHandle(script_torch::NewTensorValue(Vec3(1, 2, 3))), nullptr);
}

TEST(GraphHandleTest, RunHandleRunsTheGraphEachCall) {
  script::VM vm;
  Value handle = NewGraphHandle(Captured(kAbsPlusOne));
  std::vector<Tensor> outs;
  std::vector<Tensor> in{Vec3(-2, 0, 3)};
  ASSERT_TRUE(RunHandle(vm, handle, in, &outs));
  ASSERT_EQ(outs.size(), 1u);
  EXPECT_EQ(Floats(outs[0]), (std::vector<float>{3, 1, 4}));
  // A second run with other data: the planned interpreter is reused, not
  // its first answer.
  in[0] = Vec3(5, -6, 0.5f);
  ASSERT_TRUE(RunHandle(vm, handle, in, &outs));
  EXPECT_EQ(Floats(outs[0]), (std::vector<float>{6, 7, 1.5f}));
}

TEST(GraphHandleTest, BadInputsRaiseRuntimeError) {
  script::VM vm;
  Value handle = NewGraphHandle(Captured(kAbsPlusOne));
  std::vector<Tensor> outs;
  std::vector<Tensor> wrong_shape{Tensor::Empty(tensor::Shape{4}, tensor::DType::kFloat32)};
  EXPECT_FALSE(RunHandle(vm, handle, wrong_shape, &outs));
  Value exc = vm.TakeException();
  ASSERT_FALSE(exc.is_null());
  EXPECT_TRUE(script::IsInstance(exc, script::Types().runtime_error));
  EXPECT_THAT(vm.FormatException(exc), HasSubstr("input 0 ('a'): expected float32[3]"));
  EXPECT_FALSE(RunHandle(vm, handle, {}, &outs));
  EXPECT_THAT(vm.FormatException(vm.TakeException()), HasSubstr("graph expects 1 inputs, got 0"));
}

TEST(GraphHandleTest, RunOnInterpreterReportsKernelErrors) {
  script::VM vm;
  // div with rounding_mode on bool operands fails in the kernel, not in the
  // metadata check of the inputs.
  auto graph = Captured(R"(graph(%a: int64[2], %b: int64[2]) {
  %0: int64[2] = div(%a, %b, rounding_mode='floor')
  return (%0)
})");
  kernels::Interpreter interpreter(graph->graph);
  Tensor a = Tensor::Empty(tensor::Shape{2}, tensor::DType::kInt64);
  Tensor b = Tensor::Empty(tensor::Shape{2}, tensor::DType::kInt64);
  a.data<int64_t>()[0] = 7, a.data<int64_t>()[1] = -7;
  b.data<int64_t>()[0] = 2, b.data<int64_t>()[1] = 2;
  std::vector<Tensor> outs;
  std::vector<Tensor> in{a, b};
  ASSERT_TRUE(RunOnInterpreter(vm, interpreter, in, &outs));
  EXPECT_EQ(outs[0].data<int64_t>()[0], 3);
  EXPECT_EQ(outs[0].data<int64_t>()[1], -4);
  b.data<int64_t>()[1] = 0;
  EXPECT_FALSE(RunOnInterpreter(vm, interpreter, in, &outs));
  EXPECT_THAT(vm.FormatException(vm.TakeException()), HasSubstr("ZeroDivisionError"));
}

class GraphHandleScriptTest : public CompilerTest {};

TEST_F(GraphHandleScriptTest, GraphModulePrintsAndRunsItsHandle) {
  std::string out = Run(R"(
kept = []
def my_backend(gm, example_inputs):
    kept.append(gm)
    return gm.forward
def f(x):
    return torch.abs(x) + 1
g = torch.compile(f, backend=my_backend)
g(torch.tensor([-2.0, 0.0, 3.0]))
gm = kept[0]
print(gm(torch.tensor([5.0, -6.0, 0.5])))
text = str(gm)
print("abs(" in text, "add(" in text, text == gm.print_readable(print_output=False))
print([n.op if n.op != 'call_function' else n.target.__name__ for n in gm.graph.nodes])
)");
  EXPECT_EQ(out,
            "(tensor([6.0000, 7.0000, 1.5000]),)\nTrue True True\n"
            "['placeholder', 'abs', 'add', 'output']\n");
}

}  // namespace
}  // namespace tc::compiler::testing
