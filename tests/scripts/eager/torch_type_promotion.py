# Type promotion between dtypes, Python scalars and 0-d tensors.
import torch

dts = [torch.bool, torch.uint8, torch.int8, torch.int32, torch.int64,
       torch.float16, torch.bfloat16, torch.float32, torch.float64]
for x in dts:
    row = []
    for y in dts:
        r = torch.ones(2, dtype=x) + torch.ones(2, dtype=y)
        row.append(str(r.dtype).replace("torch.", ""))
    name = str(x).replace("torch.", "")
    print(f"{name:<9}", " ".join(row))

i64 = torch.tensor([1, 2])
i32 = torch.tensor([1, 2], dtype=torch.int32)
f16 = torch.tensor([1.0, 2.0], dtype=torch.float16)
f32 = torch.tensor([1.0, 2.0])
bl = torch.tensor([True, False])
u8 = torch.tensor([1, 2], dtype=torch.uint8)
print("int64 + 1.5 ->", (i64 + 1.5).dtype, i64 + 1.5)
print("int32 + 1 ->", (i32 + 1).dtype, "int32 * 2.0 ->", (i32 * 2.0).dtype)
print("float16 + 1.5 ->", (f16 + 1.5).dtype, "float16 * 3 ->", (f16 * 3).dtype)
print("bool + 1 ->", (bl + 1).dtype, "bool + 1.5 ->", (bl + 1.5).dtype, "bool + True ->", (bl + True).dtype)
print("uint8 + 1 ->", (u8 + 1).dtype, "uint8 + int8 ->", (u8 + torch.tensor([1], dtype=torch.int8)).dtype)
print("int64 / int64 ->", (i64 / i64).dtype, i64 / torch.tensor([4, 4]))
print("int32 / 2 ->", (i32 / 2).dtype, "int64 // 2 ->", (i64 // 2).dtype)
z64 = torch.tensor(2.0, dtype=torch.float64)
zi = torch.tensor(3)
print("float32 + 0-d float64 ->", (f32 + z64).dtype)
print("int32 + 0-d int64 ->", (i32 + zi).dtype)
print("int64 + 0-d float64 ->", (i64 + z64).dtype)
print("float16 + 0-d float64 ->", (f16 + z64).dtype)
print("0-d int64 + 0-d float64 ->", (zi + z64).dtype)
print("0-d int + 1.5 ->", (zi + 1.5).dtype, "0-d float64 * 2 ->", (z64 * 2).dtype)
print("int8 + 0-d int64 ->", (torch.tensor([1], dtype=torch.int8) + zi).dtype)
print("bool * bool ->", (bl * bl).dtype, "bool & bool ->", (bl & bl).dtype)
print("where int/float ->", torch.where(bl, i64, f32).dtype)
print("maximum int32/float16 ->", torch.maximum(i32, f16).dtype)
print("comparison ->", (i64 < f32).dtype)
print("sum of int32 ->", i32.sum().dtype, "sum of bool ->", bl.sum().dtype, "sum of uint8 ->", u8.sum().dtype)
print("mean of float16 ->", f16.mean().dtype, "prod of int8 ->", torch.tensor([2, 3], dtype=torch.int8).prod().dtype)
print(i32 + f16, u8 * 100, bl + bl)
