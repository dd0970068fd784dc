#!/usr/bin/env bash
# CI: a bounded, seeded fault-injection run against the built bridge (issue 18).
# Usage: bash .ci/chaos.sh [--seed N] [--duration SECONDS] [--locations N]
# Needs mosquitto, mosquitto-clients, python3 and python3-jsonschema; as root it also fills a
# 1 MiB tmpfs under state_dir (else that fault is skipped, with the reason printed).
set -euo pipefail
cd "$(dirname "$0")/.."
binary="$(swift build --show-bin-path)/weather2mqtt"
[ -x "$binary" ] || swift build --product weather2mqtt
exec python3 .ci/chaos.py "$binary" "$@"
