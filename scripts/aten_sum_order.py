"""A model of the order in which ATen's CPU sum (SumKernel.cpp's cascade_sum
under TensorIterator, AVX2 build: 8 float / 4 double lanes, one thread) adds
float32/float64 values, in NumPy arithmetic of the same dtype. It documents
the order libs/kernels/src/sum_cascade.cc implements and checks it against
torch bit for bit:

  ATEN_CPU_CAPABILITY=avx2 OMP_NUM_THREADS=1 ~/.cache/tc/reference-env/bin/python \
      scripts/aten_sum_order.py [--threads N]

The order:
- TensorIterator puts the reduced dims first (output stride 0), sorts dims by
  stride (output's first, then the input's), drops size-1 dims and coalesces
  neighbours; the output starts at 0 and every 2-D loop call adds into it.
- A 2-D call (size0 x size1) reduces dim 0. Contiguous inner reduction: each
  row is summed in vectors with 4 independent accumulators (ILP), each a
  4-level cascade of chunks of 2^p rows (p = max(4, ceil_log2(n) / 4)); the
  leftover elements go into a scalar, then the 8 (4) lanes are added to it in
  order. Contiguous outer reduction: columns in groups of 4 vectors share one
  cascade over the rows; then single vectors (ILP 4 over rows); then scalar
  columns. Otherwise the same in scalars.
- With more than one thread and a single output, ATen splits the input in
  per-thread halves (two-pass reduction), so the bits depend on the thread
  count; tc always answers the one-thread order.
"""
import argparse
import sys

import numpy as np

LANES = {np.float32: 8, np.float64: 4}


def ceil_log2(x):
    return 1 if x <= 2 else int(x - 1).bit_length()


def multi_row_sum(load, nrows, size, zero):
    """load(i, k) -> value of row i, column k; returns list of nrows sums."""
    levels = 4
    power = max(4, ceil_log2(size) // levels)
    step = 1 << power
    mask = step - 1
    acc = [[zero.copy() for _ in range(nrows)] for _ in range(levels)]
    i = 0
    while i + step <= size:
        for _ in range(step):
            for k in range(nrows):
                acc[0][k] = acc[0][k] + load(i, k)
            i += 1
        for j in range(1, levels):
            for k in range(nrows):
                acc[j][k] = acc[j][k] + acc[j - 1][k]
                acc[j - 1][k] = zero.copy()
            if i & (mask << (j * power)):
                break
    while i < size:
        for k in range(nrows):
            acc[0][k] = acc[0][k] + load(i, k)
        i += 1
    for j in range(1, levels):
        for k in range(nrows):
            acc[0][k] = acc[0][k] + acc[j][k]
    return acc[0]


def row_sum(load, size, zero):
    """load(i) -> element i of the row (scalar or vector)."""
    ilp = 4
    n = size // ilp
    parts = multi_row_sum(lambda i, k: load(i * ilp + k), ilp, n, zero)
    for i in range(n * ilp, size):
        parts[0] = parts[0] + load(i)
    for k in range(1, ilp):
        parts[0] = parts[0] + parts[k]
    return parts[0]


def loop2d(buf, out, in_off, out_off, st_in, st_out, size0, size1, dt):
    """One 2-D call of cascade_sum; strides in elements."""
    lanes = LANES[dt]
    zs = np.zeros((), dt)
    zv = np.zeros(lanes, dt)
    in_s, out_s = list(st_in), list(st_out)
    if out_s[0] != 0 and out_s[1] == 0:
        in_s.reverse()
        out_s.reverse()
        size0, size1 = size1, size0
    if out_s[0] != 0 and out_s[1] != 0:
        for j in range(size1):
            for i in range(size0):
                o = out_off + i * out_s[0] + j * out_s[1]
                out[o] = out[o] + buf[in_off + i * in_s[0] + j * in_s[1]]
        return
    ostride = out_s[1]

    def store(j, v):
        out[out_off + j * ostride] = out[out_off + j * ostride] + v

    if in_s[0] == 1 and size0 >= lanes:
        nvec = size0 // lanes
        for j in range(size1):
            base = in_off + j * in_s[1]
            vacc = row_sum(lambda i: buf[base + i * lanes:base + (i + 1) * lanes], nvec, zv)
            final = zs.copy()
            for k in range(nvec * lanes, size0):
                final = final + buf[base + k]
            for k in range(lanes):
                final = final + vacc[k]
            store(j, final)
    elif in_s[1] == 1 and size1 >= lanes:
        j = 0
        rs = in_s[0]
        while j + 4 * lanes <= size1:
            base = in_off + j
            sums = multi_row_sum(
                lambda i, k: buf[base + i * rs + k * lanes:base + i * rs + (k + 1) * lanes], 4,
                size0, zv)
            for k in range(4):
                for m in range(lanes):
                    store(j + k * lanes + m, sums[k][m])
            j += 4 * lanes
        while j + lanes <= size1:
            base = in_off + j
            s = row_sum(lambda i: buf[base + i * rs:base + i * rs + lanes], size0, zv)
            for m in range(lanes):
                store(j + m, s[m])
            j += lanes
        while j < size1:
            base = in_off + j
            store(j, row_sum(lambda i: buf[base + i * rs], size0, zs))
            j += 1
    elif in_s[0] < in_s[1]:
        for j in range(size1):
            base = in_off + j * in_s[1]
            store(j, row_sum(lambda i: buf[base + i * in_s[0]], size0, zs))
    else:
        j = 0
        while j + 3 < size1:
            base = in_off + j * in_s[1]
            sums = multi_row_sum(lambda i, k: buf[base + i * in_s[0] + k * in_s[1]], 4, size0, zs)
            for k in range(4):
                store(j + k, sums[k])
            j += 4
        while j < size1:
            base = in_off + j * in_s[1]
            store(j, row_sum(lambda i: buf[base + i * in_s[0]], size0, zs))
            j += 1


def iter_dims(sizes, in_strides, out_strides):
    """TensorIterator's reorder (insertion sort) and coalescing; returns
    [(size, in_stride, out_stride)] fastest first."""
    nd = len(sizes)
    perm = list(range(nd - 1, -1, -1))

    def should_swap(d0, d1):
        for strides, is_out in ((out_strides, True), (in_strides, False)):
            s0, s1 = strides[d0], strides[d1]
            if is_out and (s0 == 0) != (s1 == 0):
                return 1 if s1 == 0 else -1
            if s0 == 0 or s1 == 0:
                continue
            if s0 < s1:
                return -1
            if s0 > s1:
                return 1
            if sizes[d0] > sizes[d1]:
                return 1
        return 0

    for i in range(1, nd):
        d1 = i
        for d0 in range(i - 1, -1, -1):
            c = should_swap(perm[d0], perm[d1])
            if c > 0:
                perm[d0], perm[d1] = perm[d1], perm[d0]
                d1 = d0
            elif c < 0:
                break
    dims = [[sizes[p], in_strides[p], out_strides[p]] for p in perm]
    out = []
    for d in dims:
        if out and (d[0] == 1 or out[-1][0] == 1 or
                    (out[-1][1] * out[-1][0] == d[1] and out[-1][2] * out[-1][0] == d[2])):
            if out[-1][0] == 1:
                out[-1] = d[:]
            elif d[0] != 1:
                out[-1][0] *= d[0]
            continue
        out.append(d[:])
    return out or [[1, 0, 0]]


def model_sum(buf, offset, sizes, strides, dims, dt):
    """Sum of the strided view (element strides) over `dims` (keepdim
    shape out, contiguous)."""
    nd = len(sizes)
    red = [d in dims for d in range(nd)] if dims else [True] * nd
    out_sizes = [1 if red[d] else sizes[d] for d in range(nd)]
    out_strides, acc = [0] * nd, 1
    for d in range(nd - 1, -1, -1):
        out_strides[d] = 0 if red[d] else acc
        acc *= out_sizes[d]
    out = np.zeros(int(np.prod(out_sizes)), dt)
    it = iter_dims(sizes, strides, out_strides)
    while len(it) < 2:
        it.append([1, 0, 0])
    outer = it[2:]
    n_outer = int(np.prod([d[0] for d in outer])) if outer else 1
    for c in range(n_outer):
        in_off, out_off, rem = offset, 0, c
        for d in outer:
            idx = rem % d[0]
            rem //= d[0]
            in_off += idx * d[1]
            out_off += idx * d[2]
        loop2d(buf, out, in_off, out_off, (it[0][1], it[1][1]), (it[0][2], it[1][2]), it[0][0],
               it[1][0], dt)
    return out.reshape(out_sizes)


def check(torch, t, dims, what):
    dt = np.float32 if t.dtype == torch.float32 else np.float64
    buf = t.untyped_storage()
    flat = torch.as_strided(t, (t.untyped_storage().nbytes() // t.element_size(),), (1,), 0)
    base = flat.numpy()
    got = model_sum(base, t.storage_offset(), list(t.shape), list(t.stride()), dims, dt)
    want = t.sum(dim=dims, keepdim=True) if dims else t.sum().reshape([1] * t.dim())
    want = want.contiguous().numpy()
    ok = np.array_equal(got.view(np.uint8), want.view(np.uint8))
    # mean = sum / n in the dtype
    n = t.numel() // max(1, int(np.prod(want.shape)))
    mean = t.mean(dim=dims, keepdim=True) if dims else t.mean().reshape([1] * t.dim())
    mok = np.array_equal((got / dt(n)).astype(dt).view(np.uint8),
                         mean.contiguous().numpy().view(np.uint8)) if n else True
    if not (ok and mok):
        print(f"MISMATCH {what}: sum ok={ok} mean ok={mok}")
    return ok and mok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    import torch
    torch.set_num_threads(args.threads)
    g = torch.Generator().manual_seed(0)
    bad = 0
    total = 0
    for dtype in (torch.float32, torch.float64):
        lengths = list(range(1, 5001, 1 if not args.quick else 37)) + [10**6]
        for n in lengths:
            t = torch.randn(n, generator=g, dtype=dtype) * 3 + 1
            total += 1
            bad += not check(torch, t, [], f"1-D {dtype} n={n}")
        t = torch.arange(-3, 3, 0.3).double()
        bad += not check(torch, t, [], "arange double")
        for m, n in [(3, 5), (7, 9), (4, 100), (5, 1000), (2, 70000), (17, 33), (64, 257)]:
            t = torch.randn(m, n, generator=g, dtype=dtype)
            bad += not check(torch, t, [1], f"inner [{m},{n}] {dtype}")
            bad += not check(torch, t, [0], f"outer [{m},{n}] {dtype}")
            bad += not check(torch, t.t(), [0], f"inner-transposed [{n},{m}] {dtype}")
            total += 3
        for shape in [(2, 3, 5, 7), (8, 64, 56, 56), (2, 37, 9, 11), (1, 3, 300, 300), (3, 100, 4, 4)]:
            t = torch.randn(*shape, generator=g, dtype=dtype)
            bad += not check(torch, t, [2, 3], f"NCHW (2,3) {shape} {dtype}")
            cl = t.contiguous(memory_format=torch.channels_last)
            bad += not check(torch, cl, [2, 3], f"NHWC (2,3) {shape} {dtype}")
            bad += not check(torch, cl, [0, 2, 3], f"NHWC (0,2,3) {shape} {dtype}")
            bad += not check(torch, t, [0, 2, 3], f"NCHW (0,2,3) {shape} {dtype}")
            bad += not check(torch, cl, [1], f"NHWC (1) {shape} {dtype}")
            bad += not check(torch, t, [0, 2], f"NCHW (0,2) {shape} {dtype}")
            bad += not check(torch, cl, [], f"NHWC all {shape} {dtype}")
            total += 7
    print(f"{total - bad} of {total} cases match (threads={args.threads})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
