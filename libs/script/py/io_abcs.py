# io's abstract base classes, in the script language as CPython's io.py
# writes them: ABCs over _io's native bases (libs/script/src/io_bases.cc),
# with the native stream classes registered. Runs in the io module's
# namespace when io is first imported (libs/script/src/module_io.cc),
# after the native part, which leaves _IOBase, _RawIOBase, _BufferedIOBase
# and _TextIOBase there for this file to take away.

import abc


class IOBase(_IOBase, metaclass=abc.ABCMeta):
    __module__ = 'io'


class RawIOBase(_RawIOBase, IOBase):
    __module__ = 'io'


class BufferedIOBase(_BufferedIOBase, IOBase):
    __module__ = 'io'


class TextIOBase(_TextIOBase, IOBase):
    __module__ = 'io'


for klass in (BytesIO, BufferedReader, BufferedWriter, BufferedRandom):
    BufferedIOBase.register(klass)

for klass in (StringIO, TextIOWrapper):
    TextIOBase.register(klass)
del klass, abc, _IOBase, _RawIOBase, _BufferedIOBase, _TextIOBase
