#!/usr/bin/env python3
"""Loopback HTTP fixture server for weather2mqtt tests (Python 3 standard library only).

Usage: fixture_server.py [PORT] [--ignore-stdin]

Listens on 127.0.0.1:PORT (0 = any free port) and prints the port as the first line on
stdout. Exits when stdin reaches end of file (the test process that started it died or
closed the pipe; --ignore-stdin turns this off for manual use) or when its parent process
goes away.

Routes are configured over HTTP on the same server:

  POST /__control/routes  {"path": "/v1/forecast", "responses": [RESPONSE, ...]}
                          (or a list of such objects). Matching uses the URL path only,
                          the query is ignored. Responses are served in order; the last
                          one repeats.
  GET  /__control/log     [{"method", "path", "query", "headers": {lower-cased: value},
                            "concurrent", "bytes_sent", "completed", "finished"}, ...]
  POST /__control/reset   clears routes and log.

RESPONSE keys (all optional):
  status (200), headers ({}), body_base64 or body_file (absolute path),
  delay (seconds before answering), hang (never answer, keep the socket open),
  truncate (declare a Content-Length larger than the body, then close),
  repeat_bytes (stream that many bytes of "x" in chunks, chunked encoding),
  redirect (answer 302 with this Location).

Bodies are gzipped when the request accepts gzip (unless the route sets Content-Encoding).
Unknown paths get a 404 JSON body.
"""

import base64
import gzip
import json
import os
import select
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

CONTROL = "/__control/"
HANG_LIMIT_SECONDS = 120
STREAM_CHUNK = 64 * 1024


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.routes = {}  # path -> {"responses": [...], "next": int}
        self.log = []
        self.in_flight = 0

    def reset(self):
        with self.lock:
            self.routes.clear()
            self.log.clear()

    def set_route(self, path, responses):
        if not isinstance(path, str) or not path.startswith("/"):
            raise ValueError("route path must start with /")
        if not isinstance(responses, list) or not responses:
            raise ValueError("responses must be a non-empty list")
        with self.lock:
            self.routes[path] = {"responses": responses, "next": 0}

    def next_response(self, path):
        with self.lock:
            route = self.routes.get(path)
            if route is None:
                return None
            responses = route["responses"]
            index = min(route["next"], len(responses) - 1)
            route["next"] += 1
            return responses[index]


STATE = State()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fixture-server"
    sys_version = ""

    def log_message(self, format, *args):  # quiet
        pass

    def version_string(self):
        return self.server_version

    def do_GET(self):
        self.handle_any()

    def do_POST(self):
        self.handle_any()

    def do_PUT(self):
        self.handle_any()

    def do_DELETE(self):
        self.handle_any()

    def do_HEAD(self):
        self.handle_any()

    # -- dispatch -----------------------------------------------------------------

    def handle_any(self):
        parts = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        request_body = self.rfile.read(length) if length > 0 else b""
        if parts.path.startswith(CONTROL):
            self.handle_control(parts.path[len(CONTROL):], request_body)
            return
        headers = {}
        for name, value in self.headers.items():
            key = name.lower()
            headers[key] = headers[key] + ", " + value if key in headers else value
        with STATE.lock:
            STATE.in_flight += 1
            entry = {
                "method": self.command,
                "path": parts.path,
                "query": parts.query,
                "headers": headers,
                "concurrent": STATE.in_flight,
                "bytes_sent": 0,
                "completed": False,
                "finished": False,
            }
            STATE.log.append(entry)
        try:
            spec = STATE.next_response(parts.path)
            if spec is None:
                self.send_body(404, {"Content-Type": "application/json"},
                               json.dumps({"error": "no route", "path": parts.path}).encode(), entry)
            else:
                self.serve(spec, entry)
            entry["completed"] = True
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        finally:
            with STATE.lock:
                STATE.in_flight -= 1
                entry["finished"] = True

    def handle_control(self, command, body):
        try:
            if command == "routes" and self.command == "POST":
                payload = json.loads(body or b"null")
                for route in payload if isinstance(payload, list) else [payload]:
                    STATE.set_route(route.get("path"), route.get("responses"))
                self.send_json(200, {"ok": True})
            elif command == "log" and self.command == "GET":
                with STATE.lock:
                    snapshot = json.dumps(STATE.log)
                self.send_json_text(200, snapshot)
            elif command == "reset" and self.command == "POST":
                STATE.reset()
                self.send_json(200, {"ok": True})
            else:
                self.send_json(404, {"error": "unknown control command", "command": command})
        except (ValueError, AttributeError, TypeError) as error:
            self.send_json(400, {"error": str(error)})

    # -- responses ----------------------------------------------------------------

    def serve(self, spec, entry):
        delay = float(spec.get("delay") or 0)
        if delay > 0:
            time.sleep(delay)
        if spec.get("hang"):
            self.hang()
            return
        status = int(spec.get("status") or 200)
        headers = dict(spec.get("headers") or {})
        if spec.get("redirect") is not None:
            headers["Location"] = spec["redirect"]
            self.send_body(302 if status == 200 else status, headers, b"", entry)
            return
        if spec.get("repeat_bytes") is not None:
            self.stream(status, headers, int(spec["repeat_bytes"]), entry)
            return
        if spec.get("body_file"):
            with open(spec["body_file"], "rb") as file:
                body = file.read()
        else:
            body = base64.b64decode(spec.get("body_base64") or "")
        self.send_body(status, headers, body, entry, truncate=bool(spec.get("truncate")))

    def accepts_gzip(self):
        accepted = self.headers.get("Accept-Encoding") or ""
        return any(token.strip().split(";")[0].strip() == "gzip" for token in accepted.split(","))

    def send_body(self, status, headers, body, entry, truncate=False):
        lowered = {name.lower() for name in headers}
        if body and self.accepts_gzip() and "content-encoding" not in lowered and status not in (204, 304):
            body = gzip.compress(body)
            headers["Content-Encoding"] = "gzip"
            headers["Vary"] = "Accept-Encoding"
        self.send_response(status)
        for name, value in headers.items():
            if name.lower() != "content-length":
                self.send_header(name, value)
        if status not in (204, 304) or body:
            self.send_header("Content-Length", str(len(body) + (1000 if truncate else 0)))
        if truncate:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
            entry["bytes_sent"] = len(body)
        self.wfile.flush()
        if truncate:
            self.close_connection = True
            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def send_json(self, status, value):
        self.send_json_text(status, json.dumps(value))

    def send_json_text(self, status, text):
        data = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def stream(self, status, headers, total, entry):
        self.send_response(status)
        for name, value in headers.items():
            if name.lower() not in ("content-length", "transfer-encoding"):
                self.send_header(name, value)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        chunk = b"x" * STREAM_CHUNK
        remaining = total
        while remaining > 0:
            piece = chunk[:min(remaining, STREAM_CHUNK)]
            self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
            remaining -= len(piece)
            entry["bytes_sent"] += len(piece)
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def hang(self):
        """Keeps the connection open without answering until the client goes away."""
        self.close_connection = True
        deadline = time.monotonic() + HANG_LIMIT_SECONDS
        while time.monotonic() < deadline:
            readable, _, _ = select.select([self.connection], [], [], 0.1)
            if readable:
                try:
                    if not self.connection.recv(1, socket.MSG_PEEK):
                        return
                except OSError:
                    return
                time.sleep(0.1)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128


def exit_with_parent(watch_stdin):
    parent = os.getppid()

    def watch_parent():
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch_parent, daemon=True).start()
    if watch_stdin:
        def watch_input():
            try:
                while sys.stdin.buffer.read(4096):
                    pass
            except (OSError, ValueError):
                pass
            os._exit(0)

        threading.Thread(target=watch_input, daemon=True).start()


def main(argv):
    arguments = [a for a in argv if not a.startswith("--")]
    port = int(arguments[0]) if arguments else 0
    server = Server(("127.0.0.1", port), Handler)
    exit_with_parent("--ignore-stdin" not in argv)
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main(sys.argv[1:])
