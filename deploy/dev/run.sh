#!/usr/bin/env bash
# The README's run command: installs what is missing, starts a local mosquitto when nothing
# listens on 127.0.0.1:1883, builds a release binary, and runs the bridge with config/ defaults
# (Open-Meteo: no key). Another configuration: WEATHER2MQTT_CONFIG=path deploy/dev/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
bash deploy/dev/install-deps.sh
if ! (exec 3<>/dev/tcp/127.0.0.1/1883) 2>/dev/null; then
  mosquitto_bin=$(command -v mosquitto || echo /usr/sbin/mosquitto)
  echo "starting a local mosquitto on 127.0.0.1:1883" >&2
  "$mosquitto_bin" -d -p 1883 2>/dev/null || "$mosquitto_bin" -d
  sleep 0.5
fi
swift build -c release --static-swift-stdlib --product weather2mqtt

exec .build/release/weather2mqtt run --config "${WEATHER2MQTT_CONFIG:-config/weather2mqtt.yaml}" "$@"
