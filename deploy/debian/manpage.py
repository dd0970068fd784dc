#!/usr/bin/env python3
"""Writes a man page (roff, man(7) macros) for a weather2mqtt executable from its argument
parser's own description: `TOOL --experimental-dump-help` (swift-argument-parser's JSON tool
info). Usage: manpage.py TOOL VERSION > TOOL.1. The date is $MANPAGE_DATE (YYYY-MM-DD), else
today."""
import datetime
import json
import os
import subprocess
import sys

tool, version = sys.argv[1], sys.argv[2]
info = json.loads(subprocess.run([tool, "--experimental-dump-help"], capture_output=True, text=True, check=True).stdout)
root = info["command"]
name = root["commandName"]
date = os.environ.get("MANPAGE_DATE") or datetime.date.today().isoformat()

# What the argument parser does not know: more description, environment and files, per executable.
DESCRIPTION = {
    "weather2mqtt": "With no command, weather2mqtt runs the bridge (run). Installed from the package, it runs "
    "as the systemd service weather2mqtt.service with /etc/weather2mqtt/config.yaml; after editing that file, "
    "run weather2mqtt check, then systemctl restart weather2mqtt.",
}
ENVIRONMENT = {
    "weather2mqtt": [
        ("WEATHER2MQTT_CONFIG", "The configuration file when --config is not given (default /etc/weather2mqtt/config.yaml)."),
        ("WEATHER2MQTT_NOW", "Start the clock at this instant (e.g. 2026-01-15T12:00:00Z); it then runs on. For tests and demos."),
        ("NOTIFY_SOCKET, WATCHDOG_USEC", "Set by systemd for Type=notify: READY=1 once running, WATCHDOG=1 at half the watchdog period, STOPPING=1 on shutdown."),
        ("JOURNAL_STREAM", "Set by systemd when standard error goes to the journal: log lines carry a syslog priority (<6>) and no timestamp."),
    ],
    "weatherview": [
        ("/lib/udev/rules.d/60-weatherview-panel.rules", "Gives /dev/spidev* to the group spi and /dev/gpiochip* to gpio."),
        ("WEATHER2MQTT_BROKER", "The broker URL when --broker is not given."),
        ("WEATHER2MQTT_NOW", "Start the clock at this instant (e.g. 2026-01-15T12:00:00Z); it then runs on."),
        ("STATE_DIRECTORY, XDG_STATE_HOME", "Where serve keeps the registered displays (serve-devices.json) without --state."),
    ],
}
FILES = {
    "weather2mqtt": [
        ("/etc/weather2mqtt/config.yaml", "The configuration (every key: /usr/share/doc/weather2mqtt/examples/reference.yaml)."),
        ("/var/lib/weather2mqtt", "state_dir: readings, HTTP validators and request budgets kept across restarts."),
        ("/lib/systemd/system/weather2mqtt.service", "The service: systemctl status weather2mqtt, journalctl -u weather2mqtt."),
    ],
    "weatherview": [
        ("/lib/systemd/system/weatherview-eink.service", "Keeps an e-ink panel showing the weather (weatherview render --watch --panel-device spi0.0)."),
        ("/lib/systemd/system/weatherview-serve.service", "Serves frames to TRMNL, ESPHome and Kindle displays over HTTP (weatherview serve)."),
    ],
}


def esc(text):
    """Plain text for roff: backslashes and hyphens escaped, no line starting with a control character."""
    text = (text or "").replace("\\", "\\e").replace("-", "\\-")
    return "\n".join("\\&" + line if line.startswith((".", "'")) else line for line in text.split("\n"))


def paragraphs(text):
    """Discussion text: blank lines separate paragraphs; a paragraph with indented lines (an
    example, a table) keeps its lines as they are."""
    out = []
    for block in (text or "").strip().split("\n\n"):
        if not block.strip():
            continue
        if any(line.startswith("  ") for line in block.splitlines()):
            out += [".PP", ".nf", esc(block), ".fi"]
        else:
            out += [".PP", esc(" ".join(line.strip() for line in block.splitlines()))]
    return out


def flag_names(arg):
    prefix = {"long": "--", "short": "-", "longWithSingleDash": "-"}
    return [prefix.get(n["kind"], "--") + n["name"] for n in arg.get("names") or []]


def value_name(arg):
    value = arg.get("valueName") or "value"
    return value.upper() if value.islower() else value


def label(arg):
    """`\\fB\\-\\-out\\fR \\fIFILE\\fR`, `\\fILOC\\fR`, `\\fB\\-h\\fR, \\fB\\-\\-help\\fR`."""
    if arg.get("kind") == "positional":
        return "\\fI" + esc(value_name(arg)) + "\\fR"
    text = ", ".join("\\fB" + esc(n) + "\\fR" for n in flag_names(arg))
    if arg.get("kind") == "option":
        text += " \\fI" + esc(value_name(arg)) + "\\fR"
    return text


def synopsis_item(arg):
    if arg.get("kind") == "positional":
        text = value_name(arg)
    else:
        text = flag_names(arg)[0] + (" " + value_name(arg) if arg.get("kind") == "option" else "")
    if arg.get("isRepeating"):
        text += " ..."
    return text if not arg.get("isOptional") else "[" + text + "]"


def shown(arguments, skip=()):
    return [a for a in arguments or [] if a.get("shouldDisplay", True) and tuple(flag_names(a)) not in skip]


def describe(arguments):
    out = []
    for arg in arguments:
        text = arg.get("abstract", "")
        if arg.get("defaultValue") not in (None, "", "false") and arg.get("kind") != "flag":
            text += " (default: %s)" % arg["defaultValue"]
        out += [".TP", label(arg), esc(text)]
    return out


# Options of the top command (help, version, and weatherview's global options) are described
# once, not again under every command.
top_arguments = shown(root.get("arguments"))
common = {tuple(flag_names(a)) for a in top_arguments if a.get("kind") != "positional"}
commands = [c for c in root.get("subcommands") or [] if c.get("shouldDisplay", True) and c["commandName"] != "help"]
# A command with commands of its own (weatherview panel show|clear|sleep): its description once,
# then each of its commands as "panel show" with the options it takes.
flat = []
for command in commands:
    inner = [c for c in command.get("subcommands") or [] if c.get("shouldDisplay", True) and c["commandName"] != "help"]
    if not inner:
        flat.append(command)
        continue
    flat.append(dict(command, arguments=[], group=True))
    flat += [dict(c, commandName=command["commandName"] + " " + c["commandName"]) for c in inner]
commands = flat

lines = [
    '.TH "%s" "1" "%s" "%s %s" "User Commands"' % (name.upper(), date, name, version),
    ".nh",
    ".SH NAME",
    "%s \\- %s" % (name, esc(root.get("abstract", ""))),
    ".SH SYNOPSIS",
]
for command in commands:
    if command.get("group"):
        continue
    items = [synopsis_item(a) for a in shown(command.get("arguments"), common)]
    lines += ["\\fB%s %s\\fR %s" % (name, esc(command["commandName"]), esc(" ".join(items))), ".br"]
lines += ["\\fB%s\\fR [\\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR]" % name, ".hy"]
lines += [".SH DESCRIPTION"] + (paragraphs(root.get("discussion")) or [".PP", esc(root.get("abstract", ""))])
lines += paragraphs(DESCRIPTION.get(name))
lines += [".SH OPTIONS"] + describe(top_arguments)
lines += [".SH COMMANDS"]
for command in commands:
    lines += [".SS " + esc(name + " " + command["commandName"]), esc(command.get("abstract", ""))]
    lines += paragraphs(command.get("discussion"))
    lines += describe(shown(command.get("arguments"), common))
lines += [
    ".SH EXIT STATUS",
    ".TP\n0\nsuccess",
    ".TP\n4\ndata shown but stale",
    ".TP\n64\nusage error",
    ".TP\n65\na payload or response that does not parse",
    ".TP\n66\nno data for that location within the timeout",
    ".TP\n69\nbroker, provider or panel unreachable",
    ".TP\n78\nconfiguration error",
]
lines += [".SH ENVIRONMENT"]
for variable, text in ENVIRONMENT.get(name, []):
    lines += [".TP", "\\fB" + esc(variable) + "\\fR", esc(text)]
lines += [".SH FILES"]
for path, text in FILES.get(name, []):
    lines += [".TP", "\\fI" + esc(path) + "\\fR", esc(text)]
other = "weatherview" if name == "weather2mqtt" else "weather2mqtt"
lines += [
    ".SH SEE ALSO",
    "\\fB%s\\fR(1), \\fBsystemctl\\fR(1), \\fBjournalctl\\fR(1), \\fBmosquitto_sub\\fR(1)" % other,
    ".PP",
    "/usr/share/doc/weather2mqtt/README.md, /usr/share/doc/weather2mqtt/deploy.md",
]
print("\n".join(lines))
