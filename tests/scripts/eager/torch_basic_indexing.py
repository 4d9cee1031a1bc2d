# Basic indexing: integers, slices with steps, negative indices, None, Ellipsis, assignment.
import torch

x = torch.arange(24).reshape(2, 3, 4)
print(x[0], x[1, 2], x[1, 2, 3], x[-1, -1, -1], x[0][1][2])
print(x[:, 0], x[:, :, 0], x[..., 0], x[0, ...], x[..., 1:3].shape)
print(x[:, 1:], x[:, ::2], x[0, :, ::3], x[1, 1:3, 1:3])
print(x[None].shape, x[:, None].shape, x[..., None].shape, x[0, None, :, None].shape)
print(x[:, -1, -2:], x[-1, ::1].shape)
v = torch.arange(10)
print(v[2:8:2], v[-3:], v[:-3], v[::3], v[5:], v[100:], v[3:3])
print(v[1:, None].shape, v[None, 1:].shape)
print(x[1:, ::2, None, ...].shape)
s = x[0, 0, 0]
print(s, s.shape, s.item(), x[0, 0, 0:1], x[0, 0, 0:1].shape)
m = torch.zeros(3, 4)
m[0] = 1
m[1, 2] = 5
m[:, 3] = torch.tensor([7.0, 8.0, 9.0])
m[2, :2] = -1
print(m)
m[...] = 0.5
print(m)
m[1:, 1:] = torch.arange(6.0).reshape(2, 3)
print(m)
m[:, 0] += 10
print(m)
row = m[1]
row[0] = -99
print(m[1], "a row view writes through")
print(m[1].clone().fill_(3), m[1])
y = torch.arange(6.0)
y[::2] = 0
print(y)
z = torch.arange(12).reshape(3, 4)
print(z[1][2], z[2][-1], z[0:2][1], z[:, 1][1:])
