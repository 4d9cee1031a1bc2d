# An uncaught UnicodeEncodeError from str.encode("ascii").


def to_ascii(text):
    return text.encode("ascii")


print(to_ascii("plain"))
print(to_ascii("naïve ☃"))
