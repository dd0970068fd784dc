#!/usr/bin/env bash
# scenario.sh BIN_DIR SERVER_URL PORT OUT: the bridge on a recorded answer, run the same way on
# amd64 (the host) and arm64 (inside the emulated Debian 13 root, with the installed package), so
# .ci/arm64.sh can compare what each published. Starts its own mosquitto on 127.0.0.1:PORT, then:
#   weather2mqtt run --once (fixed clock)   -> OUT/retained.txt (every retained topic, sorted)
#   weatherview get / render (fixed clock)  -> OUT/get.txt, OUT/frame.pbm
#   weather2mqtt run, then SIGTERM          -> OUT/sigterm.txt (exit status and bridge/state)
# SERVER_URL serves Open-Meteo's /v1/forecast (the New York recording). Exits non-zero on failure.
set -euo pipefail
bin=$1 server=$2 port=$3 out=$4
# The recording's location and clock (.ci/recording.sh; /src in an arm64 root is this repository).
# shellcheck source=.ci/recording.sh
source "$(dirname "$0")/../../../.ci/recording.sh"
now=$recording_now
fail() { echo "scenario: FAIL: $*" >&2; exit 1; }
mkdir -p "$out"
work=$(mktemp -d)
broker_pid=
cleanup() { [ -n "$broker_pid" ] && kill "$broker_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

printf 'listener %s 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest file %s/mosquitto.log\nuser root\n' \
  "$port" "$work" >"$work/mosquitto.conf"
mosquitto=$(command -v mosquitto || echo /usr/sbin/mosquitto)
"$mosquitto" -c "$work/mosquitto.conf" &
broker_pid=$!
for _ in $(seq 100); do
  mosquitto_pub -h 127.0.0.1 -p "$port" -t probe -n 2>/dev/null && break
  kill -0 "$broker_pid" 2>/dev/null || fail "mosquitto exited: $(cat "$work/mosquitto.log")"
  sleep 0.2
done
mosquitto_pub -h 127.0.0.1 -p "$port" -t probe -n || fail "mosquitto does not accept connections on $port"

cat >"$work/config.yaml" <<YAML
mqtt:
  url: mqtt://127.0.0.1:$port
  client_id: scenario
  base_topic: weather
state_dir: $work/state
contact: ci@example.com
providers:
  open-meteo: { base_url: $server }
locations:
$recording_location
YAML
broker=mqtt://127.0.0.1:$port

WEATHER2MQTT_NOW=$now "$bin/weather2mqtt" run --once --config "$work/config.yaml" 2>"$out/run-once.stderr" \
  || fail "weather2mqtt run --once: $(cat "$out/run-once.stderr")"
# Every retained message, one line each (topic, a tab, the payload), sorted. -W ends the read.
mosquitto_sub -h 127.0.0.1 -p "$port" -t 'weather/#' -t 'homeassistant/#' --retained-only -F '%t\t%p' -W 3 \
  >"$work/retained.txt" 2>/dev/null || true
sort "$work/retained.txt" >"$out/retained.txt"
grep -q "^weather/nyc/current	" "$out/retained.txt" || fail "no weather/nyc/current retained"

export WEATHER2MQTT_NOW=$now
"$bin/weatherview" get nyc current.temperature --broker "$broker" >"$out/get.txt" || fail "weatherview get"
"$bin/weatherview" render nyc --panel waveshare-7in5-v2 --format pbm --out "$out/frame.pbm" --broker "$broker" \
  2>"$out/render.stderr" || fail "weatherview render: $(cat "$out/render.stderr")"
unset WEATHER2MQTT_NOW

# The service: online, then SIGTERM leaves `offline` (its will is not needed: it says so itself).
"$bin/weather2mqtt" run --config "$work/config.yaml" 2>"$out/run.stderr" &
bridge=$!
state=
for _ in $(seq 150); do
  state=$(mosquitto_sub -h 127.0.0.1 -p "$port" -t weather/bridge/state -C 1 -W 2 2>/dev/null || true)
  [ "$state" = online ] && break
  kill -0 "$bridge" 2>/dev/null || break
  sleep 0.2
done
[ "$state" = online ] || fail "the service never published online (state '$state'): $(cat "$out/run.stderr")"
kill -TERM "$bridge"
status=0
wait "$bridge" || status=$?
after=$(mosquitto_sub -h 127.0.0.1 -p "$port" -t weather/bridge/state -C 1 -W 3 2>/dev/null || true)
printf 'exit %s\nstate %s\n' "$status" "$after" >"$out/sigterm.txt"
[ "$status" = 0 ] && [ "$after" = offline ] || fail "after SIGTERM: exit $status, bridge/state '$after'"
echo "scenario: OK ($out)" >&2
