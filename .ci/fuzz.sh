#!/usr/bin/env bash
# Fuzzing: builds the libFuzzer targets of Fuzz/ (every provider decoder, every station decoder,
# every warning decoder, the configuration loader, the JSON parser, weatherview's payload decoder,
# the PNG decoder) with the fuzzer and address sanitizers, seeds each from the recorded fixtures
# and captures, runs each for a bounded time, and fails when any of them finds a crash, a trap, a
# memory error or an input that hangs.
#
#   .ci/fuzz.sh                       every target: the providers' FUZZ_TIME seconds each (default
#                                     20), the station, warning and PNG decoders' FUZZ_BRIEF_TIME
#                                     (default 8: small decoders, briefly, on every run)
#   FUZZ_TIME=180 FUZZ_BRIEF_TIME=180 .ci/fuzz.sh    longer
#   .ci/fuzz.sh FuzzJSON FuzzNWS      only these
#
# Corpora grow in Fuzz/.build/corpus/<target> across runs; a finding is written to
# Fuzz/.build/artifacts/<target>/ and its bytes printed (base64) in the log. Turn each
# finding into a regression test in the owning module's tests (`*FuzzRegression*.swift`).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
fuzz=$root/Fuzz
time_per_target=${FUZZ_TIME:-20}
brief_time=${FUZZ_BRIEF_TIME:-8}
# Run briefly: what anyone on the LAN can send (station decoders), warning feeds, the user's PNGs.
brief_targets=(
  FuzzPushDecoder FuzzWundergroundDecoder FuzzEcowittLiveData FuzzRTL433 FuzzTempest FuzzWeatherLink
  FuzzWeewx FuzzGenericMQTT FuzzBrightSkyAlerts FuzzMetAlerts FuzzMeteoAlarmJSON FuzzMeteoAlarmAtom
  FuzzOneCallAlertDetail FuzzPNG
)
all_targets=(
  FuzzOpenMeteo FuzzOpenWeatherMapOneCall FuzzOpenWeatherMapFree FuzzPirateWeather FuzzMetNo FuzzNWS
  FuzzGeocoding FuzzConfiguration FuzzJSON FuzzViewModel "${brief_targets[@]}"
)
targets=("${@:-${all_targets[@]}}")
fixtures=$root/Tests/Fixtures
stations=$fixtures/stations
started=$SECONDS

echo "fuzz: building ${#targets[@]} targets (release, -sanitize=fuzzer,address)"
mkdir -p "$fuzz/.build"
if ! (cd "$fuzz" && swift build -c release -Xswiftc -sanitize=fuzzer,address >"$fuzz/.build/build.log" 2>&1); then
  grep -v "Cannot export local symbol" "$fuzz/.build/build.log" >&2
  exit 1
fi
bin=$(cd "$fuzz" && swift build -c release -Xswiftc -sanitize=fuzzer,address --show-bin-path)
echo "fuzz: built in $((SECONDS - started)) s"

# Seeds: the recorded answers each decoder was written against.
seed() {
  local target=$1
  shift
  local corpus=$fuzz/.build/corpus/$target
  mkdir -p "$corpus"
  local file
  for file in "$@"; do
    [ -f "$file" ] && cp "$file" "$corpus/seed-$(basename "$file")"
  done
  return 0
}
seed_pairs() {  # FuzzOpenWeatherMapFree: current, a NUL byte, forecast
  local corpus=$fuzz/.build/corpus/FuzzOpenWeatherMapFree
  local current forecast
  mkdir -p "$corpus"
  for current in "$fixtures"/openweathermap/weather25_*.json; do
    for forecast in "$fixtures"/openweathermap/forecast25_3hourly_*.json; do
      { cat "$current"; printf '\0'; cat "$forecast"; } >"$corpus/seed-$(basename "$current" .json)+$(basename "$forecast")"
    done
  done
}
seed_payloads() {  # FuzzViewModel: id, NUL, current, NUL, hourly, NUL, daily, NUL, alerts, NUL, status
  local corpus=$fuzz/.build/corpus/FuzzViewModel
  mkdir -p "$corpus"
  python3 - "$corpus" "$root"/Tests/RenderingTests/Golden/terminal/inputs/*.json <<'PY'
import json, os, sys
corpus = sys.argv[1]
for path in sys.argv[2:]:
    document = json.load(open(path))
    ident = next((v["location"]["id"] for v in document.values() if isinstance(v, dict) and "location" in v), "home")
    parts = [ident.encode()] + [
        json.dumps(document[k], separators=(",", ":")).encode() if k in document else b""
        for k in ("current", "hourly", "daily", "alerts", "status")
    ]
    with open(os.path.join(corpus, "seed-" + os.path.basename(path)), "wb") as out:
        out.write(b"\0".join(parts))
PY
}

seed_lines() {  # each line of the files its own seed: captures of one message a line
  local target=$1
  shift
  local corpus=$fuzz/.build/corpus/$target
  mkdir -p "$corpus"
  python3 - "$corpus" "$@" <<'PY'
import os, sys
corpus = sys.argv[1]
for path in sys.argv[2:]:
    for number, line in enumerate(open(path, "rb").read().splitlines()):
        if line.strip():
            with open(os.path.join(corpus, "seed-%s-%d" % (os.path.basename(path), number)), "wb") as out:
                out.write(line)
PY
}
seed_forms() {  # FuzzPushDecoder: the captures kept as JSON objects of fields, as the form a gateway posts
  local corpus=$fuzz/.build/corpus/FuzzPushDecoder
  mkdir -p "$corpus"
  python3 - "$corpus" "$@" <<'PY'
import json, os, sys, urllib.parse
corpus = sys.argv[1]
for path in sys.argv[2:]:
    fields = json.load(open(path))
    body = urllib.parse.urlencode([(k, v if isinstance(v, str) else json.dumps(v)) for k, v in fields.items()])
    with open(os.path.join(corpus, "seed-" + os.path.basename(path)), "w") as out:
        out.write(body)
PY
}

for target in "${targets[@]}"; do
  case $target in
    FuzzOpenMeteo) seed "$target" "$fixtures"/open-meteo/forecast_*.json "$fixtures"/open-meteo/error_*.json ;;
    FuzzOpenWeatherMapOneCall) seed "$target" "$fixtures"/openweathermap/onecall*.json "$fixtures"/openweathermap/error_*.json ;;
    FuzzOpenWeatherMapFree) seed_pairs ;;
    FuzzPirateWeather) seed "$target" "$fixtures"/pirateweather/*.json ;;
    FuzzMetNo) seed "$target" "$fixtures"/metno/*.json ;;
    FuzzNWS) seed "$target" "$fixtures"/nws/*.json ;;
    FuzzGeocoding) seed "$target" "$fixtures"/open-meteo/geocoding_*.json "$fixtures"/open-meteo/error_400_geocoding*.json ;;
    FuzzConfiguration) seed "$target" "$root"/config/*.yaml "$root"/deploy/debian/config.yaml ;;
    FuzzJSON) seed "$target" "$fixtures"/*/*.json ;;
    FuzzViewModel) seed_payloads ;;
    FuzzPushDecoder) seed_forms "$stations"/ecowitt/*.json "$stations"/ambient/*.json
      seed "$target" "$stations"/ambient/*.query ;;
    FuzzWundergroundDecoder) seed_lines "$target" "$stations"/wunderground/*.query ;;
    FuzzEcowittLiveData) seed "$target" "$stations"/ecowitt-livedata/*.json ;;
    FuzzRTL433) seed_lines "$target" "$stations"/rtl_433/*.json ;;
    FuzzTempest) seed "$target" "$stations"/tempest/*.json ;;
    FuzzWeatherLink) seed "$target" "$stations"/weatherlink-live/*.json ;;
    FuzzWeewx) seed_lines "$target" "$stations"/weewx/*.jsonl ;;
    FuzzGenericMQTT) seed "$target" "$stations"/diy/*.json ;;
    FuzzBrightSkyAlerts) seed "$target" "$fixtures"/brightsky/alerts_*.json ;;
    FuzzMetAlerts) seed "$target" "$fixtures"/metalerts/*.json ;;
    FuzzMeteoAlarmJSON) seed "$target" "$fixtures"/meteoalarm/*.json ;;
    FuzzMeteoAlarmAtom) seed "$target" "$fixtures"/meteoalarm/*.xml ;;
    FuzzOneCallAlertDetail) seed "$target" "$fixtures"/openweathermap-alerts/*.json ;;
    FuzzPNG) seed "$target" $(find "$root"/Tests -name '*.png' -size -12k) ;;
    *) echo "fuzz: unknown target $target" >&2; exit 64 ;;
  esac
done

echo "fuzz: seeded by $((SECONDS - started)) s"

# A Swift trap must reach libFuzzer as the signal it is, not go through the backtracer.
export SWIFT_BACKTRACE=enable=no
failed=()
for target in "${targets[@]}"; do
  case $target in
    FuzzConfiguration) dictionary=$fuzz/Dictionaries/yaml.dict ;;
    FuzzPushDecoder | FuzzWundergroundDecoder) dictionary=$fuzz/Dictionaries/form.dict ;;
    FuzzMeteoAlarmAtom) dictionary=$fuzz/Dictionaries/xml.dict ;;
    FuzzPNG) dictionary=$fuzz/Dictionaries/png.dict ;;
    *) dictionary=$fuzz/Dictionaries/json.dict ;;
  esac
  seconds=$time_per_target
  [[ " ${brief_targets[*]} " == *" $target "* ]] && seconds=$brief_time
  artifacts=$fuzz/.build/artifacts/$target
  mkdir -p "$artifacts"
  log=$fuzz/.build/$target.log
  echo "fuzz: $target for ${seconds}s"
  target_started=$SECONDS
  if "$bin/$target" "$fuzz/.build/corpus/$target" -dict="$dictionary" -max_total_time="$seconds" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1; then
    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" "$log" | tr '\n' ' ' | sed 's/^/  /'
    echo "($((SECONDS - target_started)) s)"
  else
    echo "fuzz: $target FAILED:" >&2
    grep -E "ERROR|Fatal error|SUMMARY|Test unit written|^Base64" "$log" | head -20 >&2 || tail -30 "$log" >&2
    failed+=("$target")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: findings in ${failed[*]} (inputs in Fuzz/.build/artifacts/)" >&2
  exit 1
fi
echo "fuzz: no findings (${#targets[@]} targets, $((SECONDS - started)) s in all)"
