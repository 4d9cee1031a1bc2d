#!/usr/bin/env python3
"""Runs pool_timing.py under tc-run and under PyTorch (the reference env) in
one go and prints each case's time and the ratio tc / PyTorch (below 1: tc
is faster): max, average and adaptive pools and batch_norm (eval, train) on
8x64x56x56 float32, contiguous and channels_last. Both use their default
thread counts; OMP_NUM_THREADS=1 in the environment runs both on one thread
(tc's pool reads TC_NUM_THREADS, else OMP_NUM_THREADS).

    benches/compare_pool_with_torch.py [--tc-run build/bins/tc-run/tc-run]
"""
from compare_norms_with_torch import compare

if __name__ == "__main__":
    compare("pool_timing.py", __doc__)
