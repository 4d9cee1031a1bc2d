# os and shutil over a scratch directory the script makes and removes:
# makedirs, scandir/DirEntry, walk, stat, fd-level open/read/write,
# shutil.copyfile/copy/copytree/move/rmtree, get_terminal_size when
# stdout is not a terminal. Paths are printed relative to the scratch dir.
import os
import shutil
import stat
import sys

root = "_std_shutil_os_tmp"
if os.path.exists(root):
    shutil.rmtree(root)
os.makedirs(os.path.join(root, "a", "b"))
os.makedirs(os.path.join(root, "a", "b"), exist_ok=True)
for rel, text in [("top.txt", "top\n"), ("a/one.py", "print(1)\n"),
                  ("a/b/two.txt", "two\n" * 3), ("a/b/three.bin", "")]:
    with open(os.path.join(root, rel), "w") as f:
        f.write(text)

with os.scandir(root) as it:
    entries = sorted(it, key=lambda e: e.name)
for e in entries:
    print(repr(e), e.name, os.path.relpath(e.path, root), e.is_dir(), e.is_file(),
          e.is_symlink(), e.stat().st_size if e.is_file() else "-")
print(isinstance(entries[0], os.DirEntry), os.fspath(entries[0]) == entries[0].path)

for top, dirs, files in os.walk(root):
    dirs.sort()
    print(os.path.relpath(top, root), dirs, sorted(files))
print([os.path.relpath(t, root) for t, _, _ in os.walk(root, topdown=False)])

st = os.stat(os.path.join(root, "a", "b", "two.txt"))
print(st.st_size, stat.S_ISREG(st.st_mode), stat.S_ISDIR(os.lstat(root).st_mode))
print(os.path.getsize(os.path.join(root, "top.txt")), os.access(root, os.W_OK),
      os.access(os.path.join(root, "nope"), os.F_OK))

fd = os.open(os.path.join(root, "raw.bin"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
print(os.write(fd, b"raw bytes"), os.fstat(fd).st_size)
os.close(fd)
fd = os.open(os.path.join(root, "raw.bin"), os.O_RDONLY)
print(os.read(fd, 3), os.read(fd, 100), os.read(fd, 10))
os.close(fd)
try:
    os.open(os.path.join(root, "raw.bin"), os.O_WRONLY | os.O_CREAT | os.O_EXCL)
except FileExistsError as e:
    print("FileExistsError:", e.errno, e.strerror)
with os.fdopen(os.open(os.path.join(root, "raw.bin"), os.O_RDONLY), "rb") as f:
    print(f.read())

shutil.copyfile(os.path.join(root, "top.txt"), os.path.join(root, "copy.txt"))
print(open(os.path.join(root, "copy.txt")).read(), end="")
print(os.path.relpath(shutil.copy(os.path.join(root, "top.txt"), os.path.join(root, "a")), root))
shutil.copytree(os.path.join(root, "a"), os.path.join(root, "a2"))
print(sorted(os.listdir(os.path.join(root, "a2"))), sorted(os.listdir(os.path.join(root, "a2", "b"))))
shutil.move(os.path.join(root, "copy.txt"), os.path.join(root, "a2", "moved.txt"))
print(sorted(os.listdir(root)))
try:
    shutil.copyfile(os.path.join(root, "missing.txt"), os.path.join(root, "x.txt"))
except FileNotFoundError as e:
    print("FileNotFoundError:", os.path.relpath(e.filename, root))
shutil.rmtree(os.path.join(root, "a2"))
print(sorted(os.listdir(root)))
try:
    shutil.rmtree(os.path.join(root, "nope"))
except FileNotFoundError as e:
    print("rmtree FileNotFoundError:", e.strerror)
shutil.rmtree(os.path.join(root, "nope"), ignore_errors=True)

# Not a terminal (the test's stdout is a pipe): COLUMNS/LINES, else 80x24.
os.environ.pop("COLUMNS", None)
os.environ.pop("LINES", None)
print(shutil.get_terminal_size())
os.environ["COLUMNS"] = "100"
print(tuple(shutil.get_terminal_size()))
del os.environ["COLUMNS"]
try:
    os.get_terminal_size(sys.stdout.fileno())
except OSError as e:
    print("OSError:", e.errno)
print(os.terminal_size((3, 4)), os.strerror(2))
print(shutil.which("definitely-not-a-command-xyz"))

shutil.rmtree(root)
print(os.path.exists(root))
