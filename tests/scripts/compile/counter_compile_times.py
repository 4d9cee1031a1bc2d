# torch._dynamo.utils.compile_times(): a text table, "TorchDynamo compilation
# metrics:" then "Function, Runtimes (s)" (no tabulate installed) then one row per
# timed phase with one duration per compile. Only the header lines, the row
# names, and the number of durations of the _compile.compile_inner row (one per
# compiled frame) are printed; times vary. repr="csv" gives a (names, values)
# pair of lists, values as text with six decimals; any other repr gives None.
# reset() clears it.
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
names, values = compile_times(repr="csv")
print(type(names).__name__, type(values).__name__, names == [line.split(", ")[0] for line in lines[2:]])
print(len(values) == len(names), all(isinstance(v, str) for v in values))
print("csv durations:", len(values[0].split(", ")), "decimals:", len(values[0].split(", ")[0].split(".")[1]))
_, agg_values = compile_times(repr="csv", aggregate=True)
print("csv aggregate durations:", len(agg_values[0].split(", ")))
print(compile_times(repr="json"))
torch._dynamo.reset()
print(compile_times(repr="csv"))
print(compile_times().split("\n"))
