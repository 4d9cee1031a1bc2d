# Shared by the eager scripts that print tensors and torch.return_types
# tuples in full: dtype, shape and every value.


def show(*ts):
    """Prints each tensor (a tuple: its type name, then its items)."""
    for t in ts:
        if isinstance(t, tuple):
            print(type(t).__name__, end=" ")
            show(*t)
        else:
            print(t.dtype, list(t.shape), t.tolist())
