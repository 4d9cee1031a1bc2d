# re.error, in the script language as CPython writes it (re/_constants.py):
# the message gets " at position N" and, for a pattern of several lines,
# " (line L, column C)". Runs in the re module's namespace when re is first
# imported (libs/script/src/module_re.cc), after the native part.


class error(Exception):
    __module__ = 're'

    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        if pattern is not None and pos is not None:
            msg = '%s at position %d' % (msg, pos)
            newline = '\n' if isinstance(pattern, str) else b'\n'
            self.lineno = pattern[:pos].count(newline) + 1
            self.colno = pos - pattern[:pos].rfind(newline)
            if newline in pattern:
                msg = '%s (line %d, column %d)' % (msg, self.lineno, self.colno)
        else:
            self.lineno = self.colno = None
        super().__init__(msg)
