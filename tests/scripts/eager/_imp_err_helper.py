# A helper module of err_import_module_raises.py: its body fails.
LIMIT = 3


def check(n):
    if n > LIMIT:
        raise ValueError(f"{n} is over the limit")
    return n


check(1)
check(5)
