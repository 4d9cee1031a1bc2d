// Set iteration order matches CPython 3.11's hash-table order (printing,
// list(s), set operations, comprehensions, pop) for ints, floats, bools and
// tuples, and hash() of those matches CPython. Expected output from CPython
// 3.11. Display literals here are not all-constant: CPython builds those
// through a constant frozenset, which tc does not emulate.
#include <string>

#include "gtest/gtest.h"

#include "vm_test_util.h"

namespace tc::script {
namespace {

TEST(VmSetOrder, IntsFloatsTuplesRemovesAndGrowth) {
  RunResult r = RunSource(R"PY(z = 0
print({z + 3, 1, 2}, set([3, 1, 2]), {z - 1, -2, 5, 100, 7})
x = 5
print({x, 13, 21, 29, 37}, set([5, 13, 21, 29, 37]))
print({z + 1, 9, 17, 25, 2, 10, 33}, set([1, 9, 17, 25, 2, 10, 33]))
s = set()
for i in range(40):
    s.add((i * 37) % 101 - 50)
print(s)
print(list(set([2**40, 2**61, 2**61 - 1, -2**62, 9223372036854775807, (-9223372036854775807 - 1), 7])))
print({z + 0.5, 1.5, 2.25, -3.75, 1e10, 1e-5, 3.0, float('inf'), -0.0})
print(set([(1, 2), (2, 1), (0,), (), (3, (4, 5)), (-1, 0.5, True)]))
print({z == 0, False, 2, 1.0, 0})
s = {z, 8, 16, 24}
s.discard(0)
s.discard(16)
s.add(32)
print(s)
s = set(range(20))
for i in range(0, 20, 3):
    s.remove(i)
s.update([100, 64, 33, 40])
print(s, len(s))
t = set()
for i in range(100, 0, -7):
    t.add(i)
    if i % 2:
        t.discard(i + 7)
print(t)
)PY");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.out, R"OUT({1, 2, 3} {1, 2, 3} {100, 5, 7, -2, -1}
{37, 5, 13, 21, 29} {37, 5, 13, 21, 29}
{1, 2, 33, 9, 10, 17, 25} {1, 2, 33, 9, 10, 17, 25}
{0, 3, 6, 7, 10, 13, 17, 20, 23, 24, 27, 30, 33, 34, 37, 40, 43, 44, 47, 50, -50, -47, -44, -41, -40, -37, -34, -31, -30, -27, -24, -21, -20, -17, -14, -13, -10, -7, -4, -3}
[1099511627776, 2305843009213693952, 2305843009213693951, 9223372036854775807, 7, -9223372036854775808, -4611686018427387904]
{0.5, 1.5, 2.25, 10000000000.0, 3.0, -0.0, 1e-05, inf, -3.75}
{(1, 2), (2, 1), (0,), (), (3, (4, 5)), (-1, 0.5, True)}
{False, True, 2}
{32, 8, 24}
{1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17, 19, 33, 40, 64, 100} 17
{65, 2, 37, 9, 79, 51, 23, 93}
)OUT");
}

TEST(VmSetOrder, OperationsCopiesPopAndHashes) {
  RunResult r = RunSource(R"PY(a = set([5, 13, 21, 29, 37, 2, 64])
b = set([21, 64, 99, 1, 37, 128])
print(a | b, b | a)
print(a & b, b & a)
print(a - b, b - a)
print(a ^ b, b ^ a)
print(a.union([200, 8, 1]), a.intersection([37, 5, 0]), a.difference([5]), a.symmetric_difference([64, 300, 3]))
print(a.union(b, [7, 15]), a.intersection(b, {37}), a.difference(b, [2]))
big = set(range(0, 400, 7))
print(big - set([7, 14]), set([7, 14, 1000]) - big)
print(set(x * 9 for x in range(12)), {x * 8 for x in range(-6, 6)})
print(a.copy(), frozenset(b), set(a), {*a, 3})
d = {64: 1, 3: 2, 130: 3, 66: 4}
print(set(d))
c = set(range(10))
print([c.pop() for _ in range(4)], c)
c.clear()
c.add(17)
c.add(1)
print(c)
print(hash(1), hash(-1), hash(-2), hash(2**61 - 1), hash(2**61), hash(9223372036854775807), hash((-9223372036854775807 - 1)), hash(-2**61 + 1))
print(hash(0.5), hash(1.5), hash(-3.75), hash(1e10), hash(1e-5), hash(3.0), hash(float('inf')), hash(-0.0), hash(1e300), hash(-2.5e-300))
print(hash(()), hash((1,)), hash((1, 2)), hash((-1, 0.5, True)), hash((3, (4, 5))), hash(((),)))
print(hash(True), hash(False))
)PY");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.out,
            R"OUT({64, 1, 2, 128, 99, 37, 5, 13, 21, 29} {64, 1, 128, 99, 2, 37, 5, 13, 21, 29}
{64, 21, 37} {64, 21, 37}
{29, 2, 13, 5} {128, 1, 99}
{1, 128, 99, 2, 5, 29, 13} {128, 1, 2, 5, 13, 29, 99}
{64, 1, 2, 5, 200, 8, 13, 21, 29, 37} {5, 37} {64, 2, 29, 37, 21, 13} {2, 3, 37, 5, 300, 13, 21, 29}
{64, 1, 2, 128, 99, 37, 5, 7, 13, 15, 21, 29} {37} {29, 13, 5}
{0, 385, 259, 133, 392, 266, 140, 399, 273, 147, 21, 280, 154, 28, 287, 161, 35, 294, 168, 42, 301, 175, 49, 308, 182, 56, 315, 189, 63, 322, 196, 70, 329, 203, 77, 336, 210, 84, 343, 217, 91, 350, 224, 98, 357, 231, 105, 364, 238, 112, 371, 245, 119, 378, 252, 126} {1000}
{0, 99, 36, 72, 9, 45, 81, 18, 54, 90, 27, 63} {-32, 0, 32, -24, -8, 8, 40, -48, -16, 16, -40, 24}
{64, 2, 29, 37, 5, 21, 13} frozenset({64, 1, 128, 99, 37, 21}) {64, 2, 29, 37, 5, 21, 13} {64, 2, 29, 3, 37, 5, 21, 13}
{64, 130, 3, 66}
[0, 1, 2, 3] {4, 5, 6, 7, 8, 9}
{17, 1}
1 -2 -2 0 1 3 -4 0
1152921504606846976 1152921504606846977 -1729382256910270467 10000000000 2170758078822671208 3 314159 0 1224995262755759164 -52920977297143526
5740354900026072187 -6644214454873602895 -3550055125485641917 2779953706105728030 7770360621826722652 -5486347211504344842
1 0
)OUT");
}

}  // namespace
}  // namespace tc::script
