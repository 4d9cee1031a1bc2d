# torch.compile's mode=: the four documented modes and "lite" compile and run
# (the inductor backend, the default); an unknown mode raises PyTorch's
# RuntimeError at the torch.compile call (also with disable=True; a bare
# decorator factory raises when it is applied); mode and options together
# raise even when options is empty; other backends ignore mode.
# torch._inductor.list_mode_options() lists what each mode sets.
import torch
import torch._inductor


def f(x):
    return torch.relu(x) * 2 + 1


x = torch.tensor([-1.0, 0.5, 2.0])
for mode in ["default", "reduce-overhead", "max-autotune", "max-autotune-no-cudagraphs", "lite",
             None, ""]:
    torch._dynamo.reset()
    g = torch.compile(f, mode=mode)
    print(repr(mode), g(x))

for mode in ["x", "Default", "max_autotune", 1]:
    try:
        torch.compile(f, mode=mode)
        print("accepted", mode)
    except RuntimeError as e:
        print(type(e).__name__, str(e))

try:
    torch.compile(f, mode="fast", disable=True)
except RuntimeError as e:
    print("disable=True:", str(e))

deco = torch.compile(mode="turbo")
print("factory made")
try:
    deco(f)
except RuntimeError as e:
    print("applied:", str(e))

for options in [{}, {"debug": True}]:
    try:
        torch.compile(f, mode="default", options=options)
    except RuntimeError as e:
        print(type(e).__name__, str(e))

torch._dynamo.reset()
print(torch.compile(f, backend="eager", mode="not-a-mode")(x))

print(torch._inductor.list_mode_options())
print(torch._inductor.list_mode_options("max-autotune"))
print(torch._inductor.list_mode_options("default"), torch._inductor.list_mode_options(""))
try:
    torch._inductor.list_mode_options("fastest")
except RuntimeError as e:
    print(str(e))
