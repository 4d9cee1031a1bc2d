# A small U-Net-like forward (conv, max_pool, conv_transpose, bilinear,
# nearest and bicubic interpolate, cat) against PyTorch, printed rounded to
# 4 places: the convolutions' sums may differ from oneDNN's in the last
# bits. The same-answers suite runs it with every function compiled
# (tc-run --compile-functions) and expects the same output.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)

    def forward(self, x):
        return F.relu(self.conv(x))


class UNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.down1 = Block(3, 8)
        self.down2 = Block(8, 16)
        self.bottom = Block(16, 16)
        self.up = nn.ConvTranspose2d(16, 16, 2, stride=2)
        self.dec2 = Block(32, 8)
        self.upsample = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False)
        self.dec1 = Block(16, 8)
        self.head = nn.Conv2d(8, 2, 1)

    def forward(self, x):
        d1 = self.down1(x)                      # 8 x 16 x 16
        d2 = self.down2(F.max_pool2d(d1, 2))    # 16 x 8 x 8
        b = self.bottom(F.max_pool2d(d2, 2))    # 16 x 4 x 4
        u2 = self.dec2(torch.cat([self.up(b), d2], dim=1))
        u1 = self.dec1(torch.cat([self.upsample(u2), d1], dim=1))
        out = self.head(u1)
        return F.interpolate(out, size=(20, 20), mode="nearest") + 0.5 * F.interpolate(
            out, scale_factor=1.25, mode="bicubic", align_corners=True)


torch.manual_seed(0)
model = UNet().eval()
x = torch.randn(2, 3, 16, 16)


def run(m, inp):
    return m(inp)


with torch.no_grad():
    out = run(model, x)
print(tuple(out.shape), round(out.sum().item(), 3), round(out.abs().mean().item(), 4))
print([round(v, 4) for v in out[1, 0, 5].tolist()])
print([round(v, 4) for v in out[0, 1, :, 7].tolist()])
