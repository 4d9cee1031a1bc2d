# Iteration order of set displays of constants. CPython 3.11 builds a display
# of 3+ constants from a frozenset constant (BUILD_SET 0, LOAD_CONST,
# SET_UPDATE), and iterates a frozenset constant directly in comprehensions;
# with colliding hashes that order differs from inserting the elements in
# source order, which is what a display with a variable element does.
print({8, 0, 16, 24, 1})
print({-1, -2, 7})
print({8, 16, 0})
print({1, 9, 17, 25, 33, 41})
print({2**61 - 1, 0, 1, 2305843009213693952, 2})
print({100, 36, 4, 68, 132, 3, 2})
print({0.5, 8, 0, 16, -8.0})
print({(1, 2), 9, 1, 17, (0,)})
print({True, 1, 9, 17})
print({5, 13, 21, 29, 37, 45, 53, 61, 69, 77, 85, 93})
print({7, 15, 23, 31, 39, 47, 55})
print({-8, -16, 0, 8, 1 + 15})
x = 8
print({x, 0, 16, 24, 1})
print({8, 0}, {9, 1})
print([v for v in {5, 13, 21, 29, 37, 45, 53, 61, 69, 77, 85, 93}])
print({v: 0 for v in {7, 15, 23, 31, 39, 47, 55}})
print([(a, b) for a in {9, 1} for b in {1, 9, 17, 25, 33, 41}])
print({v for v in {1, 9, 17, 25, 33, 41}}, sorted({1, 9, 17, 25, 33, 41}))
print(8 in {8, 0, 16, 24, 1}, 3 not in {8, 0, 16, 24, 1}, 1 < 2 in {2, 3, 4})
s = {64, 0, 32, 128, 16}
s.add(256)
print(s, s | {512, 0, 1024}, s - {0, 32, 9})
print(frozenset({8, 0, 16, 24, 1}), set([8, 0, 16, 24, 1]), set((8, 0, 16, 24, 1)))

# A for loop over a constant set display iterates CPython's frozenset constant.
for x in {8, 16, 1, 9, 33, -1, 7}:
    print("for", x)
