# Classic algorithms in plain Python: sorting, searching, dynamic programming.

def bubble_sort(xs):
    xs = list(xs)
    n = len(xs)
    for i in range(n):
        swapped = False
        for j in range(n - 1 - i):
            if xs[j] > xs[j + 1]:
                xs[j], xs[j + 1] = xs[j + 1], xs[j]
                swapped = True
        if not swapped:
            break
    return xs

def quick_sort(xs):
    if len(xs) <= 1:
        return xs
    pivot = xs[len(xs) // 2]
    less = [x for x in xs if x < pivot]
    equal = [x for x in xs if x == pivot]
    more = [x for x in xs if x > pivot]
    return quick_sort(less) + equal + quick_sort(more)

def merge_sort(xs):
    if len(xs) <= 1:
        return xs
    mid = len(xs) // 2
    left = merge_sort(xs[:mid])
    right = merge_sort(xs[mid:])
    out = []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            out.append(left[i])
            i += 1
        else:
            out.append(right[j])
            j += 1
    out.extend(left[i:])
    out.extend(right[j:])
    return out

data = [(i * 37 + 11) % 23 - 7 for i in range(20)]
print(data)
print(bubble_sort(data))
print(quick_sort(data))
print(merge_sort(data))
print(bubble_sort(data) == sorted(data) == quick_sort(data) == merge_sort(data))

def lcs(a, b):
    dp = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            if a[i - 1] == b[j - 1]:
                dp[i][j] = dp[i - 1][j - 1] + 1
            else:
                dp[i][j] = max(dp[i - 1][j], dp[i][j - 1])
    return dp[len(a)][len(b)]

print(lcs("AGGTAB", "GXTXAYB"), lcs("abc", "def"), lcs("same", "same"))

def edit_distance(a, b):
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
        prev = cur
    return prev[-1]

print(edit_distance("kitten", "sitting"), edit_distance("", "abc"), edit_distance("flaw", "lawn"))

def primes_upto(n):
    sieve = [True] * (n + 1)
    sieve[0] = sieve[1] = False
    p = 2
    while p * p <= n:
        if sieve[p]:
            for m in range(p * p, n + 1, p):
                sieve[m] = False
        p += 1
    return [i for i in range(n + 1) if sieve[i]]

print(primes_upto(60))

def matmul(a, b):
    return [[sum([a[i][k] * b[k][j] for k in range(len(b))]) for j in range(len(b[0]))] for i in range(len(a))]

A = [[1, 2], [3, 4], [5, 6]]
B = [[1, 0, -1], [2, 1, 0]]
print(matmul(A, B))
print([list(r) for r in zip(*A)])

def power_set(items):
    result = [[]]
    for x in items:
        result = result + [r + [x] for r in result]
    return result

print(power_set([1, 2, 3]))

def permutations(xs):
    if len(xs) <= 1:
        return [xs]
    out = []
    for i in range(len(xs)):
        for p in permutations(xs[:i] + xs[i + 1:]):
            out.append([xs[i]] + p)
    return out

perms = permutations([1, 2, 3])
print(len(perms), perms)
coins = [1, 5, 10, 25]
ways = [1] + [0] * 100
for c in coins:
    for amount in range(c, 101):
        ways[amount] += ways[amount - c]
print("ways to make 100:", ways[100])
