// Ops on meta tensors: meta inference only, meta outputs with the dtype,
// sizes and strides of the CPU kernels, PyTorch's rules for mixing meta and
// cpu arguments (checked against torch 2.x), CallMeta and the interpreter.
#include <gtest/gtest.h>

#include "tc/graph_ir/graph.h"
#include "tc/kernels/interpreter.h"
#include "tc/tensor/cpu_generator.h"

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

using tensor::Device;

Tensor Meta(Shape sizes, DType dtype = DType::kFloat32) {
  return Tensor::Empty(sizes, dtype, Device::Meta());
}
Tensor Cpu(Shape sizes, DType dtype = DType::kFloat32) { return Tensor::Zeros(sizes, dtype); }

const graph_ir::OpDef& Op(const char* name) {
  const graph_ir::OpDef* op = graph_ir::FindOp(name);
  EXPECT_NE(op, nullptr) << name;
  return *op;
}

// One output of CallMeta, expected to succeed.
Tensor RunMeta(const char* op, std::vector<KernelArg> args, size_t i = 0) {
  auto r = CallMeta(Op(op), std::span<const KernelArg>(args));
  EXPECT_TRUE(r.ok()) << op << ": " << r.status();
  return r.ok() && r->size() > i ? (*r)[i] : Tensor();
}

void ExpectMeta(const Tensor& t, Shape sizes, Shape strides, DType dtype) {
  EXPECT_TRUE(t.is_meta());
  EXPECT_EQ(t.sizes(), sizes);
  EXPECT_EQ(t.strides(), strides);
  EXPECT_EQ(t.dtype(), dtype);
}

TEST(MetaKernelTest, PointwiseGivesMetaOfTheRightShapeAndDtype) {
  // torch.ones(2, device='meta') + 1
  ExpectMeta(Run1("add", {Meta({2}), Int(1)}), {2}, {1}, DType::kFloat32);
  ExpectMeta(Run1("add", {Meta({2, 1}, DType::kInt32), Meta({3}, DType::kInt64)}), {2, 3}, {3, 1},
             DType::kInt64);
  ExpectMeta(Run1("div", {Meta({4}, DType::kInt64), Int(2)}), {4}, {1}, DType::kFloat32);
  ExpectMeta(Run1("lt", {Meta({4}), Float(0.5)}), {4}, {1}, DType::kBool);
  // A permuted input gives an output permuted alike, as PyTorch's
  // TensorIterator lays it out (torch.empty(2,3,4).permute(2,0,1).exp()).
  Tensor p = Run1("permute", {Meta({2, 3, 4}), Ints({2, 0, 1})});
  ExpectMeta(Run1("exp", {p}), {4, 2, 3}, {1, 12, 4}, DType::kFloat32);
  // Errors are the meta function's, as on the CPU.
  auto bad = Call1("add", {Meta({2}), Meta({3})});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("must match the size"), std::string::npos);
  EXPECT_FALSE(Call1("neg", {Meta({2}, DType::kBool)}).ok());
}

TEST(MetaKernelTest, NothingIsAllocatedOrRead) {
  // 10^12 elements: only metadata.
  Tensor huge = Meta({1000000, 1000000});
  Tensor r = Run1("mul", {huge, huge});
  ExpectMeta(r, {1000000, 1000000}, {1000000, 1}, DType::kFloat32);
  EXPECT_EQ(r.storage()->data(), nullptr);
  // An integer division by zero is a kernel error on the CPU; meta never
  // sees values.
  EXPECT_TRUE(Call1("floor_divide", {Meta({3}, DType::kInt64), Int(0)}).ok());
}

TEST(MetaKernelTest, MixingWithCpuFollowsTorch) {
  auto message = [](absl::StatusOr<Tensor> r) {
    return r.ok() ? std::string("ok") : std::string(r.status().message());
  };
  EXPECT_EQ(message(Call1("add", {Meta({2}), Cpu({2})})),
            "Tensor on device cpu is not on the expected device meta!");
  EXPECT_EQ(message(Call1("add", {Cpu({2}), Meta({2})})),
            "Tensor on device meta is not on the expected device cpu!");
  EXPECT_EQ(message(Call1("add", {Meta({}), Cpu({2})})),
            "Tensor on device cpu is not on the expected device meta!");
  EXPECT_EQ(message(Call1("add", {Cpu({2}), Meta({})})),
            "Tensor on device meta is not on the expected device cpu!");
  // CPU 0-dim tensors are scalars and join a meta op.
  ExpectMeta(Run1("add", {Cpu({}), Meta({2})}), {2}, {1}, DType::kFloat32);
  ExpectMeta(Run1("add", {Meta({2}), Cpu({}, DType::kFloat64)}), {2}, {1}, DType::kFloat32);
  ExpectMeta(Run1("add", {Cpu({}), Meta({})}), {}, {}, DType::kFloat32);
  ExpectMeta(Run1("where", {Meta({2}, DType::kBool), Cpu({}), Cpu({})}), {2}, {1}, DType::kFloat32);
  EXPECT_EQ(message(Call1("where", {Cpu({}, DType::kBool), Cpu({2}), Meta({2})})),
            "Tensor on device meta is not on the expected device cpu!");
  EXPECT_EQ(message(Call1("cat", {std::vector<Tensor>{Meta({2}), Cpu({2})}})),
            "Tensor on device cpu is not on the expected device meta!");
  EXPECT_EQ(message(Call1("cat", {std::vector<Tensor>{Cpu({2}), Meta({2})}})),
            "Tensor on device meta is not on the expected device cpu!");
  // Other meta kernels check no device: a cpu index or matrix joins in.
  Tensor index = Tensor::Full(Shape{2}, Scalar(int64_t{1}), DType::kInt64);
  ExpectMeta(Run1("index_select", {Meta({3}), Int(0), index}), {2}, {1}, DType::kFloat32);
  ExpectMeta(Run1("mm", {Meta({2, 3}), Cpu({3, 2})}), {2, 2}, {2, 1}, DType::kFloat32);
  // No cuda next to meta.
  float data[2] = {};
  Tensor cuda(tensor::Storage::Borrow(data, sizeof(data), Device::CUDA(0)), DType::kFloat32,
              Shape{2}, Shape{1}, 0);
  EXPECT_EQ(message(Call1("add", {Meta({2}), cuda})),
            "Tensor on device cuda:0 is not on the expected device meta!");
  EXPECT_EQ(message(Call1("mm", {Meta({2, 2}), cuda.AsStrided(Shape{1, 2}, Shape{2, 1}, 0)})),
            "Tensor on device cuda:0 is not on the expected device meta!");
}

TEST(MetaKernelTest, ViewsShareTheMetaStorage) {
  Tensor t = Meta({2, 3, 4});
  Tensor p = Run1("permute", {t, Ints({2, 0, 1})});
  ExpectMeta(p, {4, 2, 3}, {1, 12, 4}, DType::kFloat32);
  EXPECT_EQ(p.storage(), t.storage());
  Tensor s = Run1("slice", {t, Int(1), Int(1), Int(3), Int(1)});
  ExpectMeta(s, {2, 2, 4}, {12, 4, 1}, DType::kFloat32);
  EXPECT_EQ(s.storage_offset(), 4);
  EXPECT_EQ(s.storage(), t.storage());
  Tensor v = Run1("view", {t, Ints({6, -1})});
  EXPECT_EQ(v.storage(), t.storage());
  // reshape copies when no view can express it: a new meta storage.
  Tensor r = Run1("reshape", {p, Ints({-1})});
  ExpectMeta(r, {24}, {1}, DType::kFloat32);
  EXPECT_NE(r.storage(), t.storage());
  Tensor e = Run1("expand", {Meta({3, 1}), Ints({2, -1, 4})});
  ExpectMeta(e, {2, 3, 4}, {0, 1, 0}, DType::kFloat32);
  EXPECT_FALSE(Call1("view", {p, Ints({24})}).ok());
}

TEST(MetaKernelTest, ReductionsMatmulAndComposites) {
  ExpectMeta(Run1("sum", {Meta({2, 3}), Ints({1})}), {2}, {1}, DType::kFloat32);
  ExpectMeta(Run1("sum", {Meta({2, 3}, DType::kInt32)}), {}, {}, DType::kInt64);
  ExpectMeta(Run1("mean", {Meta({2, 3}), Ints({0}), Constant(Scalar(true))}), {1, 3}, {3, 1},
             DType::kFloat32);
  ExpectMeta(Run1("argmax", {Meta({2, 3})}), {}, {}, DType::kInt64);
  auto max = Call(Op("max_dim"), {Meta({2, 3}), Int(1)});
  ASSERT_TRUE(max.ok()) << max.status();
  ExpectMeta((*max)[0], {2}, {1}, DType::kFloat32);
  ExpectMeta((*max)[1], {2}, {1}, DType::kInt64);
  ExpectMeta(Run1("matmul", {Meta({2, 3}), Meta({3, 4})}), {2, 4}, {4, 1}, DType::kFloat32);
  ExpectMeta(Run1("matmul", {Meta({5, 2, 3}), Meta({3, 4})}), {5, 2, 4}, {8, 4, 1},
             DType::kFloat32);
  EXPECT_FALSE(Call1("mm", {Meta({2, 3}), Meta({2, 3})}).ok());
  ExpectMeta(Run1("softmax", {Meta({2, 3}), Int(1)}), {2, 3}, {3, 1}, DType::kFloat32);
  ExpectMeta(Run1("linear", {Meta({5, 3}), Meta({4, 3}), Meta({4})}), {5, 4}, {4, 1},
             DType::kFloat32);
  ExpectMeta(Run1("transpose", {Meta({2, 3}), Int(0), Int(1)}), {3, 2}, {1, 3}, DType::kFloat32);
  // dropout draws a random mask inside its decomposition: meta as well.
  ExpectMeta(Run1("dropout", {Meta({4, 4}), Float(0.5), Constant(Scalar(true))}), {4, 4}, {4, 1},
             DType::kFloat32);
}

TEST(MetaKernelTest, CallMetaMakesMetaTensorsForCreationOps) {
  ExpectMeta(RunMeta("full", {Ints({2, 3}), Float(1.0)}), {2, 3}, {3, 1}, DType::kFloat32);
  ExpectMeta(RunMeta("full", {Ints({2}), Int(3)}), {2}, {1}, DType::kInt64);
  ExpectMeta(RunMeta("arange", {Int(0), Int(5)}), {5}, {1}, DType::kInt64);
  ExpectMeta(RunMeta("randn", {Ints({2, 3})}), {2, 3}, {3, 1}, DType::kFloat32);
  ExpectMeta(RunMeta("rand", {Ints({4}), Constant(DType::kFloat64)}), {4}, {1}, DType::kFloat64);
  ExpectMeta(RunMeta("linspace", {Float(0), Float(1), Int(5)}), {5}, {1}, DType::kFloat32);
  ExpectMeta(RunMeta("eye", {Int(3)}), {3, 3}, {3, 1}, DType::kFloat32);
  ExpectMeta(RunMeta("randint", {Int(0), Int(5), Ints({3})}), {3}, {1}, DType::kInt64);
  // Random ops on meta draw nothing: the generator does not move.
  Tensor a = Run1("rand", {Ints({4})});
  tensor::DefaultCpuGenerator().ManualSeed(7);
  Tensor b = Run1("rand", {Ints({4})});
  tensor::DefaultCpuGenerator().ManualSeed(7);
  RunMeta("rand", {Ints({4})});
  Tensor c = Run1("rand", {Ints({4})});
  EXPECT_EQ(Values(b), Values(c));
  (void)a;
  // Schema errors as in Call.
  EXPECT_FALSE(CallMeta(Op("full"), {Ints({2})}).ok());
  EXPECT_FALSE(CallMeta(Op("arange"), {Int(0), Int(5), Int(0)}).ok());
}

TEST(MetaKernelTest, CallMetaTakesAnyDevice) {
  // Cpu arguments count for their metadata; nothing mixes badly.
  Tensor cpu = Tensor::Full(Shape{2, 3}, Scalar(2.0), DType::kFloat32);
  ExpectMeta(RunMeta("add", {cpu, Meta({3})}), {2, 3}, {3, 1}, DType::kFloat32);
  ExpectMeta(RunMeta("exp", {cpu}), {2, 3}, {3, 1}, DType::kFloat32);
  // A view of a cpu tensor is a meta view laid out the same way.
  Tensor s = RunMeta("slice", {cpu, Int(1), Int(1)});
  ExpectMeta(s, {2, 2}, {3, 1}, DType::kFloat32);
  EXPECT_EQ(s.storage_offset(), 1);
  EXPECT_NE(s.storage(), cpu.storage());
  EXPECT_EQ(cpu.ElementAsDouble(0), 2.0);
  // Meta views still share their base.
  Tensor m = Meta({2, 3});
  EXPECT_EQ(RunMeta("permute", {m, Ints({1, 0})}).storage(), m.storage());
}

TEST(MetaKernelTest, InterpreterRunsMetaInputs) {
  graph_ir::Graph g;
  auto x = g.AddInput("x", graph_ir::TensorMeta::Contiguous(DType::kFloat32, Shape{4, 3}));
  auto w = g.AddInput("w", graph_ir::TensorMeta::Contiguous(DType::kFloat32, Shape{3, 2}));
  ASSERT_TRUE(x.ok() && w.ok());
  auto h = g.Apply("mm", {*x, *w});
  ASSERT_TRUE(h.ok()) << h.status();
  auto noise = g.Apply("randn", {Ints({4, 2})});
  ASSERT_TRUE(noise.ok()) << noise.status();
  auto y = g.Apply("add", {*h, *noise});
  ASSERT_TRUE(y.ok()) << y.status();
  auto s = g.Apply("sum", {*y, Ints({1})});
  ASSERT_TRUE(s.ok()) << s.status();
  g.SetOutputs({*s, *y});
  Interpreter interp(g);
  std::vector<Tensor> inputs{Meta({4, 3}), Meta({3, 2})};
  auto out = interp.Run(inputs);
  ASSERT_TRUE(out.ok()) << out.status();
  ExpectMeta((*out)[0], {4}, {1}, DType::kFloat32);
  ExpectMeta((*out)[1], {4, 2}, {2, 1}, DType::kFloat32);
  std::vector<Tensor> wrong{Meta({4, 3}), Meta({3, 3})};
  EXPECT_FALSE(interp.Run(wrong).ok());
}

}  // namespace
}  // namespace tc::kernels::testing
