#!/usr/bin/env bash
# Fuzzing: builds the libFuzzer targets of Fuzz/ (every provider decoder, the configuration
# loader, the JSON parser, weatherview's payload decoder) with the fuzzer and address
# sanitizers, seeds each from the recorded fixtures, runs each for a bounded time, and fails
# when any of them finds a crash, a trap, a memory error or an input that hangs.
#
#   .ci/fuzz.sh                       every target, FUZZ_TIME seconds each (default 20)
#   FUZZ_TIME=180 .ci/fuzz.sh         longer
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
all_targets=(
  FuzzOpenMeteo FuzzOpenWeatherMapOneCall FuzzOpenWeatherMapFree FuzzPirateWeather FuzzMetNo FuzzNWS
  FuzzGeocoding FuzzConfiguration FuzzJSON FuzzViewModel
)
targets=("${@:-${all_targets[@]}}")
fixtures=$root/Tests/Fixtures

echo "fuzz: building ${#targets[@]} targets (release, -sanitize=fuzzer,address)"
mkdir -p "$fuzz/.build"
if ! (cd "$fuzz" && swift build -c release -Xswiftc -sanitize=fuzzer,address >"$fuzz/.build/build.log" 2>&1); then
  grep -v "Cannot export local symbol" "$fuzz/.build/build.log" >&2
  exit 1
fi
bin=$(cd "$fuzz" && swift build -c release -Xswiftc -sanitize=fuzzer,address --show-bin-path)

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
    *) echo "fuzz: unknown target $target" >&2; exit 64 ;;
  esac
done

# A Swift trap must reach libFuzzer as the signal it is, not go through the backtracer.
export SWIFT_BACKTRACE=enable=no
failed=()
for target in "${targets[@]}"; do
  dictionary=$fuzz/Dictionaries/json.dict
  [ "$target" = FuzzConfiguration ] && dictionary=$fuzz/Dictionaries/yaml.dict
  artifacts=$fuzz/.build/artifacts/$target
  mkdir -p "$artifacts"
  log=$fuzz/.build/$target.log
  echo "fuzz: $target for ${time_per_target}s"
  if "$bin/$target" "$fuzz/.build/corpus/$target" -dict="$dictionary" -max_total_time="$time_per_target" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1; then
    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" "$log" | tr '\n' ' ' | sed 's/^/  /'
    echo
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
echo "fuzz: no findings"
