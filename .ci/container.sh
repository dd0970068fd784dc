#!/usr/bin/env bash
# CI: the container image (issue 39) built and run here without a Docker daemon, as root.
#   .ci/container.sh [--arm64] [DEB]   (default: dist/release/weather2mqtt_<version>_amd64.deb,
#                            made by deploy/release/build; nothing is compiled here)
#   .ci/container.sh [--arm64] --images DIR   the images already in DIR (deploy/release/build
#                            --images: dist/release/oci), tested as they are
#   0. Lints: deploy/homeassistant-app/lint.py (the app against the 2026 contract, its version
#      against the release's), shellcheck, hadolint, yamllint (pinned, from PyPI, in a venv kept in
#      $LINT_VENV, default /var/tmp/weather2mqtt-container-lint).
#   1. deploy/container/build-image amd64 DEB: the OCI and docker archives (Debian's archive only).
#   2. Everything else inside `unshare --net --mount --pid --fork --mount-proc`: a network of its
#      own (loopback, and a veth pair for broadcasts), /run and /var/lib on tmpfs and podman's
#      storage in this run's folder under /var/tmp, so nothing (no bridge interface, iptables
#      chain, storage, runc state) reaches or stays on the host; podman runs with runc and
#      lowered ulimits. There: a mosquitto with a password on 127.0.0.1, the fixture server with
#      a recorded Open-Meteo answer; `podman load` of both archives (one image, HEALTHCHECK from
#      the docker one); the container with host networking: every retained topic `run --once`
#      publishes also appears from the service, an Ecowitt push and a Tempest broadcast reach
#      the bridge, the HEALTHCHECK passes, `podman stop` (SIGTERM) leaves `offline` and exit 0,
#      a restart keeps /data (republishes without asking the provider).
#   3. The Home Assistant app, the same image as the Supervisor starts it, against a stand-in
#      Supervisor (Tests/HomeAssistantApp/supervisor.py): no broker, options -> retained topics,
#      the YAML takeover, a wrong token.
#   4. With --arm64 (about 4 min more): the arm64 image from the arm64 .deb beside DEB, its root
#      unpacked from the OCI archive and its bridge run under qemu (in-namespace) in the same
#      network namespace: the spine (every topic the amd64 image's run --once retains, then the
#      service and SIGTERM -> offline).
# Every stage's time is printed at the end. CONTAINER_KEEP=1 keeps the run's folder.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
fail() { echo "container.sh: FAIL: $*" >&2; exit 1; }
step() { echo "container.sh: $*" >&2; }

if [ "${1:-}" != --inside ]; then
  [ "$(id -u)" -eq 0 ] || fail "run as root (chroot, namespaces)"
  t0=$SECONDS
  export DEBIAN_FRONTEND=noninteractive
  version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/WireContract/BridgeVersion.swift)
  apt-get install -y -qq --no-install-recommends podman runc debootstrap mosquitto mosquitto-clients curl \
    python3 iproute2 >/dev/null
  # The linters, from PyPI (pinned), in a venv kept between runs.
  lint=${LINT_VENV:-/var/tmp/weather2mqtt-container-lint}
  wanted=$(tr 'A-Z_' 'a-z-' <deploy/container/lint-requirements.txt | sort)
  have=$("$lint/bin/pip" freeze 2>/dev/null | tr 'A-Z_' 'a-z-' | grep -xF "$wanted" | sort || true)
  if [ "$have" != "$wanted" ]; then
    python3 -m venv "$lint"
    "$lint/bin/pip" install -q --disable-pip-version-check -r deploy/container/lint-requirements.txt
  fi
  t_tools=$((SECONDS - t0))
  t1=$SECONDS
  python3 deploy/homeassistant-app/lint.py --image-version "$version" >&2
  "$lint/bin/shellcheck" -x .ci/container.sh deploy/container/build-image deploy/container/release-images \
    deploy/container/rootfs/* deploy/homeassistant-app/export deploy/homeassistant-app/weather2mqtt/weather2mqtt-app
  "$lint/bin/hadolint" deploy/homeassistant-app/weather2mqtt/Dockerfile
  "$lint/bin/yamllint" -d '{extends: default, rules: {line-length: {max: 120}, document-start: disable}}' \
    deploy/homeassistant-app/repository.yaml deploy/homeassistant-app/weather2mqtt/config.yaml \
    deploy/homeassistant-app/weather2mqtt/translations/en.yaml deploy/container/compose.yaml
  t_lint=$((SECONDS - t1))
  step "the app's lint, shellcheck, hadolint, yamllint: clean"
  arm64='' images=''
  if [ "${1:-}" = --arm64 ]; then arm64=1; shift; fi
  if [ "${1:-}" = --images ]; then images=${2:?--images needs a folder}; shift 2; fi
  deb=${1:-dist/release/weather2mqtt_${version}_amd64.deb}
  [ -n "$images" ] || [ -f "$deb" ] || fail "$deb is missing: run deploy/release/build (or pass the .deb)"
  x=$(mktemp -d /var/tmp/weather2mqtt-container.XXXXXX)
  [ -n "${CONTAINER_KEEP:-}" ] || trap 'rm -rf --one-file-system "$x"' EXIT
  t1=$SECONDS
  arm64_archive=
  if [ -n "$images" ]; then
    archive=$(cd "$images" && pwd)/weather2mqtt_${version}_amd64.oci.tar
    [ -f "$archive" ] || fail "$archive is missing"
    [ -z "$arm64" ] || arm64_archive=${archive%_amd64.oci.tar}_arm64.oci.tar
  else
    step "building the amd64 image from $deb"
    archive=$(deploy/container/build-image amd64 "$deb" "$x/images" | tail -n 1)
  fi
  t_build=$((SECONDS - t1))
  build_label="build-image amd64"
  [ -z "$images" ] || build_label="the images in $images, not built here"
  if [ -n "$arm64" ] && [ -z "$images" ]; then
    arm64_deb=$(dirname "$deb")/$(basename "$deb" _amd64.deb)_arm64.deb
    [ -f "$arm64_deb" ] || fail "--arm64: $arm64_deb is missing"
    step "building the arm64 image from $arm64_deb"
    t1=$SECONDS
    arm64_archive=$(deploy/container/build-image arm64 "$arm64_deb" "$x/images" | tail -n 1)
    t_build_arm64=$((SECONDS - t1))
  fi
  status=0
  unshare --net --mount --pid --fork --mount-proc "$0" --inside "$x" "$archive" "$arm64_archive" || status=$?
  times=$(cat "$x/times" 2>/dev/null || true)
  printf 'container.sh: times\n%5d s  host tools\n%5d s  lint\n%5d s  %s (%s OCI, %s docker archive)\n' \
    "$t_tools" "$t_lint" "$t_build" "$build_label" "$(du -h "$archive" | cut -f1)" "$(du -h "${archive%.oci.tar}.docker.tar" | cut -f1)" >&2
  [ -z "${t_build_arm64:-}" ] || printf '%5d s  build-image arm64 (%s OCI)\n' "$t_build_arm64" "$(du -h "$arm64_archive" | cut -f1)" >&2
  printf '%s\n%5d s  in all\n' "$times" $((SECONDS - t0)) >&2
  [ "$status" = 0 ] || fail "see above (exit $status)"
  step "OK"
  exit 0
fi

# --- inside the namespaces ---
x=$2 archive=$3 arm64_archive=${4:-}
docker_archive=${archive%.oci.tar}.docker.tar
last=$SECONDS
timed() { printf '%5d s  %s\n' $((SECONDS - last)) "$1" >>"$x/times"; last=$SECONDS; }
ip link set lo up
# A Tempest hub broadcasts to 255.255.255.255:50222 on its LAN. Here the LAN is a veth pair of
# this namespace's own (it ends with it), with the default route, so such a broadcast is sent
# and comes back to every socket bound to the port, as on a real network.
ip link add w2m0 type veth peer name w2m1
ip addr add 10.39.0.1/24 brd + dev w2m0
ip link set w2m0 up
ip link set w2m1 up
ip route add default dev w2m0
# podman and runc write under /run, /var/lib/containers and /etc/cni/net.d: here they are this
# namespace's own.
mount -t tmpfs tmpfs /run
mount -t tmpfs tmpfs /var/lib
mkdir -p /var/lib/containers "$x/cni"
mount --bind "$x/cni" /etc/cni/net.d
# podman 4.3 says on stderr, each time, that it cannot set healthcheck timers (no systemd here).
podman() {
  command podman --root "$x/storage" --runroot /run/containers --storage-driver overlay --runtime runc \
    --cgroup-manager cgroupfs --events-backend file "$@" 2> >(grep -v "unable to get systemd connection" >&2)
}
limits=(--ulimit nofile=4096:4096 --ulimit nproc=4096:4096)
# shellcheck source=.ci/recording.sh
source .ci/recording.sh

# The broker, with a password (no anonymous access).
port=$(free_port)
mosquitto_passwd -c -b "$x/passwords" bridge 's3cret w2m' >/dev/null
printf 'listener %s 127.0.0.1\nallow_anonymous false\npassword_file %s\npersistence false\nlog_dest file %s\nuser root\n' \
  "$port" "$x/passwords" "$x/mosquitto.log" >"$x/mosquitto.conf"
mosquitto -c "$x/mosquitto.conf" &
broker_pid=$!
sub() { mosquitto_sub -h 127.0.0.1 -p "$port" -u bridge -P 's3cret w2m' "$@"; }
pub() { mosquitto_pub -h 127.0.0.1 -p "$port" -u bridge -P 's3cret w2m' "$@"; }
for _ in $(seq 50); do pub -t probe -n 2>/dev/null && break; sleep 0.1; done
pub -t probe -n || fail "mosquitto does not accept the password: $(cat "$x/mosquitto.log")"
mosquitto_pub -h 127.0.0.1 -p "$port" -t probe -n 2>/dev/null && fail "mosquitto accepts anonymous clients"

# The recorded Open-Meteo answer.
serve_recording "$x" || fail "the recorded answer is not served"
timed "broker and fixture server"

# Both archives load; they are one image (the same configuration), its HEALTHCHECK read from the
# docker archive (Debian 12's podman ignores it in an OCI image).
name=$(podman load -i "$archive" | sed -n 's/^Loaded image.*: //p')
[ -n "$name" ] || fail "podman load $archive named no image"
oci_id=$(podman image inspect --format '{{.Id}}' "$name")
podman load -i "$docker_archive" >/dev/null
[ "$(podman image inspect --format '{{.Id}}' "$name")" = "$oci_id" ] || fail "the two archives hold different images"
healthcheck=$(podman image inspect --format '{{json .HealthCheck}}' "$name")
case "$healthcheck" in *weather2mqtt-healthcheck*) ;; *) fail "no HEALTHCHECK in $name: $healthcheck" ;; esac
step "loaded $name ($(podman image inspect --format '{{.Size}}' "$name") bytes unpacked), HEALTHCHECK $healthcheck"
timed "podman load (both archives)"

# The configuration, as a user writes it into the volume mounted at /config.
eco=$(free_port)
now=$recording_now
mkdir -p "$x/config" "$x/data"
write_config() { # BASE PREFIX CLIENT
  cat <<YAML
mqtt:
  url: mqtt://127.0.0.1:$port
  username: bridge
  password: s3cret w2m
  client_id: $3
  base_topic: $1
homeassistant:
  prefix: $2
contact: ci@example.com
providers:
  open-meteo: { base_url: $fixtures }
locations:
$recording_location
stations:
  - id: roof
    type: ecowitt
    listen: 127.0.0.1:$eco
    path: /data/report
  - id: wind
    type: tempest
    listen: 0.0.0.0:50222
YAML
}
write_config weather homeassistant container >"$x/config/weather2mqtt.yaml"
write_config once ha-once once >"$x/once.yaml"
chmod 0644 "$x/config/weather2mqtt.yaml" "$x/once.yaml"
volumes=(-v "$x/config:/config:ro" -v "$x/data:/data")

# The oracle: what `run --once` publishes (same image, another base topic and discovery prefix).
podman run --rm --network host "${limits[@]}" -e WEATHER2MQTT_NOW=$now -v "$x/once.yaml:/once.yaml:ro" \
  --tmpfs /data "$name" run --once --config /once.yaml >"$x/once.log" 2>&1 || fail "run --once: $(tail "$x/once.log")"
sub -t 'once/#' -t 'ha-once/#' --retained-only -F '%t' -W 3 2>/dev/null \
  | sed 's|^once/|weather/|; s|^ha-once/|homeassistant/|; s|/once/|/container/|g' | sort >"$x/expected.txt" || true
[ -s "$x/expected.txt" ] || fail "run --once published nothing"
timed "run --once in the image (the oracle)"

# The service: online, every topic, the data directory owned by the bridge's user.
start=$SECONDS
podman run -d --name w2m --network host "${limits[@]}" -e WEATHER2MQTT_NOW=$now "${volumes[@]}" "$name" >/dev/null
state=
for _ in $(seq 100); do
  state=$(sub -t weather/bridge/state -C 1 -W 2 2>/dev/null || true)
  [ "$state" = online ] && break
  [ "$(podman inspect --format '{{.State.Running}}' w2m)" = true ] || break
  sleep 0.3
done
[ "$state" = online ] || fail "the container never published online: $(podman logs w2m 2>&1 | tail -n 20)"
step "online after $((SECONDS - start)) s"
for _ in $(seq 50); do
  sub -t 'weather/#' -t 'homeassistant/#' --retained-only -F '%t' -W 2 2>/dev/null | sort >"$x/service.txt" || true
  missing=$(comm -23 "$x/expected.txt" "$x/service.txt")
  [ -z "$missing" ] && break
  sleep 0.3
done
[ -z "$missing" ] || fail "retained by run --once but not by the container: $missing"
step "$(wc -l <"$x/service.txt") retained topics, every one of run --once's $(wc -l <"$x/expected.txt") among them"
[ "$(stat -c %u "$x/data")" = 1000 ] || fail "/data is owned by $(stat -c %u "$x/data"), not the bridge's user 1000"
user=$(podman top w2m user | tail -n 1 | tr -d ' ')
[ "$user" = weather2mqtt ] || fail "the bridge runs as '$user', not weather2mqtt"
timed "the service online, every retained topic"

# An Ecowitt push to the station's port (host networking: the gateway posts to the host).
curl -sf -X POST "http://127.0.0.1:$eco/data/report" \
  -d 'PASSKEY=0123&stationtype=GW1100&dateutc=now&tempf=68.0&humidity=50&baromabsin=29.92&windspeedmph=4.5&winddir=180' \
  >/dev/null || fail "the Ecowitt push was refused: $(podman logs w2m 2>&1 | tail -n 10)"
# station_state ID WHAT: waits for the station's retained state with a temperature, in $station.
station_state() {
  station=
  for _ in $(seq 30); do
    station=$(sub -t "weather/stations/$1/state" -C 1 -W 2 2>/dev/null || true)
    case "$station" in *'"temperature"'*) return 0 ;; esac
    sleep 0.3
  done
  fail "$2 did not reach weather/stations/$1/state: '$station'"
}
station_state roof "the push"
step "Ecowitt push: ${station:0:120}"
timed "Ecowitt push"

# A Tempest broadcast (obs_st, as the hub sends it each minute) reaches the bridge with host networking.
python3 - "$repo/Tests/Fixtures/stations/tempest/doc_obs_st.json" "$now" <<'PY'
import datetime, json, socket, sys
message = json.load(open(sys.argv[1]))
message["obs"][0][0] = int(datetime.datetime.fromisoformat(sys.argv[2].replace("Z", "+00:00")).timestamp())
sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
sender.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
sender.sendto(json.dumps(message).encode(), ("255.255.255.255", 50222))
PY
station_state wind "the Tempest broadcast"
step "Tempest broadcast: ${station:0:120}"
timed "Tempest broadcast"

# The HEALTHCHECK: healthy now (podman runs it on demand: no systemd timer here).
health=$(podman healthcheck run w2m 2>&1) || fail "the HEALTHCHECK fails on a healthy bridge: $health $(podman exec w2m weather2mqtt-healthcheck 2>&1)"
step "HEALTHCHECK: $(podman exec w2m weather2mqtt-healthcheck 2>&1)"
timed "HEALTHCHECK"

# SIGTERM (podman stop) -> offline, exit 0.
podman stop -t 20 w2m >/dev/null
code=$(podman inspect --format '{{.State.ExitCode}}' w2m)
after=$(sub -t weather/bridge/state -C 1 -W 3 2>/dev/null || true)
[ "$code" = 0 ] && [ "$after" = offline ] || fail "after podman stop: exit $code, bridge/state '$after'"
step "podman stop: exit $code, bridge/state $after"
timed "SIGTERM -> offline"

asked=$(forecasts)
ls "$x/data" >"$x/data.txt"
[ -s "$x/data.txt" ] || fail "the bridge left nothing in /data"
# A new container on the same /data republishes what it had, without asking the provider.
pub -t weather/nyc/current -r -n
podman rm w2m >/dev/null
podman run -d --name w2m --network host "${limits[@]}" -e WEATHER2MQTT_NOW=$now "${volumes[@]}" "$name" >/dev/null
current=
for _ in $(seq 50); do
  current=$(sub -t weather/nyc/current -C 1 -W 2 2>/dev/null || true)
  [ -n "$current" ] && break
  sleep 0.3
done
[ -n "$current" ] || fail "the restarted container did not republish weather/nyc/current"
[ "$(forecasts)" = "$asked" ] || fail "the restarted container asked the provider again ($asked, then $(forecasts) requests)"
step "restart on the same /data ($(tr '\n' ' ' <"$x/data.txt")): republished, provider asked $asked times in all"
timed "restart keeps /data"

# The HEALTHCHECK fails once the broker is gone (and passes again once it is back).
kill "$broker_pid"
wait "$broker_pid" 2>/dev/null || true
health=$(podman exec w2m weather2mqtt-healthcheck 2>&1) && fail "the HEALTHCHECK passes with the broker gone: $health"
podman healthcheck run w2m >/dev/null 2>&1 && fail "podman healthcheck run passes with the broker gone"
step "broker gone: HEALTHCHECK '$health'"
mosquitto -c "$x/mosquitto.conf" &
broker_pid=$!
for _ in $(seq 100); do
  [ "$(sub -t weather/bridge/state -C 1 -W 2 2>/dev/null || true)" = online ] && break
  sleep 0.3
done
health=$(podman exec w2m weather2mqtt-healthcheck 2>&1) || fail "the HEALTHCHECK fails once the broker is back: $health"
podman stop -t 20 w2m >/dev/null
podman rm w2m >/dev/null
timed "HEALTHCHECK without the broker, and back"

# ... and once the data is stale: three hours later, the provider failing.
route_forecast 503
podman run -d --name w2m --network host "${limits[@]}" -e WEATHER2MQTT_NOW=2026-02-07T00:40:00Z "${volumes[@]}" "$name" >/dev/null
status=
for _ in $(seq 60); do
  status=$(sub -t weather/nyc/status -C 1 -W 2 2>/dev/null || true)
  case "$status" in *'"state":"stale"'*) break ;; esac
  sleep 0.5
done
case "$status" in *'"state":"stale"'*) ;; *) fail "three hours on, the provider failing: weather/nyc/status is ${status:0:200}" ;; esac
health=$(podman exec w2m weather2mqtt-healthcheck 2>&1) && fail "the HEALTHCHECK passes on stale data: $health"
step "stale data: HEALTHCHECK '$(printf '%s' "$health" | head -n 1)'"
podman stop -t 20 w2m >/dev/null
podman rm w2m >/dev/null
route_forecast 0
timed "HEALTHCHECK on stale data"

# --- The Home Assistant app: the same image as the Supervisor starts it (SUPERVISOR_TOKEN,
# /data/options.json, the app's config folder at /config, host networking), with a stand-in
# Supervisor on 127.0.0.1:80 (the name `supervisor` points there).
token=app-token-$RANDOM$RANDOM
python3 Tests/HomeAssistantApp/supervisor.py --port 80 --token "$token" >"$x/supervisor.log" 2>&1 &
for _ in $(seq 50); do curl -s -o /dev/null http://127.0.0.1:80/__control/log && break; sleep 0.1; done
supervisor_mqtt() { curl -sf -X POST http://127.0.0.1:80/__control/mqtt -d "$1" >/dev/null; }
supervisor_mqtt null
eco2=$(free_port)
mkdir -p "$x/app/data" "$x/app/config"
cat >"$x/app/data/options.json" <<JSON
{"locations": [], "units": "imperial", "stations": [{"id": "yard", "type": "ecowitt", "port": $eco2}],
 "open_meteo_url": "$fixtures", "contact": "ci@example.com"}
JSON
run_app() { # NAME TOKEN
  podman run -d --name "$1" --network host --add-host supervisor:127.0.0.1 "${limits[@]}" \
    -e SUPERVISOR_TOKEN="$2" -e WEATHER2MQTT_APP_RETRY=2 -e WEATHER2MQTT_NOW=$now \
    -v "$x/app/data:/data" -v "$x/app/config:/config" "$name" >/dev/null
}
lines() { podman logs "$1" 2>&1 | grep -c "$2" || true; }
running() { [ "$(podman inspect --format '{{.State.Running}} {{.RestartCount}}' "$1")" = "true 0" ]; }
stop_app() { # NAME: stops (SIGTERM) and removes it; prints the seconds it took
  local began=$SECONDS
  podman stop -t 20 "$1" >/dev/null
  podman rm "$1" >/dev/null
  echo $((SECONDS - began))
}
timed "stand-in Supervisor"

# No broker: one clear line, then a quiet wait (asking every 2 s here), healthy, no restart.
run_app app "$token"
sleep 9
said=$(lines app "no MQTT broker")
[ "$said" = 1 ] || fail "no broker: the line came $said times: $(podman logs app 2>&1 | tail -n 5)"
running app || fail "no broker: the app is not running on: $(podman logs app 2>&1 | tail -n 5)"
asked=$(curl -s http://127.0.0.1:80/__control/log | python3 -c 'import json, sys
print(sum(1 for r in json.load(sys.stdin) if r["path"] == "/services/mqtt"))')
[ "$asked" -ge 3 ] || fail "no broker: the app asked the Supervisor $asked times in 9 s"
health=$(podman exec app weather2mqtt-healthcheck 2>&1) || fail "no broker: HEALTHCHECK fails while waiting: $health"
step "no broker: '$(podman logs app 2>&1 | grep "no MQTT broker")', asked $asked times, running, HEALTHCHECK: $health"
timed "app: no broker (one line, a wait)"

# Options -> retained topics: the broker appears in the Supervisor; the waiting app goes on.
supervisor_mqtt "{\"host\": \"127.0.0.1\", \"port\": $port, \"ssl\": false, \"protocol\": \"3.1.1\", \"username\": \"bridge\", \"password\": \"s3cret w2m\", \"addon\": \"core_mosquitto\"}"
for _ in $(seq 50); do
  current=$(sub -t weather/home/current -C 1 -W 2 2>/dev/null || true)
  [ -n "$current" ] && break
  sleep 0.3
done
[ -n "$current" ] || fail "options: no weather/home/current: $(podman logs app 2>&1 | tail -n 20)"
case "$current" in *'°F'*) ;; *) fail "options: units imperial, but weather/home/current is ${current:0:200}" ;; esac
for topic in weather/bridge/state weather/home/status homeassistant/device/weather2mqtt_home/config weather/stations/yard/status; do
  [ -n "$(sub -t "$topic" -C 1 -W 2 2>/dev/null || true)" ] || fail "options: nothing retained on $topic"
done
curl -sf -X POST "http://127.0.0.1:$eco2/data/report" -d 'PASSKEY=1&tempf=50.0&humidity=60' >/dev/null \
  || fail "options: the Ecowitt push to port $eco2 was refused"
for _ in $(seq 30); do
  station=$(sub -t weather/stations/yard/state -C 1 -W 2 2>/dev/null || true)
  case "$station" in *'"temperature"'*) break ;; esac
  sleep 0.3
done
case "$station" in *'"temperature"'*) ;; *) fail "options: the push did not reach weather/stations/yard/state" ;; esac
running app || fail "options: the app restarted"
step "options: $(podman logs app 2>&1 | grep -c weather2mqtt-app) lines of the start script; Home Assistant's home, °F, station yard on port $eco2"
podman logs app 2>&1 | grep weather2mqtt-app | sed 's/^/    /' >&2
took=$(stop_app app)
[ "$(sub -t weather/bridge/state -C 1 -W 3 2>/dev/null || true)" = offline ] || fail "options: no offline after stop"
step "options: stopped in $took s, offline"
timed "app: options -> retained topics"

# The YAML takeover: a complete weather2mqtt.yaml in the app's config folder.
# bridge_online BASE: waits until BASE/bridge/state is online (at most about 15 s), in $state.
bridge_online() {
  state=
  for _ in $(seq 50); do
    state=$(sub -t "$1/bridge/state" -C 1 -W 2 2>/dev/null || true)
    [ "$state" = online ] && return 0
    sleep 0.3
  done
}
write_config takeover ha-takeover takeover >"$x/app/config/weather2mqtt.yaml"
# First as a file editor may leave it, readable by root only: one line, a wait; then readable.
chmod 0600 "$x/app/config/weather2mqtt.yaml"
run_app app "$token"
sleep 5
[ "$(lines app "cannot be read by the bridge's user")" = 1 ] || fail "takeover: an unreadable file is not said once: $(podman logs app 2>&1 | tail -n 5)"
running app || fail "takeover: the app stopped on an unreadable file"
chmod 0644 "$x/app/config/weather2mqtt.yaml"
bridge_online takeover
[ "$state" = online ] || fail "takeover: takeover/bridge/state is '$state': $(podman logs app 2>&1 | tail -n 10)"
[ "$(lines app "using /config/weather2mqtt.yaml")" = 1 ] || fail "takeover: not said once in the log"
step "takeover: '$(podman logs app 2>&1 | grep "using /config")'"
stop_app app >/dev/null
rm "$x/app/config/weather2mqtt.yaml"
timed "app: YAML takeover"

# The broker named in the options wins over the Supervisor's (which points nowhere here).
supervisor_mqtt "{\"host\": \"127.0.0.1\", \"port\": $(free_port), \"ssl\": false, \"protocol\": \"3.1.1\", \"username\": \"nobody\", \"password\": \"x\"}"
cp "$x/app/data/options.json" "$x/app/options.saved"
python3 - "$x/app/data/options.json" "$port" <<'PY'
import json, sys
options = json.load(open(sys.argv[1]))
options.update({"mqtt": {"url": f"mqtt://127.0.0.1:{sys.argv[2]}", "username": "bridge", "password": "s3cret w2m"},
                "base_topic": "override", "locations": [{"id": "nyc", "latitude": 40.7886, "longitude": -73.9661,
                                                         "timezone": "America/New_York", "providers": "open-meteo"}]})
json.dump(options, open(sys.argv[1], "w"))
PY
run_app app "$token"
bridge_online override
[ "$state" = online ] || fail "broker override: override/bridge/state is '$state': $(podman logs app 2>&1 | tail -n 10)"
[ -n "$(sub -t override/nyc/current -C 1 -W 3 2>/dev/null || true)" ] || fail "broker override: no override/nyc/current"
[ "$(lines app "(from this app's options)")" = 1 ] || fail "broker override: the log does not say the broker came from the options"
step "broker override: '$(podman logs app 2>&1 | grep "from this app's options")', location nyc from the options"
stop_app app >/dev/null
mv "$x/app/options.saved" "$x/app/data/options.json"
timed "app: the broker from the options wins"

# A wrong token: one clear line, a wait, and a stop that does not wait for the timeout.
run_app app wrong-token
sleep 6
said=$(lines app "refused this app's token")
[ "$said" = 1 ] || fail "wrong token: the line came $said times: $(podman logs app 2>&1 | tail -n 5)"
running app || fail "wrong token: the app is not running on"
step "wrong token: '$(podman logs app 2>&1 | grep "refused")'"
took=$(stop_app app)
[ "$took" -lt 5 ] || fail "wrong token: podman stop took $took s (SIGTERM must end the wait)"
timed "app: wrong token"

[ -n "$arm64_archive" ] || exit 0

# --- The arm64 image's bridge under qemu: its root unpacked from the OCI archive (the layer the
# manifest names), entered with roots.sh's enter_arm64 (binfmt_misc in a user namespace of its
# own), in this network namespace.
# shellcheck source=deploy/debian/arm64/roots.sh
source deploy/debian/arm64/roots.sh
root=$x/arm64-root
mkdir -p "$root" "$x/arm64-config"
image_version=$(python3 - "$arm64_archive" "$x/arm64-layer.tar.gz" <<'PY'
import json, sys, tarfile
with tarfile.open(sys.argv[1]) as archive:
    index = json.load(archive.extractfile("index.json"))
    manifest = json.load(archive.extractfile("blobs/sha256/" + index["manifests"][0]["digest"].split(":")[1]))
    config = json.load(archive.extractfile("blobs/sha256/" + manifest["config"]["digest"].split(":")[1]))
    assert config["architecture"] == "arm64", config["architecture"]
    assert "Healthcheck" in config["config"], "no Healthcheck in the arm64 image's configuration"
    layer = archive.extractfile("blobs/sha256/" + manifest["layers"][0]["digest"].split(":")[1])
    with open(sys.argv[2], "wb") as out:
        out.write(layer.read())
print(config["config"]["Labels"]["org.opencontainers.image.version"])
PY
)
tar -xzf "$x/arm64-layer.tar.gz" -C "$root" --numeric-owner
rm "$x/arm64-layer.tar.gz"
write_config arm64 ha-arm64 arm64 >"$x/arm64-config/weather2mqtt.yaml"
chmod 0644 "$x/arm64-config/weather2mqtt.yaml"
timed "arm64: root unpacked from the OCI archive"
# The image's environment (a runtime would set it from the configuration).
image_env=(env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
  WEATHER2MQTT_CONFIG=/config/weather2mqtt.yaml LANG=C.UTF-8 "WEATHER2MQTT_NOW=$now")
said=$(BIND="$x/arm64-config:/config" enter_arm64 "$root" weather2mqtt --version)
[ "$said" = "$image_version" ] || fail "arm64: weather2mqtt --version says $said, the image is $image_version"
BIND="$x/arm64-config:/config" enter_arm64 "$root" "${image_env[@]}" \
  /usr/local/bin/weather2mqtt-container run --once >"$x/arm64-once.log" 2>&1 || fail "arm64 run --once: $(tail "$x/arm64-once.log")"
sub -t 'arm64/#' -t 'ha-arm64/#' --retained-only -F '%t' -W 3 2>/dev/null \
  | sed 's|^arm64/|weather/|; s|^ha-arm64/|homeassistant/|; s|/arm64/|/container/|g' | sort >"$x/arm64.txt" || true
missing=$(comm -23 "$x/expected.txt" "$x/arm64.txt")
[ -z "$missing" ] || fail "arm64: retained by the amd64 image's run --once but not by the arm64 one: $missing"
step "arm64 (qemu): weather2mqtt $said, run --once retained $(wc -l <"$x/arm64.txt") topics, every one of amd64's"
timed "arm64: run --once under qemu"
# The service under qemu, then SIGTERM. The pid is the process's own (the PID namespace is this one).
rm -f "$x/arm64-config/pid"
BIND="$x/arm64-config:/config" enter_arm64 "$root" "${image_env[@]}" sh -c \
  '/usr/local/bin/weather2mqtt-container run & echo $! >/config/pid; wait $!' \
  >"$x/arm64-run.log" 2>&1 &
runner=$!
state=
for _ in $(seq 150); do
  state=$(sub -t arm64/bridge/state -C 1 -W 2 2>/dev/null || true)
  [ "$state" = online ] && [ -s "$x/arm64-config/pid" ] && break
  kill -0 "$runner" 2>/dev/null || break
  sleep 0.3
done
[ "$state" = online ] || fail "arm64: the service never published online: $(tail "$x/arm64-run.log")"
kill -TERM "$(cat "$x/arm64-config/pid")"
code=0
wait "$runner" || code=$?
after=$(sub -t arm64/bridge/state -C 1 -W 3 2>/dev/null || true)
[ "$code" = 0 ] && [ "$after" = offline ] || fail "arm64: after SIGTERM: exit $code, bridge/state '$after': $(tail "$x/arm64-run.log")"
step "arm64 (qemu): online, SIGTERM -> exit $code, $after"
timed "arm64: the service and SIGTERM under qemu"
