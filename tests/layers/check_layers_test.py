#!/usr/bin/env python3
"""Tests scripts/check-layers on small fake trees: a clean tree passes, and
each kind of violation fails with the file:line it names.

Usage: check_layers_test.py PATH/TO/check-layers
"""
import os
import subprocess
import sys
import tempfile

LAYERS = "# fake table\nbase :\nmid  : base   # uses base\ntop  : mid\n"
TOP_MESON = "project('fake', 'cpp')\ntc_libs = ['base', 'mid', 'top']\n"


def lib_meson(name, deps):
    lines = [f"project('tc-{name}', 'cpp')"]
    lines += [f"dep_{d} = dependency('tc-{d}')" for d in deps]
    lines.append(f"meson.override_dependency('tc-{name}', declare_dependency())")
    return "\n".join(lines) + "\n"


def clean_tree():
    """{relative path: contents}; symlinks are made for every libs/<name>."""
    return {
        "libs/LAYERS": LAYERS,
        "meson.build": TOP_MESON,
        "libs/base/meson.build": lib_meson("base", []),
        "libs/base/include/tc/base/base.h": "#include <vector>\n",
        "libs/mid/meson.build": lib_meson("mid", ["base"]),
        "libs/mid/include/tc/mid/mid.h": '#include "tc/base/base.h"\n',
        "libs/top/meson.build": lib_meson("top", ["mid"]),
        # base is below top through mid: allowed.
        "libs/top/src/top.cc": '#include "tc/top/top.h"\n#include "tc/base/base.h"\n',
        "libs/top/include/tc/top/top.h": '#include "tc/mid/mid.h"\n',
    }


def make(root, files, links=True):
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    os.makedirs(os.path.join(root, "subprojects"), exist_ok=True)
    if links:
        for name in os.listdir(os.path.join(root, "libs")):
            if os.path.isdir(os.path.join(root, "libs", name)):
                os.symlink(f"../libs/{name}", os.path.join(root, "subprojects", f"tc-{name}"))


def set_file(rel, text):
    return lambda files: files.__setitem__(rel, text)


# (name, edit(files) changing the clean tree, substrings the output must have;
# none: the check must pass)
CASES = [
    ("clean", lambda files: None, []),
    ("(a) not bottom-up", set_file("libs/LAYERS", "mid : base\nbase :\ntop : mid\n"),
     ["libs/LAYERS:1: mid uses base, whose row comes later"]),
    ("(a) unknown library", set_file("libs/LAYERS", LAYERS + "extra : nowhere\n"),
     ["libs/LAYERS:5: extra uses nowhere, which has no row"]),
    ("(b) undeclared meson dependency",
     set_file("libs/mid/meson.build", lib_meson("mid", ["base", "top"])),
     ["libs/mid/meson.build:3: mid depends on tc-top"]),
    ("(b) row lists a dependency meson.build lacks",
     set_file("libs/mid/meson.build", lib_meson("mid", [])),
     ["libs/LAYERS:3: mid lists base"]),
    ("(c) include of a higher library",
     set_file("libs/mid/include/tc/mid/mid.h", '#include "tc/base/base.h"\n'
              '#include "tc/top/top.h"\n'),
     ["libs/mid/include/tc/mid/mid.h:2: mid may not include tc/top/"]),
    ("(c) include of an unknown library",
     set_file("libs/base/src/x.cc", '// x\n#include <tc/ghost/ghost.h>\n'),
     ["libs/base/src/x.cc:2: base may not include tc/ghost/"]),
    ("(d) tc_libs order",
     set_file("meson.build", "project('fake', 'cpp')\ntc_libs = ['base', 'top', 'mid']\n"),
     ["meson.build:2: tc_libs"]),
    ("(e) folder without a row", set_file("libs/stray/meson.build", lib_meson("stray", [])),
     ["libs/stray: library folder stray has no row"]),
]


def run(checker, root):
    proc = subprocess.run([sys.executable, checker, root], capture_output=True, text=True)
    return proc.returncode, proc.stdout + proc.stderr


def main(argv):
    checker = os.path.abspath(argv[1])
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i, (name, edit, expect) in enumerate(CASES):
            files = clean_tree()
            edit(files)
            root = os.path.join(tmp, str(i))
            make(root, files)
            rc, out = run(checker, root)
            ok = (rc == 0) if not expect else (rc == 1 and all(e in out for e in expect))
            print(f"{'ok  ' if ok else 'FAIL'} {name} (rc {rc})")
            if not ok:
                failures += 1
                print("  expected:", expect or "success", "\n  got:\n    " +
                      out.strip().replace("\n", "\n    "))
        # (e) a library without its subprojects/ symlink.
        root = os.path.join(tmp, "nolink")
        make(root, clean_tree(), links=False)
        os.symlink("../libs/base", os.path.join(root, "subprojects", "tc-base"))
        rc, out = run(checker, root)
        ok = rc == 1 and "missing symlink subprojects/tc-mid" in out and "tc-base" not in out
        print(f"{'ok  ' if ok else 'FAIL'} (e) missing symlink (rc {rc})")
        if not ok:
            failures += 1
            print("  got:\n    " + out.strip().replace("\n", "\n    "))
    print(f"{len(CASES) + 1 - failures}/{len(CASES) + 1} cases passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
