# tc-compare: rel=1e-4 abs=1e-5  reason: convolutions and the classifier sum in oneDNN's/MKL's order under PyTorch and in OpenBLAS's GEMM order under tc; batch statistics in another order too (float32 last bits)
# Model zoo: a ResNet-style CNN (BasicBlocks with BatchNorm, two stages) on
# 3x32x32 inputs, batch 8; a training-mode forward (batch statistics, running
# statistics updated) and an eval-mode forward.
import torch
import torch.nn as nn
import torch.nn.functional as F
from _zoo_helper import compare_compiled, report


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.shortcut = nn.Sequential()
        if stride != 1 or cin != cout:
            self.shortcut = nn.Sequential(
                nn.Conv2d(cin, cout, 1, stride=stride, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return F.relu(out + self.shortcut(x))


class ResNet(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1, bias=False), nn.BatchNorm2d(16), nn.ReLU(inplace=True))
        self.layer1 = nn.Sequential(BasicBlock(16, 16, 1), BasicBlock(16, 16, 1))
        self.layer2 = nn.Sequential(BasicBlock(16, 32, 2), BasicBlock(32, 32, 1))
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(32, num_classes)

    def forward(self, x):
        x = self.layer2(self.layer1(self.stem(x)))
        return self.fc(torch.flatten(self.pool(x), 1))


torch.manual_seed(0)
model = ResNet()
print(model)
print("parameters", sum(p.numel() for p in model.parameters()))
print("buffers", [name for name, _ in model.named_buffers()][:4])
x = torch.randn(8, 3, 32, 32)

model.train()
out_train = model(x)
report("train logits", out_train)
bn = model.layer2[0].bn1
print("running_mean", bn.running_mean[:4].tolist())
print("running_var", bn.running_var[:4].tolist())
print("num_batches_tracked", bn.num_batches_tracked.item())

model.eval()
out = model(x)
report("eval logits", out)
print("argmax", out.argmax(dim=1).tolist())
compare_compiled("eval logits", model, (x,), out)
