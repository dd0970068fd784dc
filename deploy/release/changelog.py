#!/usr/bin/env python3
"""CHANGELOG.md -> a Debian changelog (debian/changelog's format, Debian Policy §4.4).

    changelog.py CHANGELOG.md                  the Debian changelog, every release, newest first
    changelog.py CHANGELOG.md --check VERSION  exit 0 if the newest entry is VERSION, else say why (exit 1)

A release is a heading `## VERSION — YYYY-MM-DD` (an en or em dash, or a hyphen); each change
is a line `- text`, continued by indented lines. Anything else between headings is ignored.
"""
import datetime
import re
import sys

MAINTAINER = "weather2mqtt developers <weather2mqtt@example.com>"
HEADING = re.compile(r"^## +(\S+) +[—–-] +(\d{4}-\d{2}-\d{2}) *$")
# Debian's version syntax (upstream part: starts with a digit; . + ~ - allowed).
VERSION = re.compile(r"^[0-9][A-Za-z0-9.+~-]*$")


def releases(text):
    found, current = [], None
    for number, line in enumerate(text.splitlines(), 1):
        heading = HEADING.match(line)
        if heading:
            version, date = heading.groups()
            if not VERSION.match(version):
                raise SystemExit(f"CHANGELOG.md:{number}: '{version}' is not a Debian version")
            try:
                day = datetime.date.fromisoformat(date)
            except ValueError:
                raise SystemExit(f"CHANGELOG.md:{number}: '{date}' is not a date (YYYY-MM-DD)")
            current = {"version": version, "date": day, "changes": []}
            found.append(current)
        elif line.startswith("## "):
            raise SystemExit(f"CHANGELOG.md:{number}: a release heading is '## VERSION — YYYY-MM-DD', not '{line}'")
        elif current is not None and line.startswith("- "):
            current["changes"].append(line[2:].strip())
        elif current is not None and line.startswith("  ") and line.strip() and current["changes"]:
            current["changes"][-1] += " " + line.strip()
    for release in found:
        if not release["changes"]:
            raise SystemExit(f"CHANGELOG.md: {release['version']} lists no change")
    return found


def wrap(text, width=76):
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


def debian(found):
    out = []
    for release in found:
        out.append(f"weather2mqtt ({release['version']}) stable; urgency=medium\n")
        for change in release["changes"]:
            first, *rest = wrap(change.replace("`", ""))
            out.append(f"  * {first}")
            out.extend(f"    {line}" for line in rest)
        stamp = release["date"].strftime("%a, %d %b %Y") + " 00:00:00 +0000"
        out.append(f"\n -- {MAINTAINER}  {stamp}\n")
    return "\n".join(out)


def main():
    if len(sys.argv) not in (2, 4) or (len(sys.argv) == 4 and sys.argv[2] != "--check"):
        raise SystemExit("usage: changelog.py CHANGELOG.md [--check VERSION]")
    with open(sys.argv[1], encoding="utf-8") as file:
        found = releases(file.read())
    if not found:
        raise SystemExit(f"{sys.argv[1]}: no release heading ('## VERSION — YYYY-MM-DD')")
    if len(sys.argv) == 4:
        want = sys.argv[3]
        if found[0]["version"] != want:
            known = ", ".join(r["version"] for r in found)
            raise SystemExit(f"{sys.argv[1]}: the newest entry is {found[0]['version']}, not {want} (entries: {known}); add '## {want} — YYYY-MM-DD' with its changes at the top")
        return
    sys.stdout.write(debian(found))


if __name__ == "__main__":
    main()
