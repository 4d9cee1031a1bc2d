// The reference evaluator on hand-written programs: reduction results read
// by later nodes (row kernels), index values, aliases, the reductions the
// lowering never emits (any, all), and clear errors for bad inputs and
// malformed programs.
#include <string>
#include <vector>

#include "tc/kernels/eager.h"

#include "lower_eval_util.h"

namespace tc::codegen_cpu::testing {
namespace {

Buffer Buf(std::string name, Buffer::Role role, DType dtype, std::vector<int64_t> sizes,
           int input_index = -1) {
  Buffer b;
  b.name = std::move(name);
  b.role = role;
  b.dtype = dtype;
  b.sizes = ConstSyms(sizes);
  b.strides = ConstSyms(tensor::ContiguousStrides(sizes));
  b.input_index = input_index;
  return b;
}

// softmax over rows of a [3, 5] input in one row kernel: max, sum of exp,
// then the output reading both as ReductionResults.
Program SoftmaxProgram() {
  Program p;
  p.buffers.push_back(Buf("in0", Buffer::Role::kInput, DType::kFloat32, {3, 5}, 0));
  p.buffers.push_back(Buf("buf0", Buffer::Role::kIntermediate, DType::kFloat32, {3}));
  p.buffers.push_back(Buf("buf1", Buffer::Role::kIntermediate, DType::kFloat32, {3}));
  p.buffers.push_back(Buf("out0", Buffer::Role::kOutput, DType::kFloat32, {3, 5}));
  Sym i0 = Sym::Var("i0", 3), r0 = Sym::Var("r0", 5), i1 = Sym::Var("i1", 5);
  const DType f = DType::kFloat32;
  std::vector<Sym> rows = {Sym::Const(3)}, cols = {Sym::Const(5)};
  p.nodes.push_back({1, Reduction{rows, cols, {i0}, ReduceOp::kMax, MakeLoad(0, {i0, r0}, f), f}});
  ExprPtr shifted =
      MakeOp("sub", {MakeLoad(0, {i0, r0}, f), MakeReductionResult(0, f)}, f, {tensor::Scalar(1)});
  p.nodes.push_back(
      {2, Reduction{rows, cols, {i0}, ReduceOp::kSum, MakeOp("exp", {shifted}, f), f}});
  ExprPtr e = MakeOp("exp",
                     {MakeOp("sub", {MakeLoad(0, {i0, i1}, f), MakeReductionResult(0, f)}, f,
                             {tensor::Scalar(1)})},
                     f);
  p.nodes.push_back({3, Pointwise{{Sym::Const(3), Sym::Const(5)},
                                  {i0, i1},
                                  MakeOp("div", {e, MakeReductionResult(1, f)}, f,
                                         {graph_ir::Constant(graph_ir::None{})})}});
  p.graph_outputs = {3};
  return p;
}

TEST(EvalTest, ReductionResultsFeedLaterNodesOfTheRow) {
  Program p = SoftmaxProgram();
  Tensor x = MakeInput(TensorMeta::Contiguous(DType::kFloat32, Shape{3, 5}), 4, false);
  auto got = EvaluateList(p, {x});
  ASSERT_TRUE(got.ok()) << got.status();
  // Eager: exp(x - amax) / sum(exp(x - amax)), op by op.
  using graph_ir::Constant;
  auto m = kernels::Call1("amax", {x, Constant(Shape{1}), Constant(Scalar(true))});
  auto d = kernels::Call1("sub", {x, *m});
  auto e = kernels::Call1("exp", {*d});
  auto s = kernels::Call1("sum", {*e, Constant(Shape{1}), Constant(Scalar(true))});
  auto want = kernels::Call1("div", {*e, *s});
  ASSERT_TRUE(want.ok());
  EXPECT_EQ(Differences(*want, (*got)[0]), "");
  // Feed it a wrong answer: the check must see it.
  Tensor wrong = want->clone();
  SetElement(wrong, 7, 0.5);
  EXPECT_NE(Differences(wrong, (*got)[0]), "");
}

TEST(EvalTest, IndexValuesAnyAllAndAliases) {
  Program p;
  p.buffers.push_back(Buf("in0", Buffer::Role::kInput, DType::kInt32, {2, 3}, 0));
  p.buffers.push_back(Buf("out0", Buffer::Role::kOutput, DType::kFloat64, {2, 3}));
  p.buffers.push_back(Buf("out1", Buffer::Role::kOutput, DType::kBool, {2}));
  p.buffers.push_back(Buf("out2", Buffer::Role::kOutput, DType::kBool, {2}));
  Buffer alias = Buf("out3", Buffer::Role::kAlias, DType::kFloat64, {3});
  alias.strides = {Sym::Const(3)};
  alias.sizes = {Sym::Const(2)};
  alias.offset = Sym::Const(1);  // out0[:, 1]
  alias.alias_of = 1;
  p.buffers.push_back(alias);
  Sym i0 = Sym::Var("i0", 2), i1 = Sym::Var("i1", 3), r0 = Sym::Var("r0", 3);
  // out0[i0, i1] = 10 * i0 - i1 as float64
  p.nodes.push_back({1, Pointwise{{Sym::Const(2), Sym::Const(3)},
                                  {i0, i1},
                                  MakeIndexValue(Sym::Const(10) * i0 - i1, DType::kFloat64)}});
  ExprPtr row = MakeLoad(0, {i0, r0}, DType::kInt32);
  p.nodes.push_back(
      {2, Reduction{{Sym::Const(2)}, {Sym::Const(3)}, {i0}, ReduceOp::kAny, row, DType::kBool}});
  p.nodes.push_back(
      {3, Reduction{{Sym::Const(2)}, {Sym::Const(3)}, {i0}, ReduceOp::kAll, row, DType::kBool}});
  p.graph_outputs = {1, 2, 3, 4};
  Tensor x = Tensor::Zeros(Shape{2, 3}, DType::kInt32);
  SetElement(x, 1, 5);  // row 0: one non-zero
  for (int k = 3; k < 6; ++k) SetElement(x, k, -k);
  auto got = EvaluateList(p, {x});
  ASSERT_TRUE(got.ok()) << got.status();
  EXPECT_EQ((*got)[0].ElementAsDouble(5), 8);  // 10 * 1 - 2
  EXPECT_EQ((*got)[1].ElementAsDouble(0), 1);  // any
  EXPECT_EQ((*got)[1].ElementAsDouble(1), 1);
  EXPECT_EQ((*got)[2].ElementAsDouble(0), 0);  // all
  EXPECT_EQ((*got)[2].ElementAsDouble(1), 1);
  EXPECT_EQ((*got)[3].ElementAsDouble(1), 9);  // out0[1, 1]
  EXPECT_EQ((*got)[3].storage(), (*got)[0].storage());
}

TEST(EvalTest, BadInputsAreInvalidArgument) {
  Program p = SoftmaxProgram();
  Tensor ok = Tensor::Zeros(Shape{3, 5}, DType::kFloat32);
  EXPECT_TRUE(EvaluateList(p, {ok}).ok());
  auto none = EvaluateList(p, {});
  EXPECT_EQ(none.status().code(), absl::StatusCode::kInvalidArgument) << none.status();
  auto two = EvaluateList(p, {ok, ok});
  EXPECT_EQ(two.status().code(), absl::StatusCode::kInvalidArgument) << two.status();
  auto dtype = EvaluateList(p, {Tensor::Zeros(Shape{3, 5}, DType::kFloat64)});
  EXPECT_EQ(dtype.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(dtype.status().message().find("float64[3, 5]"), std::string::npos) << dtype.status();
  auto shape = EvaluateList(p, {Tensor::Zeros(Shape{5, 3}, DType::kFloat32)});
  EXPECT_EQ(shape.status().code(), absl::StatusCode::kInvalidArgument);
  // Any strides of the right sizes read correctly.
  Tensor t = MakeInput(TensorMeta{DType::kFloat32, {3, 5}, {1, 3}, {}}, 2, false);
  auto strided = EvaluateList(p, {t});
  auto dense = EvaluateList(p, {t.contiguous()});
  ASSERT_TRUE(strided.ok() && dense.ok());
  EXPECT_EQ(Differences((*dense)[0], (*strided)[0]), "");
}

TEST(EvalTest, MalformedProgramsAreInvalidArgument) {
  Tensor x = Tensor::Zeros(Shape{3, 5}, DType::kFloat32);
  {
    Program p = SoftmaxProgram();
    std::get<Pointwise>(p.nodes[2].body).store = {Sym::Var("i0", 3) + Sym::Const(1),
                                                  Sym::Var("i1", 5)};
    auto r = EvaluateList(p, {x});
    EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(r.status().message().find("outside [0, 3)"), std::string::npos) << r.status();
  }
  {
    Program p = SoftmaxProgram();
    std::get<Reduction>(p.nodes[0].body).value = MakeLoad(0, {Sym::Var("i0", 3)}, DType::kFloat32);
    EXPECT_EQ(EvaluateList(p, {x}).status().code(), absl::StatusCode::kInvalidArgument);
  }
  {
    Program p = SoftmaxProgram();
    std::get<Reduction>(p.nodes[0].body).value =
        MakeOp("no_such_op", {MakeLoad(0, {Sym::Var("i0", 3), Sym::Var("r0", 5)}, DType::kFloat32)},
               DType::kFloat32);
    EXPECT_EQ(EvaluateList(p, {x}).status().code(), absl::StatusCode::kInvalidArgument);
  }
  {
    Program p = SoftmaxProgram();  // an op typed wrongly
    std::get<Reduction>(p.nodes[1].body).value =
        MakeOp("exp", {MakeLoad(0, {Sym::Var("i0", 3), Sym::Var("r0", 5)}, DType::kFloat32)},
               DType::kFloat64);
    auto r = EvaluateList(p, {x});
    EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(r.status().message().find("float64"), std::string::npos) << r.status();
  }
  {
    Program p = SoftmaxProgram();  // a result read before it is computed
    std::get<Reduction>(p.nodes[0].body).value = MakeReductionResult(1, DType::kFloat32);
    EXPECT_EQ(EvaluateList(p, {x}).status().code(), absl::StatusCode::kInvalidArgument);
  }
  {
    Program p = SoftmaxProgram();
    std::get<Pointwise>(p.nodes[2].body).store = {Sym::Var("j", 3), Sym::Var("i1", 5)};
    EXPECT_EQ(EvaluateList(p, {x}).status().code(), absl::StatusCode::kInvalidArgument);
  }
  {
    Program p = SoftmaxProgram();
    p.nodes[2].buffer = 17;
    EXPECT_EQ(EvaluateList(p, {x}).status().code(), absl::StatusCode::kInvalidArgument);
  }
}

}  // namespace
}  // namespace tc::codegen_cpu::testing
