#!/usr/bin/env python3
"""A stand-in for the Home Assistant Supervisor's API, as an app sees it (issue 39).

Usage: supervisor.py --port PORT --token TOKEN [--bind 127.0.0.1]

Every request must carry `Authorization: Bearer TOKEN`, else 401 (as the Supervisor answers a
wrong SUPERVISOR_TOKEN). Routes:

  GET  /services/mqtt     200 {"result": "ok", "data": {host, port, ssl, protocol, username,
                          password}} while a broker is set, else 400 {"result": "error",
                          "message": ...} (the Supervisor's answer when no app provides MQTT)
  GET  /core/api/config   Home Assistant's configuration (homeassistant_api: true), as the
                          Supervisor proxies it: latitude, longitude, elevation, time_zone,
                          location_name, unit_system
  GET  /info              {"result": "ok", "data": {"timezone", "arch", ...}}

Control (loopback, no token; for the test):
  POST /__control/mqtt    the JSON body is the broker (`data` above), or null for none
  GET  /__control/log     [{"method", "path", "authorized"}, ...]
"""

import argparse
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HOME = {
    "latitude": 40.7886, "longitude": -73.9661, "elevation": 10, "time_zone": "America/New_York",
    "location_name": "New York", "unit_system": {"temperature": "°F", "length": "mi"},
    "version": "2026.11.0", "state": "RUNNING",
}


class Supervisor:
    def __init__(self, token):
        self.token = token
        self.mqtt = None
        self.log = []
        self.lock = threading.Lock()


def handler(supervisor):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def send(self, status, body):
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length) or b"null")
            if self.path == "/__control/mqtt":
                with supervisor.lock:
                    supervisor.mqtt = body
                return self.send(200, {"result": "ok"})
            self.send(404, {"result": "error", "message": "not found"})

        def do_GET(self):
            if self.path == "/__control/log":
                with supervisor.lock:
                    return self.send(200, list(supervisor.log))
            authorized = self.headers.get("Authorization") == f"Bearer {supervisor.token}"
            with supervisor.lock:
                supervisor.log.append({"method": "GET", "path": self.path, "authorized": authorized})
                mqtt = supervisor.mqtt
            if not authorized:
                return self.send(401, {"result": "error", "message": "Unauthorized"})
            if self.path == "/services/mqtt":
                if mqtt is None:
                    return self.send(400, {"result": "error", "message": "No mqtt service available",
                                           "error_key": None, "extra_fields": None})
                return self.send(200, {"result": "ok", "data": mqtt})
            if self.path == "/core/api/config":
                # The Supervisor proxies Home Assistant's REST API: no {"result", "data"} envelope.
                return self.send(200, HOME)
            if self.path == "/info":
                return self.send(200, {"result": "ok", "data": {"timezone": HOME["time_zone"], "arch": "amd64",
                                                                "supported_arch": ["amd64"]}})
            self.send(404, {"result": "error", "message": f"{self.path} is not part of this stand-in"})

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--bind", default="127.0.0.1")
    parser.add_argument("--token", required=True)
    args = parser.parse_args()
    server = ThreadingHTTPServer((args.bind, args.port), handler(Supervisor(args.token)))
    server.serve_forever()


if __name__ == "__main__":
    main()
