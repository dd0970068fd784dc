#!/usr/bin/env python3
"""What an unchanged poll costs inside `weatherview serve` (issue 41), in microseconds of CPU, with
no client, loopback TCP or libmicrohttpd in the figure: `perf record` samples serve (the
release binary, as shipped) while this script sends `--polls` unchanged polls, and the samples
under a function (perf's "children": the function and everything it calls) times the sampling
period, over the polls, is its cost per poll.

Two kinds of poll, one after the other on serve_memory.py's setup (ten locations):

  frames    GET /frames/loc0.png with If-None-Match: 304 (ServeHandler.respond: path and query
            read, FrameBook's lookup under its lock, FrameAnswer's 304 and headers);
  display   a TRMNL's GET /api/display told the same filename (the device looked up by its
            token, its frame looked up, the JSON answer; health publishing included).

For each: ServeHandler.respond(to:) (the handler's whole answer) and HTTPDaemon's access callback
(also reading the request's headers out of libmicrohttpd and handing the answer back).

Usage: python3 Benchmarks/scripts/serve_poll_cost.py --bin .build-rel/release [--polls 20000]
(perf, as root or with perf_event_paranoid allowing it; mosquitto.)
"""

import argparse
import http.client
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_memory  # noqa: E402  (the broker, the recording and serve)

FREQUENCY = 20000
# Mangled-name fragments of the functions reported (release symbols, perf --no-demangle).
FUNCTIONS = {
    "ServeHandler.respond(to:)": "s6Viewer12ServeHandlerV7respond2to",
    "HTTPDaemon access callback": "s10HTTPServer10HTTPDaemonC6access",
}


def polls_under_perf(serving, polls, request):
    """Records serve with perf while `request(client)` runs `polls` times; the perf data file."""
    data = os.path.join(tempfile.mkdtemp(prefix="serve-perf-"), "perf.data")
    perf = subprocess.Popen(["perf", "record", "-F", str(FREQUENCY), "-g", "-o", data, "-p", str(serving.serve.pid)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    for batch in range(0, polls, 10):
        source = "127.0.%d.%d" % (1 + batch // 2500, 1 + (batch // 10) % 250)
        client = http.client.HTTPConnection("127.0.0.1", serving.port, timeout=60, source_address=(source, 0))
        for _ in range(batch, min(batch + 10, polls)):
            request(client)
        client.close()
    time.sleep(0.5)
    perf.send_signal(signal.SIGINT)
    perf.wait()
    return data


def per_poll(data, polls):
    """Microseconds per poll under each of FUNCTIONS, and serve's whole CPU per poll."""
    report = subprocess.run(["perf", "report", "-i", data, "--children", "--stdio", "--no-demangle",
                             "--percent-limit", "0.5"], capture_output=True, text=True, check=True).stdout
    total = None
    found = {}
    for line in report.splitlines():
        if line.startswith("# Event count (approx.):"):
            total = int(line.split(":")[1])  # nanoseconds of cpu-clock
        fields = line.split()
        if len(fields) > 4 and fields[0].endswith("%"):
            for name, fragment in FUNCTIONS.items():
                if fragment in fields[-1] and name not in found:
                    found[name] = float(fields[0].rstrip("%"))
    microseconds = {name: share / 100 * total / 1000 / polls for name, share in found.items()}
    microseconds["serve, all of it (kernel included)"] = total / 1000 / polls
    return microseconds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="the folder holding the release weatherview")
    parser.add_argument("--polls", type=int, default=20000)
    arguments = parser.parse_args()
    serving = serve_memory.Serving(os.path.join(arguments.bin, "weatherview"))
    try:
        path = "/frames/loc0.png"
        connection = http.client.HTTPConnection("127.0.0.1", serving.port, timeout=60)
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        tag = response.getheader("ETag")
        mac = "A1:B2:C3:D4:E5:F6"
        connection.request("GET", "/api/setup", headers={"ID": mac})
        key = json.loads(connection.getresponse().read())["api_key"]
        wake = {"ID": mac, "Access-Token": key, "Width": "800", "Height": "480", "Model": "og",
                "FW-Version": "1.6.9", "Battery-Voltage": "4.01", "RSSI": "-60"}
        connection.request("GET", "/api/display", headers=wake)
        filename = json.loads(connection.getresponse().read())["filename"]
        connection.close()

        def frames(client):
            client.request("GET", path, headers={"If-None-Match": tag})
            answer = client.getresponse()
            answer.read()
            assert answer.status == 304, answer.status

        def display(client):
            client.request("GET", "/api/display", headers=wake)
            answer = json.loads(client.getresponse().read())
            assert answer["filename"] == filename, answer

        for name, request in (("frames (304)", frames), ("display (same filename)", display)):
            data = polls_under_perf(serving, arguments.polls, request)
            for function, microseconds in per_poll(data, arguments.polls).items():
                print("%-24s %-40s %6.1f us per poll" % (name, function, microseconds))
    finally:
        serving.stop()


if __name__ == "__main__":
    main()
