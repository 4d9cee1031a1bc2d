# Run by torch_reads_tc_test.py under tc-run: saves checkpoints into the
# folder argv[1] for the reference torch to load (and one legacy-format
# and one non-checkpoint file for tc's own error texts).
import os
import sys

import torch

out = sys.argv[1]
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'scripts',
                                'eager'))
import _ckpt_recipe  # noqa: E402

torch.save(_ckpt_recipe.sequential().state_dict(), os.path.join(out, 'sequential.pt'))
torch.save(_ckpt_recipe.mixed(), os.path.join(out, 'mixed.pt'))
for name, head in [('legacy.pt', b'\x80\x02\x8a\x0a\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19'),
                   ('text.pt', b'hello, not a checkpoint')]:
    path = os.path.join(out, name)
    with open(path, 'wb') as f:
        f.write(head + b'\x00' * 16)
    try:
        torch.load(path)
    except RuntimeError as e:
        print(str(e).replace(out, '<out>'))
