// Minimized scripts from tests/fuzz/compile_diff_fuzz.py on which a
// compiled run printed something else than the eager one. Each runs a
// function through the `fc` module (`fc.run(fn, *args)`: a compile context
// whose backend interprets the graph) and eagerly on equal inputs, and the
// outputs must agree. The harness is fc_harness.h.
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

class FuzzRegressionsTest : public fc_test::FcTest {};

// The graph returned a fresh tensor for an input written in place, so the
// caller's `r is a` was False and a later write through r missed a.
TEST_F(FuzzRegressionsTest, InputReturnedAfterInPlaceIsTheCallersTensor) {
  std::string out = Run(R"(
def f(x):
    return x.add_(1)
def g(x):
    x.add_(1)
    return x
a = torch.zeros(2, 3)
r = fc.run(f, a)
r.add_(100)
print(r is a, fc.run(g, a) is a, a[0])
)");
  EXPECT_EQ(out, "True True tensor([102., 102., 102.])\n");
}

// A view of an input came back as a copy: writes through it did not reach
// the input.
TEST_F(FuzzRegressionsTest, ReturnedViewOfInputAliasesIt) {
  std::string out = Run(R"(
def f(x):
    x[0, 0] = -5
    return x.t()
def g(x):
    return x.mul_(2)[0]
a = torch.arange(6.0).reshape(2, 3)
r = fc.run(f, a)
r.add_(100)
s = fc.run(g, a)
s.add_(1000)
print(a)
)");
  EXPECT_EQ(out,
            "tensor([[1190., 1202., 1204.],\n"
            "        [ 206.,  208.,  210.]])\n");
}

// A view of an input taken before a graph break was passed to the resume
// function as a copy, so an in-place write after the break was lost.
TEST_F(FuzzRegressionsTest, ViewTakenBeforeABreakWritesThroughAfterIt) {
  std::string out = Run(R"(
def f(x, xs):
    y = x[0]
    print('xs', xs)
    y.mul_(-1)
    return x.sum()
def g(x):
    y = x[0]
    if x.sum() > 3:
        x.mul_(2)
    y.mul_(-1)
a = torch.full((2, 3), 3.0)
b = torch.full((2, 3), 2.0)
print(fc.run(f, a, []), a[0])
fc.run(g, b)
print(b)
)");
  EXPECT_EQ(out,
            "xs []\ntensor(0.) tensor([-3., -3., -3.])\n"
            "tensor([[-4., -4., -4.],\n        [ 4.,  4.,  4.]])\n");
}

// An entry traced with two distinct tensors was reused when both arguments
// were one tensor (and the reverse): the write to x must be seen through y.
TEST_F(FuzzRegressionsTest, AliasedArgumentsAreGuarded) {
  std::string out = Run(R"(
def f(x, y):
    x.add_(1)
    return x + y
b = torch.zeros(3)
print(fc.run(f, b, b + 1), b)
print(fc.run(f, b, b), b)
c = torch.zeros(3)
print(fc.run(f, c, c + 1), c)
)");
  EXPECT_EQ(out,
            "tensor([2., 2., 2.]) tensor([1., 1., 1.])\n"
            "tensor([4., 4., 4.]) tensor([2., 2., 2.])\n"
            "tensor([2., 2., 2.]) tensor([1., 1., 1.])\n");
}

// Two argument objects over one storage (a tensor and a view of it) cannot
// be modeled by separate fakes: the frame runs eagerly.
TEST_F(FuzzRegressionsTest, ArgumentsSharingAStorageRunEagerly) {
  std::string out = Run(R"(
def f(x, y):
    x.add_(1)
    return y * 1
a = torch.zeros(2, 3)
print(fc.run(f, a, a[1]), a[1])
)");
  EXPECT_EQ(out, "tensor([1., 1., 1.]) tensor([1., 1., 1.])\n");
}

// One traced tensor returned twice is one object, as in eager mode.
TEST_F(FuzzRegressionsTest, OneTracedTensorRebuildsAsOneObject) {
  std::string out = Run(R"(
def f(x):
    y = x * 2
    return y, y
r = fc.run(f, torch.ones(2))
r[0].add_(1)
print(r[0] is r[1], r[1])
)");
  EXPECT_EQ(out, "True tensor([3., 3.])\n");
}

// The trace's record of objects it made held bare addresses: when an
// object it made (the range iterator of an empty loop) was freed and the
// stand-in of an outside list took its address, the list passed for a new
// object and the append to it was never replayed. Address reuse depends on
// the allocator, so the loop tries several allocation patterns.
TEST_F(FuzzRegressionsTest, AppendAfterAnEmptyLoopIsReplayed) {
  std::string out = Run(R"(
def f(xs, x, n):
    for i in range(n):
        xs.append(i * 2)
    t = x * len(xs)
    xs.append(t)
def g(xs, n):
    for i in range(n):
        pass
    xs.append(n)
ok = True
for k in range(8):
    pad = [[j] for j in range(k)]
    lst = [4]
    fc.run(f, lst, torch.ones(1, 3), 1)
    fc.run(f, lst, torch.ones(3, 4), 0)
    ys = []
    fc.run(g, ys, 0)
    fc.run(g, ys, 2)
    ok = ok and len(lst) == 4 and ys == [0, 2]
print(ok)
)");
  EXPECT_EQ(out, "True\n");
}

}  // namespace
}  // namespace tc::frame_capture
