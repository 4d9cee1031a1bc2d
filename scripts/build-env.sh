# Sourced by scripts/test and scripts/run: ccache settings and configuring
# build/ when needed. Expects $root (the repo root) and a `fail` function.

# ccache (meson picks it up at configure time when installed): one cache that
# survives build-dir wipes and is shared by every checkout.
export CCACHE_DIR=${CCACHE_DIR:-${HOME:-/root}/.cache/ccache}
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root}
export CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}  # hits across checkouts and build dirs
mkdir -p "$CCACHE_DIR"

# Configures $1 when it was never configured or its last configure failed;
# afterwards ninja re-runs meson by itself whenever a meson.build changes.
ensure_configured() {
  local dir=$1
  [ -f "$dir/build.ninja" ] && return 0
  if [ -f "$dir/meson-private/coredata.dat" ]; then
    echo "reconfiguring $dir/"
    meson setup --reconfigure "$dir" || meson setup --wipe "$dir" || fail "meson setup failed"
  else
    echo "configuring $dir/"
    meson setup "$dir" || fail "meson setup failed"
  fi
}
