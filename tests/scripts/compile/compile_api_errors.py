# Bad uses of torch.compile fail with PyTorch's errors: an unknown backend name
# (InvalidBackend, a RuntimeError subclass in torch._dynamo.exc), a model that
# is not callable (AssertionError), mode and options together. list_backends()
# leaves out the debug backends (eager, aot_eager) unless asked.
import torch
import torch._dynamo

try:
    torch.compile(lambda x: x, backend="nonexistent")
except Exception as e:
    print(type(e).__name__, isinstance(e, RuntimeError), str(e).split("\n")[0])
    print(isinstance(e, torch._dynamo.exc.InvalidBackend))
try:
    torch.compile(5)
except Exception as e:
    print(type(e).__name__, str(e))
try:
    torch.compile(lambda x: x, mode="default", options={})
except Exception as e:
    print(type(e).__name__, str(e))
print("inductor" in torch._dynamo.list_backends(), "eager" in torch._dynamo.list_backends())
print("eager" in torch._dynamo.list_backends(exclude_tags=()))
