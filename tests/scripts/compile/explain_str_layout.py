# str(ExplainOutput): the printed layout. Unstable parts are normalized here:
# object addresses (" at 0x...") are cut, file paths in FrameSummary lines are
# reduced to the file name, and printing stops at "Out Guards:" (the guard list is
# checked field by field in explain_out_guards). The Compile Times header follows.
import torch
import torch._dynamo


def clean(line):
    if " at 0x" in line:
        line = line.split(" at 0x")[0] + ">"
    if "FrameSummary file " in line:
        head, rest = line.split("FrameSummary file ", 1)
        path, tail = rest.split(", line ", 1)
        line = head + "FrameSummary file " + path.split("/")[-1] + ", line " + tail
    return line


def toy_example(a, b):
    x = a / (torch.abs(a) + 1)
    print("woo")
    if b.sum() < 0:
        b = b * -1
    return x * b


out = torch._dynamo.explain(toy_example)(torch.arange(10.0), -torch.ones(10))
text = str(out)
lines = text.split("\n")
for line in lines:
    if line.startswith("Out Guards:"):
        break
    print(clean(line))
for i, line in enumerate(lines):
    if line.startswith("Compile Times:"):
        print(line)
        print(lines[i + 1])
print("guard blocks:", len([l for l in lines if l.startswith("  Guard ")]) > 0)
