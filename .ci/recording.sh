# shellcheck shell=bash
# The recorded answer the CI scenarios run the bridge on (Open-Meteo, New York), served on
# loopback by Tests/TestSupport/fixture_server.py; sourced by arm64.sh, release.sh, boot-upgrade.sh
# and container.sh.
#   serve_recording DIR  starts the server in the background (its pid in recording_pid, its URL in
#                        fixtures; DIR holds its port file) and routes /v1/forecast to the recording
#   route_forecast N     /v1/forecast answers the recording (0) or HTTP status N from now on
#   forecasts            how many forecasts the server was asked
#   free_port            a free TCP port on 127.0.0.1
#   recording_location   the `locations:` entry the recording answers for (YAML), and
#   recording_now        the instant it is fresh at (WEATHER2MQTT_NOW)
#   mask FILE            retained messages (topic, tab, payload) with times and the temporary
#                        state folder masked: the clock is fixed, but status's next_poll has a random
#                        jitter and each run has its own state folder (in bridge/info)
ci_repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
recording=$ci_repo/Tests/Fixtures/open-meteo/forecast_current_hourly_daily_newyork_iso8601.json
# shellcheck disable=SC2034 # read by the scripts that source this
recording_now=2026-02-06T21:40:00Z
# shellcheck disable=SC2034
recording_location=$(cat <<'YAML'
  - id: nyc
    name: New York
    latitude: 40.7886
    longitude: -73.9661
    timezone: America/New_York
    interval: 15m
YAML
)

serve_recording() {
  python3 "$ci_repo/Tests/TestSupport/fixture_server.py" 0 --ignore-stdin </dev/null >"$1/fixture.port" &
  # shellcheck disable=SC2034 # read by the scripts that source this
  recording_pid=$!
  for _ in $(seq 50); do [ -s "$1/fixture.port" ] && break; sleep 0.1; done
  fixtures=http://127.0.0.1:$(head -n 1 "$1/fixture.port")
  route_forecast 0 || { echo "the fixture server did not take the route" >&2; return 1; }
}

route_forecast() {
  local response="{\"body_file\": \"$recording\", \"headers\": {\"Content-Type\": \"application/json\"}}"
  [ "$1" = 0 ] || response="{\"status\": $1}"
  curl -sf -X POST "$fixtures/__control/routes" -d "{\"path\": \"/v1/forecast\", \"responses\": [$response]}" >/dev/null
}

forecasts() {
  curl -sf "$fixtures/__control/log" \
    | python3 -c 'import json, sys; print(sum(1 for r in json.load(sys.stdin) if r["path"] == "/v1/forecast"))'
}

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

mask() {
  sed -E -e 's/"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})"/"<time>"/g' \
    -e 's/"state_dir":"[^"]*"/"state_dir":"<temporary>"/' "$1"
}
