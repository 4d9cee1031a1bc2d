# torch.compile's options= for the inductor backend, checked as PyTorch
# checks them at the torch.compile call: an unknown key raises PyTorch's
# RuntimeError listing every option (the list_options() order); '-' in a
# key reads as '_'; a value of the wrong type raises naming both types
# (bool passes for an int option; generic options are not checked); a
# non-str key or a non-dict options raise AttributeError; an empty options=
# is fine. A callable backend receives mode= and options= as keywords.
import torch
import torch._inductor


def f(x):
    return torch.sigmoid(x) + x


x = torch.tensor([0.0, 1.0, -2.0])
for options in [{"debug": False}, {"cpp.threads": 2}, {"cpp.threads": True}, {"max_autotune": True},
                {"max-autotune": True}, {"fallback_random": True}, {"size_asserts": False},
                {"freezing": False}, {"triton.cudagraphs": True}, {"epilogue_fusion": False},
                {"trace.debug_dir": 3}, {}, [], 0, None]:
    torch._dynamo.reset()
    print(options, torch.compile(f, options=options)(x))

for options in [{"debug": "yes"}, {"cpp.threads": 2.0}, {"epilogue_fusion": 3},
                {"worker_log_path": "a"}, {"max_fusion_size": None}, {"cpp.simdlen": 1.5}]:
    try:
        torch.compile(f, options=options)
        print("accepted", options)
    except RuntimeError as e:
        print(str(e))

try:
    torch.compile(f, options={"debug": True, "bogus_option": 1})
except RuntimeError as e:
    text = str(e)
    expected = ("Unexpected optimization option bogus_option, known options are "
                + str(torch._inductor.list_options()))
    print(text == expected, len(text), len(torch._inductor.list_options()))
    print(text[:150])
    print(text[-120:])

for options in [{1: True}, [1], "debug"]:
    try:
        torch.compile(f, options=options)
    except AttributeError as e:
        print(type(e).__name__, str(e))


def my_backend(gm, example_inputs, **kwargs):
    print("backend got", kwargs)
    return gm.forward


torch._dynamo.reset()
print(torch.compile(f, backend=my_backend, options={"anything": 1})(x))
torch._dynamo.reset()
print(torch.compile(f, backend=my_backend, mode="max-autotune")(x))
torch._dynamo.reset()
print(torch.compile(f, backend=my_backend, mode="default")(x))
torch._dynamo.reset()
print(torch.compile(f, backend="eager", options={"bogus": 1})(x))
