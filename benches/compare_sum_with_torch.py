#!/usr/bin/env python3
"""Runs sum_timing.py under tc-run and under PyTorch (the reference env) in
one go and prints each case's time and the ratio tc / PyTorch (below 1: tc
is faster): sum over each dim of [4096, 1024], the sum of 16M elements and
mean over (2, 3) of 8x64x56x56 contiguous and channels_last, all float32.
Both use their default thread counts (TC_NUM_THREADS=1 OMP_NUM_THREADS=1 in
the environment gives the one-thread table); run on an idle machine.

    benches/compare_sum_with_torch.py [--tc-run build/bins/tc-run/tc-run]
"""
import compare_norms_with_torch

if __name__ == "__main__":
    compare_norms_with_torch.compare("sum_timing.py", __doc__.split("\n\n")[0])
