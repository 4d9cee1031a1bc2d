# torch._dynamo.utils.compile_times(): a text table, "TorchDynamo compilation
# metrics:" then "Function, Runtimes (s)" (no tabulate installed) then one row per
# timed phase with one duration per compile. Only the header lines, the row
# names, and the number of durations of the _compile.compile_inner row (one per
# compiled frame) are printed; times vary. reset() clears it.
import torch
import torch._dynamo
from torch._dynamo.utils import compile_times

print(compile_times().split("\n"))


def f(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x * 2


torch.compile(f, backend="eager")(torch.ones(2))
lines = compile_times().split("\n")
print(lines[0])
print(lines[1])
print([line.split(", ")[0] for line in lines[2:]])
for line in lines[2:]:
    if line.startswith("_compile.compile_inner"):
        print("compile_inner durations:", len(line.split(", ")) - 1)
agg = compile_times(repr="str", aggregate=True).split("\n")
print(agg[0], "|", len(agg) == len(lines))
torch._dynamo.reset()
print(compile_times().split("\n"))
