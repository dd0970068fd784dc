#!/usr/bin/env python3
"""Writes a man page (roff) for a weather2mqtt executable from its argument parser's own
description: `TOOL --experimental-dump-help` (swift-argument-parser's JSON tool info)."""
import json
import subprocess
import sys
import datetime

tool, version = sys.argv[1], sys.argv[2]
info = json.loads(subprocess.run([tool, "--experimental-dump-help"], capture_output=True, text=True, check=True).stdout)
command = info["command"]
name = command["commandName"]


def esc(text):
    return (text or "").replace("\\", "\\\\").replace("-", "\\-").replace("\n.", "\n\\&.")


def arguments(cmd):
    out = []
    for arg in cmd.get("arguments", []) or []:
        names = arg.get("names") or []
        flags = ", ".join(("--" if n["kind"] == "long" else "-") + n["name"] for n in names)
        label = flags or arg.get("valueName", "")
        if arg.get("kind") == "option":
            label += " " + arg.get("valueName", "value").upper()
        if arg.get("kind") == "positional":
            label = arg.get("valueName", "ARG").upper()
        out.append(".TP\n\\fB" + esc(label) + "\\fR\n" + esc(arg.get("abstract", "")))
    return "\n".join(out)


date = datetime.date(2026, 1, 1).isoformat()
lines = [
    '.TH "%s" 1 "%s" "%s %s" "User Commands"' % (name.upper(), date, name, version),
    ".SH NAME",
    "%s \\- %s" % (name, esc(command.get("abstract", ""))),
    ".SH SYNOPSIS",
    "\\fB%s\\fR [\\fISUBCOMMAND\\fR] [\\fIOPTIONS\\fR]" % name,
    ".SH OPTIONS",
    arguments(command),
]
for sub in command.get("subcommands", []) or []:
    lines += [".SH COMMAND: %s" % esc(sub["commandName"]).upper(), esc(sub.get("abstract", "")), arguments(sub)]
lines += [
    ".SH EXIT STATUS",
    "0 success, 4 data shown but stale, 64 usage, 65 a payload or response that does not parse, "
    "66 no data within the timeout, 69 broker or provider unreachable, 78 configuration error.",
    ".SH FILES",
    "/etc/weather2mqtt/config.yaml, /var/lib/weather2mqtt",
    ".SH SEE ALSO",
    "weather2mqtt(1), weatherview(1), /usr/share/doc/weather2mqtt/README.md",
]
print("\n".join(lines))
