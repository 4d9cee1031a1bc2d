# torch._dynamo.utils: compile_times().
# Runs in the torch._dynamo.utils module's namespace (libs/compiler/src/modules.cc).
import torch._dynamo as _dynamo


def compile_times(repr='str', aggregate=False):
    return _dynamo._compile_times_text(repr, aggregate)
