// The backend registry: built-in names, lookup of unknown names (from C++
// and from torch.compile), backends registered from C++ and script-defined
// backend callables, and what a script backend's compiled callable may
// return.
#include "tc/compiler/backends.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compiler_test_util.h"

namespace tc::compiler::testing {
namespace {

using frame_capture::Backend;
using frame_capture::CapturedGraph;
using frame_capture::CompiledGraph;
using ::testing::HasSubstr;

// A C++ backend that counts its compiles and the inputs it was given, and
// runs graphs on the kernels interpreter (as "eager" does).
struct Counts {
  int compiles = 0;
  int runs = 0;
  std::vector<size_t> example_inputs;
};

class CountingBackend : public Backend {
 public:
  explicit CountingBackend(Counts* counts) : counts_(counts) {}
  bool Compile(script::VM&, const std::shared_ptr<const CapturedGraph>& graph,
               std::span<const tensor::Tensor> example_inputs, CompiledGraph* out) override {
    ++counts_->compiles;
    counts_->example_inputs.push_back(example_inputs.size());
    auto interpreter = std::make_shared<kernels::Interpreter>(graph->graph);
    Counts* counts = counts_;
    *out = [graph, interpreter, counts](script::VM& vm, std::span<const tensor::Tensor> inputs,
                                        std::vector<tensor::Tensor>* outputs) {
      ++counts->runs;
      return RunOnInterpreter(vm, *interpreter, inputs, outputs);
    };
    return true;
  }

 private:
  Counts* counts_;
};

TEST(BackendRegistryTest, BuiltinBackendsAreListedSorted) {
  std::vector<std::string> names = BackendNames();
  for (const char* want : {"aot_eager", "eager", "inductor"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), want), names.end()) << want;
  }
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
}

TEST(BackendRegistryTest, LookupIsExactAndMakesOneBackendPerCall) {
  std::shared_ptr<Backend> a = FindBackend("eager");
  std::shared_ptr<Backend> b = FindBackend("eager");
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_NE(a, b);  // the factory runs per lookup: no state shared between compiles
  EXPECT_EQ(FindBackend("no_such_backend"), nullptr);
  EXPECT_EQ(FindBackend("Eager"), nullptr);
  EXPECT_EQ(FindBackend(""), nullptr);
  EXPECT_EQ(FindBackend("eager "), nullptr);
}

TEST(BackendRegistryTest, RegisteringAgainReplaces) {
  Counts first, second;
  RegisterBackend("test_replaced", [&] { return std::make_shared<CountingBackend>(&first); });
  RegisterBackend("test_replaced", [&] { return std::make_shared<CountingBackend>(&second); });
  std::shared_ptr<Backend> b = FindBackend("test_replaced");
  ASSERT_NE(b, nullptr);
  std::vector<std::string> names = BackendNames();
  EXPECT_EQ(std::count(names.begin(), names.end(), "test_replaced"), 1);
  CompiledGraph compiled;
  auto graph = std::make_shared<CapturedGraph>();
  script::VM vm;
  ASSERT_TRUE(b->Compile(vm, graph, {}, &compiled));
  EXPECT_EQ(first.compiles, 0);
  EXPECT_EQ(second.compiles, 1);
}

class BackendScriptTest : public CompilerTest {};

TEST_F(BackendScriptTest, CppBackendIsFoundByNameAndCachedPerShape) {
  Counts counts;
  RegisterBackend("test_counting", [&] { return std::make_shared<CountingBackend>(&counts); });
  std::string out = Run(R"(
def f(x, y):
    return torch.sin(x) * y + 1
g = torch.compile(f, backend="test_counting")
a, b = torch.arange(4.0), torch.full((4,), 2.0)
print(torch.equal(g(a, b), f(a, b)))
print(torch.equal(g(b, a), f(b, a)))
print(torch.equal(g(torch.ones(5), torch.ones(5)), f(torch.ones(5), torch.ones(5))))
print("test_counting" in torch._dynamo.list_backends())
)");
  EXPECT_EQ(out, "True\nTrue\nTrue\nTrue\n");
  EXPECT_EQ(counts.compiles, 2);  // [4] once (a cache hit for the second call), then [5]
  EXPECT_EQ(counts.runs, 3);
  EXPECT_EQ(counts.example_inputs, (std::vector<size_t>{2, 2}));
}

TEST_F(BackendScriptTest, UnknownBackendNameIsInvalidBackend) {
  std::string err = RunError(R"(
torch.compile(lambda x: x + 1, backend="no_such_backend")
)");
  EXPECT_THAT(err, HasSubstr("InvalidBackend: Invalid backend: 'no_such_backend'. See "
                             "`torch._dynamo.list_backends()` for available backends."));
  std::string out = Run(R"(
try:
    torch.compile(lambda x: x, backend="nope")
except torch._dynamo.exc.InvalidBackend as e:
    print(type(e).__name__)
)");
  EXPECT_EQ(out, "InvalidBackend\n");
}

TEST_F(BackendScriptTest, BackendOfAnotherTypeIsTypeError) {
  std::string err = RunError("torch.compile(lambda x: x, backend=3)\n");
  EXPECT_THAT(err, HasSubstr("TypeError: torch.compile: backend must be a str or a callable, "
                             "not int"));
}

TEST_F(BackendScriptTest, ScriptBackendGetsGraphModuleAndExampleInputs) {
  std::string out = Run(R"(
seen = []
def my_backend(gm, example_inputs):
    seen.append([n.op for n in gm.graph.nodes])
    seen.append([tuple(t.shape) for t in example_inputs])
    return gm.forward
def f(x):
    return torch.relu(x) * 2
g = torch.compile(f, backend=my_backend)
x = torch.tensor([-1.0, 0.5, 3.0])
print(g(x))
print(g(x))
print(seen)
)");
  EXPECT_EQ(out,
            "tensor([0., 1., 6.])\ntensor([0., 1., 6.])\n"
            "[['placeholder', 'call_function', 'call_function', 'output'], [(3,)]]\n");
}

TEST_F(BackendScriptTest, ScriptBackendCompiledCallableMayWrapTheGraph) {
  std::string out = Run(R"(
calls = []
def my_backend(gm, example_inputs):
    def run(*args):
        calls.append(len(args))
        return gm(*args)
    return run
g = torch.compile(lambda a, b: a + b, backend=my_backend)
print(g(torch.ones(2), torch.ones(2)), calls)
)");
  EXPECT_EQ(out, "tensor([2., 2.]) [2]\n");
}

TEST_F(BackendScriptTest, CompiledCallableReturningTheWrongCountIsRuntimeError) {
  std::string err = RunError(R"(
def my_backend(gm, example_inputs):
    return lambda *args: (args[0], args[0])
torch.compile(lambda x: x * 2, backend=my_backend)(torch.ones(2))
)");
  EXPECT_THAT(err, HasSubstr("RuntimeError: the compiled graph returned 2 values, expected 1"));
}

TEST_F(BackendScriptTest, CompiledCallableReturningANonTensorIsTypeError) {
  std::string err = RunError(R"(
def my_backend(gm, example_inputs):
    return lambda *args: [7]
torch.compile(lambda x: x * 2, backend=my_backend)(torch.ones(2))
)");
  EXPECT_THAT(err, HasSubstr("TypeError: the compiled graph returned a int where a tensor was "
                             "expected"));
}

TEST_F(BackendScriptTest, ErrorRaisedByTheBackendReachesTheCaller) {
  std::string err = RunError(R"(
def my_backend(gm, example_inputs):
    raise ValueError("backend refused")
torch.compile(lambda x: x * 2, backend=my_backend)(torch.ones(2))
)");
  EXPECT_THAT(err, HasSubstr("backend refused"));
}

}  // namespace
}  // namespace tc::compiler::testing
