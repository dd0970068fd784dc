#!/usr/bin/env python3
"""A loopback Open-Meteo stand-in for the benchmarks: answers every GET /v1/forecast with the
same recorded body, and every GET /v1/air-quality with the body beside it (BODY-air-quality.json),
gzip when the request accepts it, HTTP/1.1 keep-alive, one thread per connection.
GET /__count returns how many forecasts were served (air quality not counted).

Usage: forecast_server.py BODY.json [PORT]   (prints the port on the first line of stdout)
"""

import gzip
import os
import sys
import time
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

BODY = open(sys.argv[1], "rb").read()
GZIPPED = gzip.compress(BODY, compresslevel=6)
AIR = open(sys.argv[1].replace(".json", "-air-quality.json"), "rb").read()
AIR_GZIPPED = gzip.compress(AIR, compresslevel=6)
COUNT = 0
LOCK = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        global COUNT
        if self.path.startswith("/__count"):
            self.answer(str(COUNT).encode(), "text/plain", None)
            return
        if self.path.startswith("/v1/air-quality"):
            gzipped = "gzip" in (self.headers.get("Accept-Encoding") or "")
            self.answer(AIR_GZIPPED if gzipped else AIR, "application/json; charset=utf-8",
                        "gzip" if gzipped else None)
            return
        if not self.path.startswith("/v1/forecast"):
            self.answer(b'{"error":true,"reason":"not found"}', "application/json", None, status=404)
            return
        with LOCK:
            COUNT += 1
        if "gzip" in (self.headers.get("Accept-Encoding") or ""):
            self.answer(GZIPPED, "application/json; charset=utf-8", "gzip")
        else:
            self.answer(BODY, "application/json; charset=utf-8", None)

    def answer(self, body, content_type, encoding, status=200):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128


def exit_with_parent():
    """Ends the server when the process that started it goes away (a crashed benchmark)."""
    parent = os.getppid()
    while True:
        time.sleep(1)
        if os.getppid() != parent:
            os._exit(0)


def main():
    threading.Thread(target=exit_with_parent, daemon=True).start()
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    server = Server(("127.0.0.1", port), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
