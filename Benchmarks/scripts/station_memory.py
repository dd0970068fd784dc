#!/usr/bin/env python3
"""Measures what a weather station costs the bridge beside 10 locations (issue 31).

The service runs targets.py's 10 Open-Meteo locations (1-minute interval, air quality,
discovery, flat topics) against its loopback server and a fresh broker, in one of three shapes:

  none      no station (today's bridge);
  tempest   one `tempest` station on a UDP port of 127.0.0.1, named by the first location, sent
            a `rapid_wind` datagram and the `obs_st` capture in turn, 2 a second (the UDP
            listener's budget for one source; a real hub sends one every 3 s);
  ecowitt   one `ecowitt` station on an HTTP port of 127.0.0.1, named by the first location,
            sent the GW2000B capture as a form POST (a new connection each, as gateways do)
            every 1 s (the HTTP listener's budget for one source; a gateway: every 16 s).

Each run: two full refreshes, 3 s more, then memory (VmRSS, RssAnon, RssFile, private, the
executable's own resident pages from smaps); then `--cpu-seconds` more with four senders at
once (127.0.0.2 to .5, each at its budget; none for `none`), and the CPU (utime + stime, which
counts threads that ended too; in 10 ms ticks, so give it a minute) of the bridge over that
window, with the messages sent in it. "private" counts only pages no other process maps, so
it moves with whatever else runs (libcrypto alone is 3 MB): compare VmRSS. The shapes run
interleaved, `--pairs` times. Usage:

  python3 Benchmarks/scripts/station_memory.py --bin .build-rel/release [--pairs 3] [--json OUT]
"""

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import targets  # noqa: E402  (the same server, broker and configuration)

STATIONS = os.path.join(targets.REPO, "Tests", "Fixtures", "stations")
RAPID_WIND = b'{"serial_number":"ST-00000512","type":"rapid_wind","hub_sn":"HB-00013030","ob":[1588948614,2.3,128]}'


def fixture(name):
    with open(os.path.join(STATIONS, name), "rb") as file:
        return file.read()


def configuration(services, name, stations):
    """targets.py's 10 locations, with `stations` ([(type, port)]: ids st0, st1, …) on
    127.0.0.1, the first named by the first location, the second by the second, and so on."""
    path = services.config(10, name)
    if not stations:
        return path
    with open(path) as file:
        lines = file.read().splitlines()
    lines.append("stations:")
    for index, (kind, port) in enumerate(stations):
        at = lines.index("  - id: loc%04d" % index) + 1
        lines.insert(at, "    station: st%d" % index)
        lines += ["  - id: st%d" % index, "    type: " + kind, "    listen: 127.0.0.1:%d" % port,
                  "    elevation: 312"]
    with open(path, "w") as file:
        file.write("\n".join(lines) + "\n")
    return path


class Sender(threading.Thread):
    """Sends the shape's messages until stopped, from each of `sources` (loopback addresses) at
    the budget the listeners give one source (UDP 2 a second, HTTP 1 a second), and counts them."""

    def __init__(self, shape, port, sources):
        super().__init__(daemon=True)
        self.shape, self.port, self.sources, self.sent = shape, port, sources, 0
        self.stopping = threading.Event()
        self.obs_st = fixture("tempest/doc_obs_st.json")
        form = json.loads(fixture("ecowitt/gw2000b_v2.1.4_ew2m189.json"))
        self.form = urllib.parse.urlencode(form).encode()

    def run(self):
        sockets = []
        for source in self.sources:
            udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            udp.bind((source, 0))
            sockets.append(udp)
        tick = 0
        while not self.stopping.wait(0.5 if self.shape == "tempest" else 1.0):
            tick += 1
            for index, source in enumerate(self.sources):
                if self.shape == "tempest":
                    sockets[index].sendto(RAPID_WIND if tick % 2 else self.obs_st, ("127.0.0.1", self.port))
                    self.sent += 1
                else:
                    self.post(source)

    def post(self, source):
        request = (b"POST /data/report/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                   b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n"
                   % len(self.form)) + self.form
        try:
            with socket.create_connection(("127.0.0.1", self.port), 2, source_address=(source, 0)) as sock:
                sock.sendall(request)
                if sock.recv(4096).startswith(b"HTTP/1.1 200"):
                    self.sent += 1
        except OSError:
            pass


def own_pages(pid, binary):
    total = 0
    name = None
    with open("/proc/%d/smaps" % pid) as file:
        for line in file:
            parts = line.split()
            if "-" in parts[0] and not parts[0].endswith(":"):
                name = parts[5] if len(parts) > 5 else None
            elif parts[0] == "Rss:" and name == binary:
                total += int(parts[1])
    return total


def measure(shape, binaries, services, cpu_window, log):
    services.fresh_broker()
    port = targets.free_port()
    config = configuration(services, "station-" + shape, [] if shape == "none" else [(shape, port)])
    start = services.count()
    binary = os.path.realpath(os.path.join(binaries, "weather2mqtt"))
    process = subprocess.Popen([binary, "run", "--config", config], env=targets.environment(), stdout=log,
                               stderr=log)
    sender = None
    try:
        if shape != "none":
            targets.wait_port(port) if shape == "ecowitt" else time.sleep(0.5)
            sender = Sender(shape, port, ["127.0.0.1"])
            sender.start()
        targets.wait_count(services, start + 10)
        targets.wait_count(services, start + 20)
        time.sleep(3)
        result = targets.memory(process.pid)
        result["own"] = own_pages(process.pid, binary)
        result["sent_before"] = sender.sent if sender else 0
        if sender:  # the CPU window: four sources at once, each at its budget
            sender.stopping.set()
            sender.join()
            sender = Sender(shape, port, ["127.0.0.%d" % n for n in range(2, 6)])
            sender.start()
        before = targets.cpu_seconds(process.pid)
        time.sleep(cpu_window)
        result["cpu_window"] = round(targets.cpu_seconds(process.pid) - before, 3)
        result["messages_in_window"] = sender.sent if sender else 0
        return result
    finally:
        if sender:
            sender.stopping.set()
            sender.join()
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="folder of the release weather2mqtt")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--shapes", default="none,tempest,ecowitt")
    parser.add_argument("--cpu-seconds", type=float, default=30)
    parser.add_argument("--json")
    args = parser.parse_args()
    shapes = args.shapes.split(",")
    scratch = tempfile.mkdtemp(prefix="w2m-station-")
    services = targets.Services(scratch)
    results = {shape: [] for shape in shapes}
    try:
        with open(os.path.join(scratch, "bridge.log"), "w") as log:
            for _ in range(args.pairs):
                for shape in shapes:
                    results[shape].append(measure(shape, args.bin, services, args.cpu_seconds, log))
                    r = results[shape][-1]
                    print("%-8s VmRSS %6d  anon %5d  file %6d  private %6d  own %5d  cpu %.2f s / %d messages"
                          % (shape, r["VmRSS"], r["RssAnon"], r["RssFile"], r["Private"], r["own"],
                             r["cpu_window"], r["messages_in_window"]), flush=True)
    finally:
        services.stop()
    if args.json:
        with open(args.json, "w") as file:
            json.dump(results, file, indent=1)


if __name__ == "__main__":
    main()
