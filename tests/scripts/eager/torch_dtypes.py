# dtypes: float32 float64 float16 bfloat16 int64 int32 int8 uint8 bool and conversions.
import torch

dtypes = [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int64,
          torch.int32, torch.int8, torch.uint8, torch.bool]
src = torch.tensor([0.0, 1.5, 2.75, -0.0, 3.0])
for dt in dtypes:
    t = src.to(dt)
    print(dt, t, t.dtype, t.dtype == dt, t.dtype.is_floating_point)
print(torch.float32 == torch.float, torch.float64 == torch.double, torch.int64 == torch.long,
      torch.int32 == torch.int, torch.float16 == torch.half)
print(torch.get_default_dtype())
x = torch.tensor([-2.7, -0.5, 0.5, 2.7, 9.99])
print(x.int(), x.long(), x.double(), x.half(), x.bfloat16(), x.bool(), x.float())
print(x.to(torch.int8), x.to(torch.int32).dtype, x.to(dtype=torch.float64).dtype)
y = torch.tensor([0, 1, 2, 255], dtype=torch.uint8)
print(y, y.dtype, y.to(torch.int64) * 2, y.float() / 2)
z = torch.tensor([-128, 0, 127], dtype=torch.int8)
print(z, z.to(torch.float32), z.to(torch.int64))
b = torch.tensor([True, False])
print(b, b.int(), b.float(), b.to(torch.int64).sum(), b.long().dtype)
h = torch.tensor([0.1, 1.0 / 3.0, 1000.0, 65504.0], dtype=torch.float16)
print(h, h.float())
bf = torch.tensor([0.1, 1.0 / 3.0, 1000.0, 3.0e38], dtype=torch.bfloat16)
print(bf, bf.float())
d64 = torch.tensor([0.1, 1.0 / 3.0], dtype=torch.float64)
print(d64, d64.float(), d64.to(torch.float16))
print(torch.tensor([1, 2]).to(torch.float32) / 3)
print(torch.zeros(2, dtype=torch.float16) + 1, torch.ones(2, dtype=torch.bfloat16) * 3)
print(torch.arange(4, dtype=torch.int32), torch.arange(4, dtype=torch.int8).dtype,
      torch.arange(4, dtype=torch.uint8), torch.arange(3, dtype=torch.float64))
print(torch.tensor(5, dtype=torch.int32), torch.tensor(2.5, dtype=torch.float16),
      torch.tensor(True), torch.tensor(1.0, dtype=torch.float64))
print(torch.ones(2, 2, dtype=torch.bool), torch.zeros(1, dtype=torch.int8))
same = src.to(torch.float32)
print(same.dtype, src.to(src.dtype).dtype)
