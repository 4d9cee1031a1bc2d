# A helper module of lang_builtins_module.py: sees the builtins that script sets.
def call_shout():
    return shout("from another module")


def length(x):
    return len(x)
