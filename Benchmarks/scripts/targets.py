#!/usr/bin/env python3
"""Measures issue 10's targets for weather2mqtt and the Python peer, side by side, in one run.

Both bridges get the same loopback Open-Meteo stand-in (peer/forecast_server.py serving
Fixtures/open-meteo-berlin-full.json, gzip) and a fresh private mosquitto per measurement, the
same generated configuration (N locations, 1-minute interval) and WEATHER2MQTT_NOW.
Everything is on for every location: the nowcast (the answer carries minutely_15, so
<loc>/nowcast and the outlook are published), `air_quality: true` (the Air Quality API's answer
from the same server, Fixtures/open-meteo-berlin-full-air-quality.json), Home Assistant
discovery and flat topics (the defaults). The peer does the same requests and payloads.

  rss        the service with N = 10, 100, 300, 1000 locations: VmRSS (and anonymous / file-backed,
             private (Private_Clean + Private_Dirty of smaps_rollup), PSS, the peak VmHWM, and the
             largest mappings) after its second full refresh;
  refresh    CPU (utime + stime from /proc/<pid>/stat) of the service's second full refresh of
             300 locations: sampled when the first refresh is done and idle, and again when the
             second is done and idle (startup and first-connection costs excluded);
  once       `run --once` CPU from wait4() rusage with 300 and with 1 location; the difference is
             the refresh of 299 locations without the startup;
  get        `weatherview get` wall time (median and p90 of 50), the broker holding the bridge's
             retained topics; the peer: peer/peer_get.py (paho-mqtt) doing the same;
  render     `weatherview render --size 800x480` wall time, end to end (median of 20).

Usage: python3 Benchmarks/scripts/targets.py [--bin DIR] [--skip-peer] [--counts 10,100,300,1000]
       [--json OUT]
       python3 Benchmarks/scripts/targets.py --keep N   (starts the server and a broker, writes a
       configuration with N locations, prints its path and waits: for callgrind, perf, strace)
DIR holds the release weather2mqtt and weatherview (default .build-bench/release).
"""

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
REPO = os.path.dirname(BENCH)
NOW = "2026-01-15T12:00:00Z"
TICK = os.sysconf("SC_CLK_TCK")


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_port(port, timeout=10):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            time.sleep(0.02)
    raise RuntimeError("nothing listens on %d" % port)


class Services:
    """The forecast server for the whole run; a fresh broker for every measurement."""

    def __init__(self, scratch):
        self.scratch = scratch
        self.server_port = free_port()
        self.server = subprocess.Popen(
            [sys.executable, os.path.join(BENCH, "peer", "forecast_server.py"),
             os.path.join(BENCH, "Fixtures", "open-meteo-berlin-full.json"), str(self.server_port)],
            stdout=subprocess.DEVNULL)
        wait_port(self.server_port)
        self.broker = None
        self.broker_port = None

    def count(self):
        with urllib.request.urlopen("http://127.0.0.1:%d/__count" % self.server_port) as answer:
            return int(answer.read())

    def fresh_broker(self):
        self.stop_broker()
        self.broker_port = free_port()
        conf = os.path.join(self.scratch, "mosquitto.conf")
        with open(conf, "w") as file:
            file.write("listener %d 127.0.0.1\nallow_anonymous true\npersistence false\n" % self.broker_port)
        self.broker = subprocess.Popen(["mosquitto", "-c", conf], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
        wait_port(self.broker_port)

    def stop_broker(self):
        if self.broker:
            self.broker.terminate()
            self.broker.wait()
            self.broker = None

    def stop(self):
        self.stop_broker()
        self.server.terminate()
        self.server.wait()

    def config(self, count, name):
        state = os.path.join(self.scratch, "state-" + name)
        subprocess.run(["rm", "-rf", state], check=True)
        lines = ["mqtt:", "  url: mqtt://127.0.0.1:%d" % self.broker_port, "  client_id: weather2mqtt-bench",
                 "  base_topic: weather", "state_dir: %s" % state, "log_level: warning", "providers:",
                 "  open-meteo:", "    base_url: http://127.0.0.1:%d" % self.server_port,
                 "    air_quality_url: http://127.0.0.1:%d" % self.server_port,
                 "    daily_budget: 10000000", "locations:"]
        for index in range(count):
            lines += ["  - id: loc%04d" % index, "    name: Place %d" % index,
                      "    latitude: %.4f" % (45 + (index % 100) * 0.1),
                      "    longitude: %.4f" % (5 + (index // 100) * 0.1),
                      "    timezone: Europe/Berlin", "    interval: 1m", "    air_quality: true"]
        path = os.path.join(self.scratch, name + ".yaml")
        with open(path, "w") as file:
            file.write("\n".join(lines) + "\n")
        return path


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def memory(pid):
    status = {}
    with open("/proc/%d/status" % pid) as file:
        for line in file:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "RssAnon", "RssFile", "RssShmem", "VmHWM"):
                status[key] = int(value.split()[0])
    mappings = {}
    name = None
    with open("/proc/%d/smaps" % pid) as file:
        for line in file:
            parts = line.split()
            if "-" in parts[0] and not parts[0].endswith(":"):
                name = os.path.basename(parts[5]) if len(parts) > 5 else "[anon]"
            elif parts[0] == "Rss:":
                mappings[name] = mappings.get(name, 0) + int(parts[1])
    status["mappings"] = dict(sorted(mappings.items(), key=lambda item: -item[1])[:12])
    # private = pages no other process maps (Private_Clean + Private_Dirty); PSS shares the rest
    with open("/proc/%d/smaps_rollup" % pid) as file:
        for line in file:
            key, _, value = line.partition(":")
            if key in ("Pss", "Private_Clean", "Private_Dirty"):
                status[key] = int(value.split()[0])
    status["Private"] = status.get("Private_Clean", 0) + status.get("Private_Dirty", 0)
    return status


def wait_idle(pid, quiet=1.5, timeout=120):
    """Waits until the process has used no CPU (beyond one tick) for `quiet` seconds."""
    deadline = time.time() + timeout
    last = cpu_seconds(pid)
    since = time.time()
    while time.time() < deadline:
        time.sleep(0.25)
        now = cpu_seconds(pid)
        if now - last > 1.0 / TICK:
            last, since = now, time.time()
        elif time.time() - since >= quiet:
            return now
    raise RuntimeError("process %d never went idle" % pid)


def wait_count(services, target, timeout=300):
    deadline = time.time() + timeout
    while services.count() < target:
        if time.time() > deadline:
            raise RuntimeError("the server saw %d requests, not %d" % (services.count(), target))
        time.sleep(0.1)


def bridge_command(kind, binaries, config, once=False):
    if kind == "weather2mqtt":
        return [os.path.join(binaries, "weather2mqtt"), "run", "--config", config] + (["--once"] if once else [])
    return [sys.executable, os.path.join(BENCH, "peer", "peer_bridge.py"), "--config", config] + (
        ["--once"] if once else [])


def environment():
    env = dict(os.environ, WEATHER2MQTT_NOW=NOW)
    env.pop("JOURNAL_STREAM", None)
    return env


def service(kind, binaries, services, count, log):
    """Runs the service through two full refreshes; returns CPU of the second and memory."""
    services.fresh_broker()
    config = services.config(count, "%s-%d" % (kind, count))
    start = services.count()
    process = subprocess.Popen(bridge_command(kind, binaries, config), env=environment(),
                               stdout=log, stderr=log)
    try:
        wait_count(services, start + count)
        first_done = wait_idle(process.pid)
        after_first = memory(process.pid)
        wait_count(services, start + 2 * count)
        second_done = wait_idle(process.pid)
        after_second = memory(process.pid)
        return {"second_refresh_cpu": round(second_done - first_done, 3), "after_first": after_first,
                "after_second": after_second}
    finally:
        process.send_signal(signal.SIGINT if kind == "peer" else signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def once(kind, binaries, services, count, log):
    services.fresh_broker()
    config = services.config(count, "%s-once-%d" % (kind, count))
    begin = time.time()
    process = subprocess.Popen(bridge_command(kind, binaries, config, once=True), env=environment(),
                               stdout=log, stderr=log)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = status
    if status != 0:
        raise RuntimeError("%s --once with %d locations exited %d" % (kind, count, status))
    return {"cpu": round(usage.ru_utime + usage.ru_stime, 3), "user": round(usage.ru_utime, 3),
            "system": round(usage.ru_stime, 3), "wall": round(time.time() - begin, 3),
            "maxrss_kb": usage.ru_maxrss}


def timed(command, runs, env):
    times = []
    for _ in range(runs):
        begin = time.perf_counter()
        result = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append((time.perf_counter() - begin) * 1000)
        if result.returncode != 0:
            raise RuntimeError("%s exited %d" % (" ".join(command), result.returncode))
    times.sort()
    return {"median_ms": round(statistics.median(times), 1), "p90_ms": round(times[int(len(times) * 0.9) - 1], 1),
            "min_ms": round(times[0], 1), "runs": runs}


def viewer(binaries, services, log, skip_peer):
    """weatherview get / render against a broker that holds one refreshed location."""
    services.fresh_broker()
    config = services.config(1, "view")
    subprocess.run(bridge_command("weather2mqtt", binaries, config, once=True), env=environment(), check=True,
                   stdout=log, stderr=log)
    broker = "mqtt://127.0.0.1:%d" % services.broker_port
    view = os.path.join(binaries, "weatherview")
    frame = os.path.join(services.scratch, "frame.png")
    result = {
        "get": timed([view, "get", "loc0000", "current.temperature", "--broker", broker], 50, environment()),
        "render": timed([view, "render", "loc0000", "--size", "800x480", "--out", frame, "--broker", broker], 20,
                        environment()),
    }
    if not skip_peer:
        result["peer_get"] = timed(
            [sys.executable, os.path.join(BENCH, "peer", "peer_get.py"), "--port", str(services.broker_port),
             "loc0000", "current.temperature"], 50, environment())
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=os.path.join(REPO, ".build-bench", "release"))
    parser.add_argument("--skip-peer", action="store_true")
    parser.add_argument("--counts", default="10,100,300,1000")
    parser.add_argument("--json")
    parser.add_argument("--keep", type=int)
    args = parser.parse_args()
    if args.keep:
        return keep(args.keep)
    counts = [int(value) for value in args.counts.split(",")]
    kinds = ["weather2mqtt"] + ([] if args.skip_peer else ["peer"])
    scratch = tempfile.mkdtemp(prefix="w2m-targets-")
    services = Services(scratch)
    results = {"machine": os.uname().release, "now": NOW, "services": {}, "once": {}}
    log = open(os.path.join(scratch, "bridges.log"), "w")
    try:
        for kind in kinds:
            for count in counts:
                print("service %s %d locations ..." % (kind, count), file=sys.stderr, flush=True)
                results["services"]["%s/%d" % (kind, count)] = service(kind, args.bin, services, count, log)
            for count in (1, 300):
                print("once %s %d locations ..." % (kind, count), file=sys.stderr, flush=True)
                results["once"]["%s/%d" % (kind, count)] = once(kind, args.bin, services, count, log)
        print("weatherview ...", file=sys.stderr, flush=True)
        results["view"] = viewer(args.bin, services, log, args.skip_peer)
    finally:
        services.stop()
        log.close()
    report(results, kinds, counts)
    if args.json:
        with open(args.json, "w") as file:
            json.dump(results, file, indent=2)


def keep(count):
    """Server, broker and a configuration for measuring by hand; runs until interrupted."""
    def interrupted(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, interrupted)
    signal.signal(signal.SIGTERM, interrupted)
    scratch = tempfile.mkdtemp(prefix="w2m-keep-")
    services = Services(scratch)
    services.fresh_broker()
    config = services.config(count, "keep")
    print("configuration: %s (state in %s/state-keep; remove it before each run)" % (config, scratch))
    print("run: WEATHER2MQTT_NOW=%s weather2mqtt run --once --config %s" % (NOW, config), flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        services.stop()


def report(results, kinds, counts):
    print("\n%-34s %s" % ("", "  ".join("%14s" % kind for kind in kinds)))
    for count in counts:
        row = [results["services"]["%s/%d" % (kind, count)]["after_second"]["VmRSS"] / 1024 for kind in kinds]
        print("%-34s %s" % ("RSS, %d locations (MB)" % count, "  ".join("%14.1f" % value for value in row)))
    for count in counts:
        row = [results["services"]["%s/%d" % (kind, count)]["second_refresh_cpu"] for kind in kinds]
        print("%-34s %s" % ("refresh CPU, %d locations (s)" % count, "  ".join("%14.2f" % value for value in row)))
    for count in counts:
        row = [results["services"]["%s/%d" % (kind, count)]["after_second"]["VmHWM"] / 1024 for kind in kinds]
        print("%-34s %s" % ("peak RSS, %d locations (MB)" % count, "  ".join("%14.1f" % value for value in row)))
    row = [results["services"]["%s/%d" % (kind, counts[0])]["after_second"]["Private"] / 1024 for kind in kinds]
    print("%-34s %s" % ("private, %d locations (MB)" % counts[0], "  ".join("%14.1f" % value for value in row)))
    for kind in kinds:
        rss = {count: results["services"]["%s/%d" % (kind, count)]["after_second"]["VmRSS"] for count in counts}
        if len(counts) > 1:
            slope = (rss[counts[-1]] - rss[counts[0]]) / (counts[-1] - counts[0])
            print("%-34s %s: %.1f kB per location (%d -> %d)" % ("memory growth", kind, slope, counts[0],
                                                                  counts[-1]))
    for kind in kinds:
        one, many = results["once"]["%s/1" % kind], results["once"]["%s/300" % kind]
        print("%-34s %s: %.2f s (300) - %.2f s (1) = %.2f s" % ("run --once CPU", kind, many["cpu"], one["cpu"],
                                                                many["cpu"] - one["cpu"]))
    view = results["view"]
    print("%-34s median %.1f ms, p90 %.1f ms" % ("weatherview get", view["get"]["median_ms"], view["get"]["p90_ms"]))
    if "peer_get" in view:
        print("%-34s median %.1f ms, p90 %.1f ms" % ("peer get (paho)", view["peer_get"]["median_ms"],
                                                    view["peer_get"]["p90_ms"]))
    print("%-34s median %.1f ms" % ("weatherview render 800x480", view["render"]["median_ms"]))


if __name__ == "__main__":
    main()
