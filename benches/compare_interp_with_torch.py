#!/usr/bin/env python3
"""Runs interp_timing.py under tc-run and under PyTorch (the reference env)
in one go and prints each case's time and the ratio tc / PyTorch (below 1:
tc is faster): F.interpolate x2 of 8x64x56x56 float32 (bilinear, with
align_corners, nearest, bicubic), F.unfold / F.fold 3x3 on 8x64x28x28. Both
use their default thread counts; run on an idle machine.

    benches/compare_interp_with_torch.py [--tc-run build/bins/tc-run/tc-run]
"""
from compare_norms_with_torch import compare

if __name__ == "__main__":
    compare("interp_timing.py", __doc__)
