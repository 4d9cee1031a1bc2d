// The op-tracer seam (op_tracer.h): with a tracer installed every op the
// torch module runs (creation and random ops included) goes to it, results
// are meta tensors, in-place writes reach WriteInPlace, data reads raise
// MetaDataAccessError; with it removed the same script computes values.
// Also meta tensors without a tracer (torch.empty(..., device='meta')).
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "tc/kernels/eager.h"
#include "tc/script/native.h"
#include "tc/script/vm.h"
#include "tc/script_torch/modules.h"
#include "tc/script_torch/op_tracer.h"

#include "vm_test_util.h"

namespace tc::script_torch {

namespace {

using script::BinaryOp;
using script::CompileSource;
using script::IsInstance;
using script::RunResult;
using script::RunSource;
using script::Types;
using script::Value;
using script::VM;

const bool kRegistered = (RegisterModules(), true);

// Records every op and write; computes outputs with kernels::CallMeta, as a
// tracer producing fake tensors would.
class RecordingTracer final : public OpTracer {
 public:
  absl::StatusOr<std::vector<tensor::Tensor>> RunOp(
      const graph_ir::OpDef& op, std::span<const kernels::KernelArg> args) override {
    ops.push_back(op.name);
    if (args.size() != op.args.size()) incomplete_calls.push_back(op.name);
    for (const kernels::KernelArg& a : args) {
      if (const auto* t = std::get_if<tensor::Tensor>(&a); t != nullptr && !t->is_meta()) {
        real_inputs.push_back(op.name);
      }
    }
    return kernels::CallMeta(op, args);
  }

  absl::Status WriteInPlace(const tensor::Tensor& self, const tensor::Tensor& value) override {
    writes.push_back(tensor::ShapeToString(self.sizes()) + "<-" +
                     tensor::ShapeToString(value.sizes()));
    if (!self.is_meta() || !value.is_meta()) real_inputs.push_back("WriteInPlace");
    return write_status;
  }

  std::vector<std::string> ops;
  std::vector<std::string> writes;
  std::vector<std::string> real_inputs;       // ops given a tensor with data
  std::vector<std::string> incomplete_calls;  // ops given fewer args than the schema
  absl::Status write_status;
};

// Installs a tracer for one scope.
class ScopedTracer {
 public:
  explicit ScopedTracer(OpTracer* t) : previous_(SetOpTracer(t)) {}
  ~ScopedTracer() { SetOpTracer(previous_); }

 private:
  OpTracer* previous_;
};

// Runs `source`; the uncaught exception, if any, in `*exc`.
RunResult RunCatching(VM& vm, const std::string& source, Value* exc) {
  RunResult r;
  auto code = CompileSource(source, "t.py");
  EXPECT_TRUE(code.ok()) << code.status();
  if (!code.ok()) return r;
  vm.SetOutput(&r.out);
  Value m = vm.RunModule(*code, "__main__");
  vm.SetOutput(nullptr);
  if (m.is_null()) {
    *exc = vm.TakeException();
    r.error = vm.FormatException(*exc);
  }
  return r;
}

constexpr char kModel[] = R"PY(import torch
torch.manual_seed(0)
x = torch.ones(2, 3)
y = torch.arange(12.0).reshape(3, 4)
r = torch.randn(2, 4)
z = x @ y
w = (z * 2 + 1).relu().sum(1)
x.add_(1)
x[0] = 5.0
print(z.shape, r.shape, x.is_meta, w.dtype)
print(w)
print(x)
)PY";

TEST(OpTracerTest, SeesEveryOpAndReturnsMetaResults) {
  VM vm;
  RecordingTracer tracer;
  RunResult r;
  {
    ScopedTracer scope(&tracer);
    EXPECT_EQ(CurrentOpTracer(), &tracer);
    r = RunSource(vm, kModel);
  }
  EXPECT_EQ(CurrentOpTracer(), nullptr);
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.out, R"(torch.Size([2, 4]) torch.Size([2, 4]) True torch.float32
tensor(..., device='meta', size=(2,))
tensor(..., device='meta', size=(2, 3))
)");
  // ones -> full; x.add_ -> add; x[0] = 5.0 -> the 0-dim value (full),
  // broadcast to the row (expand).
  EXPECT_EQ(tracer.ops,
            (std::vector<std::string>{"full", "arange", "reshape", "randn", "matmul", "mul", "add",
                                      "relu", "sum", "add", "full", "expand"}));
  EXPECT_EQ(tracer.writes, (std::vector<std::string>{"[2, 3]<-[2, 3]", "[3]<-[3]"}));
  EXPECT_TRUE(tracer.real_inputs.empty()) << tracer.real_inputs[0];
  EXPECT_TRUE(tracer.incomplete_calls.empty()) << tracer.incomplete_calls[0];
}

TEST(OpTracerTest, WithoutTracerTheScriptComputesValues) {
  VM vm;
  RecordingTracer tracer;
  {
    ScopedTracer scope(&tracer);
    RunSource(vm, kModel);
  }
  size_t seen = tracer.ops.size();
  RunResult r = RunSource(vm, kModel);
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.out, R"(torch.Size([2, 4]) torch.Size([2, 4]) False torch.float32
tensor([136., 136.])
tensor([[5., 5., 5.],
        [2., 2., 2.]])
)");
  EXPECT_EQ(tracer.ops.size(), seen);
}

TEST(OpTracerTest, DataReadsRaiseMetaDataAccessError) {
  struct Case {
    const char* line;
    const char* message;
  };
  // float(s), [1, 2][s.long()] and '%d' % s belong here too, but the VM
  // replaces the error __float__ / __index__ raise with a TypeError.
  const Case cases[] = {
      {"s.item()", "Tensor.item() cannot be called on meta tensors"},
      {"bool(s)", "Tensor.item() cannot be called on meta tensors"},
      {"if s > 0:\n    pass", "Tensor.item() cannot be called on meta tensors"},
      {"int(s)", "Tensor.item() cannot be called on meta tensors"},
      {"torch.zeros(s.long())", "Tensor.item() cannot be called on meta tensors"},
      {"torch.full((2,), s)", "Tensor.item() cannot be called on meta tensors"},
      {"v.view(s.long(), -1)", "Tensor.item() cannot be called on meta tensors"},
      {"v[s.long()]", "Tensor.item() cannot be called on meta tensors"},
      {"v[v > 0]",
       "The register_meta function for torch.nonzero() raises unimplemented by "
       "default, as a correct data-independent implementation does not exist."},
      {"v[torch.arange(2)]",
       "Indexing with a meta tensor as index needs its values: meta tensors have no data"},
      {"v.tolist()", "Cannot copy out of meta tensor; no data!"},
      {"torch.tensor([s, s])", "Tensor.item() cannot be called on meta tensors"},
      {"v.allclose(v)", "Tensor.item() cannot be called on meta tensors"},
      {"v.equal(v)",
       "aten::equal: attempted to run this operator with Meta tensors, but there was no fake "
       "impl or Meta kernel registered."},
  };
  for (const Case& c : cases) {
    VM vm;
    RecordingTracer tracer;
    ScopedTracer scope(&tracer);
    Value exc;
    std::string source =
        std::string("import torch\nv = torch.ones(4)\ns = v.sum()\n") + c.line + "\n";
    RunResult r = RunCatching(vm, source, &exc);
    ASSERT_FALSE(exc.is_null()) << c.line;
    EXPECT_TRUE(IsInstance(exc, MetaDataAccessErrorType())) << c.line << ": " << r.error;
    EXPECT_TRUE(IsInstance(exc, Types().runtime_error)) << c.line;
    EXPECT_NE(r.error.find(std::string("RuntimeError: ") + c.message), std::string::npos)
        << c.line << ": " << r.error;
  }
}

TEST(OpTracerTest, ScriptsCatchItAsRuntimeError) {
  VM vm;
  RecordingTracer tracer;
  ScopedTracer scope(&tracer);
  RunResult r = RunSource(vm, R"PY(import torch
x = torch.ones(3)
try:
    x.sum().item()
except RuntimeError as e:
    print(type(e).__name__, e)
print(x.shape, repr(x), x.device)
)PY");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.out, R"(RuntimeError Tensor.item() cannot be called on meta tensors
torch.Size([3]) tensor(..., device='meta', size=(3,)) meta
)");
}

TEST(OpTracerTest, TracerErrorsReachTheScript) {
  VM vm;
  RecordingTracer tracer;
  tracer.write_status = absl::UnimplementedError("in-place write into a view of a traced tensor");
  ScopedTracer scope(&tracer);
  RunResult r = RunSource(vm, R"PY(import torch
x = torch.ones(3)
try:
    x[1:] = 2.0
except RuntimeError as e:
    print(e)
try:
    x + torch.ones(4)
except RuntimeError as e:
    print(e)
)PY");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.out, R"(in-place write into a view of a traced tensor
The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0
)");
  // x[1:] is written through a view over x's own storage: the tracer can
  // tell a partial write from a whole one.
  EXPECT_EQ(tracer.writes, (std::vector<std::string>{"[2]<-[2]"}));
}

TEST(OpTracerTest, CopiesAndConversionsAreOps) {
  VM vm;
  RecordingTracer tracer;
  ScopedTracer scope(&tracer);
  RunResult r = RunSource(vm, R"PY(import torch
x = torch.zeros(2, 3)
a = x.clone()
b = x.t().contiguous()
c = x.double()
d = x.to(torch.int32)
e = torch.zeros_like(x)
f = x.new_ones(2)
g = list(x)
h = 1 - x
x.fill_(3)
x.zero_()
x.copy_(a)
print(a.is_meta, b.is_meta, c.dtype, d.dtype, e.is_meta, f.is_meta, len(g), h.is_meta)
)PY");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.out, "True True torch.float64 torch.int32 True True 2 True\n");
  EXPECT_EQ(tracer.ops, (std::vector<std::string>{"full",                  // zeros
                                                  "clone",                 // clone
                                                  "t", "clone",            // t().contiguous()
                                                  "to_dtype", "to_dtype",  // double(), to(int32)
                                                  "full", "full",          // zeros_like, new_ones
                                                  "slice", "squeeze",      // list(x): row 0
                                                  "slice", "squeeze",      // row 1
                                                  "full", "sub",           // 1 - x
                                                  "full", "expand",        // fill_(3)
                                                  "full", "expand"}));     // zero_()
  EXPECT_EQ(tracer.writes.size(), 3u);
  EXPECT_TRUE(tracer.real_inputs.empty()) << tracer.real_inputs[0];
}

TEST(MetaTensorScriptTest, EagerMetaTensorsWithoutTracer) {
  ASSERT_EQ(CurrentOpTracer(), nullptr);
  VM vm;
  Value exc;
  RunResult r = RunCatching(vm, R"PY(import torch
x = torch.empty(2, 3, device='meta')
y = (x + 1).sum(0)
print(y, y.is_meta, x.to('meta') is x, torch.ones(2).to('meta'))
y.sum().item()
)PY",
                            &exc);
  EXPECT_EQ(r.out,
            "tensor(..., device='meta', size=(3,)) True True "
            "tensor(..., device='meta', size=(2,))\n");
  ASSERT_FALSE(exc.is_null());
  EXPECT_TRUE(IsInstance(exc, MetaDataAccessErrorType())) << r.error;
  EXPECT_NE(r.error.find("RuntimeError: Tensor.item() cannot be called on meta tensors"),
            std::string::npos)
      << r.error;
  // The element count is checked first, as in torch: not a data access.
  Value exc2;
  RunResult r2 = RunCatching(vm, "import torch\ntorch.ones(3, device='meta').item()\n", &exc2);
  ASSERT_FALSE(exc2.is_null());
  EXPECT_FALSE(IsInstance(exc2, MetaDataAccessErrorType()));
  EXPECT_NE(r2.error.find("RuntimeError: a Tensor with 3 elements cannot be converted to Scalar"),
            std::string::npos)
      << r2.error;
}

}  // namespace
}  // namespace tc::script_torch
