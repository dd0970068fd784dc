#!/usr/bin/env python3
"""The Python peer: a small Open-Meteo -> MQTT bridge of the kind users run today (paho-mqtt +
requests), written to do the same work as `weather2mqtt run` so that both can be measured
against the same loopback server and broker.

It reads weather2mqtt's own YAML configuration (mqtt.url, client_id, base_topic, state_dir,
providers.open-meteo.base_url, locations) and, like weather2mqtt:
  * asks Open-Meteo for the same variables (14 current, 15 hourly, 13 daily, 3 minutely_15,
    unixtime) with a requests.Session, at most 8 requests in flight (a thread pool of 8), and
    for `air_quality: true` locations the Air Quality API (16 hourly variables) once an hour;
  * normalises the answer into the same payloads: the envelope, `current` (with sunrise and
    sunset), `hourly` (48 hours from the current one), `daily` (7 days), `alerts`, `nowcast`
    (the quarter-hours), `air_quality` (48 hours), `status`,
    one flat topic per current field, and a Home Assistant device discovery document;
  * publishes everything retained with QoS 1 (MQTT 5), last will `offline` on
    `<base>/bridge/state`, `online` after connecting, `bridge/info`;
  * saves each location's state (the normalised forecast, times) and a request budget
    atomically (temporary file, fsync, rename) in state_dir.

Usage: peer_bridge.py --config FILE [--once]
WEATHER2MQTT_NOW=2026-01-15T12:00:00Z starts the clock at that instant, as for weather2mqtt.
"""

import argparse
import concurrent.futures
import datetime
import json
import os
import sys
import threading
import time
import zoneinfo

import paho.mqtt.client as mqtt
import requests
import yaml
from paho.mqtt.properties import Properties
from paho.mqtt.packettypes import PacketTypes

CURRENT = ["temperature_2m", "relative_humidity_2m", "apparent_temperature", "dew_point_2m", "is_day",
           "precipitation", "weather_code", "cloud_cover", "pressure_msl", "wind_speed_10m",
           "wind_direction_10m", "wind_gusts_10m", "visibility", "uv_index"]
AIR = ["european_aqi", "us_aqi", "pm2_5", "pm10", "nitrogen_dioxide", "ozone", "sulphur_dioxide", "carbon_monoxide",
       "dust", "uv_index", "alder_pollen", "birch_pollen", "grass_pollen", "mugwort_pollen", "olive_pollen",
       "ragweed_pollen"]
HOURLY = ["temperature_2m", "relative_humidity_2m", "apparent_temperature", "dew_point_2m", "is_day",
          "precipitation_probability", "precipitation", "weather_code", "cloud_cover", "pressure_msl",
          "wind_speed_10m", "wind_direction_10m", "wind_gusts_10m", "visibility", "uv_index"]
DAILY = ["weather_code", "temperature_2m_max", "temperature_2m_min", "apparent_temperature_max",
         "apparent_temperature_min", "sunrise", "sunset", "uv_index_max", "precipitation_sum",
         "precipitation_probability_max", "wind_speed_10m_max", "wind_gusts_10m_max",
         "wind_direction_10m_dominant"]
UNITS = {"temperature": "°C", "wind_speed": "km/h", "pressure": "hPa", "precipitation": "mm",
         "precipitation_intensity": "mm/h", "distance": "km"}
ATTRIBUTION = "Weather data by Open-Meteo.com (CC BY 4.0)"
COMPASS = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
WMO = {0: ("sunny", "Clear sky"), 1: ("sunny", "Mainly clear"), 2: ("partlycloudy", "Partly cloudy"),
       3: ("cloudy", "Overcast"), 45: ("fog", "Fog"), 48: ("fog", "Depositing rime fog"),
       51: ("rainy", "Light drizzle"), 53: ("rainy", "Drizzle"), 55: ("rainy", "Dense drizzle"),
       56: ("snowy-rainy", "Light freezing drizzle"), 57: ("snowy-rainy", "Freezing drizzle"),
       61: ("rainy", "Slight rain"), 63: ("rainy", "Rain"), 65: ("pouring", "Heavy rain"),
       66: ("snowy-rainy", "Light freezing rain"), 67: ("snowy-rainy", "Freezing rain"),
       71: ("snowy", "Slight snow"), 73: ("snowy", "Snow"), 75: ("snowy", "Heavy snow"),
       77: ("snowy", "Snow grains"), 80: ("rainy", "Slight showers"), 81: ("rainy", "Showers"),
       82: ("pouring", "Violent showers"), 85: ("snowy", "Snow showers"), 86: ("snowy", "Heavy snow showers"),
       95: ("lightning-rainy", "Thunderstorm"), 96: ("hail", "Thunderstorm with hail"),
       99: ("hail", "Thunderstorm with heavy hail")}
FALLING = {"rainy": "rain", "pouring": "rain", "lightning-rainy": "rain", "snowy": "snow",
           "snowy-rainy": "sleet", "hail": "hail"}
ENVELOPE = {"schema", "location", "provider", "attribution", "fetched_at", "expires_at", "units"}
SENSORS = [("temperature", "temperature", "°C"), ("apparent_temperature", "temperature", "°C"),
           ("dew_point", "temperature", "°C"), ("humidity", "humidity", "%"), ("pressure", "pressure", "hPa"),
           ("wind_speed", "wind_speed", "km/h"), ("wind_gust", "wind_speed", "km/h"),
           ("precipitation", "precipitation_intensity", "mm/h"), ("uv_index", None, None),
           ("visibility", "distance", "km"), ("cloud_coverage", None, "%")]


class Clock:
    def __init__(self):
        start = os.environ.get("WEATHER2MQTT_NOW")
        self.offset = 0.0
        if start:
            instant = datetime.datetime.fromisoformat(start.replace("Z", "+00:00")).timestamp()
            self.offset = instant - time.time()

    def now(self):
        return time.time() + self.offset


def iso(seconds, zone):
    return datetime.datetime.fromtimestamp(seconds, zone).isoformat(timespec="seconds")


def r1(value):
    return None if value is None else round(value, 1)


def r0(value):
    return None if value is None else round(value)


def reading(values, index, zone):
    def get(key):
        column = values.get(key)
        if index is None:
            return column
        return column[index] if column is not None and index < len(column) else None

    code = get("weather_code")
    condition, summary = WMO.get(code, (None, None)) if code is not None else (None, None)
    is_day = bool(get("is_day"))
    if condition == "sunny" and not is_day:
        condition = "clear-night"
    bearing = get("wind_direction_10m")
    bearing = None if bearing is None else round(bearing) % 360
    precipitation = get("precipitation")
    return {
        "time": iso(get("time"), zone), "condition": condition, "summary": summary,
        "provider_code": None if code is None else str(code), "is_day": is_day,
        "temperature": r1(get("temperature_2m")), "apparent_temperature": r1(get("apparent_temperature")),
        "dew_point": r1(get("dew_point_2m")), "humidity": r0(get("relative_humidity_2m")),
        "cloud_coverage": r0(get("cloud_cover")), "precipitation_probability": r0(get("precipitation_probability")),
        "pressure": r1(get("pressure_msl")), "wind_speed": r1(get("wind_speed_10m")),
        "wind_gust": r1(get("wind_gusts_10m")), "wind_bearing": bearing,
        "wind_direction": None if bearing is None else COMPASS[int((bearing + 11.25) // 22.5) % 16],
        "precipitation": r1(precipitation),
        "precipitation_type": FALLING.get(condition) if precipitation else None,
        "uv_index": r1(get("uv_index")),
        "visibility": None if get("visibility") is None else round(get("visibility") / 1000, 1),
    }


class Bridge:
    def __init__(self, config_path):
        with open(config_path, encoding="utf-8") as file:
            self.config = yaml.safe_load(file)
        mqtt_config = self.config.get("mqtt", {})
        url = mqtt_config.get("url", "mqtt://127.0.0.1:1883")
        host_port = url.split("://", 1)[1]
        self.host, port = (host_port.rsplit(":", 1) + ["1883"])[:2]
        self.port = int(port)
        self.base = mqtt_config.get("base_topic", "weather")
        self.state_dir = self.config.get("state_dir", "/var/lib/weather2mqtt")
        os.makedirs(self.state_dir, exist_ok=True)
        self.base_url = self.config["providers"]["open-meteo"]["base_url"].rstrip("/")
        self.air_url = self.config["providers"]["open-meteo"].get("air_quality_url", self.base_url).rstrip("/")
        self.air_next = {}
        self.locations = self.config["locations"]
        self.clock = Clock()
        self.session = requests.Session()
        adapter = requests.adapters.HTTPAdapter(pool_connections=1, pool_maxsize=8)
        self.session.mount("http://", adapter)
        self.session.mount("https://", adapter)
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=8)
        self.zones = {}
        self.next_poll = {location["id"]: 0.0 for location in self.locations}
        self.used_today = 0
        self.pending = []
        self.lock = threading.Lock()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2,
                                  client_id=mqtt_config.get("client_id", "peer") + "-peer",
                                  protocol=mqtt.MQTTv5)
        self.client.will_set(self.base + "/bridge/state", "offline", qos=1, retain=True)
        self.connected = threading.Event()
        self.client.on_connect = lambda *args: self.connected.set()

    def zone(self, name):
        if name not in self.zones:
            self.zones[name] = zoneinfo.ZoneInfo(name)
        return self.zones[name]

    def publish(self, topic, payload):
        if not isinstance(payload, (str, bytes)):
            payload = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
        info = self.client.publish(topic, payload, qos=1, retain=True)
        with self.lock:
            self.pending.append(info)

    def start(self):
        self.client.connect(self.host, self.port, keepalive=60)
        self.client.loop_start()
        if not self.connected.wait(10):
            sys.exit("broker unreachable")
        self.publish(self.base + "/bridge/state", "online")
        self.publish(self.base + "/bridge/info", {
            "version": "peer", "schema": 1,
            "started_at": iso(self.clock.now(), datetime.timezone.utc),
            "locations": [location["id"] for location in self.locations], "providers": ["open-meteo"]})
        for location in self.locations:
            self.publish("homeassistant/device/weather2mqtt_%s/config" % location["id"], self.discovery(location))

    def discovery(self, location):
        loc = location["id"]
        components = {}
        for field, device_class, unit in SENSORS:
            components[loc + "_" + field] = {
                "platform": "sensor", "name": field.replace("_", " ").capitalize(),
                "unique_id": "weather2mqtt_%s_%s" % (loc, field), "device_class": device_class,
                "unit_of_measurement": unit, "state_class": "measurement",
                "state_topic": "%s/%s/current" % (self.base, loc),
                "value_template": "{{ value_json.%s }}" % field}
        return {
            "device": {"identifiers": ["weather2mqtt_" + loc], "name": location.get("name", loc),
                       "manufacturer": "weather2mqtt", "model": "Open-Meteo"},
            "origin": {"name": "peer_bridge", "sw_version": "1"},
            "availability": [{"topic": self.base + "/bridge/state"}],
            "components": components}

    def fetch(self, location):
        params = {
            "latitude": "%.4f" % location["latitude"], "longitude": "%.4f" % location["longitude"],
            "current": ",".join(CURRENT), "hourly": ",".join(HOURLY), "daily": ",".join(DAILY),
            "minutely_15": "precipitation,precipitation_probability,weather_code", "forecast_minutely_15": 9,
            "timezone": location.get("timezone", "auto"), "timeformat": "unixtime", "forecast_days": 8}
        response = self.session.get(self.base_url + "/v1/forecast", params=params, timeout=(10, 30),
                                    headers={"User-Agent": "peer_bridge/1", "Accept": "application/json"})
        response.raise_for_status()
        return response.json()

    def fetch_air_quality(self, location):
        """The Air Quality API's hourly answer, at most once an hour (as weather2mqtt asks)."""
        if not location.get("air_quality") or self.clock.now() < self.air_next.get(location["id"], 0):
            return None
        params = {"latitude": "%.4f" % location["latitude"], "longitude": "%.4f" % location["longitude"],
                  "hourly": ",".join(AIR), "timezone": location.get("timezone", "auto"), "timeformat": "unixtime",
                  "forecast_days": 7}
        response = self.session.get(self.air_url + "/v1/air-quality", params=params, timeout=(10, 30),
                                    headers={"User-Agent": "peer_bridge/1", "Accept": "application/json"})
        response.raise_for_status()
        self.air_next[location["id"]] = self.clock.now() + 3600
        return response.json()

    def nowcast(self, envelope, answer, zone):
        block = answer.get("minutely_15") or {}
        steps = [{"time": iso(start, zone), "intensity": block["precipitation"][i] * 4,
                  "probability": block["precipitation_probability"][i],
                  "type": "rain" if block["precipitation"][i] else None}
                 for i, start in enumerate(block.get("time", []))]
        wet = [step for step in steps if step["intensity"] > 0]
        return dict(envelope, available=bool(steps), source="open-meteo minutely_15", interval_minutes=15,
                    window_end=steps[-1]["time"] if steps else None,
                    starts_at=wet[0]["time"] if wet else None, ends_at=None,
                    peak_intensity=max((step["intensity"] for step in steps), default=None), steps=steps)

    def air_quality(self, envelope, answer, zone):
        hourly = answer["hourly"]
        now = self.clock.now()
        hours = [dict({"time": iso(start, zone)}, **{key: hourly[key][i] for key in AIR})
                 for i, start in enumerate(hourly["time"]) if start + 3600 > now][:48]
        return dict(envelope, source="open-meteo air-quality", current=hours[0] if hours else None, hours=hours)

    def normalise(self, location, answer, fetched_at):
        zone = self.zone(location.get("timezone") or answer.get("timezone") or "UTC")
        now = self.clock.now()
        envelope = {
            "schema": 1,
            "location": {"id": location["id"], "name": location.get("name", location["id"]),
                         "latitude": location["latitude"], "longitude": location["longitude"],
                         "timezone": zone.key},
            "provider": "open-meteo", "attribution": ATTRIBUTION, "fetched_at": iso(fetched_at, zone),
            "expires_at": iso(fetched_at + 900, zone), "units": UNITS}
        daily = answer["daily"]
        current = dict(envelope, **reading(answer["current"], None, zone))
        if current["precipitation_probability"] is None:
            # Open-Meteo's current block has none: take the hour it falls in, as weather2mqtt does.
            times = answer["hourly"]["time"]
            hour = max((i for i, start in enumerate(times) if start <= answer["current"]["time"]), default=None)
            if hour is not None:
                current["precipitation_probability"] = r0(answer["hourly"]["precipitation_probability"][hour])
        current["sunrise"] = iso(daily["sunrise"][0], zone)
        current["sunset"] = iso(daily["sunset"][0], zone)
        hourly_values = answer["hourly"]
        hours = [reading(hourly_values, index, zone) for index, start in enumerate(hourly_values["time"])
                 if start + 3600 > now][:48]
        today = datetime.datetime.fromtimestamp(now, zone).date()
        days = []
        for index, start in enumerate(daily["time"]):
            date = datetime.datetime.fromtimestamp(start + 1, zone).date()
            if date < today or len(days) >= 7:
                continue
            code = daily["weather_code"][index]
            condition, summary = WMO.get(code, (None, None))
            bearing = daily["wind_direction_10m_dominant"][index]
            days.append({
                "date": date.isoformat(), "condition": condition, "summary": summary, "provider_code": str(code),
                "temperature_max": r1(daily["temperature_2m_max"][index]),
                "temperature_min": r1(daily["temperature_2m_min"][index]),
                "apparent_temperature_max": r1(daily["apparent_temperature_max"][index]),
                "apparent_temperature_min": r1(daily["apparent_temperature_min"][index]),
                "precipitation": r1(daily["precipitation_sum"][index]),
                "precipitation_probability": r0(daily["precipitation_probability_max"][index]),
                "precipitation_type": FALLING.get(condition) if daily["precipitation_sum"][index] else None,
                "wind_speed": r1(daily["wind_speed_10m_max"][index]),
                "wind_gust": r1(daily["wind_gusts_10m_max"][index]), "wind_bearing": round(bearing) % 360,
                "wind_direction": COMPASS[int((round(bearing) % 360 + 11.25) // 22.5) % 16],
                "humidity": None, "pressure": None, "uv_index": r1(daily["uv_index_max"][index]),
                "sunrise": iso(daily["sunrise"][index], zone), "sunset": iso(daily["sunset"][index], zone),
                "moon_phase": round(((start / 86400.0 - 10.6) / 29.530588) % 1, 2)})
        return {
            "current": current, "nowcast": self.nowcast(envelope, answer, zone), "envelope": envelope,
            "hourly": dict(envelope, interval_minutes=60, hours=hours),
            "daily": dict(envelope, days=days),
            "alerts": dict(envelope, alerts=[])}

    def save(self, name, value):
        path = os.path.join(self.state_dir, name)
        temporary = path + ".tmp"
        with open(temporary, "w", encoding="utf-8") as file:
            json.dump(value, file, ensure_ascii=False, separators=(",", ":"))
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)

    def refresh_one(self, location):
        fetched_at = self.clock.now()
        answer = self.fetch(location)
        payloads = self.normalise(location, answer, fetched_at)
        air = self.fetch_air_quality(location)
        if air is not None:
            payloads["air_quality"] = self.air_quality(payloads["envelope"], air, self.zone(
                location.get("timezone") or "UTC"))
        del payloads["envelope"]
        return location, payloads, fetched_at

    def status(self, location, fetched_at):
        zone = self.zone(location.get("timezone") or "UTC")
        return {"location": location["id"], "state": "ok", "provider": "open-meteo",
                "last_success": iso(fetched_at, zone), "last_attempt": iso(fetched_at, zone),
                "next_poll": iso(self.next_poll[location["id"]], zone), "consecutive_failures": 0,
                "last_error": None, "quota": {"open-meteo": {"used_today": self.used_today, "budget": 8000}}}

    def refresh_due(self):
        now = self.clock.now()
        due = [location for location in self.locations if self.next_poll[location["id"]] <= now]
        if not due:
            return
        for location, payloads, fetched_at in self.pool.map(self.refresh_one, due):
            loc = location["id"]
            self.used_today += 5
            self.next_poll[loc] = fetched_at + 60
            for kind in ("current", "hourly", "daily", "alerts", "nowcast", "air_quality"):
                if kind in payloads:
                    self.publish("%s/%s/%s" % (self.base, loc, kind), payloads[kind])
            for field, value in payloads["current"].items():
                if field in ENVELOPE:
                    continue
                text = "" if value is None else (("true" if value else "false") if isinstance(value, bool)
                                                 else str(value))
                self.publish("%s/%s/current/%s" % (self.base, loc, field), text)
            self.save("location-%s.json" % loc, {"fetched_at": fetched_at, "next_poll": self.next_poll[loc],
                                                 "forecast": payloads})
            self.publish("%s/%s/status" % (self.base, loc), self.status(location, fetched_at))
        self.save("budget.json", {"used": {"open-meteo": self.used_today}})

    def wait_published(self):
        with self.lock:
            pending, self.pending = self.pending, []
        for info in pending:
            info.wait_for_publish(10)

    def stop(self):
        self.client.publish(self.base + "/bridge/state", "offline", qos=1, retain=True).wait_for_publish(5)
        self.client.disconnect()
        self.client.loop_stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", required=True)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()
    bridge = Bridge(args.config)
    bridge.start()
    try:
        while True:
            bridge.refresh_due()
            bridge.wait_published()
            if args.once:
                break
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        bridge.stop()


if __name__ == "__main__":
    main()
