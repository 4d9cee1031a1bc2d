// torch, torch.nn and torch.nn.functional end to end: small scripts run on
// the VM, their output compared with what real PyTorch 2.x printed for the
// same source (recorded from /work/venv/bin/python), plus tc's own error
// contract (NotImplementedError with the script location) and the native
// API.
#include <string>

#include "gtest/gtest.h"

#include "tc/script/native.h"
#include "tc/script/vm.h"
#include "tc/script_torch/modules.h"

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

struct Case {
  const char* name;
  const char* source;
  const char* expected;  // PyTorch's output
};

constexpr Case kCases[] = {
    {"creation",
     R"PY(import torch
print(torch.tensor([[1, 2], [3, 4]]), torch.tensor([1.5, 2]), torch.tensor([True, False]))
print(torch.tensor(3), torch.tensor([]), torch.zeros(2, 0).shape)
print(torch.zeros(2, dtype=torch.float64), torch.ones(2, 2, dtype=torch.int8), torch.full((2,), 1.5))
print(torch.arange(3), torch.arange(1, 2, 0.5), torch.linspace(0, 1, 3), torch.eye(2, 3))
print(torch.tensor([1, 2], dtype=torch.float16), torch.tensor([1, 2], dtype=torch.bfloat16))
x = torch.arange(6).reshape(2, 3)
print(x.shape, x.size(), x.size(-1), x.dim(), x.ndim, x.numel(), x.dtype, x.device, x.stride())
print(x.T, x.is_contiguous(), x.T.is_contiguous(), x.float().dtype, x.tolist(), x[1, 2].item())
print(torch.zeros_like(x), torch.ones_like(x, dtype=torch.float32), torch.full_like(x, 7))
print(torch.float32, torch.float, torch.double, torch.long, torch.int, torch.half, torch.bool)
print(torch.float32.is_floating_point, torch.int64.is_floating_point, torch.Size([2, 3]), torch.device("cpu"))
a, b = x.shape
print(a, b, x.shape == (2, 3), list(x.shape), x.shape[1:], len(x.shape))
print(torch.is_tensor(x), torch.numel(x), torch.get_default_dtype())
)PY",
     R"OUT(tensor([[1, 2],
        [3, 4]]) tensor([1.5000, 2.0000]) tensor([ True, False])
tensor(3) tensor([]) torch.Size([2, 0])
tensor([0., 0.], dtype=torch.float64) tensor([[1, 1],
        [1, 1]], dtype=torch.int8) tensor([1.5000, 1.5000])
tensor([0, 1, 2]) tensor([1.0000, 1.5000]) tensor([0.0000, 0.5000, 1.0000]) tensor([[1., 0., 0.],
        [0., 1., 0.]])
tensor([1., 2.], dtype=torch.float16) tensor([1., 2.], dtype=torch.bfloat16)
torch.Size([2, 3]) torch.Size([2, 3]) 3 2 2 6 torch.int64 cpu (3, 1)
tensor([[0, 3],
        [1, 4],
        [2, 5]]) True False torch.float32 [[0, 1, 2], [3, 4, 5]] 5
tensor([[0, 0, 0],
        [0, 0, 0]]) tensor([[1., 1., 1.],
        [1., 1., 1.]]) tensor([[7, 7, 7],
        [7, 7, 7]])
torch.float32 torch.float32 torch.float64 torch.int64 torch.int32 torch.float16 torch.bool
True False torch.Size([2, 3]) cpu
2 3 True [2, 3] torch.Size([3]) 2
True 6 torch.float32
)OUT"},
    {"arith",
     R"PY(import torch
i = torch.tensor([1, 2, 3])
f = torch.tensor([1.0, 2.0, 3.0])
print(i + 1, i + 1.5, i * True, i / 2, i // 2, i % 2, 2 ** i, i ** 2, -i, 10 - i, 1 / f)
print((i + f).dtype, (i.int() + 1).dtype, (i.int() + torch.tensor(1)).dtype, (f.double() * 2).dtype)
print(i == 2, i > 1, (i > 1) & (i < 3), (i > 1) | (i < 2), ~(i > 1), i.eq(2).any())
print(f @ f, torch.matmul(f.reshape(3, 1), f.reshape(1, 3)).shape, torch.mm(torch.eye(2), torch.ones(2, 2)))
x = torch.zeros(2, 3)
v = x[0]
v += 1
x[1, 1:] = 5
x.mul_(2)
print(x, v)
y = i.clone()
try:
    y += 1.5
except RuntimeError as e:
    print("RuntimeError:", e)
print(torch.clamp(f, 1.5, 2.5), f.clamp(min=2), torch.where(f > 1, f, 0.0), f.masked_fill(f > 2, 0))
)PY",
     R"OUT(tensor([2, 3, 4]) tensor([2.5000, 3.5000, 4.5000]) tensor([1, 2, 3]) tensor([0.5000, 1.0000, 1.5000]) tensor([0, 1, 1]) tensor([1, 0, 1]) tensor([2, 4, 8]) tensor([1, 4, 9]) tensor([-1, -2, -3]) tensor([9, 8, 7]) tensor([1.0000, 0.5000, 0.3333])
torch.float32 torch.int32 torch.int32 torch.float64
tensor([False,  True, False]) tensor([False,  True,  True]) tensor([False,  True, False]) tensor([True, True, True]) tensor([ True, False, False]) tensor(True)
tensor(14.) torch.Size([3, 3]) tensor([[1., 1.],
        [1., 1.]])
tensor([[ 2.,  2.,  2.],
        [ 0., 10., 10.]]) tensor([2., 2., 2.])
RuntimeError: result type Float can't be cast to the desired output type Long
tensor([1.5000, 2.0000, 2.5000]) tensor([2., 2., 3.]) tensor([0., 2., 3.]) tensor([1., 2., 0.])
)OUT"},
    {"reduce_index",
     R"PY(import torch
x = torch.arange(12.0).reshape(3, 4)
print(x.sum(), x.sum(0), x.sum(dim=(0, 1)), x.mean(1, keepdim=True), x.prod(1), x.amax(0), x.amin(1))
print(x.max(), x.min(dim=1), x.argmax(), x.argmin(1), x.var(0), x.std(), x.logsumexp(1))
v, idx = x.max(1)
print(v, idx, x.max(1).values, x.max(1).indices)
print(torch.softmax(x, 1), torch.log_softmax(x[0], 0), (x > 5).all(1), (x > 5).any())
print(x[1], x[:, 0], x[1:, ::2], x[..., -1], x[None, 0].shape, x[0, None].shape)
print(x[[0, 2]], x[torch.tensor([2, 0]), 1], x[x > 8], x[:, [1, 3]], x[[0, 1], [1, 2]])
y = x.clone()
y[y > 8] = -1
y[0] = torch.tensor([9.0, 9.0, 9.0, 9.0])
y[:, 0] = 0
y[[1, 2], [1, 2]] = 7
print(y)
print(x.view(4, 3).shape, x.permute(1, 0).shape, x.transpose(0, 1).shape, x.unsqueeze(1).shape, x.flatten().shape)
print(torch.cat([x, x], 1).shape, torch.stack([x, x]).shape, [t.shape for t in x.split(2, 1)], len(x.chunk(3)))
print(x.narrow(1, 1, 2), x.unbind(0)[1], x.index_select(0, torch.tensor([2, 0])), x.gather(1, torch.tensor([[0], [1], [2]])))
for row in x[:2]:
    print(row)
)PY",
     R"OUT(tensor(66.) tensor([12., 15., 18., 21.]) tensor(66.) tensor([[1.5000],
        [5.5000],
        [9.5000]]) tensor([   0.,  840., 7920.]) tensor([ 8.,  9., 10., 11.]) tensor([0., 4., 8.])
tensor(11.) torch.return_types.min(
values=tensor([0., 4., 8.]),
indices=tensor([0, 0, 0])) tensor(11) tensor([0, 0, 0]) tensor([16., 16., 16., 16.]) tensor(3.6056) tensor([ 3.4402,  7.4402, 11.4402])
tensor([ 3.,  7., 11.]) tensor([3, 3, 3]) tensor([ 3.,  7., 11.]) tensor([3, 3, 3])
tensor([[0.0321, 0.0871, 0.2369, 0.6439],
        [0.0321, 0.0871, 0.2369, 0.6439],
        [0.0321, 0.0871, 0.2369, 0.6439]]) tensor([-3.4402, -2.4402, -1.4402, -0.4402]) tensor([False, False,  True]) tensor(True)
tensor([4., 5., 6., 7.]) tensor([0., 4., 8.]) tensor([[ 4.,  6.],
        [ 8., 10.]]) tensor([ 3.,  7., 11.]) torch.Size([1, 4]) torch.Size([1, 4])
tensor([[ 0.,  1.,  2.,  3.],
        [ 8.,  9., 10., 11.]]) tensor([9., 1.]) tensor([ 9., 10., 11.]) tensor([[ 1.,  3.],
        [ 5.,  7.],
        [ 9., 11.]]) tensor([1., 6.])
tensor([[ 0.,  9.,  9.,  9.],
        [ 0.,  7.,  6.,  7.],
        [ 0., -1.,  7., -1.]])
torch.Size([4, 3]) torch.Size([4, 3]) torch.Size([4, 3]) torch.Size([3, 1, 4]) torch.Size([12])
torch.Size([3, 8]) torch.Size([2, 3, 4]) [torch.Size([3, 2]), torch.Size([3, 2])] 3
tensor([[ 1.,  2.],
        [ 5.,  6.],
        [ 9., 10.]]) tensor([4., 5., 6., 7.]) tensor([[ 8.,  9., 10., 11.],
        [ 0.,  1.,  2.,  3.]]) tensor([[ 0.],
        [ 5.],
        [10.]])
tensor([0., 1., 2., 3.])
tensor([4., 5., 6., 7.])
)OUT"},
    {"nn",
     R"PY(import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.lin = nn.Linear(d, d)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        return self.drop(F.relu(self.lin(x)))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4)
        self.blocks = nn.Sequential(Block(4), Block(4))
        self.out = nn.Linear(4, 2, bias=False)

    def forward(self, idx):
        return self.out(self.blocks(self.emb(idx)))


torch.manual_seed(0)
net = Net().eval()
print(net)
print([(n, tuple(p.shape)) for n, p in net.named_parameters()])
print(list(net.state_dict().keys()))
print(net.training, net.blocks[0].training, len(net.blocks))
with torch.no_grad():
    y = net(torch.tensor([[1, 2], [3, 4]]))
print(y.shape, y.requires_grad)
y = net(torch.tensor([1]))
print(y.requires_grad, y.is_leaf, net.out.weight.is_leaf)
w = torch.ones(2, requires_grad=True)
print(w * 2, (w * 2).sum(), w.detach())
)PY",
     R"OUT(Net(
  (emb): Embedding(10, 4)
  (blocks): Sequential(
    (0): Block(
      (lin): Linear(in_features=4, out_features=4, bias=True)
      (drop): Dropout(p=0.1, inplace=False)
    )
    (1): Block(
      (lin): Linear(in_features=4, out_features=4, bias=True)
      (drop): Dropout(p=0.1, inplace=False)
    )
  )
  (out): Linear(in_features=4, out_features=2, bias=False)
)
[('emb.weight', (10, 4)), ('blocks.0.lin.weight', (4, 4)), ('blocks.0.lin.bias', (4,)), ('blocks.1.lin.weight', (4, 4)), ('blocks.1.lin.bias', (4,)), ('out.weight', (2, 4))]
['emb.weight', 'blocks.0.lin.weight', 'blocks.0.lin.bias', 'blocks.1.lin.weight', 'blocks.1.lin.bias', 'out.weight']
False False 2
torch.Size([2, 2, 2]) False
True False True
tensor([2., 2.], grad_fn=<MulBackward0>) tensor(4., grad_fn=<SumBackward0>) tensor([1., 1.])
)OUT"},
};

class TorchScript : public ::testing::TestWithParam<Case> {};

TEST_P(TorchScript, MatchesPyTorch) {
  const Case& c = GetParam();
  RunResult r = RunSource(c.source, std::string(c.name) + ".py");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.out, c.expected);
}

INSTANTIATE_TEST_SUITE_P(Torch, TorchScript, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.name); });

// The last line of a traceback: "Type: message".
std::string LastLine(const std::string& s) {
  std::string t = s;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  size_t nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

TEST(TorchErrors, UnsupportedApiNamesScriptLocation) {
  RunResult r = RunSource("import torch\nx = torch.ones(2)\ny = torch.fft.fft(x)\n", "prog.py");
  EXPECT_EQ(LastLine(r.error), "NotImplementedError: torch.fft is not supported by tc (prog.py:3)");
  r = RunSource("import torch\nx = torch.ones(2)\nx.stft(4)\n", "prog.py");
  EXPECT_EQ(LastLine(r.error),
            "NotImplementedError: torch.Tensor.stft is not supported by tc (prog.py:3)");
  r = RunSource("import torch.nn as nn\nnn.AdaptiveLogSoftmaxWithLoss(1, 1, [1])\n", "m.py");
  EXPECT_EQ(LastLine(r.error),
            "NotImplementedError: torch.nn.AdaptiveLogSoftmaxWithLoss is not supported by tc "
            "(m.py:2)");
}

TEST(TorchErrors, UnknownNamesAreAttributeErrors) {
  RunResult r = RunSource("import torch\ntorch.foo\n");
  EXPECT_EQ(LastLine(r.error), "AttributeError: module 'torch' has no attribute 'foo'");
  r = RunSource("import torch\ntorch.ones(1).foo()\n");
  EXPECT_EQ(LastLine(r.error), "AttributeError: 'Tensor' object has no attribute 'foo'");
}

TEST(TorchErrors, PyTorchExceptionTypesAndMessages) {
  RunResult r = RunSource("import torch\ntorch.ones(2) + torch.ones(3)\n");
  EXPECT_EQ(LastLine(r.error),
            "RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at "
            "non-singleton dimension 0");
  r = RunSource("import torch\ntorch.ones(2, 3)[0, 5]\n");
  EXPECT_EQ(LastLine(r.error), "IndexError: index 5 is out of bounds for dimension 1 with size 3");
  r = RunSource("import torch\ntorch.ones(2, 3).sum(2)\n");
  EXPECT_EQ(LastLine(r.error),
            "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  r = RunSource("import torch\ntorch.tensor([[1, 2], [3]])\n");
  EXPECT_EQ(LastLine(r.error), "ValueError: expected sequence of length 2 at dim 1 (got 1)");
  r = RunSource("import torch\nbool(torch.ones(2))\n");
  EXPECT_EQ(LastLine(r.error),
            "RuntimeError: Boolean value of Tensor with more than one value is ambiguous");
}

TEST(TorchImports, AllSpellings) {
  RunResult r = RunSource(
      "import torch.nn as nn\nimport torch.nn.functional as F\nfrom torch import nn as n2\n"
      "from torch.nn import Linear\nimport torch\n"
      "print(nn is n2, nn.functional is F, Linear is nn.Linear, torch.nn is nn)\n");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.out, "True True True True\n");
}

TEST(TorchNative, CallsThroughTheVmApi) {
  VM vm;
  Value torch = vm.Import("torch");
  ASSERT_FALSE(torch.is_null());
  Value ones = vm.GetAttr(torch, "ones");
  Value t = vm.Call(ones, {Value::Int(2), Value::Int(2)});
  ASSERT_FALSE(t.is_null());
  Value sum = vm.Binary(BinaryOp::kAdd, t, Value::Float(0.5));
  std::string repr;
  ASSERT_TRUE(vm.ReprString(sum, &repr));
  EXPECT_EQ(repr, "tensor([[1.5000, 1.5000],\n        [1.5000, 1.5000]])");
  Value item = vm.CallMethod(vm.CallMethod(sum, "sum", {}), "item", {});
  ASSERT_TRUE(item.is_float());
  EXPECT_EQ(item.as_float(), 6.0);
  // In-place ops write into the same storage: views see the change.
  Value row = vm.GetItem(t, Value::Int(0));
  ASSERT_FALSE(vm.Inplace(BinaryOp::kMul, t, Value::Int(3)).is_null());
  ASSERT_TRUE(vm.ReprString(row, &repr));
  EXPECT_EQ(repr, "tensor([3., 3.])");
}

}  // namespace
}  // namespace tc::script_torch
