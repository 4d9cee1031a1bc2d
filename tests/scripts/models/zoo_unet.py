# tc-compare: rel=1e-4 abs=1e-5  reason: convolutions sum in oneDNN's order under PyTorch and in OpenBLAS's GEMM order under tc (float32 last bits)
# Model zoo: a small U-Net (conv, max_pool, conv_transpose, bilinear
# interpolate, skip connections by cat).
import torch
import torch.nn as nn
import torch.nn.functional as F
from _zoo_helper import compare_compiled, report


def double_conv(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
        nn.Conv2d(cout, cout, 3, padding=1), nn.ReLU(inplace=True))


class UNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc1 = double_conv(3, 8)
        self.enc2 = double_conv(8, 16)
        self.mid = double_conv(16, 32)
        self.up2 = nn.ConvTranspose2d(32, 16, 2, stride=2)
        self.dec2 = double_conv(32, 16)
        self.reduce1 = nn.Conv2d(16, 8, 1)
        self.dec1 = double_conv(16, 8)
        self.head = nn.Conv2d(8, 2, 1)

    def forward(self, x):
        e1 = self.enc1(x)
        e2 = self.enc2(F.max_pool2d(e1, 2))
        m = self.mid(F.max_pool2d(e2, 2))
        d2 = self.dec2(torch.cat([self.up2(m), e2], dim=1))
        u1 = F.interpolate(d2, scale_factor=2, mode="bilinear", align_corners=False)
        d1 = self.dec1(torch.cat([self.reduce1(u1), e1], dim=1))
        return self.head(d1)


torch.manual_seed(0)
model = UNet()
print(model)
print("parameters", sum(p.numel() for p in model.parameters()))
x = torch.randn(2, 3, 32, 32)
model.eval()
out = model(x)
report("mask logits", out)
print("classes", out.argmax(dim=1)[0, :2, :8].tolist())
compare_compiled("mask logits", model, (x,), out)
