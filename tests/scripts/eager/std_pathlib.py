# pathlib (CPython's own pathlib.py) over a scratch directory the script
# makes and removes: pure path parts, joining, the file system methods,
# glob/rglob/iterdir, and glob.glob. Paths are printed relative.
import glob
import os
import pathlib
from pathlib import Path, PurePosixPath

p = PurePosixPath("data/models/resnet.tar.gz")
print(repr(p), str(p), p.name, p.stem, p.suffix, p.suffixes)
print(p.parent, list(p.parents), p.parts, p.anchor == "", p.is_absolute())
print(p.with_suffix(".zip"), p.with_name("vgg.pt"), p.with_stem("x") if hasattr(p, "with_stem") else "")
print(PurePosixPath("/usr") / "lib" / "python3", PurePosixPath("a", "b/c", "d"))
print(PurePosixPath("a/b") == PurePosixPath("a//b/"), PurePosixPath("a/b").joinpath("c", "d"))
print(PurePosixPath("/a/b/c").relative_to("/a"), PurePosixPath("a/b").match("*/b"))
print(sorted([PurePosixPath("b"), PurePosixPath("a/c"), PurePosixPath("a")]))

root = Path("_std_pathlib_tmp")
print(repr(root), type(root).__name__, isinstance(root, pathlib.PurePath), os.fspath(root))
(root / "sub" / "deep").mkdir(parents=True)
(root / "sub").mkdir(exist_ok=True)
try:
    (root / "sub").mkdir()
except FileExistsError as e:
    print("FileExistsError:", e.strerror)
print((root / "a.txt").write_text("hello\nworld\n"), (root / "b.bin").write_bytes(b"\x00\x01"))
(root / "sub" / "c.txt").write_text("c")
(root / "sub" / "deep" / "d.txt").write_text("d")
print((root / "a.txt").read_text().splitlines(), (root / "b.bin").read_bytes())
with (root / "a.txt").open() as f:
    print(f.readline(), end="")
with (root / "a.txt").open("a") as f:
    f.write("more\n")
print((root / "a.txt").read_text().count("\n"))
print(root.exists(), root.is_dir(), (root / "a.txt").is_file(), (root / "nope").exists(),
      (root / "a.txt").stat().st_size)
print(sorted(x.name for x in root.iterdir()))
print(sorted(str(x.relative_to(root)) for x in root.glob("*.txt")))
print(sorted(str(x.relative_to(root)) for x in root.rglob("*.txt")))
print(sorted(str(x.relative_to(root)) for x in root.glob("**/*.txt")))
print(sorted(os.path.relpath(x, str(root)) for x in glob.glob(str(root / "*" / "*.txt"))))
print(sorted(os.path.relpath(x, str(root)) for x in glob.glob(str(root / "**"), recursive=True)))
print(glob.glob(str(root / "zzz*")), glob.escape("a[b]*"))
r = (root / "sub" / ".." / "a.txt").resolve()
print(r.is_absolute(), r.name, r == Path.cwd() / root / "a.txt")
print(Path("x/y.txt").with_suffix(".md"), Path.cwd() == Path(os.getcwd()))
(root / "a.txt").rename(root / "renamed.txt")
(root / "b.bin").unlink()
print(sorted(x.name for x in root.iterdir()))
for x in sorted(root.rglob("*"), key=lambda q: len(q.parts), reverse=True):
    x.unlink() if x.is_file() else x.rmdir()
root.rmdir()
print(root.exists())
