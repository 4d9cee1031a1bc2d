# os, os.path and sys as CPython 3.11 has them: environ, getenv, getcwd,
# listdir, mkdir/makedirs, remove/rename/rmdir, cpu_count, the path
# functions, and sys's identity, streams, recursion limit and exit.
import os
import os.path
import sys

tmp = os.environ.get("TC_SCRIPT_TMPDIR") or "/tmp"

print(sys.version_info)
print(sys.version_info >= (3, 8), sys.version_info[:2], sys.version_info.major, sys.version_info.minor)
print(sys.version.startswith("3.11."), sys.platform, sys.byteorder, sys.maxsize)
print(type(sys.argv), len(sys.argv), os.path.basename(sys.argv[0]))
print(isinstance(sys.path, list), "sys" in sys.modules, sys.modules["os"] is os)
print(os.path.isabs(sys.executable), sys.getrecursionlimit())
sys.setrecursionlimit(2000)
print(sys.getrecursionlimit())
sys.setrecursionlimit(1000)
print(sys.exc_info())
try:
    raise KeyError("k")
except KeyError:
    t, v, tb = sys.exc_info()
    print(t.__name__, repr(v))
sys.stdout.write("written to stdout\n")
print(sys.stdout.write("abc\n"))
sys.stdout.flush()
print("to stdout via file=", file=sys.stdout)
print(sys.stdin.readline() == "", sys.stdin.read() == "")

print(os.sep, os.pathsep, os.linesep == "\n", os.curdir, os.pardir, os.name)
print(os.getenv("TC_NO_SUCH_VARIABLE_XYZ"), os.getenv("TC_NO_SUCH_VARIABLE_XYZ", "dflt"))
os.environ["TC_TEST_VARIABLE"] = "set-here"
print(os.environ["TC_TEST_VARIABLE"], os.getenv("TC_TEST_VARIABLE"), "TC_TEST_VARIABLE" in os.environ)
del os.environ["TC_TEST_VARIABLE"]
print(os.getenv("TC_TEST_VARIABLE"), os.environ.get("TC_TEST_VARIABLE", "gone"))
print(isinstance(os.cpu_count(), int), os.cpu_count() >= 1, os.path.isdir(os.getcwd()))

base = os.path.join(tmp, "tree")
os.makedirs(os.path.join(base, "a", "b"))
os.makedirs(os.path.join(base, "a", "b"), exist_ok=True)
os.mkdir(os.path.join(base, "c"))
with open(os.path.join(base, "a", "f.txt"), "w") as f:
    f.write("x" * 10)
print(sorted(os.listdir(base)), sorted(os.listdir(os.path.join(base, "a"))))
print(os.path.exists(base), os.path.isdir(base), os.path.isfile(base))
p = os.path.join(base, "a", "f.txt")
print(os.path.isfile(p), os.path.getsize(p), os.stat(p).st_size)
os.rename(p, os.path.join(base, "g.txt"))
print(sorted(os.listdir(base)), os.path.exists(p))
os.remove(os.path.join(base, "g.txt"))
os.rmdir(os.path.join(base, "c"))
print(sorted(os.listdir(base)))


def err(fn):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__ + ":", str(e).replace(tmp, "<tmp>"))


err(lambda: os.makedirs(os.path.join(base, "a")))
err(lambda: os.mkdir(os.path.join(base, "a")))
err(lambda: os.listdir(os.path.join(base, "missing")))
err(lambda: os.remove(os.path.join(base, "missing")))
err(lambda: os.remove(os.path.join(base, "a")))
err(lambda: os.rmdir(os.path.join(base, "a")))
err(lambda: os.rename(os.path.join(base, "x"), os.path.join(base, "y")))
err(lambda: os.path.getsize(os.path.join(base, "missing")))
err(lambda: os.environ.__setitem__("K", 1))
err(lambda: os.path.join("a", 1))
err(lambda: os.path.basename(3))
err(lambda: sys.setrecursionlimit(0))
err(lambda: os.environ["TC_NO_SUCH_VARIABLE_XYZ"])

print(os.path.join("a", "b", "c"), os.path.join("/a", "/b", "c"), os.path.join("a/", "b"), os.path.join("", "x"))
print(os.path.split("/usr/lib/x.py"), os.path.split("x.py"), os.path.split("/"), os.path.split("a//b//"))
print(os.path.basename("/a/b.tar.gz"), os.path.dirname("/a/b.tar.gz"), os.path.dirname("b"))
print(os.path.splitext("/a/b.tar.gz"), os.path.splitext(".bashrc"), os.path.splitext("a.b/c"), os.path.splitext("x..y"))
print(os.path.normpath("a//b/./c/../d"), os.path.normpath("/../x"), os.path.normpath(""), os.path.normpath("//a"))
print(os.path.abspath("x") == os.path.join(os.getcwd(), "x"), os.path.isabs("/x"), os.path.isabs("x"))
print(os.path.expanduser("~/data") == os.path.join(os.environ["HOME"], "data"), os.path.expanduser("x~"))
print(os.path.relpath("/a/b/c", "/a/d"), os.path.relpath("/a", "/a"), os.path.commonprefix(["/usr/lib", "/usr/local"]))
print(os.path.sep, os.path is sys.modules["posixpath"], os.path.__name__)
sys.exit("exiting with a message" if False else 0)
print("not reached")
