#!/usr/bin/env bash
# CI: the Debian package end to end, as root on a machine without systemd running. Builds it
# (deploy/debian/build-deb), installs it with dpkg -i (apt-get install -f for missing
# dependencies), checks what a user gets (executables, the conffile, man pages, completions,
# units, `weather2mqtt check` on the installed configuration, the configuration surviving a
# reinstall), then purges it and checks nothing is left. Any failure exits non-zero.
#
# Environment: SWIFT_SCRATCH (default .build-deb), the SwiftPM build folder for the release build.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

fail() { echo "deb.sh: FAIL: $*" >&2; exit 1; }
step() { echo "deb.sh: $*" >&2; }
[ "$(id -u)" -eq 0 ] || fail "run as root (dpkg -i)"

# Tools the package build needs besides Swift: dpkg-shlibdeps, strip, man.
missing=()
for package in dpkg-dev binutils man-db; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  step "installing ${missing[*]}"
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

step "building the package"
deb=$(SWIFT_SCRATCH=${SWIFT_SCRATCH:-.build-deb} bash deploy/debian/build-deb | tail -n 1)
[ -f "$deb" ] || fail "build-deb printed '$deb', which is not a file"
version=$(dpkg-deb -f "$deb" Version)
depends=$(dpkg-deb -f "$deb" Depends)
step "$deb: Depends: $depends"
for needed in libmosquitto1 libcurl4t64 libc6 libfreetype6 libharfbuzz0b libfontconfig1 fonts-dejavu-core; do
  grep -qE "(^|, )$needed( |,|$)" <<<"$depends" || fail "Depends lacks $needed: $depends"
done
# The glibc floor, the renamed libraries named both ways, the version: as every released package.
deploy/release/check-package "$deb" >&2 || fail "check-package $deb"

installed=0
cleanup() { [ "$installed" = 1 ] && dpkg --purge weather2mqtt >/dev/null 2>&1 || true; }
trap cleanup EXIT

step "installing with dpkg -i"
installed=1
if ! dpkg -i "$deb"; then
  step "dpkg -i failed (missing dependencies?): apt-get install -f"
  apt-get update -qq
  apt-get install -f -y -qq --no-install-recommends >/dev/null
fi
[ "$(dpkg-query -W -f='${Status}' weather2mqtt)" = "install ok installed" ] || fail "weather2mqtt is not installed"

step "checking the installed files"
for path in /usr/bin/weather2mqtt /usr/bin/weatherview; do
  [ -x "$path" ] || fail "$path is missing"
done
for path in /lib/systemd/system/weather2mqtt.service /lib/systemd/system/weatherview-eink.service \
  /lib/systemd/system/weatherview-serve.service /etc/weather2mqtt/config.yaml /usr/share/doc/weather2mqtt/examples/reference.yaml \
  /usr/share/bash-completion/completions/weather2mqtt /usr/share/zsh/vendor-completions/_weather2mqtt \
  /usr/share/fish/vendor_completions.d/weather2mqtt.fish /usr/share/bash-completion/completions/weatherview; do
  [ -f "$path" ] || fail "$path is missing"
done
dpkg-query -W -f='${Conffiles}\n' weather2mqtt | grep -q "/etc/weather2mqtt/config.yaml" || fail "config.yaml is not a conffile"
bash -n /usr/share/bash-completion/completions/weather2mqtt || fail "the bash completion does not parse"
for tool in weather2mqtt weatherview; do
  page=$(man -w "$tool") || fail "man -w $tool finds no page"
  [ -f "$page" ] || fail "man -w $tool: $page is not a file"
  man --warnings -l "$page" 2>&1 >/dev/null | grep . && fail "man $tool has roff warnings"
  man -l "$page" 2>/dev/null | grep -q "EXIT STATUS" || fail "man $tool does not render"
done
# Every shared library resolves, from the system's library path only.
for tool in weather2mqtt weatherview; do
  if ldd "/usr/bin/$tool" | grep -q "not found"; then fail "$tool: $(ldd "/usr/bin/$tool" | grep 'not found')"; fi
  if readelf -d "/usr/bin/$tool" | grep -qE "RPATH|RUNPATH"; then fail "$tool has an RPATH/RUNPATH"; fi
  # The C++ runtime comes from libstdc++.a (deploy/link/static-libstdc++): 1.0–1.2 MB less resident.
  if readelf -d "/usr/bin/$tool" | grep -q "libstdc++"; then fail "$tool loads libstdc++.so (deploy/link/README.md)"; fi
done
# The font libraries are opened on render's first text (Sources/FontLibraries), never at start,
# and the package brings them.
if readelf -d /usr/bin/weatherview | grep -qE "libfreetype|libharfbuzz|libfontconfig"; then
  fail "weatherview links the font libraries at start (Sources/FontLibraries)"
fi
for package in libfreetype6 libharfbuzz0b libfontconfig1; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || fail "$package not installed with the package"
done

step "running the installed executables"
[ "$(weather2mqtt --version)" = "$version" ] || fail "weather2mqtt --version is '$(weather2mqtt --version)', not $version"
[ "$(weatherview --version)" = "$version" ] || fail "weatherview --version is '$(weatherview --version)', not $version"
weather2mqtt check --config /etc/weather2mqtt/config.yaml || fail "weather2mqtt check on the installed configuration"
plan=$(weather2mqtt check) || fail "weather2mqtt check without --config (the default path)"
grep -q "requests per day" <<<"$plan" || fail "weather2mqtt check prints no plan: $plan"
# The release link exports the one symbol GnuTLS's constructor looks up (Sources/HTTPClient/GnuTLSUnused.swift).
bindings=$(LD_DEBUG=bindings /usr/bin/weather2mqtt --version 2>&1 >/dev/null)
grep -q "to /usr/bin/weather2mqtt \[0\]: normal symbol \`_gnutls_global_init_skip'" <<<"$bindings" \
  || fail "GnuTLS does not find weather2mqtt's _gnutls_global_init_skip: it initialises itself (0.9 MB)"
help=$(weatherview render --help) || fail "weatherview render --help"
grep -q -- "--exec" <<<"$help" || fail "weatherview render --help does not mention --exec"

if command -v systemd-analyze >/dev/null; then
  step "systemd-analyze verify on the installed units"
  systemd-analyze verify /lib/systemd/system/weather2mqtt.service /lib/systemd/system/weatherview-eink.service \
    /lib/systemd/system/weatherview-serve.service || fail "systemd-analyze verify"
  for unit in weather2mqtt weatherview-eink weatherview-serve; do
    systemd-analyze security --offline=true "/lib/systemd/system/$unit.service" 2>/dev/null | tail -n 1 >&2 || true
  done
else
  step "systemd-analyze is not installed: units not verified"
fi

step "reinstalling keeps an edited configuration"
echo "# edited by deb.sh" >> /etc/weather2mqtt/config.yaml
dpkg -i "$deb" >/dev/null
grep -q "# edited by deb.sh" /etc/weather2mqtt/config.yaml || fail "reinstall replaced the edited config.yaml"

step "purging"
dpkg --purge weather2mqtt
installed=0
dpkg-query -W -f='${Status}' weather2mqtt 2>/dev/null | grep -q "installed" && fail "weather2mqtt is still installed"
for path in /usr/bin/weather2mqtt /usr/bin/weatherview /lib/systemd/system/weather2mqtt.service \
  /lib/systemd/system/weatherview-eink.service /lib/systemd/system/weatherview-serve.service \
  /etc/weather2mqtt/config.yaml /etc/weather2mqtt \
  /usr/share/man/man1/weather2mqtt.1.gz; do
  [ ! -e "$path" ] || fail "$path is still there after purge"
done
step "OK: $deb builds, installs, runs check and purges cleanly"
