#!/usr/bin/env python3
"""Measures what flat topics and forecast slots cost (issue 40): messages and broker memory.

Ten locations (targets.py's loopback Open-Meteo stand-in and configuration: nowcast, air quality,
discovery on), `forecast: {hours: 48, days: 7}`, one `weather2mqtt run --once` per variant into a
fresh private mosquitto (no persistence):

  none      flat_topics: false, no slots;
  current   the default (flat_topics: true: current's fields);
  all       flat_topics: {current, hourly: 48, daily: 7, outlook, nowcast, air_quality} and
            homeassistant.forecast_slots: {days: 7, hours: 12, clock_hours: [6, 9, 12, 15, 18, 21]}.

For each: the messages the service sends at the next hour boundary without a new forecast (`run`
started at 11:59:30 by WEATHER2MQTT_NOW; the retained topics that differ before and after it: the
hourly and daily payloads, their flat entries and the slots move), the retained topics the broker holds afterwards and their payload bytes (mosquitto_sub
--retained-only: run --once publishes each topic once, so this is also the messages of a first
publish), and the broker's VmRSS / RssAnon (kB) after the subscriber has read them all.

Usage: python3 Benchmarks/scripts/flat_topics_cost.py [--bin DIR]   (default .build/debug)
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import targets  # noqa: E402

VARIANTS = {
    "none": ("false", None),
    "current": (None, None),
    "all": ("{ current: true, hourly: 48, daily: 7, outlook: true, nowcast: true, air_quality: true }",
            "{ days: 7, hours: 12, clock_hours: [6, 9, 12, 15, 18, 21] }"),
}


def configure(path, flat, slots):
    """targets.py's configuration with the variant's `flat_topics` and `forecast_slots`."""
    with open(path) as file:
        lines = file.read().split("\n")
    out = []
    for line in lines:
        out.append(line)
        if line.startswith("  base_topic:") and flat:
            out.append("  flat_topics: " + flat)
        if line.startswith("state_dir:"):
            out.append("forecast: { hours: 48, days: 7 }")
            if slots:
                out += ["homeassistant:", "  forecast_slots: " + slots]
    with open(path, "w") as file:
        file.write("\n".join(out))


def retained(port):
    result = subprocess.run(["mosquitto_sub", "-p", str(port), "-t", "#", "--retained-only", "-W", "5",
                             "-F", "%t %l"], capture_output=True, text=True)
    rows = [line.rsplit(" ", 1) for line in result.stdout.splitlines() if line]
    return rows


def snapshot(port):
    result = subprocess.run(["mosquitto_sub", "-p", str(port), "-t", "weather/#", "--retained-only", "-W", "5",
                             "-F", "%t\t%p"], capture_output=True, text=True)
    return dict(line.split("\t", 1) for line in result.stdout.splitlines() if "\t" in line)


def boundary_messages(binaries, services, config, log):
    """Messages below weather/ the service sends at its first hour boundary without a new forecast:
    the retained topics that differ 12 s before it and 10 s after it (only changed values are sent)."""
    env = dict(targets.environment(), WEATHER2MQTT_NOW="2026-01-15T11:59:30Z")
    process = subprocess.Popen([os.path.join(binaries, "weather2mqtt"), "run", "--config", config], env=env,
                               stdout=log, stderr=log)
    try:
        time.sleep(18)
        before = snapshot(services.broker_port)
        time.sleep(22)
        after = snapshot(services.broker_port)
    finally:
        process.terminate()
        process.wait()
    return sum(1 for topic in set(before) | set(after) if before.get(topic) != after.get(topic))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(targets.REPO, ".build", "debug"))
    parser.add_argument("--count", type=int, default=10)
    options = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="flat-cost-")
    services = targets.Services(scratch)
    log = open(os.path.join(scratch, "bridge.log"), "w")
    try:
        for name, (flat, slots) in VARIANTS.items():
            services.fresh_broker()
            config = services.config(options.count, "flat-" + name)
            configure(config, flat, slots)
            before = targets.memory(services.broker.pid)
            process = subprocess.run([os.path.join(options.bin, "weather2mqtt"), "run", "--once", "--config", config],
                                     env=targets.environment(), stdout=log, stderr=log)
            if process.returncode != 0:
                raise RuntimeError("run --once (%s) exited %d; see %s" % (name, process.returncode, log.name))
            rows = retained(services.broker_port)
            after = targets.memory(services.broker.pid)
            values = [row for row in rows if "/slots/" in row[0] or row[0].count("/") >= 3
                    and not row[0].startswith("homeassistant/") and not row[0].endswith("/alerts/event")]
            fresh = services.config(options.count, "flat-%s-boundary" % name)  # a state_dir of its own
            configure(fresh, flat, slots)
            crossing = boundary_messages(options.bin, services, fresh, log)
            print("%-8s hour boundary %5d messages; retained %5d topics, %8d payload bytes (flat and slots: %5d topics, %6d bytes); "
                  "broker VmRSS %6d kB (+%d), RssAnon %6d kB (+%d)" % (
                      name, crossing, len(rows), sum(int(row[1]) for row in rows), len(values), sum(int(row[1]) for row in values),
                      after["VmRSS"], after["VmRSS"] - before["VmRSS"], after["RssAnon"],
                      after["RssAnon"] - before["RssAnon"]), flush=True)
    finally:
        log.close()
        services.stop()


if __name__ == "__main__":
    main()
