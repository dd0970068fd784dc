#!/usr/bin/env python3
"""Writes deploy/link/weather2mqtt.order: the functions the bridge runs, in the order it first runs them
(with --program weatherview: deploy/link/weatherview.order, the functions of `weatherview serve`).

The release link (Package.swift, `bridgeLinking`) hands the file to lld as
`--symbol-ordering-file`, so the code of a refresh sits together at the start of .text instead of
spread over 11 MB of binary: fewer pages of code are resident (deploy/link/README.md has the
figures). The functions are those `valgrind --tool=callgrind` saw in the release binary during

  - `run --once` of 10 locations (startup, configuration, first fetch, every payload, discovery,
    state files), and
  - the service over its first refresh of the same 10 locations and a little idle time, then a
    graceful stop (SIGTERM),
  - the service again with two stations (issue 31): a Tempest on UDP and an Ecowitt gateway on
    HTTP, named by the first two locations and sent their captures (station_memory.py's senders)
    through the first refresh,

against the same loopback server and a fresh broker as targets.py (Open-Meteo with minutely_15,
air quality on, discovery and flat topics). The functions only the stations' run adds go last,
after everything a bridge without a station runs: such a bridge keeps none of their pages
resident, and one with a station finds them together. Names defined more than once in the binary (local
helpers such as value witnesses, which every object file has a copy of) are left out: lld would
move every object's copy, dragging whole cold sections of the toolchain's libraries along.

A stale file is harmless (lld ignores names it does not find; the order is a layout hint, the
program is the same); regenerate it after larger changes or a new toolchain:

  swift build -c release --static-swift-stdlib --scratch-path .build-rel --product weather2mqtt
  python3 Benchmarks/scripts/orderfile.py --bin .build-rel/release

`--program weatherview` does the same for `weatherview serve` under serve_memory.py's load (ten
800x480 and two 1872x1404 frames drawn, 200 unchanged polls, a TRMNL device's setup, three
wakes with their images, a log): the code a serving process keeps running sits together.
"""

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_memory  # noqa: E402  (serve's load)
import station_memory  # noqa: E402  (the stations' configuration and senders)
import targets  # noqa: E402  (the same server, broker and configuration)

OUT = os.path.join(targets.REPO, "deploy", "link", "weather2mqtt.order")


def callgrind(binary, arguments, out, services, service=False, count=10, stations=()):
    command = ["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no", "--compress-pos=no",
               "--callgrind-out-file=" + out, binary] + arguments
    log = open(out + ".log", "w")
    process = subprocess.Popen(command, env=targets.environment(), stdout=log, stderr=log)
    if service:
        start = services.count()
        senders = [station_memory.Sender(kind, port, ["127.0.0.1"]) for kind, port in stations]
        for sender in senders:
            sender.start()
        targets.wait_count(services, start + count, timeout=600)
        # A round can end before the first push went in (an HTTP sender sends once a second):
        # the stations' code is profiled only once each sender was answered (bounded).
        deadline = time.monotonic() + 120
        while any(sender.sent == 0 for sender in senders) and time.monotonic() < deadline:
            time.sleep(0.5)
        for sender in senders:
            sender.stopping.set()
            sender.join()
            if sender.sent == 0:
                raise RuntimeError("the %s station was sent nothing (see %s.log)" % (sender.shape, out))
        targets.wait_idle(process.pid, quiet=3, timeout=600)
        process.send_signal(signal.SIGTERM)
    if process.wait(600) != 0:
        raise RuntimeError("%s exited %d (see %s.log)" % (" ".join(arguments), process.returncode, out))


def functions(profile, binary):
    """Function names of `binary` in the order callgrind first lists them."""
    names, seen, current = [], set(), None
    with open(profile, errors="replace") as file:
        for line in file:
            if line.startswith("ob="):
                current = line[3:].strip()
            elif line.startswith("fn=") and current == binary:
                name = line[3:].strip().split("'")[0]  # 'N marks recursion depth
                if name and not name.startswith("0x") and name not in seen:
                    seen.add(name)
                    names.append(name)
    return names


def defined_more_than_once(binary):
    counts = {}
    listing = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    for line in listing.splitlines():
        name = line.split()[-1]
        counts[name] = counts.get(name, 0) + 1
    return {name for name, count in counts.items() if count > 1}


def weatherview(folder, out):
    """The order of `weatherview serve`'s functions under serve_memory.py's load."""
    binary = os.path.realpath(os.path.join(folder, "weatherview"))
    profile = os.path.join(tempfile.mkdtemp(prefix="wv-order-"), "serve.cg")
    wrapper = ["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no", "--compress-pos=no",
               "--callgrind-out-file=" + profile, "--log-file=" + profile + ".log"]
    serve_memory.run(binary, 200, wrapper=wrapper, trmnl=True, timeout=600)
    skip = defined_more_than_once(binary)
    order = [name for name in functions(profile, binary) if name not in skip]
    with open(out, "w") as file:
        file.write("\n".join(order) + "\n")
    print("%d functions written to %s (%d names defined more than once left out)" % (len(order), out, len(skip)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="folder of the release weather2mqtt (or weatherview)")
    parser.add_argument("--program", choices=["weather2mqtt", "weatherview"], default="weather2mqtt")
    parser.add_argument("--out")
    args = parser.parse_args()
    if args.program == "weatherview":
        return weatherview(args.bin, args.out or os.path.join(targets.REPO, "deploy", "link", "weatherview.order"))
    args.out = args.out or OUT
    binary = os.path.realpath(os.path.join(args.bin, "weather2mqtt"))
    scratch = tempfile.mkdtemp(prefix="w2m-order-")
    services = targets.Services(scratch)
    try:
        services.fresh_broker()
        once = services.config(10, "order-once")
        callgrind(binary, ["run", "--once", "--config", once], os.path.join(scratch, "once.cg"), services)
        services.fresh_broker()
        service = services.config(10, "order-service")
        callgrind(binary, ["run", "--config", service], os.path.join(scratch, "service.cg"), services,
                  service=True)
        services.fresh_broker()
        stations = [("tempest", targets.free_port()), ("ecowitt", targets.free_port())]
        config = station_memory.configuration(services, "order-stations", stations)
        callgrind(binary, ["run", "--config", config], os.path.join(scratch, "stations.cg"), services,
                  service=True, stations=stations)
    finally:
        services.stop()
    skip = defined_more_than_once(binary)
    order, seen = [], set()
    for profile in ("service.cg", "once.cg", "stations.cg"):
        for name in functions(os.path.join(scratch, profile), binary):
            if name not in seen and name not in skip:
                seen.add(name)
                order.append(name)
    with open(args.out, "w") as file:
        file.write("\n".join(order) + "\n")
    print("%d functions written to %s (%d names defined more than once left out)" % (len(order), args.out,
                                                                                   len(skip)))


if __name__ == "__main__":
    main()
