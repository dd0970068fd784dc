# shellcheck shell=bash
# What the long CI scripts (.ci/arm64.sh, .ci/release.sh) share, sourced after `cd` to the
# repository: fail and step (prefixed with the script's name and the seconds since it started),
# timed (a stage's time, printed by times_report at the end), and the run as root.
set -euo pipefail
script_name=$(basename "$0")
export DEBIAN_FRONTEND=noninteractive
t0=$SECONDS
last=$SECONDS
times=()
fail() { echo "$script_name: FAIL: $*" >&2; exit 1; }
step() { echo "$script_name: [$((SECONDS - t0)) s] $*" >&2; }
timed() { times+=("$(printf '%5d s  %s' $((SECONDS - last)) "$1")"); last=$SECONDS; }
times_report() { printf '%s\n' "${times[@]}" >&2; echo "$script_name: total $((SECONDS - t0)) s" >&2; }
[ "$(id -u)" -eq 0 ] || fail "run as root (debootstrap, chroot, dpkg)"
