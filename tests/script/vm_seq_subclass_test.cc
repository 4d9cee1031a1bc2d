// Tuple and list subclasses (script classes here; torch.Size and
// torch.return_types are native ones) behave as their base in iteration,
// unpacking, len, indexing, truthiness, repr, comparison and hashing unless
// they override the special method. Expected output from CPython 3.11.
#include <string>

#include "gtest/gtest.h"

#include "vm_test_util.h"

namespace tc::script {
namespace {

TEST(VmSeqSubclass, TupleAndListSubclassesActAsTheirBase) {
  RunResult r = RunSource(R"PY(class P(tuple):
    pass
class L(list):
    def total(self):
        return sum(self)
p = P([1, 2, 3])
a, b, c = p
print(type(p).__name__, len(p), p[0], p[-1], p[1:], type(p[1:]).__name__, bool(p), bool(P()), repr(p), p, str(p))
print(list(p), [x * 2 for x in p], 2 in p, 5 in p, p == (1, 2, 3), (1, 2, 3) == p, p != (1, 2), p < (1, 2, 4), hash(p) == hash((1, 2, 3)))
print(a, b, c, *p, tuple(p), p == [1, 2, 3], max(p), sorted(p, reverse=True))
d = {p: "p"}
print(d[(1, 2, 3)])
l = L([3, 1, 2])
l.append(4)
x, *rest = l
print(type(l).__name__, len(l), l[0], l[1:3], l, l.total(), x, rest, l == [3, 1, 2, 4], sorted(l), bool(L()))
for i, v in enumerate(l):
    print(i, v, end=" ")
print()
try:
    hash(l)
except TypeError as e:
    print(e)
try:
    p[5]
except IndexError as e:
    print(e)
class Q(tuple):
    def __len__(self):
        return 42
    def __getitem__(self, i):
        return i * 10
q = Q([1])
print(len(q), q[3], list(q), bool(q))
)PY");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.out, R"OUT(P 3 1 3 (2, 3) tuple True False (1, 2, 3) (1, 2, 3) (1, 2, 3)
[1, 2, 3] [2, 4, 6] True False True True True True True
1 2 3 1 2 3 (1, 2, 3) False 3 [3, 2, 1]
p
L 4 3 [1, 2] [3, 1, 2, 4] 10 3 [1, 2, 4] True [1, 2, 3, 4] False
0 3 1 1 2 2 3 4 
unhashable type: 'L'
tuple index out of range
42 30 [1] True
)OUT");
}

}  // namespace
}  // namespace tc::script
