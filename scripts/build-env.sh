# Sourced by scripts/test and scripts/run: ccache settings and configuring
# build/ when needed. Expects $root (the repo root) and a `fail` function.

# ccache (meson picks it up at configure time when installed): one cache that
# survives build-dir wipes and is shared by every checkout.
export CCACHE_DIR=${CCACHE_DIR:-${HOME:-/root}/.cache/ccache}
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$root}
export CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}  # hits across checkouts and build dirs
mkdir -p "$CCACHE_DIR"

# The project's own builds treat warnings as errors; the Meson default is
# werror=false so that consumers (other compilers, release builds, use as a
# subproject) never break on a new warning.
tc_options=(-Dwerror=true)

# Configures $1 when it was never configured or its last configure failed;
# afterwards ninja re-runs meson by itself whenever a meson.build changes. A
# build dir configured before werror was the project's choice gets it set.
ensure_configured() {
  local dir=$1
  if [ -f "$dir/build.ninja" ]; then
    if ! grep -q '"name": "werror", "value": true' "$dir/meson-info/intro-buildoptions.json" 2>/dev/null; then
      meson configure "$dir" "${tc_options[@]}" >/dev/null || fail "meson configure failed"
    fi
    return 0
  fi
  if [ -f "$dir/meson-private/coredata.dat" ]; then
    echo "reconfiguring $dir/"
    meson setup --reconfigure "$dir" "${tc_options[@]}" ||
      meson setup --wipe "$dir" "${tc_options[@]}" || fail "meson setup failed"
  else
    echo "configuring $dir/"
    meson setup "$dir" "${tc_options[@]}" || fail "meson setup failed"
  fi
}
