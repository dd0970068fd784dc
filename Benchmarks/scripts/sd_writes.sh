#!/usr/bin/env bash
# Counts what the bridge writes to the "SD card": state_dir on a fresh ext4 file system in a
# loop device (root needed), one Open-Meteo location refreshed every minute for REFRESHES
# refreshes; prints file replacements (rename), fsyncs and the sectors the device really
# wrote (/sys/block/loopN/stat, data and ext4 journal), per refresh and per day at 15 minutes.
#
# Usage: sudo bash Benchmarks/scripts/sd_writes.sh [BIN_DIR] [REFRESHES]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$here/../.build-bench/release}
refreshes=${2:-5}
work=$(mktemp -d /tmp/w2m-sd.XXXXXX)
cleanup() {
  if [ -n "${bridge:-}" ]; then
    kill "$bridge" 2>/dev/null || true
    wait "$bridge" 2>/dev/null || true
  fi
  [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true
  [ -n "${broker:-}" ] && kill "$broker" 2>/dev/null || true
  mountpoint -q "$work/sd" && umount "$work/sd"
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
broker_port=$(free_port)
printf 'listener %s 127.0.0.1\nallow_anonymous true\npersistence false\n' "$broker_port" >"$work/mosquitto.conf"
mosquitto -c "$work/mosquitto.conf" >/dev/null 2>&1 &
broker=$!
server_port=$(free_port)
python3 "$here/peer/forecast_server.py" "$here/Fixtures/open-meteo-berlin-full.json" "$server_port" >/dev/null &
server=$!
sleep 1

dd if=/dev/zero of="$work/sd.img" bs=1M count=64 status=none
mkfs.ext4 -q -F "$work/sd.img"
mkdir "$work/sd"
mount -o loop "$work/sd.img" "$work/sd"
device=$(basename "$(findmnt -n -o SOURCE "$work/sd")")

cat >"$work/config.yaml" <<EOF
mqtt:
  url: mqtt://127.0.0.1:$broker_port
  client_id: weather2mqtt-sd
state_dir: $work/sd/state
log_level: warning
providers:
  open-meteo:
    base_url: http://127.0.0.1:$server_port
locations:
  - id: home
    name: Berlin
    latitude: 52.52
    longitude: 13.405
    timezone: Europe/Berlin
    interval: 1m
EOF

sync
sectors() { awk '{print $7}' "/sys/block/$device/stat"; }
WEATHER2MQTT_NOW=2026-01-15T12:00:00Z "$bin/weather2mqtt" run --config "$work/config.yaml" &
bridge=$!
strace -f -qq -e trace=rename,fsync,fdatasync -o "$work/strace" -p "$bridge" &
# The first refresh happens at start; measure the following ones (steady state).
sleep 20
start=$(sectors)
starts=$(grep -c 'rename(' "$work/strace" || true)
startf=$(grep -cE 'fsync|fdatasync' "$work/strace" || true)
sleep $((refreshes * 63 + 10))
sync
end=$(sectors)
renames=$(($(grep -c 'rename(' "$work/strace") - starts))
fsyncs=$(($(grep -cE 'fsync|fdatasync' "$work/strace") - startf))
kb=$(((end - start) / 2))
echo "refreshes measured:         $refreshes (1 location)"
echo "file replacements:          $renames ($(grep 'rename(' "$work/strace" | sed 's/.*rename("\([^"]*\)".*/\1/' | xargs -n1 basename | sort | uniq -c | tr '\n' ' '))"
echo "fsyncs:                     $fsyncs"
echo "device writes:              $kb KiB ($((kb / refreshes)) KiB per refresh)"
ls -l "$work/sd/state"
echo "per day at 15 minutes:      $((renames * 96 / refreshes)) file replacements, $((kb * 96 / refreshes / 1024)) MiB"
