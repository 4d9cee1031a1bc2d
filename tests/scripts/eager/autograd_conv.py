# tc-compare: rel=1e-4 abs=2e-5  reason: tc's convolutions sum in its own GEMM and tile order and PyTorch's in oneDNN's (batch statistics and pooled sums in other orders too), so float32 losses and gradient sums agree to about 1e-6 relative, not bit for bit; printed to 5 decimals, they may differ by one unit in the last
# Eager autograd through a small CNN: conv2d (strided, padded, grouped,
# dilated), batch_norm in training and eval, relu, max_pool2d,
# adaptive_avg_pool2d, adaptive_max_pool2d, avg_pool2d, interpolate
# (nearest, bilinear), conv_transpose2d and linear, trained 3 steps with
# SGD by hand from manual_seed(0): losses, gradient sums and the grad_fn
# names of the backward graph printed.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 6, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(6)
        self.conv2 = nn.Conv2d(6, 8, 3, stride=2, padding=2, dilation=2, groups=2, bias=False)
        self.bn2 = nn.BatchNorm2d(8)
        self.up = nn.ConvTranspose2d(8, 4, 2, stride=2)
        self.fc = nn.Linear(12, 5)

    def features(self, x):
        x = F.relu(self.bn1(self.conv1(x)))
        x = F.max_pool2d(x, 2)
        x = F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=False)
        y = F.relu(self.bn2(self.conv2(x)))
        z = self.up(y)
        z = F.avg_pool2d(F.interpolate(z, size=(12, 12), mode="nearest"), 3, ceil_mode=True)
        a = F.adaptive_avg_pool2d(z, 1).flatten(1)
        b = F.adaptive_max_pool2d(y, (1, 1)).flatten(1)
        return torch.cat([a, b], 1)

    def forward(self, x):
        return self.fc(self.features(x))


def loss_fn(model, x, target):
    return F.cross_entropy(model(x), target)


def sgd_step(params, lr):
    with torch.no_grad():
        for p in params:
            p -= lr * p.grad


torch.manual_seed(0)
model = Net()
x = torch.randn(4, 3, 8, 8)
target = torch.tensor([0, 3, 1, 4])

for step in range(3):
    for p in model.parameters():
        p.grad = None
    loss = loss_fn(model, x, target)
    loss.backward()
    print(step, round(loss.item(), 5))
    print([round(p.grad.abs().sum().item(), 5) for p in model.parameters()])
    sgd_step(model.parameters(), 0.1)

print([round(v, 4) for v in model.bn1.running_mean.tolist()])
print([round(v, 4) for v in model.bn2.running_var.tolist()])

model.eval()
xe = torch.randn(2, 3, 8, 8, requires_grad=True)
out = model(xe)
out.sum().backward()
print(round(xe.grad.abs().sum().item(), 5))
print([round(p.grad.abs().sum().item(), 5) for p in model.bn2.parameters()])

# Channels-last and non-contiguous inputs.
w = torch.randn(4, 3, 3, 3, requires_grad=True)
xc = torch.randn(2, 3, 6, 6).to(memory_format=torch.channels_last).requires_grad_()
F.conv2d(xc, w, padding=1).pow(2).sum().backward()
print(round(xc.grad.abs().sum().item(), 4), round(w.grad.abs().sum().item(), 4))
xt = torch.randn(2, 3, 7, 6).transpose(2, 3).requires_grad_()
F.max_pool2d(xt, 3, 2, 1).sum().backward()
print(xt.grad.sum().item(), xt.grad.shape)

# The grad_fn names, of ops run at the top level (under tc-run
# --compile-functions the script's functions are compiled, and their
# results' grad_fn is CompiledFunctionBackward, as under torch.compile).
xn = torch.randn(2, 4, 6, 6, requires_grad=True)
xn1 = torch.randn(2, 4, 6, requires_grad=True)
xn3 = torch.randn(1, 2, 3, 3, 3, requires_grad=True)
bn = nn.BatchNorm2d(4)
print([
    F.conv2d(xn, torch.randn(2, 4, 3, 3)).grad_fn.name(),
    F.conv_transpose2d(xn, torch.randn(4, 2, 3, 3)).grad_fn.name(),
    F.max_pool2d(xn, 2).grad_fn.name(),
    F.max_pool2d(xn, 2, return_indices=True)[0].grad_fn.name(),
    F.avg_pool2d(xn, 2).grad_fn.name(),
    F.adaptive_avg_pool2d(xn, (2, 3)).grad_fn.name(),
    F.adaptive_avg_pool2d(xn, 1).grad_fn.name(),
    F.adaptive_max_pool2d(xn, 3).grad_fn.name(),
    bn(xn).grad_fn.name(),
])
print([
    F.interpolate(xn, scale_factor=2).grad_fn.name(),
    F.interpolate(xn, scale_factor=2, mode="nearest-exact").grad_fn.name(),
    F.interpolate(xn, size=(7, 9), mode="bilinear").grad_fn.name(),
    F.interpolate(xn, size=(7, 9), mode="bicubic", align_corners=True).grad_fn.name(),
    F.interpolate(xn1, scale_factor=2).grad_fn.name(),
    F.interpolate(xn1, scale_factor=2, mode="linear").grad_fn.name(),
    F.interpolate(xn3, scale_factor=2).grad_fn.name(),
    F.interpolate(xn3, scale_factor=2, mode="trilinear").grad_fn.name(),
    F.max_pool1d(xn1, 2).grad_fn.name(),
    F.conv1d(xn1, torch.randn(3, 4, 3)).grad_fn.name(),
])
