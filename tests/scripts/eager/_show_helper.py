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


def err(f):
    """Calls f; prints "no error" or the exception's type and text."""
    try:
        f()
        print("no error")
    except Exception as e:
        print(type(e).__name__ + ":", e)
