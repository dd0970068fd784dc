#!/usr/bin/env bash
# Installs the Debian packages weather2mqtt builds, runs and tests with, if any is missing.
# Used by the README's run and test commands and by .ci/run.
set -euo pipefail
packages=(libmosquitto-dev libcurl4-openssl-dev libmicrohttpd-dev libyaml-dev mosquitto mosquitto-clients tzdata pkg-config python3 python3-jsonschema python3-venv ca-certificates openssl
  libfreetype-dev libharfbuzz-dev libfontconfig-dev zlib1g-dev libstdc++-12-dev fonts-dejavu-core fonts-noto-core fonts-noto-cjk
  python3-yaml python3-jinja2 debootstrap)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if ! command -v swift >/dev/null; then
  echo "swift is not on PATH: install the Swift 6 toolchain for Linux first (see README)" >&2
  exit 1
fi
