# Shared by the eager scripts that print what a call returns or raises.


def catch(f):
    """Prints f()'s result ("ok", its type and repr) or its exception."""
    try:
        r = f()
        print("ok", type(r).__name__, repr(r))
    except BaseException as e:
        print(type(e).__name__ + ":", e)
