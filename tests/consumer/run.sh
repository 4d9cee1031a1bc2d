#!/usr/bin/env bash
# Builds and runs tests/consumer as an outside project: copies this folder's
# sources and the libraries tc-support, tc-tensor and tc-graph-ir (cp -rL)
# into a temporary directory, then meson setup + ninja + the program.
# Also fails when the configure looked for CUDA or LLVM, which these
# libraries must not need. Exits non-zero on any failure.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tc-consumer.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

cp "$here/meson.build" "$here/main.cc" "$tmp/"
mkdir "$tmp/subprojects"
for lib in support tensor graph-ir; do
  cp -rL "$root/libs/$lib" "$tmp/subprojects/tc-$lib"
done

# Paths relative to the temporary dir, so ccache hits across runs.
export CCACHE_BASEDIR="$tmp" CCACHE_NOHASHDIR=1

cd "$tmp"
echo "consumer: meson setup in $tmp"
meson setup build >setup.log 2>&1 || { cat setup.log; exit 1; }
if grep -Ei "dependency '?(llvm|cuda)" setup.log >&2; then
  echo "consumer: the configure above looked up LLVM or CUDA" >&2
  exit 1
fi
echo "consumer: building"
ninja -C build
echo "consumer: running"
./build/consumer
