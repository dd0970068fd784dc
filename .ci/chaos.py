#!/usr/bin/env python3
"""A bounded, seeded fault-injection run against the real bridge (issue 18).

Usage: chaos.py BRIDGE_BINARY [--seed N] [--duration SECONDS] [--locations N]

Drives the built `weather2mqtt`, a real mosquitto and the loopback fixture server
(Tests/TestSupport/fixture_server.py) through random faults chosen by the seed: broker kills,
bridge SIGKILL/SIGTERM (also while a request is in flight), provider errors and hangs, a tiny
full tmpfs for state_dir, hostile retained payloads on the bridge's topics and floods of Home
Assistant birth messages. Asserts: every retained topic back within seconds of the broker,
every payload valid against docs/schema, every state file readable, no request before it is
due, no secret in any log, payload or state file, exit 0 on SIGTERM, flat memory and
descriptors. Prints the seed (replay with --seed) and the figures. Exits 1 on a violation.
"""

import argparse
import base64
import glob
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECRET = "chaos-secret-key-7f3a9c"
BASE = "weather"
PROBLEMS = []


def problem(text):
    PROBLEMS.append(text)
    print(f"  VIOLATION: {text}", flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------- schemas

def make_validator():
    """Validates a payload against docs/schema/<name>.json; None when jsonschema is missing."""
    try:
        import jsonschema
    except ImportError:
        print("  schema check skipped: the python3 jsonschema package is not installed")
        return None
    schemas = {}
    for path in glob.glob(os.path.join(ROOT, "docs/schema/*.json")):
        with open(path) as f:
            schema = json.load(f)
        schemas[os.path.basename(path)[:-5]] = schema
    try:
        from referencing import Registry, Resource
        registry = Registry().with_resources([(s["$id"], Resource.from_contents(s)) for s in schemas.values()])

        def validate(name, value):
            return [e.message for e in jsonschema.Draft202012Validator(schemas[name], registry=registry).iter_errors(value)]
    except ImportError:  # jsonschema < 4.18 (Debian 12)
        store = {s["$id"]: s for s in schemas.values()}

        def validate(name, value):
            resolver = jsonschema.RefResolver.from_schema(schemas[name], store=store)
            return [e.message for e in jsonschema.Draft202012Validator(schemas[name], resolver=resolver).iter_errors(value)]
    return validate


def schema_for(topic):
    parts = topic.split("/")
    if topic == f"{BASE}/bridge/info":
        return "bridge-info"
    if len(parts) == 3 and parts[2] in ("current", "hourly", "daily", "alerts", "status"):
        return parts[2]
    return None


# ---------------------------------------------------------------- the parts

class Broker:
    def __init__(self, folder):
        self.port = free_port()
        self.conf = os.path.join(folder, "mosquitto.conf")
        with open(self.conf, "w") as f:
            f.write(f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
        self.process = None
        self.started_at = None

    def start(self):
        self.process = subprocess.Popen(["mosquitto", "-c", self.conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.started_at = time.monotonic()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return
            except OSError:
                time.sleep(0.05)

    def kill(self):
        if self.process:
            self.process.kill()
            self.process.wait()

    def pub(self, topic, payload, retain=False):
        args = ["mosquitto_pub", "-h", "127.0.0.1", "-p", str(self.port), "-q", "1", "-t", topic, "-m", payload]
        try:
            subprocess.run(args + (["-r"] if retain else []), timeout=5, capture_output=True)
        except subprocess.TimeoutExpired:
            problem(f"mosquitto_pub to {topic} got no answer from the broker within 5 s"
                    f" (broker {'running' if self.process and self.process.poll() is None else 'not running'})")

    def retained(self, filt):
        out = subprocess.run(
            ["mosquitto_sub", "-h", "127.0.0.1", "-p", str(self.port), "-t", filt, "--retained-only",
             "-F", "%t\t%x", "-W", "1"], capture_output=True, text=True, timeout=10).stdout
        result = {}
        for line in out.splitlines():
            topic, _, hexed = line.partition("\t")
            result[topic] = bytes.fromhex(hexed).decode("utf-8", "replace")
        return result


class Watcher(threading.Thread):
    """Every message on the bridge's and Home Assistant's topics, (re)subscribing after broker restarts."""

    def __init__(self, broker):
        super().__init__(daemon=True)
        self.broker = broker
        self.messages = []  # (monotonic, retained flag, topic, payload)
        self.lock = threading.Lock()
        self.stopping = False
        self.process = None

    def stop(self):
        """Ends the watch and its mosquitto_sub (which would retry a gone broker for ever)."""
        self.stopping = True
        for _ in range(2):  # again if one was started as this began
            if self.process and self.process.poll() is None:
                self.process.terminate()
                self.process.wait()
            self.join(timeout=3)  # the lines already in the pipe are kept

    def run(self):
        while not self.stopping:
            self.process = process = subprocess.Popen(
                ["mosquitto_sub", "-h", "127.0.0.1", "-p", str(self.broker.port), "-t", f"{BASE}/#",
                 "-t", "homeassistant/#", "-F", "%r\t%t\t%x", "-q", "1"], stdout=subprocess.PIPE, text=True)
            for line in process.stdout:
                parts = line.rstrip("\n").split("\t")
                if len(parts) == 3:
                    payload = bytes.fromhex(parts[2]).decode("utf-8", "replace")
                    with self.lock:
                        self.messages.append((time.monotonic(), parts[0] == "1", parts[1], payload))
            process.wait()
            time.sleep(0.2)


class Provider:
    def __init__(self, folder):
        self.process = subprocess.Popen(
            [sys.executable, os.path.join(ROOT, "Tests/TestSupport/fixture_server.py"), "0"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.port = int(self.process.stdout.readline())
        self.url = f"http://127.0.0.1:{self.port}"

    def control(self, command, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + "/__control/" + command, data=data, method="POST" if data else "GET")
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read() or b"null")

    def serve(self, responses):
        fixture = os.path.join(ROOT, "Tests/Fixtures/open-meteo/forecast_current_hourly_daily_newyork_iso8601.json")
        owm = os.path.join(ROOT, "Tests/Fixtures/openweathermap/onecall3_full_newyork_metric.json")
        good = {"body_file": fixture, "headers": {"Content-Type": "application/json"}}
        self.control("routes", [
            {"path": "/v1/forecast", "responses": [good if r == "ok" else r for r in responses]},
            {"path": "/data/3.0/onecall", "responses": [{"body_file": owm, "headers": {"Content-Type": "application/json"}}]},
        ])


class RequestLog(threading.Thread):
    """The provider's request log, each request stamped (wall clock) when first seen."""

    def __init__(self, provider):
        super().__init__(daemon=True)
        self.provider, self.stamped, self.stopping = provider, [], False

    def run(self):
        while not self.stopping:
            try:
                log = self.provider.control("log")
            except OSError:
                log = []
            now = time.time()
            # The server's log is cleared only by reset, which the driver never calls.
            for entry in log[len(self.stamped):]:
                self.stamped.append((now, entry))
            time.sleep(0.25)


def parse_time(text):
    from datetime import datetime
    return datetime.fromisoformat(text).timestamp()


def check_requests_due(requests, messages, locations):
    """No request for a location while its published next_poll was more than 2 s away."""
    by_latitude = {f"{40 + i}.5": loc for i, loc in enumerate(locations)}
    wall_offset = time.time() - time.monotonic()
    statuses = []
    for stamp, _, topic, payload in messages:
        if topic.endswith("/status") and topic.count("/") == 2:
            try:
                statuses.append((stamp + wall_offset, topic.split("/")[1], parse_time(json.loads(payload)["next_poll"])))
            except (ValueError, KeyError, TypeError):
                pass
    early = 0
    for when, entry in requests:
        query = entry.get("query", "")
        latitude = next((p.split("=")[1] for p in query.split("&") if p.startswith("latitude=") or p.startswith("lat=")), None)
        loc = by_latitude.get(latitude.rstrip("0") if latitude and "." in latitude else latitude) or by_latitude.get(latitude)
        if not loc:
            continue
        known = [next_poll for seen, l, next_poll in statuses if l == loc and seen < when - 0.5]
        # 0.5 s for the poller's stamp; a request is early if the last published plan was later.
        if known and when < known[-1] - 2.5:
            early += 1
            if early <= 3:
                problem(f"{loc} asked {known[-1] - when:.0f} s before its published next_poll")
    return early


class Bridge:
    def __init__(self, binary, config, folder):
        self.binary, self.config, self.folder = binary, config, folder
        self.process = None
        self.logs = []
        self.samples = []  # (rss kB, fds) of the current instance
        self.instances = []  # the samples of every instance

    def start(self):
        self.log_path = os.path.join(self.folder, f"bridge-{len(self.logs)}.log")
        self.logs.append(self.log_path)
        self.log_file = open(self.log_path, "w")
        env = {k: v for k, v in os.environ.items() if k not in ("JOURNAL_STREAM", "WEATHER2MQTT_NOW")}
        self.process = subprocess.Popen([self.binary, "run", "--config", self.config], stderr=self.log_file,
                                        stdout=self.log_file, env=env)
        self.samples = []
        self.instances.append(self.samples)

    def sample(self):
        if not self.process or self.process.poll() is not None:
            return
        try:
            with open(f"/proc/{self.process.pid}/status") as f:
                rss = int(next(line for line in f if line.startswith("VmRSS")).split()[1])
            fds = len(os.listdir(f"/proc/{self.process.pid}/fd"))
            self.samples.append((rss, fds))
        except (OSError, StopIteration):
            pass

    def stop(self, how):
        if not self.process or self.process.poll() is not None:
            return None
        self.process.send_signal(signal.SIGTERM if how == "term" else signal.SIGKILL)
        try:
            code = self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            problem("the bridge did not exit within 20 s of SIGTERM")
            self.process.kill()
            code = self.process.wait()
        self.log_file.close()
        if how == "term" and code != 0:
            problem(f"exit {code} on SIGTERM (expected 0)")
        return code


# ---------------------------------------------------------------- checks

def check_state_files(state_dir):
    for path in glob.glob(os.path.join(state_dir, "*.json")):
        try:
            with open(path, "rb") as f:
                json.loads(f.read())
        except (OSError, ValueError) as error:
            problem(f"state file {os.path.basename(path)} unreadable: {error}")


def expected_topics(locations):
    topics = {f"{BASE}/bridge/state", f"{BASE}/bridge/info"}
    for loc in locations:
        topics |= {f"{BASE}/{loc}/{kind}" for kind in ("current", "hourly", "daily", "alerts", "status")}
    return topics


def wait_whole(broker, locations, limit):
    """Seconds until every retained topic of a bridge that has data is back; None after `limit`."""
    start = time.monotonic()
    wanted = expected_topics(locations)
    while time.monotonic() - start < limit:
        held = broker.retained(f"{BASE}/#")
        if wanted <= set(held) and held.get(f"{BASE}/bridge/state") == "online":
            return time.monotonic() - start
        time.sleep(0.1)
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    parser.add_argument("--duration", type=float, default=150)
    parser.add_argument("--locations", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"chaos: seed {args.seed} (replay: .ci/chaos.sh --seed {args.seed}), {args.duration:.0f} s, {args.locations} locations", flush=True)
    began = time.monotonic()

    folder = tempfile.mkdtemp(prefix="w2m-chaos-")
    state_dir = os.path.join(folder, "state")
    os.makedirs(state_dir)
    tmpfs = False
    if os.geteuid() == 0 and subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", state_dir],
                                            capture_output=True).returncode == 0:
        tmpfs = True
    else:
        print("  full-disk fault skipped: cannot mount a 1 MiB tmpfs for state_dir (needs root and mount permission)")

    broker, provider = Broker(folder), Provider(folder)
    broker.start()
    provider.serve(["ok"])
    locations = [f"loc{i}" for i in range(args.locations)]
    config = os.path.join(folder, "config.yaml")
    with open(config, "w") as f:
        f.write(f"mqtt:\n  url: mqtt://127.0.0.1:{broker.port}\n  client_id: chaos-bridge\n")
        f.write(f"state_dir: {state_dir}\nlog_level: info\ncontact: chaos@example.com\n")
        f.write(f"providers:\n  open-meteo: {{ base_url: {provider.url} }}\n")
        f.write(f"  openweathermap: {{ base_url: {provider.url}, api_key: {SECRET} }}\n")
        f.write("locations:\n")
        for i, loc in enumerate(locations):
            f.write(f"  - {{ id: {loc}, name: Place {i}, latitude: {40 + i}.5, longitude: -74.0,"
                    f" timezone: America/New_York, interval: 1m, providers: [open-meteo, openweathermap] }}\n")
    watcher = Watcher(broker)
    watcher.start()
    request_log = RequestLog(provider)
    request_log.start()
    bridge = Bridge(args.binary, config, folder)
    bridge.start()
    validate = make_validator()

    def sampler():
        while not watcher.stopping:
            bridge.sample()
            time.sleep(1)
    threading.Thread(target=sampler, daemon=True).start()

    restore_times, counts, filler = [], {}, None
    first = wait_whole(broker, locations, 30)
    if first is None:
        held = broker.retained(f"{BASE}/#")
        missing = sorted(expected_topics(locations) - set(held))
        problem(f"the bridge never published every retained topic: missing {missing[:8]},"
                f" bridge/state {held.get(f'{BASE}/bridge/state')!r}, bridge {'running' if bridge.process.poll() is None else 'exited'}")
        with open(bridge.log_path, errors="replace") as f:
            print("    the bridge's log so far:\n" + "".join("      " + line for line in f.readlines()[-30:]), flush=True)
    faults = ["broker-kill", "bridge-kill", "bridge-term", "bridge-kill-at-request", "provider-errors",
              "provider-hang", "hostile", "birth-flood"] + (["disk-full"] if tmpfs else [])
    while time.monotonic() - began < args.duration:
        bridge.sample()
        fault = rng.choice(faults)
        counts[fault] = counts.get(fault, 0) + 1
        print(f"  t={time.monotonic() - began:5.1f}s {fault}", flush=True)
        if fault == "broker-kill":
            broker.kill()
            time.sleep(rng.uniform(0.2, 3))
            broker.start()
            seconds = wait_whole(broker, locations, 20)
            if seconds is None:
                problem("retained topics not back within 20 s of a broker restart")
            else:
                restore_times.append(seconds)
        elif fault in ("bridge-kill", "bridge-term", "bridge-kill-at-request"):
            if fault == "bridge-kill-at-request":
                provider.serve([{"delay": 3, "body_file": os.path.join(ROOT, "Tests/Fixtures/open-meteo/forecast_current_hourly_daily_newyork_iso8601.json")}])
                deadline = time.monotonic() + 70
                seen = len(provider.control("log"))
                while time.monotonic() < deadline and len(provider.control("log")) == seen:
                    time.sleep(0.1)
                time.sleep(rng.uniform(0, 0.5))
            bridge.stop("term" if fault == "bridge-term" else "kill")
            check_state_files(state_dir)
            provider.serve(["ok"])
            time.sleep(rng.uniform(0, 1))
            bridge.start()
        elif fault == "provider-errors":
            provider.serve([rng.choice([{"status": 500}, {"status": 503}, {"truncate": True, "body_base64": base64.b64encode(b'{"a":').decode()},
                                        {"body_base64": base64.b64encode(b"<html>oops</html>").decode(), "headers": {"Content-Type": "text/html"}}])])
            time.sleep(rng.uniform(5, 15))
            provider.serve(["ok"])
        elif fault == "provider-hang":
            provider.serve([{"hang": True}])
            time.sleep(rng.uniform(5, 15))
            provider.serve(["ok"])
        elif fault == "hostile":
            loc = rng.choice(locations)
            broker.pub(f"{BASE}/bridge/state", "offline", retain=True)
            broker.pub(f"{BASE}/{loc}/current", rng.choice(["garbage", "{}", "\u00ff\u00fe", "null"]), retain=True)
            time.sleep(2)
            held = broker.retained(f"{BASE}/#")
            if held.get(f"{BASE}/bridge/state") != "online":
                problem("a foreign 'offline' on bridge/state stayed for 2 s")
            if bridge.process.poll() is None and schema_for(f"{BASE}/{loc}/current") and validate:
                try:
                    errors = validate("current", json.loads(held.get(f"{BASE}/{loc}/current", "null")))
                except ValueError:
                    errors = ["not JSON"]
                if errors:
                    problem(f"a foreign value on {BASE}/{loc}/current stayed for 2 s")
        elif fault == "birth-flood":
            since = time.monotonic()
            for _ in range(40):
                broker.pub("homeassistant/status", "online")
            time.sleep(7)
            with watcher.lock:
                resent = [m for m in watcher.messages if m[0] >= since and not m[1] and m[2].startswith("homeassistant/device/")]
            # One resend per burst; a second burst may start while mosquitto_pub runs slowly.
            if len(resent) > 2 * len(locations):
                problem(f"40 birth messages caused {len(resent)} discovery publishes (one resend is {len(locations)})")
            print(f"    birth flood: {len(resent)} discovery publishes", flush=True)
        elif fault == "disk-full":
            filler = os.path.join(state_dir, "filler")
            subprocess.run(["dd", "if=/dev/zero", f"of={filler}", "bs=64k"], capture_output=True)
            time.sleep(rng.uniform(20, 40))
            info = json.loads(broker.retained(f"{BASE}/bridge/info").get(f"{BASE}/bridge/info", "{}"))
            print(f"    disk full: bridge/info state_dir = {info.get('state_dir')}", flush=True)
            os.unlink(filler)
        time.sleep(rng.uniform(0.5, 3))

    # The end: a clean stop, then every figure.
    bridge.sample()
    samples = list(max(bridge.instances, key=len))
    bridge.stop("term")
    check_state_files(state_dir)
    watcher.stop()
    with watcher.lock:
        messages = list(watcher.messages)
    invalid = 0
    for _, _, topic, payload in messages:
        name = schema_for(topic)
        if SECRET in payload:
            problem(f"the secret on {topic}")
        if name and validate and payload and payload not in ("garbage", "{}", "\u00ff\u00fe", "null"):
            try:
                errors = validate(name, json.loads(payload))
            except ValueError as error:
                errors = [str(error)]
            if errors:
                invalid += 1
                if invalid <= 3:
                    problem(f"invalid payload on {topic}: {errors[:2]}")
    for log in bridge.logs:
        with open(log, errors="replace") as f:
            if SECRET in f.read():
                problem(f"the secret in {os.path.basename(log)}")
    for path in glob.glob(os.path.join(state_dir, "*")):
        with open(path, "rb") as f:
            if SECRET.encode() in f.read():
                problem(f"the secret in state file {os.path.basename(path)}")
    request_log.stopping = True
    time.sleep(0.3)
    requests = list(request_log.stamped)
    early = check_requests_due(requests, messages, locations)
    if len(samples) >= 4:
        warm = samples[len(samples) // 4]
        last = samples[-1]
        if last[0] > warm[0] * 1.5 + 4096:
            problem(f"memory grew from {warm[0]} kB to {last[0]} kB within one bridge instance")
        if last[1] > warm[1] + 8:
            problem(f"descriptors grew from {warm[1]} to {last[1]}")
    broker.kill()
    provider.process.kill()
    if tmpfs:
        subprocess.run(["umount", state_dir], capture_output=True)
    shutil.rmtree(folder, ignore_errors=True)

    elapsed = time.monotonic() - began
    restore = sorted(restore_times)
    print(f"chaos: seed {args.seed}, {elapsed:.0f} s, faults {json.dumps(counts, sort_keys=True)}")
    print(f"  first publish {first if first is None else round(first, 2)} s; broker restores {len(restore)}:"
          + (f" min {restore[0]:.2f} s, median {restore[len(restore) // 2]:.2f} s, max {restore[-1]:.2f} s" if restore else " none"))
    print(f"  messages seen {len(messages)}, invalid {invalid}; provider requests {len(requests)}, early {early}; bridge starts {len(bridge.logs)}")
    if samples:
        print(f"  longest-lived instance: RSS {samples[0][0]}..{max(s[0] for s in samples)} kB, descriptors {samples[0][1]}..{max(s[1] for s in samples)} ({len(samples)} samples)")
    if PROBLEMS:
        print(f"chaos: FAILED with {len(PROBLEMS)} violations (seed {args.seed})")
        return 1
    print("chaos: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
