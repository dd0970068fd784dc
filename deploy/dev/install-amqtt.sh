#!/usr/bin/env bash
# Installs amqtt (PyPI), a broker that speaks only MQTT 3.1.1, into its own virtual environment
# for the tests (TestBroker's `.amqtt`; AMQTT=path overrides where they look), if it is missing.
# Versions pinned in deploy/dev/amqtt-requirements.txt. Used by deploy/dev/test.sh, so by CI.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=/opt/weather2mqtt-amqtt
wanted=$(grep -m1 '^amqtt==' deploy/dev/amqtt-requirements.txt)
if [ -x "$venv/bin/amqtt" ] && "$venv/bin/pip" freeze 2>/dev/null | grep -qx "$wanted"; then
  exit 0
fi
echo "installing $wanted into $venv" >&2
sudo_cmd=()
[ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
"${sudo_cmd[@]}" /usr/bin/python3 -m venv "$venv"
"${sudo_cmd[@]}" "$venv/bin/pip" install -q --disable-pip-version-check -r deploy/dev/amqtt-requirements.txt
