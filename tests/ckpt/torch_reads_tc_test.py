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
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.arange(p.numel(), dtype=torch.float32).reshape(p.shape) * 0.25 - i)
sd = torch.load(os.path.join(out, 'sequential.pt'))
want = model.state_dict()
assert type(sd) is collections.OrderedDict, type(sd)
assert list(sd) == list(want), list(sd)
assert sd._metadata == want._metadata, sd._metadata
for k in want:
    assert torch.equal(sd[k], want[k]) and sd[k].stride() == want[k].stride(), k
model.load_state_dict(sd)
m = torch.load(os.path.join(out, 'mixed.pt'))
base = torch.arange(24, dtype=torch.float64).reshape(4, 6) / 7
exp = {
    'f32': torch.arange(6, dtype=torch.float32) / 3,
    'f16': (torch.arange(5, dtype=torch.float32) / 3).half(),
    'bf16': (torch.arange(5, dtype=torch.float32) / 3).bfloat16(),
    'i64': torch.tensor([-(2**40), 0, 2**40]),
    'i32': torch.tensor([-7, 7], dtype=torch.int32),
    'i16': torch.tensor([-300, 300], dtype=torch.int16),
    'i8': torch.tensor([-128, 127], dtype=torch.int8),
    'u8': torch.tensor([0, 255], dtype=torch.uint8),
    'bool': torch.tensor([True, False, True]),
    'scalar': torch.tensor(2.5), 'empty': torch.zeros(0, 3), 'base': base,
    'view': base[1:3, ::2], 'row': base[2],
    'expanded': torch.tensor([1.0, 2.0]).expand(3, 2),
    'param': nn.Parameter(torch.ones(2)),
}
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
        r = subprocess.run([REFERENCE, '-c', CHECK, out], capture_output=True, text=True)
        print(r.stdout, r.stderr)
        return r.returncode


if __name__ == '__main__':
    sys.exit(main())
