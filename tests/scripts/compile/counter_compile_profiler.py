# CompileProfiler (torch._dynamo.utils.CompileProfiler in PyTorch 2.0-2.5) is gone
# from torch 2.15: importing it is an ImportError. The message is printed without
# the trailing "(<path to utils.py>)".
try:
    from torch._dynamo.utils import CompileProfiler
    print("imported", CompileProfiler)
except ImportError as e:
    print(type(e).__name__, str(e).split(" (")[0])
import torch._dynamo.utils as utils
print(hasattr(utils, "CompileProfiler"), hasattr(utils, "compile_times"))
