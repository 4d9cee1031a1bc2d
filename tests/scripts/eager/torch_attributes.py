# Tensor attributes: shape, size(), dim(), numel(), dtype, device, T, len, item, tolist.
import torch

t = torch.arange(24.0).reshape(2, 3, 4)
print(t.shape, t.size(), t.size(0), t.size(1), t.size(-1), t.shape[2], t.shape[-2])
print(t.dim(), t.numel(), t.dtype, t.device, len(t))
print(type(t.shape[0]), t.shape == (2, 3, 4), t.shape == torch.Size([2, 3, 4]), tuple(t.shape), list(t.shape))
print(len(t.shape), t.shape[1:], t.shape[:2])
m = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(m.T, m.T.shape, m.t().shape, m.shape)
v = torch.tensor([1.0, 2.0])
print(v.T, v.T.shape)
s = torch.tensor(4.25)
print(s.shape, s.dim(), s.numel(), s.item(), type(s.item()), s.tolist())
print(torch.tensor(3).item(), type(torch.tensor(3).item()), torch.tensor(True).item())
print(m.tolist(), type(m.tolist()), m[1].tolist(), torch.tensor([1.5, 2.5]).tolist())
print(torch.zeros(0).shape, torch.zeros(0).numel(), torch.zeros(3, 0).shape, torch.zeros(3, 0).numel())
print(torch.Size([3, 4]), torch.Size([]), torch.zeros(()).shape, torch.ones(1).shape)
print(str(t.device), t.device.type, t.device == torch.device("cpu"))
print(t.is_contiguous(), t.transpose(0, 1).is_contiguous(), t.requires_grad)
print(t.size()[0] * t.size()[1], t.numel())
b, c, d = t.shape
print(b, c, d)
for dim_size in t.shape:
    print("dim size", dim_size)
print(t.float().dtype, t.long().dtype)
print(isinstance(t, torch.Tensor), isinstance([1], torch.Tensor))
