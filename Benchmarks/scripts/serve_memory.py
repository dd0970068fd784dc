#!/usr/bin/env python3
"""What `weatherview serve` costs (issue 41): resident memory while it serves ten displays at
800x480 and two at 1872x1404, the time to draw each size, and the time of an unchanged poll.

A fresh mosquitto on 127.0.0.1 holds Munich's recorded payloads
(Tests/RenderingTests/Golden/terminal/inputs/munich-full.json) retained as ten locations
(loc0 … loc9); `weatherview serve --listen 127.0.0.1:0` runs with WEATHER2MQTT_NOW at the
recording's time. Each display is a URL of its own: loc0 … loc9 at 800x480 bw, loc0 and loc1 at
1872x1404 gray4. Measured over HTTP/1.1 from this script (keep-alive, one connection):

  draw      the first request of each display: decoding, drawing, encoding, the next-change
            probe and the answer (the median per size);
  poll      `--polls` more requests with If-None-Match, all 304, ten per connection from
            addresses of 127.0.0.0/8 (each within its budget): the cache lookup and HTTP (mean
            and median microseconds per request, the client's time included);
  memory    VmRSS and RssAnon of serve after all of it.

Usage: python3 Benchmarks/scripts/serve_memory.py --bin .build/release [--polls 2000] [--mappings]

--mappings also prints what is resident per mapping (the executable, each library, the font
files, the heap, anonymous memory), from /proc/PID/smaps.
"""

import argparse
import http.client
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RECORDING = os.path.join(REPO, "Tests", "RenderingTests", "Golden", "terminal", "inputs", "munich-full.json")
NOW = "2026-02-07T16:20:00+01:00"


def free_port():
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def status(pid):
    fields = {}
    with open("/proc/%d/status" % pid) as file:
        for line in file:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return fields


class Serving:
    """A fresh mosquitto holding Munich's recording as `count` locations (loc0 …) and `serve` (under
    `wrapper`) answering on `port`; stop() ends both."""

    def __init__(self, binary, wrapper=(), count=10):
        self.folder = tempfile.mkdtemp(prefix="serve-bench-")
        broker_port = free_port()
        with open(os.path.join(self.folder, "mosquitto.conf"), "w") as file:
            file.write("listener %d 127.0.0.1\nallow_anonymous true\n" % broker_port)
        self.broker = subprocess.Popen(["mosquitto", "-c", os.path.join(self.folder, "mosquitto.conf")],
                                       stderr=subprocess.DEVNULL)
        self.serve = None
        try:
            time.sleep(0.5)
            document = json.load(open(RECORDING))
            self.ids = ["loc%d" % index for index in range(count)]
            for location in self.ids:
                for kind, payload in document.items():
                    text = json.dumps(payload).replace('"id": "munich"', '"id": "%s"' % location)
                    subprocess.run(["mosquitto_pub", "-p", str(broker_port), "-r", "-t",
                                    "weather/%s/%s" % (location, kind), "-m", text], check=True)
            info = {"version": "0", "schema": 1, "started_at": "2026-02-07T15:00:00Z", "locations": self.ids,
                    "providers": ["open-meteo"]}
            subprocess.run(["mosquitto_pub", "-p", str(broker_port), "-r", "-t", "weather/bridge/info", "-m",
                            json.dumps(info)], check=True)
            environment = dict(os.environ, WEATHER2MQTT_NOW=NOW, LANG="C.UTF-8")
            self.serve = subprocess.Popen(
                list(wrapper) + [binary, "serve", "--listen", "127.0.0.1:0", "--broker",
                                 "mqtt://127.0.0.1:%d" % broker_port, "--state",
                                 os.path.join(self.folder, "devices.json")],
                env=environment, stderr=subprocess.PIPE, text=True)
            match = None
            for line in self.serve.stderr:
                match = re.search(r"serving on http://127\.0\.0\.1:(\d+)", line)
                if match or self.serve.poll() is not None:
                    break
            if not match:
                raise RuntimeError("serve did not start")
            self.port = int(match.group(1))
        except BaseException:
            self.stop()
            raise

    def stop(self):
        if self.serve:
            self.serve.send_signal(signal.SIGTERM)
            self.serve.wait(timeout=120)
        self.broker.terminate()
        self.broker.wait(timeout=10)


def run(binary, polls, wrapper=(), trmnl=False, timeout=60):
    """Runs the benchmark against `binary` (started under `wrapper`, e.g. valgrind) and returns
    the draw and poll times and serve's memory; `trmnl` adds a TRMNL device's setup, display and
    image (orderfile.py's run, so that their code is placed too)."""
    serving = Serving(binary, wrapper)
    serve, server_port, ids = serving.serve, serving.port, serving.ids
    try:
        connection = http.client.HTTPConnection("127.0.0.1", server_port, timeout=timeout)
        displays = [("800x480", "/frames/%s.png?size=800x480" % location) for location in ids]
        displays += [("1872x1404", "/frames/%s.png?size=1872x1404&colors=gray4" % location) for location in ids[:2]]
        draws = {}
        tags = {}
        for size, path in displays:
            started = time.perf_counter()
            connection.request("GET", path)
            response = connection.getresponse()
            body = response.read()
            draws.setdefault(size, []).append(time.perf_counter() - started)
            tags[path] = response.getheader("ETag")
            assert response.status == 200, (path, response.status)
            draws.setdefault(size + " bytes", []).append(len(body))
        connection.close()
        # Ten polls per address (127.0.1.1, .2, …), within each address's budget of 20 at once.
        poll_times = []
        for batch in range(0, polls, 10):
            source = "127.0.%d.%d" % (1 + batch // 2500, 1 + (batch // 10) % 250)
            client = http.client.HTTPConnection("127.0.0.1", server_port, timeout=timeout, source_address=(source, 0))
            for index in range(batch, min(batch + 10, polls)):
                size, path = displays[index % len(displays)]
                started = time.perf_counter()
                client.request("GET", path, headers={"If-None-Match": tags[path]})
                response = client.getresponse()
                response.read()
                poll_times.append(time.perf_counter() - started)
                assert response.status == 304, (path, response.status)
            client.close()
        if trmnl:
            client = http.client.HTTPConnection("127.0.0.1", server_port, timeout=timeout, source_address=("127.0.9.1", 0))
            mac = "A1:B2:C3:D4:E5:F6"
            client.request("GET", "/api/setup", headers={"ID": mac})
            key = json.loads(client.getresponse().read())["api_key"]
            for _ in range(3):
                client.request("GET", "/api/display", headers={
                    "ID": mac, "Access-Token": key, "Width": "800", "Height": "480", "Model": "og",
                    "FW-Version": "1.6.9", "Battery-Voltage": "4.01", "RSSI": "-60"})
                answer = json.loads(client.getresponse().read())
                client.request("GET", answer["image_url"].split(str(server_port), 1)[1])
                assert client.getresponse().read()
            client.request("POST", "/api/log", body=json.dumps({"logs": [{"message": "hello"}]}),
                           headers={"Access-Token": key, "Content-Type": "application/json"})
            client.getresponse().read()
            client.close()
        memory = status(serve.pid)
        memory["mappings"] = mappings(serve.pid)
        return draws, poll_times, memory
    finally:
        serving.stop()


def mappings(pid):
    """Resident kB per mapped file (anonymous memory as "[anon]", the heap as "[heap]"), largest first."""
    totals, name = {}, None
    with open("/proc/%d/smaps" % pid) as file:
        for line in file:
            fields = line.split()
            if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                name = fields[5] if len(fields) > 5 else "[anon]"
            elif fields[0] == "Rss:":
                totals[name] = totals.get(name, 0) + int(fields[1])
    return sorted(totals.items(), key=lambda item: -item[1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="the folder holding weatherview")
    parser.add_argument("--polls", type=int, default=2000)
    parser.add_argument("--mappings", action="store_true", help="also print resident kB per mapping")
    arguments = parser.parse_args()
    draws, polls, memory = run(os.path.join(arguments.bin, "weatherview"), arguments.polls)
    for size in ("800x480", "1872x1404"):
        print("draw %s: median %.1f ms (%d frames, %d bytes each at most)" % (
            size, statistics.median(draws[size]) * 1000, len(draws[size]), max(draws[size + " bytes"])))
    print("unchanged poll (304, over HTTP): mean %.0f us, median %.0f us (%d)" % (
        statistics.mean(polls) * 1e6, statistics.median(polls) * 1e6, len(polls)))
    print("serve: VmRSS %s, RssAnon %s, RssFile %s" % (memory["VmRSS"], memory["RssAnon"], memory["RssFile"]))
    if arguments.mappings:
        for name, kilobytes in memory["mappings"]:
            if kilobytes >= 100:
                print("  %6d kB  %s" % (kilobytes, name))


if __name__ == "__main__":
    main()
