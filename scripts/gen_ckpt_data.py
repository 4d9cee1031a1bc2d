"""Writes the torch-made checkpoints that tc's torch.load tests read
(tests/scripts/eager/_ckpt_data/*.pt), with the reference torch 2.15's
torch.save. Values come from arange, not from an RNG, so the files are the
same on every machine. Run: python3 scripts/gen_ckpt_data.py
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference_python import run_under_reference_python  # noqa: E402

run_under_reference_python()

import torch  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'scripts', 'eager',
                   '_ckpt_data')


def main():
    os.makedirs(OUT, exist_ok=True)
    sys.path.insert(0, os.path.join(OUT, '..'))
    import _ckpt_recipe
    torch.save(_ckpt_recipe.sequential().state_dict(), os.path.join(OUT, 'torch_sequential.pt'))
    torch.save(_ckpt_recipe.mixed(), os.path.join(OUT, 'torch_mixed.pt'))
    print('wrote', sorted(os.listdir(OUT)))


if __name__ == '__main__':
    main()
