#!/usr/bin/env bash
# weather2mqtt against a real, pinned Home Assistant (issue 17): builds a Debian testing root
# with Python 3.14 and Home Assistant 2026.11 (nothing cached in the repository), then runs
# Tests/HomeAssistant/driver.py against it with the debug build of weather2mqtt.
# Needs root (debootstrap, chroot), debootstrap, mosquitto and mosquitto-clients.
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$SECONDS
ROOT=${HA_ROOT:-$(mktemp -d /var/tmp/weather2mqtt-ha.XXXXXX)}
keep=${HA_KEEP_ROOT:-}
cleanup() { if [ -z "$keep" ] && [ -z "${HA_ROOT:-}" ]; then rm -rf --one-file-system "$ROOT"; fi; }
trap cleanup EXIT
# The Debian mirror this machine's apt uses.
mirror=$(grep -hoE '^(URIs:|deb) *https?://[^ ]+/debian/?' /etc/apt/sources.list /etc/apt/sources.list.d/* 2>/dev/null \
  | head -1 | grep -oE 'https?://[^ ]+') || true
DEBIAN_MIRROR=${DEBIAN_MIRROR:-${mirror:-http://deb.debian.org/debian}} bash Tests/HomeAssistant/build-root.sh "$ROOT"
echo "== root ready after $((SECONDS - t0)) s"
swift build -Xswiftc -warnings-as-errors --product weather2mqtt
bin=$(swift build --show-bin-path)/weather2mqtt
status=0
python3 Tests/HomeAssistant/driver.py --root "$ROOT" --bridge "$bin" || status=$?
echo "== real Home Assistant test: exit $status after $((SECONDS - t0)) s"
exit $status
