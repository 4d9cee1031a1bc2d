#!/usr/bin/env python3
"""torch._inductor.config fields the inductor backend acts on, end to end:
tests/e2e/inductor/config.py under tc-run in each mode, with a private
TC_CACHE_DIR, TORCH_LOGS=output_code and TC_CODEGEN_TIMES=1 (a pool of two
threads, so the default differs from cpp.threads=1):

- every mode computes eager's answers;
- default: the two outputs are one fused kernel, the second compile is
  answered from memory, the kernels may use 2 threads;
- max_fusion_size=1: two kernels;
- cpp.threads=1: the kernels use 1 thread;
- force_disable_caches: both compiles run the compiler;
- size_asserts=False: still eager's answers.

    inductor_config_test.py TC_RUN SCRIPT_DIR
"""
import os
import subprocess
import sys
import tempfile


def check(cond, what, detail=""):
    if not cond:
        sys.exit(f"FAIL: {what}\n{detail[-3000:]}")


def run(tc_run, script, mode, cache):
    env = dict(os.environ, TC_CACHE_DIR=cache, TORCH_LOGS="output_code", TC_CODEGEN_TIMES="1",
               TC_NUM_THREADS="2")
    env.pop("TORCH_COMPILE_DEBUG", None)
    proc = subprocess.run([tc_run, script, mode], capture_output=True, text=True, env=env,
                          timeout=300)
    check(proc.returncode == 0, f"{mode} exits 0", proc.stderr)
    check(proc.stdout == f"{mode} True\n" * 2, f"{mode}: compiled equals eager",
          proc.stdout + proc.stderr)
    return proc.stderr


def main():
    tc_run, script_dir = (os.path.abspath(a) for a in sys.argv[1:3])
    script = os.path.join(script_dir, "config.py")
    with tempfile.TemporaryDirectory() as tmp:
        cache = os.path.join(tmp, "cache")
        err = run(tc_run, script, "default", cache)
        check(err.count('extern "C" void kernel') == 2 and 'void kernel1' not in err,
              "default: one fused kernel per compile", err)
        check("(compiled):" in err and err.count("(memory):") == 1,
              "default: the second compile comes from memory", err)
        check(err.count("; 2 kernel threads") == 2, "default: the pool's 2 threads", err)

        err = run(tc_run, script, "fusion", cache)
        check('extern "C" void kernel1' in err, "max_fusion_size=1: two kernels", err)

        err = run(tc_run, script, "threads", cache)
        check(err.count("; 1 kernel threads") == 2, "cpp.threads=1: one thread", err)

        err = run(tc_run, script, "nocache", cache)
        check(err.count("(compiled):") == 2 and "(memory)" not in err and "(disk)" not in err,
              "force_disable_caches: both compiles run the compiler", err)

        run(tc_run, script, "nosize", cache)
    print("inductor config e2e: ok")


if __name__ == "__main__":
    main()
