# The parts of os that CPython writes in Python (Lib/os.py), in the script
# language: walk over scandir, fdopen over open, and the PathLike ABC. Runs
# in the os module's namespace when os is first imported
# (libs/script/src/module_os.cc), after the native part.

import abc as _abc


def walk(top, topdown=True, onerror=None, followlinks=False):
    top = fspath(top)
    dirs = []
    nondirs = []
    walk_dirs = []
    try:
        scandir_it = scandir(top)
    except OSError as error:
        if onerror is not None:
            onerror(error)
        return
    with scandir_it:
        while True:
            try:
                entry = next(scandir_it)
            except StopIteration:
                break
            except OSError as error:
                if onerror is not None:
                    onerror(error)
                return
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            (dirs if is_dir else nondirs).append(entry.name)
            if not topdown and is_dir:
                # Bottom-up walks decide now whether to descend, as
                # CPython's: a symlink to a directory is not walked into
                # unless followlinks.
                try:
                    walk_into = followlinks or not entry.is_symlink()
                except OSError:
                    walk_into = not followlinks
                if walk_into:
                    walk_dirs.append(entry.path)
    if topdown:
        yield top, dirs, nondirs
        for dirname in dirs:
            new_path = path.join(top, dirname)
            if followlinks or not path.islink(new_path):
                yield from walk(new_path, topdown, onerror, followlinks)
    else:
        for new_path in walk_dirs:
            yield from walk(new_path, topdown, onerror, followlinks)
        yield top, dirs, nondirs


def fdopen(fd, mode="r", buffering=-1, encoding=None, *args, **kwargs):
    if not isinstance(fd, int):
        raise TypeError("invalid fd type (%s, expected integer)" % type(fd))
    import io
    return io.open(fd, mode, buffering, encoding, *args, **kwargs)


class PathLike(_abc.ABC):
    """Abstract base class for implementing the file system path protocol."""

    @_abc.abstractmethod
    def __fspath__(self):
        """Return the file system path representation of the object."""
        raise NotImplementedError

    @classmethod
    def __subclasshook__(cls, subclass):
        if cls is PathLike:
            for klass in subclass.__mro__:
                if "__fspath__" in klass.__dict__:
                    if klass.__dict__["__fspath__"] is None:
                        return NotImplemented
                    return True
        return NotImplemented


PathLike.__module__ = "os"
del _abc
