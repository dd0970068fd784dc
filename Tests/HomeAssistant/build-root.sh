#!/usr/bin/env bash
# Builds a Debian testing (forky) root with Python 3.14 and a pinned Home Assistant in a venv.
# Usage: build-root.sh ROOT. Nothing is cached in the repository; each step prints its time.
set -euo pipefail
unset PIP_FIND_LINKS  # a host wheel folder means nothing inside the root
ROOT=${1:?usage: build-root.sh ROOT}
HA_VERSION=${HA_VERSION:-2026.11.*}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
step() { local t0=$SECONDS; echo "== $1"; shift; "$@"; echo "== done in $((SECONDS - t0)) s"; }

debootstrap_root() {
  if [ -x "$ROOT/usr/bin/python3" ]; then echo "root exists, reusing"; return; fi
  debootstrap --variant=minbase \
    --include=python3,python3-venv,python3-dev,ca-certificates,build-essential,libffi-dev,libssl-dev,zlib1g-dev \
    forky "$ROOT" "$MIRROR" /usr/share/debootstrap/scripts/sid
  echo 'Acquire::Check-Valid-Until "false";' > "$ROOT/etc/apt/apt.conf.d/99no-valid-until"
}

trust_host_cas() {
  # A CI machine may reach PyPI through a proxy with its own CA: trust what the host trusts.
  if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    mkdir -p "$ROOT/usr/local/share/ca-certificates"
    cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/"
    chroot "$ROOT" update-ca-certificates >/dev/null
  fi
}

venv() {
  if [ ! -x "$ROOT/srv/ha/bin/python" ]; then chroot "$ROOT" python3 -m venv /srv/ha; fi
  chroot "$ROOT" /srv/ha/bin/python --version
  chroot "$ROOT" /srv/ha/bin/pip install -q --upgrade pip wheel
}

homeassistant() {
  chroot "$ROOT" /srv/ha/bin/pip install -q "homeassistant==$HA_VERSION"
}

integration_requirements() {
  # What Home Assistant sets up on its own (bootstrap's core and default integrations) and
  # what the test configures (mqtt, template, weather, recorder, api, config, onboarding),
  # with their dependencies (and the after-dependencies of the tested ones): the requirements
  # from each integration's manifest.
  chroot "$ROOT" /srv/ha/bin/python - > "$ROOT/tmp/ha-reqs.txt" <<'PY'
import json, pathlib, homeassistant.bootstrap as b, homeassistant.components as c
base = pathlib.Path(c.__path__[0])
todo = set(b.CORE_INTEGRATIONS) | set(b.DEFAULT_INTEGRATIONS) | set(b.LOGGING_AND_HTTP_DEPS_INTEGRATIONS)
tested = {"mqtt", "template", "weather", "recorder", "http", "api", "config", "onboarding", "auth", "websocket_api"}
todo |= tested
for d in tested:  # their modules import these too (mqtt's config flow imports hassio)
    m = base / d / "manifest.json"
    if m.exists():
        todo |= set(json.loads(m.read_text()).get("after_dependencies", []))
todo, seen, reqs = list(todo), set(), set()
while todo:
    d = todo.pop()
    if d in seen: continue
    seen.add(d)
    m = base / d / "manifest.json"
    if not m.exists(): continue
    j = json.loads(m.read_text())
    reqs |= set(j.get("requirements", []))
    todo += j.get("dependencies", [])
for r in sorted(reqs): print(r)
PY
  tr '\n' ' ' < "$ROOT/tmp/ha-reqs.txt"; echo
  chroot "$ROOT" /srv/ha/bin/pip install -q -r /tmp/ha-reqs.txt
}

step "debootstrap forky into $ROOT" debootstrap_root
step "trust the host's CAs" trust_host_cas
step "python venv" venv
step "pip install homeassistant==$HA_VERSION" homeassistant
step "integration requirements" integration_requirements
