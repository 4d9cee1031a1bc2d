# struct.error, as CPython's _struct defines it (an Exception subclass whose
# __module__ is 'struct'). Runs in the _struct module's namespace when it is
# first imported (libs/script/src/module_struct.cc), after the native part.


class error(Exception):
    __module__ = 'struct'
