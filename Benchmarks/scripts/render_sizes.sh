#!/usr/bin/env bash
# Times `weatherview render` for each panel size and colour depth: a local mosquitto holds
# Munich's recorded payloads (retained), WEATHER2MQTT_NOW is fixed, and each frame is drawn
# N times. Prints the file size, CPU (perf stat task-clock, mean of N) and wall time (median
# and p90 of N) per frame; `get` (the same start-up and MQTT, no drawing) is the baseline.
#
# Usage: bash Benchmarks/scripts/render_sizes.sh [BIN] [N]   (BIN: a release weatherview)
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${1:-$here/.build/release/weatherview}
runs=${2:-20}
port=$((20000 + RANDOM % 20000))
work=$(mktemp -d /tmp/render-sizes.XXXXXX)
mosquitto -p "$port" >"$work/mosquitto.log" 2>&1 &
broker=$!
trap 'kill $broker 2>/dev/null || true; rm -rf "$work"' EXIT
sleep 0.5
python3 - "$port" "$here/Tests/RenderingTests/Golden/terminal/inputs/munich-full.json" <<'PY'
import json, subprocess, sys
port, path = sys.argv[1], sys.argv[2]
for kind, payload in json.load(open(path)).items():
    subprocess.run(['mosquitto_pub', '-p', port, '-r', '-t', f'weather/munich/{kind}', '-m',
                    json.dumps(payload, sort_keys=True, separators=(',', ':'))], check=True)
PY
export WEATHER2MQTT_NOW=2026-02-07T16:20:00+01:00
broker_url="mqtt://127.0.0.1:$port"
cpu() { perf stat -r "$runs" -x, -e task-clock "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ {print $1}'; }
printf 'get (baseline): cpu %.1f ms\n' "$(cpu "$bin" get munich current.temperature --broker "$broker_url")"
for spec in "800x480 bw" "800x480 gray16" "1024x758 gray256" "1072x1448 gray256" "1200x825 bw" \
  "1872x1404 gray16" "1872x1404 bw"; do
  read -r size colors <<<"$spec"
  args=(render munich --size "$size" --colors "$colors" --lang en --out "$work/frame.png" --broker "$broker_url")
  "$bin" "${args[@]}"
  walls=$(for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    "$bin" "${args[@]}"
    echo $((($(date +%s%N) - start) / 1000))
  done | sort -n)
  median=$(sed -n "$(((runs + 1) / 2))p" <<<"$walls")
  p90=$(sed -n "$((runs * 9 / 10))p" <<<"$walls")
  printf '%-10s %-8s %7d B  cpu %6.1f ms  wall median %6.1f ms  p90 %6.1f ms\n' "$size" "$colors" \
    "$(stat -c %s "$work/frame.png")" "$(cpu "$bin" "${args[@]}")" "$(bc -l <<<"$median/1000")" "$(bc -l <<<"$p90/1000")"
done
