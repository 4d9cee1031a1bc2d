#!/usr/bin/env python3
"""Writes the goldens of the eager script corpus (tests/scripts/eager/) from real
CPython + PyTorch.

Usage (from anywhere; the scripts always run from the repository root):

    python3 scripts/gen_script_goldens.py                 # all scripts
    python3 scripts/gen_script_goldens.py lang_closures   # some (names or paths)
    python3 scripts/gen_script_goldens.py --check         # verify, write nothing

For each tests/scripts/eager/NAME.py it runs

    REFERENCE_PYTHON -W ignore tests/scripts/eager/NAME.py

(REFERENCE_PYTHON is what scripts/reference-env prints, or --python) with the
repository root as the working directory and a fixed, minimal
environment (PYTHONHASHSEED=0, one OpenMP/MKL thread, no CUDA, C.UTF-8, PyTorch's
AVX2 kernels), then
writes next to the script:

    NAME.out   stdout, always
    NAME.err   stderr, only for scripts named err_*; CPython prints the script's
               absolute path in tracebacks, so the repository root prefix is
               removed: frames read `File "tests/scripts/eager/NAME.py", line N, in f`
    NAME.rc    exit status followed by a newline, only for scripts named err_*

Contract checked while generating (a violation is an error, nothing is written
for that script):
  * a script not named err_* exits 0 and writes nothing to stderr;
  * an err_* script exits non-zero, its stderr ends with a
    `Traceback`-style or SyntaxError report, and mentions no path outside the
    repository (no site-packages frames: the error must be raised by code the
    script calls directly, which is what tc can reproduce);
  * running is deterministic: --check re-runs and compares byte for byte.

Goldens are committed. Re-running this script gives identical files.

scripts/gen_compile_goldens.py runs the same machinery (main() with another
corpus directory and extra environment) for tests/scripts/compile/.
"""
import argparse
import concurrent.futures
import os
import subprocess
import tempfile
import sys

from reference_python import PINNED_ENV, reference_python

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
CORPUS_REL = os.path.join("tests", "scripts", "eager")
CORPUS = os.path.join(ROOT, CORPUS_REL)
TIMEOUT_S = 300
# Scripts whose output depends on the revision of a CPython module file that
# tc runs from the system's stdlib (Debian 12's 3.11.2), where that file
# changed in a later 3.11 release than the reference environment's: their
# goldens come from the system's python3.11. (enum.py: Flag's default
# boundary is CONFORM in 3.11.2 and STRICT in later 3.11 releases.)
SYSTEM_STDLIB_SCRIPTS = {"std_enum"}
SYSTEM_PYTHON = "/usr/bin/python3.11"


def fixed_env(extra=None):
    env = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": "/tmp",
        "LC_ALL": "C.UTF-8",
        "LANG": "C.UTF-8",
        "PYTHONHASHSEED": "0",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONIOENCODING": "utf-8",
        "PYTHONUNBUFFERED": "0",
        "OMP_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
        "OPENBLAS_NUM_THREADS": "1",
        "CUDA_VISIBLE_DEVICES": "",
        "TORCH_SHOW_CPP_STACKTRACES": "0",
    }
    env.update(PINNED_ENV)  # ATEN_CPU_CAPABILITY: see scripts/reference_python.py
    env.update(extra or {})
    return env


def list_scripts(selected, corpus_rel=CORPUS_REL, prog="gen_script_goldens"):
    corpus = os.path.join(ROOT, corpus_rel)
    # Files starting with "_" are modules the scripts import, not scripts.
    names = sorted(f[:-3] for f in os.listdir(corpus) if f.endswith(".py") and f[0] != "_")
    if not selected:
        return names
    out = []
    for s in selected:
        base = os.path.basename(s)
        if base.endswith(".py"):
            base = base[:-3]
        for suffix in (".out", ".err", ".rc"):
            if base.endswith(suffix):
                base = base[: -len(suffix)]
        if base not in names:
            raise SystemExit(f"{prog}: no script {base}.py in {corpus_rel}")
        out.append(base)
    return out


def run_one(python, name, corpus_rel=CORPUS_REL, env_extra=None):
    rel = os.path.join(corpus_rel, name + ".py")
    # A NAME.stdin file is the script's standard input; files it writes go
    # to a fresh directory named by TC_SCRIPT_TMPDIR (the comparer does the
    # same).
    stdin_path = os.path.join(ROOT, corpus_rel, name + ".stdin")
    with tempfile.TemporaryDirectory(prefix="tc-script-") as tmp:
        env = fixed_env(dict(env_extra or {}, TC_SCRIPT_TMPDIR=tmp))
        stdin = open(stdin_path, "rb") if os.path.exists(stdin_path) else subprocess.DEVNULL
        try:
            p = subprocess.run([python, "-W", "ignore", rel], cwd=ROOT, env=env,
                               stdin=stdin, capture_output=True, timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return name, None, None, None, f"timed out after {TIMEOUT_S}s"
        finally:
            if stdin is not subprocess.DEVNULL:
                stdin.close()
    # CPython 3.9+ makes the __main__ script's path absolute in tracebacks; goldens
    # keep the repository-relative path the script was started with.
    err = p.stderr.replace((ROOT + os.sep).encode(), b"")
    return name, p.stdout, err, p.returncode, None


def contract_problem(name, out, err, rc):
    is_err = name.startswith("err_")
    text = err.decode("utf-8", "replace")
    if not is_err:
        if rc != 0:
            return f"exit status {rc} (only err_* scripts may fail):\n{text}"
        if err:
            return f"wrote to stderr (only err_* scripts may):\n{text}"
        return None
    if rc == 0:
        return "err_* script exited 0"
    # After run_one strips the repository root, any absolute path left is a
    # frame outside the corpus (a library, the standard library, the venv).
    if "site-packages" in text or 'File "/' in text or ROOT in text:
        return ("stderr names a file outside the corpus (a library frame or absolute path); "
                f"tc cannot reproduce it:\n{text}")
    lines = text.rstrip("\n").split("\n")
    if not lines or ":" not in lines[-1] and not lines[-1].isidentifier():
        return f"stderr does not end with an exception line:\n{text}"
    if "Traceback (most recent call last):" not in text and "Error" not in lines[-1]:
        return f"stderr has neither a traceback nor a SyntaxError report:\n{text}"
    try:
        out.decode("utf-8")
        err.decode("utf-8")
    except UnicodeDecodeError:
        return "output is not UTF-8"
    return None


def golden_files(name, out, err, rc):
    files = {name + ".out": out}
    if name.startswith("err_"):
        files[name + ".err"] = err
        files[name + ".rc"] = f"{rc}\n".encode()
    return files


def main(corpus_rel=CORPUS_REL, env_extra=None, prog="gen_script_goldens", description=None):
    """Generates (or with --check verifies) the goldens of the corpus in
    corpus_rel (relative to the repository root). env_extra adds to fixed_env()
    for every run; prog names the tool in messages."""
    corpus = os.path.join(ROOT, corpus_rel)
    ap = argparse.ArgumentParser(description=description or __doc__.split("\n\n")[0])
    ap.add_argument("scripts", nargs="*", help="script names or paths (default: all)")
    ap.add_argument("--python", help="reference interpreter (default: what scripts/reference-env prints)")
    ap.add_argument("--check", action="store_true",
                    help="run and compare with the committed goldens; write nothing")
    ap.add_argument("-j", "--jobs", type=int, default=max(1, min(8, os.cpu_count() or 1)))
    args = ap.parse_args()
    python = args.python or reference_python()

    names = list_scripts(args.scripts, corpus_rel, prog)
    failures = []
    changed = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(
            lambda n: run_one(SYSTEM_PYTHON if n in SYSTEM_STDLIB_SCRIPTS and not args.python
                              else python, n, corpus_rel, env_extra), names))
    for name, out, err, rc, problem in results:
        if problem is None:
            problem = contract_problem(name, out, err, rc)
        if problem:
            failures.append(f"{name}: {problem}")
            continue
        for fname, data in golden_files(name, out, err, rc).items():
            path = os.path.join(corpus, fname)
            old = None
            if os.path.exists(path):
                with open(path, "rb") as f:
                    old = f.read()
            if old == data:
                continue
            changed.append(fname)
            if not args.check:
                with open(path, "wb") as f:
                    f.write(data)
        if not name.startswith("err_"):
            for suffix in (".err", ".rc"):
                stale = os.path.join(corpus, name + suffix)
                if os.path.exists(stale):
                    changed.append(name + suffix + " (stale)")
                    if not args.check:
                        os.remove(stale)

    scripts = set(names)
    if not args.scripts:
        for f in sorted(os.listdir(corpus)):
            stem, ext = os.path.splitext(f)
            if ext in (".out", ".err", ".rc") and stem not in scripts:
                changed.append(f + " (no script)")
                if not args.check:
                    os.remove(os.path.join(corpus, f))

    for f in failures:
        print("FAIL " + f, file=sys.stderr)
    verb = "differ" if args.check else "written"
    print(f"{prog}: {len(names)} scripts, {len(changed)} golden files {verb}, "
          f"{len(failures)} failed")
    for c in changed:
        print("  " + c)
    if failures or (args.check and changed):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
