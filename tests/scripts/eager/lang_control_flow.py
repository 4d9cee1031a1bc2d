# if/elif/else, while, break, continue, pass, nested loops.

def classify(n):
    if n < 0:
        return "negative"
    elif n == 0:
        return "zero"
    elif n < 10:
        return "small"
    else:
        return "large"

for v in [-5, 0, 3, 10, 99]:
    print(v, classify(v))

i = 0
while i < 10:
    i += 1
    if i % 2 == 0:
        continue
    if i > 7:
        break
    print("odd", i)
print("after while", i)

for i in range(3):
    for j in range(3):
        if j == i:
            continue
        if j > i + 1:
            break
        print("pair", i, j)

for i in range(3):
    pass
print("pass loop done", i)

found = None
for v in [3, 8, 12, 7]:
    if v % 4 == 0:
        found = v
        break
print("first multiple of 4:", found)

# while with complex condition
a, b = 0, 1
fibs = []
while len(fibs) < 12 and b < 100:
    fibs.append(b)
    a, b = b, a + b
print(fibs)

# gcd by Euclid
x, y = 1071, 462
while y:
    x, y = y, x % y
print("gcd", x)

# binary search
data = [1, 3, 5, 7, 9, 11, 13, 15]
target = 11
lo, hi = 0, len(data) - 1
steps = 0
while lo <= hi:
    mid = (lo + hi) // 2
    steps += 1
    if data[mid] == target:
        break
    elif data[mid] < target:
        lo = mid + 1
    else:
        hi = mid - 1
print("found at", mid, "in", steps, "steps")

# primes with nested loop and flag
primes = []
for n in range(2, 40):
    is_prime = True
    for d in range(2, n):
        if d * d > n:
            break
        if n % d == 0:
            is_prime = False
            break
    if is_prime:
        primes.append(n)
print(primes)

if not primes:
    print("none")
elif len(primes) > 10:
    print("many primes")
if primes and primes[0] == 2:
    print("starts with 2")
count = 0
while True:
    count += 1
    if count >= 5:
        break
print("count", count)
