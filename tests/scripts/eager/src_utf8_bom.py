# A UTF-8 file starting with a byte order mark, which CPython drops.
# coding: utf-8
name = "naïve ☃"
print(name, len(name), name[2], repr(name))
