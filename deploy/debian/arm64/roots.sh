# shellcheck shell=bash
# The roots the arm64 package is built and tested in, made from Debian's archive only and kept in
# $CROSS_CACHE (default /var/tmp/weather2mqtt-arm64), outside the repository. Each is made once
# and reused while its `.ready` stamp exists (delete the folder to make it again):
#   build-root   Debian sid amd64 with Debian's swiftlang (6.2.3 when this was written) and the
#                -dev packages: the compiler, run natively (debootstrap, no emulation)
#   sysroot      Debian 13 arm64's essential packages, the -dev packages and dpkg-dev, unpacked
#                with no emulation and recorded in its dpkg database, + the aarch64 Swift runtime
#                from swiftlang:arm64 in usr/lib/swift{,_static}: what the cross build compiles
#                and links against, and where strip and dpkg-shlibdeps run (under qemu)
#   base-SUITE-ARCH  Debian 12 (bookworm) and 13 (trixie), arm64 and amd64, minbase: real Debian
#                userlands (arm64 configured under qemu, in-namespace), only copied, to make the
#                roots the package is installed and tested in (ensure_base)
# Sourced by build-deb (--arch arm64) and .ci/arm64.sh. Needs root, debootstrap, qemu-user-static.

CROSS_CACHE=${CROSS_CACHE:-/var/tmp/weather2mqtt-arm64}
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
# What was built and tested; sid moves, so another version is reported (and used) if sid has moved.
SWIFTLANG_TESTED=6.2.3
arm64_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# The -dev packages of the C libraries Package.swift's system-library targets use (the same list
# as .ci/run's apt-get line, by their Debian 13 names).
DEV_PACKAGES="libc6-dev libmosquitto-dev libcurl4-openssl-dev libyaml-dev libfreetype-dev libharfbuzz-dev
  libfontconfig-dev zlib1g-dev libstdc++-14-dev libmicrohttpd-dev"

roots_step() { echo "roots: $*" >&2; }
roots_fail() { echo "roots: FAIL: $*" >&2; exit 1; }

# enter_amd64 ROOT CMD...: chroot into an amd64 root with /proc, /dev and /sys, in a private mount
# namespace (the mounts end with the command). BIND="host:inside ..." adds bind mounts.
enter_amd64() {
  local root=$1
  shift
  unshare --mount --propagation private bash -c '
    r=$1; shift
    for d in proc dev sys; do mount --rbind "/$d" "$r/$d"; done
    for pair in $BIND; do mkdir -p "$r/${pair#*:}"; mount --bind "${pair%%:*}" "$r/${pair#*:}"; done
    cp /etc/resolv.conf "$r/etc/resolv.conf"
    exec chroot "$r" "$@"' _ "$root" "$@"
}

# enter_arm64 ROOT CMD...: the same for an arm64 root, its executables run by qemu (in-namespace).
enter_arm64() {
  local root=$1
  shift
  "$arm64_dir/in-namespace" bash -c '
    r=$1; shift
    for d in proc dev sys; do mkdir -p "$r/$d"; mount --rbind "/$d" "$r/$d"; done
    for pair in $BIND; do mkdir -p "$r/${pair#*:}"; mount --bind "${pair%%:*}" "$r/${pair#*:}"; done
    cp /etc/resolv.conf "$r/etc/resolv.conf"
    exec chroot "$r" "$@"' _ "$root" "$@"
}

# The build root: sid amd64, Debian's swiftlang and the -dev packages (6.2.3 also builds the
# package natively there, which is how the sources are checked against it).
ensure_build_root() {
  local root=$CROSS_CACHE/build-root
  [ -f "$root/.ready" ] && return 0
  local t0=$SECONDS
  rm -rf --one-file-system "$root"
  mkdir -p "$CROSS_CACHE"
  roots_step "making $root (Debian sid amd64 + swiftlang; about 4 min)"
  debootstrap --variant=minbase sid "$root" "$DEBIAN_MIRROR" >"$CROSS_CACHE/build-root.log" 2>&1 \
    || roots_fail "debootstrap sid: see $CROSS_CACHE/build-root.log"
  # shellcheck disable=SC2086
  enter_amd64 "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    swiftlang $DEV_PACKAGES pkg-config git ca-certificates python3 >>"$CROSS_CACHE/build-root.log" 2>&1 \
    || roots_fail "apt-get install swiftlang in sid: see $CROSS_CACHE/build-root.log"
  local have
  have=$(enter_amd64 "$root" dpkg-query -W -f='${Version}' swiftlang)
  case "$have" in
    "$SWIFTLANG_TESTED"-*) ;;
    *) roots_step "NOTE: sid has swiftlang $have; this was tested with $SWIFTLANG_TESTED (a failure below may be sid's)" ;;
  esac
  touch "$root/.ready"
  roots_step "build root ready ($((SECONDS - t0)) s)"
}

# ensure_base SUITE ARCH: Debian SUITE (bookworm = 12, trixie = 13) for ARCH (arm64, amd64),
# minbase, in $CROSS_CACHE/base-SUITE-ARCH: a real Debian, only copied to make the roots packages
# are installed and tested in. arm64: the first stage natively, the second under qemu (about 6
# min); amd64: natively (about 1.5 min).
ensure_base() {
  local suite=$1 arch=$2
  local root=$CROSS_CACHE/base-$suite-$arch log=$CROSS_CACHE/base-$suite-$arch.log
  [ -f "$root/.ready" ] && return 0
  local t0=$SECONDS
  rm -rf --one-file-system "$root"
  mkdir -p "$CROSS_CACHE"
  roots_step "making $root (Debian $suite $arch)"
  if [ "$arch" = arm64 ]; then
    debootstrap --arch arm64 --foreign --variant=minbase "$suite" "$root" "$DEBIAN_MIRROR" \
      >"$log" 2>&1 || roots_fail "debootstrap $suite arm64: see $log"
    # container=lxc: debootstrap leaves /dev to the bind mount instead of making device nodes.
    enter_arm64 "$root" env container=lxc /debootstrap/debootstrap --second-stage \
      >>"$log" 2>&1 || roots_fail "second stage under qemu: see $log"
  else
    debootstrap --arch "$arch" --variant=minbase "$suite" "$root" "$DEBIAN_MIRROR" \
      >"$log" 2>&1 || roots_fail "debootstrap $suite $arch: see $log"
  fi
  echo "deb $DEBIAN_MIRROR $suite main" >"$root/etc/apt/sources.list"
  "enter_$arch" "$root" apt-get update -q >>"$log" 2>&1 || roots_fail "apt-get update in $root: see $log"
  touch "$root/.ready"
  roots_step "Debian $suite $arch base ready ($((SECONDS - t0)) s)"
}

# copy_root FROM TO: a fresh copy of a root (owners, modes and hard links kept).
copy_root() {
  rm -rf --one-file-system "$2"
  cp -a "$1" "$2"
  rm -f "$2/.ready"
}

# The sysroot: Debian 13 arm64's essential packages, the -dev packages and dpkg-dev, unpacked
# without emulation (see unpack_sysroot), and the aarch64 Swift runtime taken out of
# swiftlang:arm64 (the same version as the build root's compiler).
ensure_sysroot() {
  local root=$CROSS_CACHE/sysroot
  [ -f "$root/.ready" ] && return 0
  ensure_build_root
  local t0=$SECONDS
  roots_step "making $root (the -dev packages unpacked, the aarch64 Swift runtime; about 2 min)"
  [ -f "$root/.dev-ready" ] || unpack_sysroot "$root"
  local build=$CROSS_CACHE/build-root version
  version=$(enter_amd64 "$build" dpkg-query -W -f='${Version}' swiftlang)
  rm -rf "$build/tmp/swiftlang-arm64" && mkdir -p "$build/tmp/swiftlang-arm64"
  # sid's Release is valid for a week: a machine whose clock is past that still gets its files.
  enter_amd64 "$build" sh -c "dpkg --add-architecture arm64 && apt-get -o Acquire::Check-Valid-Until=false update -q \
    && cd /tmp/swiftlang-arm64 \
    && apt-get download swiftlang:arm64=$version libswiftlang:arm64=$version" >>"$CROSS_CACHE/sysroot.log" 2>&1 \
    || roots_fail "apt-get download swiftlang:arm64=$version: see $CROSS_CACHE/sysroot.log"
  local unpacked=$build/tmp/swiftlang-arm64/x deb
  for deb in "$build"/tmp/swiftlang-arm64/*.deb; do dpkg-deb -x "$deb" "$unpacked"; done
  local lib=$unpacked/usr/libexec/swift/lib
  [ -d "$lib/swift/linux/aarch64" ] && [ -d "$lib/swift_static/linux" ] \
    || roots_fail "swiftlang:arm64 $version has no $lib/swift/linux/aarch64 or swift_static"
  # 6.2.3's driver looks for the static runtime under the sysroot's usr/lib whatever the SDK says.
  # Their `clang` is a link to ../clang/17, clang's own headers (stddef.h, …), which come along.
  rm -rf "$root/usr/lib/swift" "$root/usr/lib/swift_static" "$root/usr/lib/clang"
  cp -a "$lib/swift" "$lib/swift_static" "$lib/clang" "$root/usr/lib/"
  rm -rf "$build/tmp/swiftlang-arm64"
  touch "$root/.ready"
  roots_step "sysroot ready ($((SECONDS - t0)) s)"
}

# unpack_sysroot ROOT: Debian 13 arm64's essential packages, $DEV_PACKAGES and dpkg-dev with what
# they depend on, chosen by this machine's apt (configured for trixie arm64 in $CROSS_CACHE/apt)
# and unpacked into ROOT with no emulation: no maintainer script runs, which is what a sysroot
# needs (installing them under qemu took most of the roots' time: the -dev packages bring glib,
# GObject introspection and python3). The /bin, /lib and /sbin of merged /usr are links made
# first, which unpacking keeps. Each package is recorded as installed in ROOT's dpkg database
# (status, file lists, symbols and shlibs files), so dpkg -S and dpkg-shlibdeps work in ROOT.
unpack_sysroot() {
  local root=$1 apt=$CROSS_CACHE/apt
  rm -rf --one-file-system "$root" "$apt"
  mkdir -p "$root"/usr/{bin,sbin,lib} "$root/var/lib/dpkg/info" "$apt/etc/apt/apt.conf.d" \
    "$apt/etc/apt/preferences.d" "$apt/var/lib/apt/lists/partial" "$apt/var/cache/apt/archives/partial" \
    "$apt/var/lib/dpkg"
  local dir
  for dir in bin sbin lib; do ln -s "usr/$dir" "$root/$dir"; done
  : >"$apt/var/lib/dpkg/status"
  # dpkg's multiarch database format: info files of Multi-Arch: same packages are PACKAGE:arm64.*
  echo 1 >"$root/var/lib/dpkg/info/format"
  cat >"$apt/apt.conf" <<CONF
APT::Architecture "arm64";
APT::Architectures "arm64";
APT::Install-Recommends "false";
APT::Sandbox::User "root";
Acquire::Languages "none";
Dir "$apt/";
Dir::Etc::TrustedParts "/usr/share/keyrings/";
CONF
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $DEBIAN_MIRROR trixie main" \
    >"$apt/etc/apt/sources.list"
  # shellcheck disable=SC2086
  { APT_CONFIG=$apt/apt.conf apt-get update -q \
    && APT_CONFIG=$apt/apt.conf apt-get install -y -q --download-only '?essential' $DEV_PACKAGES dpkg-dev; } \
    >"$CROSS_CACHE/sysroot.log" 2>&1 \
    || roots_fail "apt-get (trixie arm64) could not fetch the sysroot's packages: see $CROSS_CACHE/sysroot.log"
  local deb package name member control=$apt/control
  for deb in "$apt"/var/cache/apt/archives/*.deb; do
    package=$(dpkg-deb -f "$deb" Package)
    name=$package
    [ "$(dpkg-deb -f "$deb" Multi-Arch)" = same ] && name=$package:arm64
    # tar, not dpkg-deb -x, which would replace the merged-/usr links with directories.
    dpkg-deb --fsys-tarfile "$deb" | tar -C "$root" -x -v --keep-directory-symlink \
      | sed -e 's|^\./$|/.|' -e 's|^\.||' -e 's|/$||' >"$root/var/lib/dpkg/info/$name.list" \
      || roots_fail "unpacking $deb into $root"
    rm -rf "$control" && dpkg-deb -e "$deb" "$control"
    for member in "$control"/*; do
      [ "${member##*/}" = control ] || cp "$member" "$root/var/lib/dpkg/info/$name.${member##*/}"
    done
    { sed '/^Package:/a Status: install ok installed' "$control/control"; echo; } >>"$root/var/lib/dpkg/status"
  done
  rm -rf "$control" "$apt"
  roots_step "unpacked $(grep -c '^Package:' "$root/var/lib/dpkg/status") packages into $root"
  # The loader's cache, for what runs in ROOT under qemu (strip, dpkg-shlibdeps, the executables).
  enter_arm64 "$root" ldconfig || roots_fail "ldconfig in $root"
  touch "$root/.dev-ready"
}
