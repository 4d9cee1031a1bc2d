"""torch.save files tc writes load in the reference PyTorch 2.15 with its
default torch.load (weights_only=True) and hold what the same recipe built
in PyTorch holds, bit for bit (torch.equal, dtypes, shapes, strides,
storage offsets, shared storages, requires_grad, state-dict _metadata).
Skipped (exit 77) when the reference environment is absent.

Usage: torch_reads_tc_test.py TC_RUN TESTS_CKPT_DIR
"""
import os
import subprocess
import sys
import tempfile

REFERENCE = os.path.expanduser('~/.cache/tc/reference-env/bin/python')

CHECK = r'''
import collections, os, sys
import torch
import torch.nn as nn
out = sys.argv[1]
sys.path.insert(0, sys.argv[2])
import _ckpt_recipe
model = _ckpt_recipe.sequential()
sd = torch.load(os.path.join(out, 'sequential.pt'))
want = model.state_dict()
assert type(sd) is collections.OrderedDict, type(sd)
assert list(sd) == list(want), list(sd)
assert sd._metadata == want._metadata, sd._metadata
for k in want:
    assert torch.equal(sd[k], want[k]) and sd[k].stride() == want[k].stride(), k
model.load_state_dict(sd)
m = torch.load(os.path.join(out, 'mixed.pt'))
exp = _ckpt_recipe.mixed()
for k in ('list', 'ordered', 'big'):
    del exp[k]
for k, e in exp.items():
    t = m[k]
    assert type(t) is type(e), (k, type(t))
    assert t.dtype == e.dtype and t.shape == e.shape, k
    assert t.stride() == e.stride() and t.storage_offset() == e.storage_offset(), k
    assert t.requires_grad == e.requires_grad, k
    assert torch.equal(t, e), k
ptr = m['base'].untyped_storage().data_ptr()
assert m['view'].untyped_storage().data_ptr() == ptr
assert m['row'].untyped_storage().data_ptr() == ptr
assert m['list'] == [1, 2.5, 'three', None, True, (4, 5)], m['list']
assert type(m['ordered']) is collections.OrderedDict and list(m['ordered']) == ['b', 'a']
assert m['ordered']['b'] == 1 and torch.equal(m['ordered']['a'], torch.arange(3))
assert m['big'] == 2**70
print('reference torch read tc files: ok')
'''

EXPECTED_ERRORS = [
    '<out>/legacy.pt: legacy (pre-1.6) torch.save format is not supported by tc; re-save it with '
    'a current PyTorch (zip format)',
    '<out>/text.pt is not a torch.save checkpoint (neither a zip archive nor the legacy format)',
]


def main():
    tc_run, ckpt_dir = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as out:
        r = subprocess.run([tc_run, os.path.join(ckpt_dir, 'tc_writes.py'), out],
                           capture_output=True, text=True)
        if r.returncode != 0:
            print(r.stdout, r.stderr)
            return 1
        errors = r.stdout.splitlines()
        if errors != EXPECTED_ERRORS:
            print('tc error texts differ:\n', '\n'.join(errors))
            return 1
        if not os.path.exists(REFERENCE):
            print('skipped: no reference env at', REFERENCE)
            return 77
        recipe_dir = os.path.join(ckpt_dir, '..', 'scripts', 'eager')
        r = subprocess.run([REFERENCE, '-c', CHECK, out, recipe_dir], capture_output=True,
                           text=True)
        print(r.stdout, r.stderr)
        return r.returncode


if __name__ == '__main__':
    sys.exit(main())
