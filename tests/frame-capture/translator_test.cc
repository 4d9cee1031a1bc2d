// Translator behaviours torch 2.15 shows (tests/scripts/compile/README.md,
// "Torch 2.15 behaviour"), through the `fc` module: `fc.run(fn, *args)` runs
// fn under a compile context whose backend interprets the graph and counts
// graphs, calls and break reasons; `fc.run_full` does the same with
// fullgraph=True.
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "tc/frame_capture/dynamo.h"

#include "fc_harness.h"
#include "vm_test_util.h"

namespace tc::frame_capture {
namespace {

using script::Value;

class TranslatorTest : public fc_test::FcTest {};

TEST_F(TranslatorTest, WriteThroughSelectViewReachesInput) {
  std::string out = Run(R"(
def f(x):
    y = x[0]
    y.add_(1)
    return x * 2
a = torch.arange(6.0).reshape(2, 3)
b = torch.arange(6.0).reshape(2, 3)
r1 = fc.run(f, a)
r2 = f(b)
print(torch.equal(r1, r2), torch.equal(a, b))
print(a)
)");
  EXPECT_EQ(out, "True True\ntensor([[1., 2., 3.],\n        [3., 4., 5.]])\n");
  EXPECT_EQ(counts_.graphs, 1);
}

TEST_F(TranslatorTest, WritesThroughOtherViewsReachInput) {
  std::string out = Run(R"(
def f(x):
    x.t()[1].mul_(10)
    x.narrow(1, 0, 1).add_(100)
    v = x.view(6)
    v[5] = -1
    u = x.unsqueeze(0)
    u.squeeze(0)[0, 0] += 1000
    return x.sum()
a = torch.arange(6.0).reshape(2, 3)
b = torch.arange(6.0).reshape(2, 3)
r1 = fc.run(f, a)
r2 = f(b)
print(torch.equal(r1, r2), torch.equal(a, b))
)");
  EXPECT_EQ(out, "True True\n");
  EXPECT_EQ(counts_.graphs, 1);
}

TEST_F(TranslatorTest, ViewOfIntermediateSeesWriteThroughBase) {
  std::string out = Run(R"(
def f(x):
    y = x * 2
    row = y[1]
    col = y[:, 0]
    y[1, 0] = 50.0
    row.add_(1)
    return y, row, col, x
a = torch.arange(6.0).reshape(2, 3)
r1 = fc.run(f, a)
r2 = f(torch.arange(6.0).reshape(2, 3))
print(all(torch.equal(p, q) for p, q in zip(r1, r2)))
print(r1[2], r1[3])
)");
  EXPECT_EQ(out, "True\ntensor([ 0., 51.]) tensor([[0., 1., 2.],\n        [3., 4., 5.]])\n");
  EXPECT_EQ(counts_.graphs, 1);
}

TEST_F(TranslatorTest, InPlaceOnInputViewInTwoRuns) {
  // The second call reuses the compiled entry: the write-back is part of it.
  std::string out = Run(R"(
def f(x):
    x[0].add_(1)
    return x
a = torch.zeros(2, 2)
fc.run(f, a)
fc.run(f, a)
print(a)
)");
  EXPECT_EQ(out, "tensor([[2., 2.],\n        [0., 0.]])\n");
  EXPECT_EQ(counts_.graphs, 1);
}

TEST_F(TranslatorTest, ScalarReadsOfTracedTensorsAreBreaks) {
  std::string out = Run(R"(
def as_float(x):
    y = x.sum()
    return x * float(y)
def as_int(x):
    y = x.sum()
    return x * int(y)
def as_bool(x):
    y = x.sum()
    if bool(y):
        return x + 1
    return x - 1
def list_index(x):
    i = x.sum().long()
    return [10, 20, 30][i]
x = torch.ones(2)
print(fc.run(as_float, x), fc.run(as_int, x), fc.run(as_bool, x))
print(fc.run(list_index, torch.tensor([0.0, 1.0])))
)");
  EXPECT_EQ(out, "tensor([2., 2.]) tensor([2., 2.]) tensor([2., 2.])\n20\n");
  ASSERT_GE(counts_.reasons.size(), 7u);
  EXPECT_EQ(counts_.reasons[0], "Unsupported Tensor.item() call with capture_scalar_outputs=False");
  EXPECT_EQ(counts_.reasons[2], "Unsupported Tensor.item() call with capture_scalar_outputs=False");
  EXPECT_EQ(counts_.reasons[4], "Data dependent operator");
  EXPECT_EQ(counts_.reasons[6], "Indexing list with non-scalar tensor");
}

TEST_F(TranslatorTest, TolistReasons) {
  Run(R"(
def f(x):
    y = x + 1
    values = y.tolist()
    return y * len(values), values
fc.run(f, torch.arange(3.0))
fc.run(f, torch.arange(3))
)");
  ASSERT_EQ(counts_.reasons.size(), 4u);
  EXPECT_EQ(counts_.reasons[0], "Tensor.tolist() with non-integer tensor");
  EXPECT_EQ(counts_.reasons[2], "Data dependent operator");
}

TEST_F(TranslatorTest, DataDependentWhileResumesAndReusesTheBody) {
  // break_data_dependent_while: 2 frames (f and one resume function that
  // holds the body and the next test), reused by every later iteration.
  std::string out = Run(R"(
def f(x):
    while x.sum() > 0:
        x = x - 1
    return x
print(fc.run(f, torch.ones(3) * 4))
print(fc.run(f, torch.ones(3) * 7))
print(fc.run(f, -torch.ones(3)))
)");
  EXPECT_EQ(out, "tensor([0., 0., 0.])\ntensor([0., 0., 0.])\ntensor([-1., -1., -1.])\n");
  EXPECT_EQ(counts_.graphs, 2);
  ASSERT_EQ(counts_.reasons.size(), 2u);
  EXPECT_EQ(counts_.reasons[0], "generic_jump TensorVariable()");
  EXPECT_EQ(counts_.reasons[1], "generic_jump TensorVariable()");
  EXPECT_EQ(counts_.function_calls, 3);  // gt | sub gt
}

TEST_F(TranslatorTest, BreakInsideForLoopSkipsTheFrame) {
  std::string out = Run(R"(
def f(x):
    for i in range(3):
        if x.sum() > 0:
            x = x - 1
    return x
print(fc.run(f, torch.ones(3)))
)");
  EXPECT_EQ(out, "tensor([0., 0., 0.])\n");
  EXPECT_EQ(counts_.graphs, 0);
}

TEST_F(TranslatorTest, FullgraphCapturesItemAndIntTolist) {
  std::string out = Run(R"(
def item_mid(x):
    n = x.sum().item()
    return x * n
def int_tolist(x):
    return (x + 1).tolist()
def float_tolist(x):
    return x.tolist()
print(fc.run_full(item_mid, torch.arange(3.0)))
print(fc.run_full(int_tolist, torch.arange(3)))
try:
    fc.run_full(float_tolist, torch.ones(2))
except Exception as e:
    print(type(e).__name__, str(e).split("\n")[0])
)");
  EXPECT_EQ(out,
            "tensor([0., 3., 6.])\n[1, 2, 3]\n"
            "Unsupported Tensor.tolist() with non-integer tensor\n");
}

TEST_F(TranslatorTest, TracingLeavesGradModeAsItWas) {
  std::string out = Run(R"(
def f(x):
    y = x * 2
    torch.set_grad_enabled(False)
    print("eager")
    torch.set_grad_enabled(True)
    return y + 1
print(fc.run(f, torch.ones(2)), torch.is_grad_enabled())
)");
  EXPECT_EQ(out, "eager\ntensor([3., 3.]) True\n");
}

TEST_F(TranslatorTest, BreakInsideNoGradResumesInsideTheBlock) {
  // break_in_with: both graphs switch the mode (torch._C._set_grad_enabled
  // records), the breaking print runs under no_grad, the resume function
  // enters the block again.
  std::string out = Run(R"(
def f(x):
    x = x + 1
    with torch.no_grad():
        x = x * 2
        print("in", torch.is_grad_enabled())
        x = x - 1
    return x + 3
y = fc.run(f, torch.ones(2, requires_grad=True))
print(y, y.requires_grad, torch.is_grad_enabled())
)");
  EXPECT_EQ(out, "in False\ntensor([6., 6.]) False True\n");
  EXPECT_EQ(counts_.graphs, 2);
  EXPECT_EQ(counts_.function_calls, 8);  // 4 ops, 4 _set_grad_enabled
}

TEST_F(TranslatorTest, BreakInsideUserContextManagerSkipsTheFrame) {
  std::string out = Run(R"(
class Ctx:
    def __enter__(self):
        return 2
    def __exit__(self, a, b, c):
        return False
def f(x):
    x = x + 1
    with Ctx() as k:
        x = x * k
        print("in")
    return x + 3
def g(x):
    with Ctx() as k:
        x = x * k
    return x + 3
print(fc.run(f, torch.ones(2)))
print(fc.run(g, torch.ones(2)))
)");
  EXPECT_EQ(out, "in\ntensor([7., 7.])\ntensor([5., 5.])\n");
  EXPECT_EQ(counts_.graphs, 1);  // g only
}

TEST_F(TranslatorTest, BreakInTryCompilesUpToTheLastCheckpoint) {
  // break_in_try: two ops before the try, then a print inside it.
  std::string out = Run(R"(
def f(x):
    x = x + 1
    x = x + 2
    try:
        x = x * 2
        print("in try")
        x = x - 1
    finally:
        x = x + 5
    return x + 3
print(fc.run(f, torch.ones(2)))
)");
  EXPECT_EQ(out, "in try\ntensor([15., 15.])\n");
  EXPECT_EQ(counts_.graphs, 1);
  ASSERT_EQ(counts_.reasons.size(), 1u);
  EXPECT_EQ(counts_.reasons[0], "step_unsupported");
  EXPECT_EQ(counts_.function_calls, 2);
}

TEST_F(TranslatorTest, DictKeysAreGuarded) {
  // lang_custom_exceptions: `"lr" not in cfg` must not be reused for
  // another key set.
  std::string out = Run(R"(
def f(x, cfg):
    if "lr" not in cfg:
        return x + 1
    return x * cfg["lr"]
print(fc.run(f, torch.ones(2), {}))
print(fc.run(f, torch.ones(2), {"lr": 3}))
print(fc.run(f, torch.ones(2), {"lr": 5}))
)");
  EXPECT_EQ(out, "tensor([2., 2.])\ntensor([3., 3.])\ntensor([5., 5.])\n");
  EXPECT_EQ(counts_.graphs, 3);
}

TEST_F(TranslatorTest, WritesToOutsideListsAreReplayed) {
  // break_resume_functions: names.append on a list from outside the frame.
  std::string out = Run(R"(
def f(x, names, d):
    names.append("b")
    d["n"] = d["n"] + 1
    return x * 2
names = ["a"]
d = {"n": 1}
print(fc.run(f, torch.ones(2), names, d), names, d)
print(fc.run(f, torch.ones(2), names, d), names, d)
)");
  EXPECT_EQ(out,
            "tensor([2., 2.]) ['a', 'b'] {'n': 2}\n"
            "tensor([2., 2.]) ['a', 'b', 'b'] {'n': 3}\n");
}

TEST_F(TranslatorTest, ParametersPassedOnAreFetchedAgain) {
  // A parameter a resume function never reads is passed on from the call,
  // not baked in from the trace.
  std::string out = Run(R"(
def f(x, k):
    a = x + k
    print("b1")
    b = a * 2
    print("b2")
    return b, k
print(fc.run(f, torch.ones(2), 3))
print(fc.run(f, torch.ones(2), 1))
)");
  EXPECT_EQ(out, "b1\nb2\n(tensor([8., 8.]), 3)\nb1\nb2\n(tensor([4., 4.]), 1)\n");
}

TEST_F(TranslatorTest, NonlocalWritesInInlinedClosuresAreReplayed) {
  // capture_closures: a `nonlocal` counter of a closure reached through a
  // global is traced, written back after the graph, and guarded, so the
  // next call (count 2) recompiles instead of reusing count 0.
  std::string out = Run(R"(
def make_counter():
    count = 0
    def step(x):
        nonlocal count
        count = count + 1
        return x + count
    def get():
        return count
    return step, get
step, get = make_counter()
def f(x):
    return step(step(x)) + get()
print(fc.run(f, torch.ones(2)), get())
print(fc.run(f, torch.ones(2)), get())
print(f(torch.ones(2)), get())
)");
  EXPECT_EQ(out,
            "tensor([6., 6.]) 2\n"
            "tensor([12., 12.]) 4\n"
            "tensor([18., 18.]) 6\n");
  EXPECT_EQ(counts_.graphs, 2);
}

TEST_F(TranslatorTest, ClosureCellsOfInlinedFunctionsAreGuarded) {
  // A cell an inlined closure only reads, changed by eager code between
  // calls: the traced constant must not be reused.
  std::string out = Run(R"(
def make():
    k = 2
    def scale(x):
        return x * k
    def set_k(v):
        nonlocal k
        k = v
    return scale, set_k
scale, set_k = make()
def f(x):
    return scale(x) + 1
print(fc.run(f, torch.ones(2)))
set_k(5)
print(fc.run(f, torch.ones(2)))
print(fc.run(f, torch.ones(2)))
)");
  EXPECT_EQ(out, "tensor([3., 3.])\ntensor([6., 6.])\ntensor([6., 6.])\n");
  EXPECT_EQ(counts_.graphs, 2);
}

TEST_F(TranslatorTest, NonlocalTensorAndOwnCellWritesAreReplayed) {
  // A cell that ends up holding a traced tensor is written from the
  // graph's output; the compiled function's own free variable too, also
  // when a graph break follows the write.
  std::string out = Run(R"(
def make_acc():
    acc = torch.zeros(2)
    def add(x):
        nonlocal acc
        acc = acc + x
        return acc * 2
    return add
add = make_acc()
print(fc.run(add, torch.ones(2)))
print(fc.run(add, torch.ones(2)))
def outer():
    n = 1
    def h(x):
        nonlocal n
        n = n * 2
        print("n", n)
        return x * n
    return h
h = outer()
print(fc.run(h, torch.ones(2)))
print(fc.run(h, torch.ones(2)))
)");
  EXPECT_EQ(out,
            "tensor([2., 2.])\ntensor([4., 4.])\n"
            "n 2\ntensor([2., 2.])\nn 4\ntensor([4., 4.])\n");
}

TEST_F(TranslatorTest, WrittenContainersAliasingLaterRecompile) {
  // Traced with two distinct lists (dicts), called with one object twice:
  // the entry's stand-ins would miss the write through the other name, so
  // the call must not hit it.
  std::string out = Run(R"(
def f(x, a, b):
    a.append(1)
    return x * len(b)
p, q = [0], [0]
print(fc.run(f, torch.ones(2), p, q), p, q)
p = [0]
print(fc.run(f, torch.ones(2), p, p), p)
p, q = [0], [0]
print(fc.run(f, torch.ones(2), p, q), p, q)
def g(x, d, e):
    d["k"] = d["k"] + 1
    e["k"] = e["k"] + 1
    return x + d["k"]
d = {"k": 0}
print(fc.run(g, torch.ones(2), d, {"k": 0}), d)
d = {"k": 0}
print(fc.run(g, torch.ones(2), d, d), d)
)");
  EXPECT_EQ(out,
            "tensor([1., 1.]) [0, 1] [0]\n"
            "tensor([2., 2.]) [0, 1]\n"
            "tensor([1., 1.]) [0, 1] [0]\n"
            "tensor([2., 2.]) {'k': 1}\n"
            "tensor([3., 3.]) {'k': 2}\n");
}

}  // namespace
}  // namespace tc::frame_capture
