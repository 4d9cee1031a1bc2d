# An uncaught UnicodeDecodeError: CPython's traceback and message.


def load(data):
    return data.decode("utf-8")


print(load(b"caf\xc3\xa9"))
print(load(b"caf\xe9!"))
