# Nested loops with list and dict work.
def work(n):
    counts = {}
    total = 0
    for i in range(n):
        row = []
        for j in range(50):
            row.append(i * j % 7)
        for v in row:
            counts[v] = counts.get(v, 0) + 1
        total += sum(row)
    return total, len(counts)


print(work(4000))
