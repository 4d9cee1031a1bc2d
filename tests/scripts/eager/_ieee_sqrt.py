# Imported by the optim_* scripts: Tensor.sqrt and sqrt_ on float32 computed
# in float64 and rounded once, which is the correctly rounded (IEEE) float32
# square root on both sides. PyTorch's own CPU sqrt is MKL's vsSqrt
# (VML_HA: up to 0.75 ulp, 16% of float32 inputs differ from the correctly
# rounded value) while tc's is IEEE; with this the scripts check that every
# other operation of the optimizers is bit for bit PyTorch's.
# optim_sqrt_mkl.py runs the optimizers without it, to a stated tolerance.
import torch

_sqrt = torch.Tensor.sqrt


def _ieee_sqrt(self):
    if self.dtype == torch.float32:
        return _sqrt(self.double()).float()
    return _sqrt(self)


def _ieee_sqrt_(self):
    return self.copy_(_ieee_sqrt(self))


torch.Tensor.sqrt = _ieee_sqrt
torch.Tensor.sqrt_ = _ieee_sqrt_
