#!/usr/bin/env bash
# The README's test command: installs what is missing, then runs the whole suite
# (unit tests, and integration tests against a real mosquitto and a loopback HTTP server).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash deploy/dev/install-deps.sh
bash deploy/dev/install-amqtt.sh
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build --no-parallel
