import torch as
