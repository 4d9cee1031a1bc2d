# argparse (CPython's own argparse.py) end to end: parsers with every
# common action, parse_args of lists, --help text, errors (exit code 2,
# usage and message on stderr, captured here), subparsers.
import argparse
import io
import sys


def build():
    parser = argparse.ArgumentParser(prog="train.py",
                                     description="PyTorch MNIST Example")
    parser.add_argument("--batch-size", type=int, default=64, metavar="N",
                        help="input batch size for training (default: 64)")
    parser.add_argument("--lr", type=float, default=1.0, metavar="LR",
                        help="learning rate (default: 1.0)")
    parser.add_argument("--no-cuda", action="store_true", default=False,
                        help="disables CUDA training")
    parser.add_argument("--keep", action="store_false", dest="drop",
                        help="keep the last batch")
    parser.add_argument("-v", "--verbose", action="count", default=0)
    parser.add_argument("--tag", action="append", help="a tag (repeatable)")
    parser.add_argument("--optimizer", choices=["sgd", "adam"], default="sgd")
    parser.add_argument("--sizes", nargs="+", type=int, default=[1])
    parser.add_argument("--pair", nargs=2, metavar=("A", "B"))
    parser.add_argument("--out", required=False, default=None)
    parser.add_argument("data", nargs="?", default="./data", help="data directory")
    return parser


def run(parser, argv):
    out, err = io.StringIO(), io.StringIO()
    code = None
    # sys.stdout/stderr swapped by hand (contextlib.redirect_stdout is
    # std_contextlib's subject).
    sys.stdout, sys.stderr = out, err
    try:
        ns = parser.parse_args(argv)
    except SystemExit as e:
        code = e.args[0] if e.args else None  # SystemExit.code
        ns = None
    finally:
        sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
    print("argv:", argv, "exit:", code)
    if out.getvalue():
        print("stdout:")
        print(out.getvalue(), end="")
    if err.getvalue():
        print("stderr:")
        print(err.getvalue(), end="")
    return ns


parser = build()
ns = run(parser, [])
print(sorted(vars(ns).items()))
ns = run(parser, ["--batch-size", "128", "--lr=0.5", "--no-cuda", "-vv", "--tag", "a",
                  "--tag", "b", "--optimizer", "adam", "--sizes", "3", "4", "--pair", "x", "y",
                  "--keep", "mydata"])
print(sorted(vars(ns).items()))
print(ns.batch_size * 2, type(ns.lr).__name__, ns.verbose, ns.tag)
run(parser, ["--help"])
run(parser, ["--batch-size", "a"])
run(parser, ["--optimizer", "rmsprop"])
run(parser, ["--bogus"])
run(parser, ["--pair", "x"])

req = argparse.ArgumentParser(prog="req")
req.add_argument("--name", required=True)
run(req, [])
print(vars(run(req, ["--name", "n"])))

top = argparse.ArgumentParser(prog="tool")
sub = top.add_subparsers(dest="cmd")
a = sub.add_parser("train", help="train a model")
a.add_argument("--epochs", type=int, default=1)
b = sub.add_parser("eval", help="evaluate")
b.add_argument("ckpt")
print(vars(run(top, ["train", "--epochs", "3"])))
print(vars(run(top, ["eval", "model.pt"])))
run(top, ["--help"])
run(top, ["eval"])

sys.argv = ["prog.py", "--lr", "0.25"]
print(parser.parse_args().lr)
print(parser.format_usage(), end="")
