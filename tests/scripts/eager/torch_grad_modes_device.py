# torch.no_grad(), torch.enable_grad(), torch.device(...) as values and context managers.
import torch

w = torch.ones(3, requires_grad=True)
print(w.requires_grad, torch.is_grad_enabled())
y = w * 2
print(y.requires_grad)
with torch.no_grad():
    print("inside no_grad:", torch.is_grad_enabled())
    z = w * 2
    print(z.requires_grad, z)
    with torch.enable_grad():
        print("inside enable_grad:", torch.is_grad_enabled())
        u = w * 3
        print(u.requires_grad)
    print("back in no_grad:", torch.is_grad_enabled())
print("after:", torch.is_grad_enabled())

def scaled(t):
    with torch.no_grad():
        return t * 10

print(scaled(w).requires_grad, scaled(w))
try:
    with torch.no_grad():
        raise ValueError("inside no_grad")
except ValueError as e:
    print("caught", e, "grad enabled again:", torch.is_grad_enabled())


with torch.no_grad():
    w.mul_(2)
print(w, w.requires_grad)

d = torch.device("cpu")
print(d, d.type, repr(d), str(d), d == torch.device("cpu"))
t = torch.zeros(2, device=d)
print(t.device, t.device == d, torch.ones(1, device="cpu").device)
print(t.to("cpu").device, t.to(d).device, t.cpu().device)
with torch.device("cpu"):
    made = torch.arange(3)
    print(made.device, made)
print(torch.tensor([1, 2], device="cpu"))
