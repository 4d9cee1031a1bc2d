# An exception raised while handling another: both tracebacks are printed.

def lookup(table, key):
    try:
        return table[key]
    except KeyError:
        raise ValueError("unknown key: " + key)

print(lookup({"a": 1}, "a"))
print(lookup({"a": 1}, "b"))
