# Python ints beyond 64 bits at torch's boundary: manual_seed takes seeds in
# [-2**63, 2**64) (a negative one wraps to 2**64 + seed) and initial_seed
# returns the unsigned seed; wider seeds, and tensors from wider ints, raise
# PyTorch's ValueError; arithmetic with them PyTorch's OverflowError.
import torch


def show(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)


for seed in [2**63, 2**64 - 1, -2**63, -1, 2**63 + 12345]:
    torch.manual_seed(seed)
    print(seed, torch.initial_seed(), torch.rand(3).tolist(), torch.randint(0, 2**40, (2,)).tolist())
g = torch.Generator()
g.manual_seed(2**64 - 2)
print(g.initial_seed(), torch.rand(2, generator=g).tolist())
show("seed 2**64", lambda: torch.manual_seed(2**64))
show("seed -2**63-1", lambda: torch.manual_seed(-2**63 - 1))
show("gen 2**100", lambda: g.manual_seed(2**100))
show("tensor", lambda: torch.tensor(2**70))
show("tensor list", lambda: torch.tensor([1, 2**64]))
show("tensor max", lambda: torch.tensor([2**63 - 1, -2**63]))
show("add", lambda: torch.zeros(2) + 2**70)
show("full", lambda: torch.full((2,), 2**70))
print(torch.tensor(2**62) * 2, int(torch.tensor(2**62)) * 4, torch.tensor(7).item() ** 30)
