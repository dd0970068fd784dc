#!/usr/bin/env bash
# .ci/boot-upgrade.sh ROOT WWW PORT PREVIOUS VERSION RECORDING: the package under a real systemd
# (.ci/release.sh runs it). ROOT is a Debian 12 amd64 root with weather2mqtt PREVIOUS installed
# from the repository the README's block added (served from WWW on 127.0.0.1:PORT, where `site`
# is the published address), mosquitto and systemd. Everything runs in private network, mount and
# PID namespaces of its own: the repository and the provider (the RECORDING, Open-Meteo's
# /v1/forecast) are served inside them, and ROOT is booted there with systemd-nspawn; nothing
# reaches or stays on the host. Exits non-zero naming what failed.
set -euo pipefail
if [ "${1:-}" != --inside ]; then
  exec unshare --net --mount --pid --fork --mount-proc "$0" --inside "$@"
fi
shift
root=$1 www=$2 port=$3 previous=$4 version=$5
here=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "boot-upgrade: FAIL: $*" >&2; [ -n "${leader:-}" ] && in_root journalctl --no-pager -n 40 >&2; exit 1; }
step() { echo "boot-upgrade: $*" >&2; }
ip link set lo up
x=$(mktemp -d)

python3 -m http.server --bind 127.0.0.1 --directory "$www" "$port" >"$x/http.log" 2>&1 &
# shellcheck source=.ci/recording.sh
source "$here/.ci/recording.sh"
serve_recording "$x" || fail "the recorded answer is not served"

# The user's configuration (an edit of the conffile), and for the test only: the clock of the
# recording, a watchdog short enough to be seen fed, the e-ink unit drawing to a trace file.
cat >"$root/etc/weather2mqtt/config.yaml" <<YAML
# edited by the user
mqtt:
  url: mqtt://127.0.0.1:1883
contact: ci@example.com
providers:
  open-meteo: { base_url: $fixtures }
stations:
  - id: garden
    type: ecowitt
    listen: 127.0.0.1:8088
locations:
$recording_location
    station: garden
YAML
now=$recording_now
mkdir -p "$root/etc/systemd/system/weather2mqtt.service.d" "$root/etc/systemd/system/weatherview-eink.service.d"
printf '[Service]\nEnvironment=WEATHER2MQTT_NOW=%s\nWatchdogSec=6s\n' "$now" >"$root/etc/systemd/system/weather2mqtt.service.d/ci.conf"
printf '[Service]\nEnvironment=WEATHER2MQTT_NOW=%s\nEnvironment=WEATHERVIEW_DEVICE=trace:/run/weatherview/panel.trace\nEnvironment=WEATHERVIEW_LOCATION=nyc\n' \
  "$now" >"$root/etc/systemd/system/weatherview-eink.service.d/ci.conf"
: >"$root/etc/apt/sources.list"  # Debian's mirror is out of reach here: only the project's source

systemd-nspawn -q -D "$root" --boot --register=no --keep-unit --console=passive >"$x/console.log" 2>&1 &
nspawn=$!
leader=
for _ in $(seq 300); do
  leader=$(pgrep -P "$nspawn" | head -n 1 || true)
  if [ -n "$leader" ] && nsenter -t "$leader" -a systemctl is-system-running 2>/dev/null | grep -qE "^(running|degraded)$"; then break; fi
  sleep 0.2
done
in_root() { nsenter -t "$leader" -a "$@"; }
if [ -z "$leader" ] || ! in_root systemctl is-system-running >/dev/null 2>&1; then
  leader=
  fail "the root did not boot: $(tail -n 20 "$x/console.log")"
fi
step "booted ($(in_root systemctl is-system-running), systemd $(in_root systemctl --version | head -n 1 | cut -d' ' -f2))"
retained() { mosquitto_sub -h 127.0.0.1 -t "$1" -C 1 -W "${2:-5}" 2>/dev/null || true; }
has_retained() { [ -n "$(retained "$1" 1)" ]; }
info_says() { grep -q "\"version\":\"$1\"" <<<"$(retained weather/bridge/info 1)"; }
restarted() { [ "$(in_root systemctl show -p MainPID --value weather2mqtt)" != "$1" ]; }
wait_for() {  # wait_for SECONDS WHAT COMMAND...: until COMMAND succeeds
  local limit=$1 what=$2
  shift 2
  for _ in $(seq $((limit * 5))); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
  fail "$what did not happen within $limit s"
}

in_root systemctl enable --now weather2mqtt.service >/dev/null 2>&1 || fail "systemctl enable --now weather2mqtt"
wait_for 30 "weather2mqtt active" in_root systemctl is-active --quiet weather2mqtt
wait_for 30 "weather/nyc/current retained" has_retained weather/nyc/current
[ "$(retained weather/bridge/state)" = online ] || fail "bridge/state is not online"
in_root systemctl show -p Type -p WatchdogUSec weather2mqtt | tr '\n' ' ' >&2; echo >&2
nice_limit=$(in_root awk '/Max nice priority/ { print $5 }' "/proc/$(in_root systemctl show -p MainPID --value weather2mqtt)/limits")
python3 - "$here/Tests/Fixtures/stations/ecowitt/ew2m_payload_ws2350.json" >"$x/push.form" <<'PY'
import json, sys, urllib.parse
print(urllib.parse.urlencode(json.load(open(sys.argv[1]))), end="")
PY
answer=$(curl -s -m 10 --data-binary @"$x/push.form" -H 'Content-Type: application/x-www-form-urlencoded' http://127.0.0.1:8088/data/report)
wait_for 10 "the station's state retained" has_retained weather/stations/garden/state
step "$previous: online, current published, the Ecowitt push answered '$answer' and published"
in_root systemctl start weatherview-eink.service || fail "systemctl start weatherview-eink"
wait_for 60 "weatherview-eink's first frame" in_root test -s /run/weatherview/frame.png
step "weatherview-eink drew its first frame; its font cache: $(in_root sh -c 'ls /var/cache/weatherview/fontconfig 2>/dev/null | wc -l') files in /var/cache/weatherview/fontconfig"
in_root systemctl stop weatherview-eink.service
# The watchdog: 6 s here; fed, the service is still the same process after three periods.
pid=$(in_root systemctl show -p MainPID --value weather2mqtt)
sleep 18
[ "$(in_root systemctl show -p MainPID --value weather2mqtt)" = "$pid" ] || fail "weather2mqtt was restarted (watchdog?)"
in_root journalctl -u weather2mqtt --no-pager | grep -qi "watchdog timeout" && fail "systemd's watchdog fired"
asked=$(forecasts)
state_files=$(in_root find /var/lib/private/weather2mqtt -type f | sort)
[ -n "$state_files" ] || fail "no state in /var/lib/private/weather2mqtt"

# The upgrade: the address now serves this release.
# Published later than the version before, as a real release is: newer files (apt asks with
# If-Modified-Since, which http.server answers 304 for an older file, as a web host would) and a
# later Date in Release (release.sh dates the version before a day earlier).
find "$www/stable" -exec touch {} +
ln -sfn stable "$www/site"
in_root apt-get update -q >"$x/upgrade.log" 2>&1 || fail "apt update: $(tail -n 20 "$x/upgrade.log")"
in_root apt-get upgrade -y -q >>"$x/upgrade.log" 2>&1 || fail "apt upgrade: $(tail -n 20 "$x/upgrade.log")"
[ "$(in_root dpkg-query -W -f='${Version}' weather2mqtt)" = "$version" ] || fail "apt upgrade left $(in_root dpkg-query -W -f='${Version}' weather2mqtt)"
grep -q "^# edited by the user" "$root/etc/weather2mqtt/config.yaml" || fail "the upgrade replaced the edited config.yaml"
[ "$(in_root systemctl is-enabled weather2mqtt)" = enabled ] || fail "weather2mqtt is not enabled after the upgrade"
[ "$(in_root systemctl is-enabled weatherview-eink)" = disabled ] || fail "weatherview-eink is not disabled after the upgrade"
wait_for 30 "the upgraded bridge running" restarted "$pid"
wait_for 30 "the upgraded bridge active" in_root systemctl is-active --quiet weather2mqtt
wait_for 30 "bridge/info of $version" info_says "$version"
[ -n "$(retained weather/nyc/current)" ] || fail "no current after the upgrade"
for file in $state_files; do in_root test -f "$file" || fail "$file is gone after the upgrade"; done
sleep 3
[ "$(forecasts)" = "$asked" ] || fail "the upgraded bridge asked the provider again ($asked forecast requests before, $(forecasts) after)"
step "upgraded to $version: configuration, state ($(echo "$state_files" | wc -l) files) and enablement kept, no forecast asked again ($asked in all)"

in_root systemctl stop weather2mqtt
[ "$(retained weather/bridge/state)" = offline ] || fail "bridge/state after stop is not offline"
journal=$(in_root journalctl -u weather2mqtt -u weatherview-eink -o cat --no-pager)
status=$(in_root systemctl status weather2mqtt --no-pager -n 20 || true)
# The units allow setpriority() (the system-call filter refused it: errno=1) and raise RLIMIT_NICE
# to -4 (LimitNICE), so the runtime's worker threads get the nice values they ask for. Where the
# machine cannot raise RLIMIT_NICE at all (a sandbox without CAP_SYS_RESOURCE: systemd then starts
# the service with the limit it had, 0), the -2 and -4 a thread asks for are refused with EACCES
# (errno=13) whatever the unit says: reported, not counted; errno=1 (the filter) always fails.
if [ "$nice_limit" != 24 ]; then
  step "NOTE: this machine cannot raise RLIMIT_NICE (the service runs with $nice_limit, LimitNICE=-4 asks 24): $(grep -c 'thread priority.*errno=13' <<<"$journal") EACCES lines not counted"
  journal=$(grep -v 'Failed to set thread priority for worker thread: pqc=0x[0-9a-f]* errno=13$' <<<"$journal" || true)
  status=$(grep -v 'Failed to set thread priority for worker thread: pqc=0x[0-9a-f]* errno=13$' <<<"$status" || true)
fi
if grep -E "Failed to set thread priority|Fontconfig error|No writable cache" <<<"$journal$status"; then
  fail "the journal holds the lines issue 42 removes"
fi
repeated=$(sed -E 's/[0-9]+/N/g' <<<"$journal" | sort | uniq -c | awk '$1 >= 3' | sort -rn)
[ -z "$repeated" ] || fail "lines repeated without news in the journal: $repeated"
step "journal: $(wc -l <<<"$journal") lines, none repeated; stop published offline"

in_root apt-get remove -y -q weather2mqtt >"$x/remove.log" 2>&1 || fail "apt remove: $(tail -n 20 "$x/remove.log")"
in_root test ! -e /usr/bin/weather2mqtt || fail "apt remove left /usr/bin/weather2mqtt"
in_root test -f /etc/weather2mqtt/config.yaml || fail "apt remove took /etc/weather2mqtt/config.yaml"
in_root test -d /var/lib/private/weather2mqtt || fail "apt remove took the state"
[ "$(in_root systemctl is-enabled weather2mqtt 2>/dev/null || true)" != enabled ] || fail "weather2mqtt still enabled after remove"
in_root apt-get purge -y -q weather2mqtt >>"$x/remove.log" 2>&1 || fail "apt purge: $(tail -n 20 "$x/remove.log")"
for path in /etc/weather2mqtt/config.yaml /var/lib/weather2mqtt /var/lib/private/weather2mqtt; do
  in_root test ! -e "$path" || fail "apt purge left $path"
done
step "remove kept the configuration and state, purge took them"
in_root systemctl poweroff >/dev/null 2>&1 || true
wait "$nspawn" || true
step "OK"
