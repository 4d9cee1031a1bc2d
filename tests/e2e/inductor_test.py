#!/usr/bin/env python3
"""The inductor backend end to end (issue 13): tc-run and tc-explain on
tests/e2e/inductor/chain.py with a private TC_CACHE_DIR.

- the compiled results equal eager's (the script prints `name True`);
- TORCH_LOGS=output_code prints the generated C++ (vectorized Highway code)
  and where it came from: compiled, then from the disk cache in a new process;
- a corrupt disk-cache entry is deleted with a warning and compiled again;
- with no compiler (TC_CXX=/nonexistent) every graph runs on the interpreter
  and the answers are the same;
- TORCH_COMPILE_DEBUG=1 writes each graph's stages;
- tc-explain --code prints the kernels and the buffers each graph allocates.

    inductor_test.py TC_RUN TC_EXPLAIN SCRIPT_DIR
"""
import glob
import os
import subprocess
import sys
import tempfile

EXPECTED = "chain True\nrows True\nsoft True\n"


def run(cmd, env, cwd=None):
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd, timeout=300)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(cmd)} exited {proc.returncode}:\n{proc.stderr[-3000:]}")
    return proc.stdout, proc.stderr


def check(cond, what, detail=""):
    if not cond:
        sys.exit(f"FAIL: {what}\n{detail[-3000:]}")


def main():
    tc_run, tc_explain, script_dir = (os.path.abspath(a) for a in sys.argv[1:4])
    script = os.path.join(script_dir, "chain.py")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, TC_CACHE_DIR=os.path.join(tmp, "cache"), TORCH_LOGS="output_code")
        env.pop("TORCH_COMPILE_DEBUG", None)
        out, err = run([tc_run, script], env)
        check(out == EXPECTED, "compiled results equal eager's", out)
        check(err.count("[__output_code] Output code of") == 3, "three graphs with generated code",
              err)
        check("(compiled):" in err, "the first process compiles", err)
        check('extern "C" void kernel0' in err and "hn::LoadU" in err,
              "the output code is vectorized Highway C++", err)
        check("tcfv::SoftmaxRow<float>(" in err and "every kernel is an extern call" not in err,
              "softmax is a generated row kernel running eager's row formula", err)

        out, err = run([tc_run, script], env)
        check(out == EXPECTED, "warm results", out)
        check("(compiled):" not in err and err.count("(disk):") == 3,
              "a new process loads every graph from the disk cache", err)

        stored = glob.glob(os.path.join(tmp, "cache", "kernels", "*", "*.so"))
        check(len(stored) == 3, "three stored objects", str(stored))
        with open(stored[0], "r+b") as f:
            f.seek(os.path.getsize(stored[0]) // 2)
            b = f.read(1)
            f.seek(-1, 1)
            f.write(bytes([b[0] ^ 0x5A]))
        out, err = run([tc_run, script], env)
        check(out == EXPECTED, "results after corruption", out)
        check("is corrupt" in err and "(compiled):" in err,
              "a corrupt entry is reported and compiled again", err)

        no_cc = dict(env, TC_CXX="/nonexistent/clang++", TC_CACHE_DIR=os.path.join(tmp, "empty"))
        out, err = run([tc_run, script], no_cc)
        check(out == EXPECTED, "results without a compiler", out)
        check(err.count("runs on the interpreter") == 3 and "/nonexistent/clang++" in err,
              "without a compiler the graphs run on the interpreter, saying why", err)

        debug_env = dict(env, TORCH_COMPILE_DEBUG="1")
        debug_env.pop("TORCH_LOGS")
        work = os.path.join(tmp, "work")
        os.mkdir(work)
        out, _ = run([tc_run, script], debug_env, cwd=work)
        check(out == EXPECTED, "results with TORCH_COMPILE_DEBUG", out)
        graphs = sorted(glob.glob(os.path.join(work, "torch_compile_debug", "run_*-pid_*",
                                               "torchinductor", "*")))
        check([os.path.basename(g) for g in graphs] == ["chain_0", "rows_1", "soft_2"],
              "one debug folder per graph", str(graphs))
        files = sorted(os.listdir(graphs[0]))
        check(files == ["core_graph.txt", "graph.txt", "ir_post_fusion.txt", "ir_pre_fusion.txt",
                        "output_code.cpp"], "the stages of a graph", str(files))
        pre = open(os.path.join(graphs[0], "ir_pre_fusion.txt")).read()
        post = open(os.path.join(graphs[0], "ir_post_fusion.txt")).read()
        check(pre.count("pointwise") > 1 and post.count("pointwise") == 1,
              "the chain's nodes are fused into one", pre + post)

        out, _ = run([tc_explain, script, "--code"], env)
        check("Code of graph 1 (chain): 1 generated kernels, 0 extern calls, 1 buffers allocated"
              in out, "tc-explain --code counts kernels and buffers", out)
        check("kernel0: vector width 16" in out or "kernel0: vector width 8" in out,
              "tc-explain --code reports the vector width", out)
    print("ok")


if __name__ == "__main__":
    main()
