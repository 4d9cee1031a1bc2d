# The parts of posixpath that shutil and pathlib use beyond the native ones
# (libs/script/src/module_posixpath.cc), in the script language, with
# CPython 3.11's posixpath.py semantics for str paths: normcase,
# splitdrive, the stat comparisons and the time getters. Runs in the
# posixpath module's namespace after the native part.

# os imports this module while it starts: os is imported where used.


def normcase(s):
    import os
    return os.fspath(s)


def splitdrive(p):
    import os
    p = os.fspath(p)
    return p[:0], p


def samestat(s1, s2):
    return s1.st_ino == s2.st_ino and s1.st_dev == s2.st_dev


def samefile(f1, f2):
    import os
    return samestat(os.stat(f1), os.stat(f2))


def sameopenfile(fp1, fp2):
    import os
    return samestat(os.fstat(fp1), os.fstat(fp2))


def getmtime(filename):
    import os
    return os.stat(filename).st_mtime


def getatime(filename):
    import os
    return os.stat(filename).st_atime


def getctime(filename):
    import os
    return os.stat(filename).st_ctime
