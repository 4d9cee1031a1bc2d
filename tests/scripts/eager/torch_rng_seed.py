# PyTorch's CPU generator: seeding, initial_seed, the 5056-byte state, torch.Generator
# objects, fork_rng, and their errors. Values print in full (tolist) and must match
# PyTorch's Mersenne Twister bit for bit.
import torch

torch.manual_seed(0)
print(torch.initial_seed(), torch.rand(3).tolist())
g = torch.manual_seed(42)
print(type(g).__name__, g.initial_seed(), torch.initial_seed())
torch.manual_seed(-7)
print("negative seed wraps:", torch.initial_seed() & 0xffffffff, torch.get_rng_state()[:8].tolist(), torch.rand(2).tolist())
torch.manual_seed(2**32 + 5)
a = torch.rand(4).tolist()
torch.manual_seed(5)
print("low 32 bits seed the engine:", a == torch.rand(4).tolist())

# The state: 5056 bytes; seed, left and next as PyTorch lays them out.
torch.manual_seed(3)
s = torch.get_rng_state()
print(s.dtype, s.shape, s[:24].tolist())
x = torch.randn(5).tolist()
torch.set_rng_state(s)
print("set_rng_state replays:", torch.randn(5).tolist() == x)
torch.randn(3)
s2 = torch.get_rng_state()
print("normal cache flag:", s2[5040].item(), "left:", s2[8].item() + 256 * s2[9].item(), "next:", s2[16].item())
print("cached sample comes first:", torch.randn(1).tolist())
torch.set_rng_state(s2)
print("and again after set_rng_state:", torch.randn(1).tolist())

# Generator objects: their own streams.
g1 = torch.Generator()
print(g1.initial_seed(), g1.device)
g1.manual_seed(11)
print(torch.rand(3, generator=g1).tolist())
torch.manual_seed(11)
print(torch.rand(3).tolist())
g2 = torch.Generator().manual_seed(11)
st = g2.get_state()
print(torch.randn(4, generator=g2).tolist())
g2.set_state(st)
print(torch.randn(4, generator=g2).tolist())
print(torch.randint(0, 100, (6,), generator=g2).tolist())
print(torch.randperm(8, generator=g2).tolist())

# fork_rng restores the default generator on exit.
def pair():
    return torch.rand(2) * 1.0


torch.manual_seed(9)
with torch.random.fork_rng():
    inner = pair().tolist()
outer = pair().tolist()
print("fork_rng:", inner == outer, outer)
torch.random.manual_seed(9)
print(torch.random.initial_seed(), torch.rand(2).tolist() == outer)

for bad in (torch.zeros(10, dtype=torch.uint8), torch.zeros(5056, dtype=torch.uint8), torch.zeros(5056)):
    try:
        torch.set_rng_state(bad)
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)
try:
    torch.rand(2, generator=5)
except TypeError as e:
    print("TypeError")
