# Eager autograd: backward through pointwise, reduction, view and matmul
# ops; .grad accumulation; grad_fn names; torch.autograd.grad; no_grad;
# detach; retain_graph; retain_grad; hooks.
import torch

torch.manual_seed(0)
x = torch.randn(3, 4, requires_grad=True)
w = torch.randn(4, 2, requires_grad=True)
b = torch.zeros(2, requires_grad=True)
h = x @ w + b
y = h.relu()
loss = (y * y).sum()
print(loss)
print(h.grad_fn.name(), y.grad_fn.name(), loss.grad_fn.name())
print(x.is_leaf, h.is_leaf, h.requires_grad, x.grad)
loss.backward()
print(x.grad)
print(w.grad)
print(b.grad)

# Accumulation into .grad across two backward passes.
z = (x.sin() * 2 + x.exp() / 3 - x.tanh()).mean()
z.backward()
print(x.grad)
x.grad = None
u = (x.sigmoid() * x.cos()).sum(dim=1)
u.sum().backward()
print(x.grad)

# Broadcasting, reductions and views.
a = torch.randn(2, 3, requires_grad=True)
c = torch.randn(3, requires_grad=True)


def mix(a, c):
    return (a * c + c).view(3, 2).t().reshape(-1)


v = mix(a, c)
s = (v.pow(2) / 4).sum() + a.amax(dim=1).sum() + a.var() + a.mean(dim=0).sum()
s.backward()
print(a.grad)
print(c.grad)
print(a.t().reshape(-1).grad_fn.name(), a.reshape(-1).grad_fn.name())

# torch.autograd.grad, create_graph and a second derivative.
p = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
q = (p ** 3).sum()
(g,) = torch.autograd.grad(q, p, create_graph=True)
print(g)
(gg,) = torch.autograd.grad(g.sum(), p)
print(gg)

# no_grad, detach, requires_grad_ and retain_graph.
with torch.no_grad():
    r = p * 2
print(r.requires_grad, r.grad_fn)
d = p.detach()
print(d.requires_grad, d.is_leaf)
t = (p * p).sum()
t.backward(retain_graph=True)
t.backward()
print(p.grad)
m = torch.ones(2, 2)
m.requires_grad_()
print(m.requires_grad, m)

# retain_grad on a non-leaf and a tensor hook that doubles the gradient.
k = torch.randn(4, requires_grad=True)
mid = k * 3
mid.retain_grad()
mid.register_hook(lambda g: g * 2)
(mid * mid).sum().backward()
print(mid.grad)
print(k.grad)

# cat, stack, slicing and index_select.
e = torch.randn(2, 3, requires_grad=True)
f = torch.randn(1, 3, requires_grad=True)
cat = torch.cat([e, f], dim=0)
st = torch.stack([e[0], f[0]])
sel = cat.index_select(0, torch.tensor([2, 0, 2]))
(cat[1:].sum() * 2 + st.sum() + sel.sum() + e[:, 1:2].sum()).backward()
print(e.grad)
print(f.grad)
