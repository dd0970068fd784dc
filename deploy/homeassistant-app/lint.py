#!/usr/bin/env python3
"""Lints the Home Assistant app's files we write (issue 39), against the app contract of 2026.

Usage: lint.py [APP_DIR] [--image-version V]   (APP_DIR default: deploy/homeassistant-app/weather2mqtt)

Checks: the required keys; no key set to the Supervisor's default value; no retired key
(`watchdog`: a Docker HEALTHCHECK instead; `build.yaml`: the Dockerfile's FROM); `arch` is
exactly aarch64 and amd64; a prebuilt `image:` without `{arch}` (one multi-arch image, tag =
`version`); `version` equal to the Dockerfile's FROM tag and io.hass.version label, the app's
CHANGELOG.md's newest entry and --image-version (the image built by the release); `services`,
`map` and every `schema` type well-formed; every option's default valid under its schema; a
translation for every option and none for anything else; DOCS.md and CHANGELOG.md present.
Prints every problem and exits 1 if there is any.
"""

import os
import re
import sys

import yaml

REQUIRED = ["name", "version", "slug", "description", "arch"]
# The Supervisor's defaults (supervisor/addons/validate.py): writing them says nothing.
DEFAULTS = {
    "startup": "application", "boot": "auto", "init": True, "advanced": False, "stage": "stable",
    "host_network": False, "host_ipc": False, "host_dbus": False, "host_pid": False, "host_uts": False,
    "full_access": False, "apparmor": True, "auth_api": False, "homeassistant_api": False,
    "hassio_api": False, "hassio_role": "default", "stdin": False, "legacy": False, "timeout": 10,
    "tmpfs": False, "ingress": False, "ingress_port": 8099, "panel_admin": True, "audio": False,
    "video": False, "gpio": False, "usb": False, "uart": False, "udev": False, "devicetree": False,
    "kernel_modules": False, "realtime": False, "backup": "hot", "journald": False, "privileged": [],
    "discovery": [], "services": [], "map": [], "ports": {}, "options": {}, "schema": {},
}
RETIRED = {"watchdog": "a Docker HEALTHCHECK in the image replaces it",
           "build_from": "the Dockerfile names its base in FROM"}
ARCHES = ["aarch64", "amd64"]
MAPS = {"addon_config", "homeassistant_config", "ssl", "share", "media", "backup", "all_addon_configs"}
SCALAR = re.compile(r"^(str|int|float)(\((-?[0-9.]*),(-?[0-9.]*)\))?\??$|^(bool|email|url|password|port|device)\??$"
                    r"|^match\(.+\)\??$|^list\(([^|()]+\|)*[^|()]+\)\??$")

problems = []


def problem(text):
    problems.append(text)


def check_type(path, kind):
    if not isinstance(kind, str) or not SCALAR.match(kind):
        problem(f"schema {path}: '{kind}' is not a Supervisor type (str, int, float, bool, email, url, "
                "password, port, device, match(…), list(a|b), with an optional ? and range)")


def walk_schema(path, schema):
    if isinstance(schema, dict):
        for key, value in schema.items():
            walk_schema(f"{path}.{key}", value)
    elif isinstance(schema, list):
        if len(schema) != 1:
            problem(f"schema {path}: a list holds exactly one element type")
        else:
            walk_schema(f"{path}[]", schema[0])
    else:
        check_type(path, schema)


def valid(value, kind):
    """Whether a default option value fits a scalar schema type (the cases the options use)."""
    optional = kind.endswith("?")
    kind = kind.rstrip("?")
    if value is None:
        return optional
    if kind.startswith("list("):
        return str(value) in kind[5:-1].split("|")
    if kind.startswith("match("):
        return isinstance(value, str) and re.fullmatch(kind[6:-1], value) is not None
    if kind.startswith("str") or kind in ("email", "url", "password", "device"):
        return isinstance(value, str)
    if kind.startswith("int") or kind == "port":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind.startswith("float"):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind == "bool":
        return isinstance(value, bool)
    return False


def check_options(path, value, schema):
    if isinstance(schema, dict):
        if not isinstance(value, dict):
            return problem(f"options {path}: {value!r} is not a mapping")
        for key, item in value.items():
            if key not in schema:
                problem(f"options {path}.{key}: not in the schema")
            else:
                check_options(f"{path}.{key}", item, schema[key])
    elif isinstance(schema, list):
        if not isinstance(value, list):
            return problem(f"options {path}: {value!r} is not a list")
        for index, item in enumerate(value):
            check_options(f"{path}[{index}]", item, schema[0])
    elif not valid(value, schema):
        problem(f"options {path}: {value!r} does not fit '{schema}'")


def main():
    args = sys.argv[1:]
    image_version = None
    if "--image-version" in args:
        at = args.index("--image-version")
        image_version = args[at + 1]
        del args[at:at + 2]
    app = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "weather2mqtt")
    with open(os.path.join(app, "config.yaml"), encoding="utf-8") as handle:
        config = yaml.safe_load(handle)
    for key in REQUIRED:
        if key not in config:
            problem(f"config.yaml: required key '{key}' is missing")
    for key, value in config.items():
        if key in DEFAULTS and value == DEFAULTS[key]:
            problem(f"config.yaml: '{key}: {value}' is the Supervisor's default; leave it out")
        if key in RETIRED:
            problem(f"config.yaml: '{key}' is retired: {RETIRED[key]}")
    if os.path.exists(os.path.join(app, "build.yaml")):
        problem("build.yaml is retired (Supervisor 2026.04): the Dockerfile names its base in FROM")
    version = config.get("version")
    if not isinstance(version, str):
        problem(f"config.yaml: version {version!r} must be a string (quote it)")
    if sorted(config.get("arch", [])) != ARCHES:
        problem(f"config.yaml: arch {config.get('arch')} is not exactly {ARCHES} (the only ones left in 2026)")
    image = config.get("image", "")
    if not image or "{arch}" in image or ":" in image.rsplit("/", 1)[-1]:
        problem(f"config.yaml: image '{image}' must name one multi-arch image without {{arch}} or a tag "
                "(the Supervisor pulls the tag `version`)")
    for service in config.get("services", []):
        if not re.fullmatch(r"(mqtt|mysql):(want|need|provide)", service):
            problem(f"config.yaml: service '{service}' is not NAME:(want|need|provide)")
    for entry in config.get("map", []):
        name = entry if isinstance(entry, str) else entry.get("type", "")
        if name.split(":")[0] not in MAPS:
            problem(f"config.yaml: map '{entry}' is not one of {sorted(MAPS)}")
    schema = config.get("schema", {})
    walk_schema("", schema)
    check_options("", config.get("options", {}), schema)
    for key in schema:
        if key not in config.get("options", {}) and not (isinstance(schema[key], str) and schema[key].endswith("?")) \
                and not isinstance(schema[key], dict):
            problem(f"options: the required option '{key}' has no default")
    # The Dockerfile: FROM the image at `version`, labelled with it.
    with open(os.path.join(app, "Dockerfile"), encoding="utf-8") as handle:
        dockerfile = handle.read()
    froms = re.findall(r"^FROM\s+(\S+)", dockerfile, re.M)
    if froms != [f"{image}:{version}"]:
        problem(f"Dockerfile: FROM {froms} is not exactly [{image}:{version}]")
    if f'io.hass.version="{version}"' not in dockerfile:
        problem(f"Dockerfile: no LABEL io.hass.version=\"{version}\"")
    if image_version is not None and image_version != version:
        problem(f"config.yaml: version {version} is not the image's tag {image_version}")
    # The changelog's newest entry, the documentation, the translations.
    for name in ("DOCS.md", "CHANGELOG.md"):
        if not os.path.exists(os.path.join(app, name)):
            problem(f"{name} is missing")
    if os.path.exists(os.path.join(app, "CHANGELOG.md")):
        with open(os.path.join(app, "CHANGELOG.md"), encoding="utf-8") as handle:
            newest = re.search(r"^## +(\S+)", handle.read(), re.M)
        if not newest or newest.group(1) != version:
            problem(f"CHANGELOG.md: the newest entry is {newest.group(1) if newest else None}, not {version}")
    with open(os.path.join(app, "translations", "en.yaml"), encoding="utf-8") as handle:
        translated = (yaml.safe_load(handle) or {}).get("configuration", {})
    for key in schema:
        entry = translated.get(key) or {}
        if not entry.get("name") or not entry.get("description"):
            problem(f"translations/en.yaml: option '{key}' has no name and description")
    for key in translated:
        if key not in schema:
            problem(f"translations/en.yaml: '{key}' is not an option")
    for text in problems:
        print(f"lint: {text}")
    if problems:
        sys.exit(1)
    print(f"lint: {app}: version {version}, {len(schema)} options, no problems")


if __name__ == "__main__":
    main()
