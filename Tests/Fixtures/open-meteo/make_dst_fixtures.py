#!/usr/bin/env python3
"""Builds Open-Meteo answers that span a daylight-saving change (CONSTRUCTED fixtures).

The structure (keys, *_units, value types) follows the real recordings in this directory
(`forecast_current_hourly_daily_newyork_iso8601.json`, `..._legacy_unixtime_munich.json`);
the time stamps follow what the live API does (open-meteo issues #261, #1545, #1764): every
local time of an answer uses the one UTC offset valid when it was asked, so after a change
the daily unixtime stamps are 23:00 (or 01:00) of the neighbouring day and ISO 8601 texts
are an hour off the wall clock.

Values encode their position so tests can check where each lands: hourly temperature_2m is
0.1 x the index of the hour, daily temperature_2m_max is 10 + the index of the day.
Run: python3 make_dst_fixtures.py   (writes the dst_*.json files next to it)
"""
import json, os
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

CASES = [
    # name, zone, lat, lon, asked (local date), days
    ("dst_berlin_autumn", "Europe/Berlin", 52.52, 13.41, "2026-10-22", 7),
    ("dst_berlin_spring", "Europe/Berlin", 52.52, 13.41, "2026-03-26", 7),
    ("dst_sydney_autumn", "Australia/Sydney", -33.87, 151.21, "2026-04-02", 7),
    ("dst_sydney_spring", "Australia/Sydney", -33.87, 151.21, "2026-10-01", 7),
]

def build(name, zone, lat, lon, asked, days, timeformat, with_current):
    tz = ZoneInfo(zone)
    asked_local = datetime.fromisoformat(asked + "T10:00").replace(tzinfo=tz)
    offset = int(asked_local.utcoffset().total_seconds())
    fixed = timezone(timedelta(seconds=offset))
    start = datetime.fromisoformat(asked + "T00:00").replace(tzinfo=fixed)
    def stamp(moment, date_only=False):
        if timeformat == "unixtime":
            return int(moment.timestamp())
        text = moment.astimezone(fixed).strftime("%Y-%m-%d" if date_only else "%Y-%m-%dT%H:%M")
        return text
    hours = [start + timedelta(hours=i) for i in range(days * 24)]
    def is_day(moment):
        local_hour = moment.astimezone(fixed).hour
        return 1 if 7 <= local_hour < 18 else 0
    body = {
        "latitude": lat, "longitude": lon, "generationtime_ms": 0.5, "utc_offset_seconds": offset,
        "timezone": zone, "timezone_abbreviation": asked_local.tzname(), "elevation": 38.0,
    }
    if with_current:
        now = asked_local.replace(minute=15)
        body["current_units"] = {"time": timeformat, "interval": "seconds", "temperature_2m": "°C",
                                 "weather_code": "wmo code", "is_day": ""}
        body["current"] = {"time": stamp(now), "interval": 900, "temperature_2m": 12.3,
                           "weather_code": 2, "is_day": 1}
    body["hourly_units"] = {"time": timeformat, "temperature_2m": "°C", "precipitation": "mm",
                            "weather_code": "wmo code", "wind_speed_10m": "km/h", "is_day": ""}
    body["hourly"] = {
        "time": [stamp(h) for h in hours],
        "temperature_2m": [round(i * 0.1, 1) for i in range(len(hours))],
        "precipitation": [0.0 for _ in hours],
        "weather_code": [3 if i % 5 else 61 for i in range(len(hours))],
        "wind_speed_10m": [round(5 + (i % 7), 1) for i in range(len(hours))],
        "is_day": [is_day(h) for h in hours],
    }
    day_starts = [start + timedelta(days=i) for i in range(days)]
    body["daily_units"] = {"time": timeformat, "weather_code": "wmo code", "temperature_2m_max": "°C",
                           "temperature_2m_min": "°C", "sunrise": timeformat, "sunset": timeformat,
                           "precipitation_sum": "mm"}
    body["daily"] = {
        "time": [stamp(d, date_only=True) for d in day_starts],
        "weather_code": [3 for _ in day_starts],
        "temperature_2m_max": [10.0 + i for i in range(days)],
        "temperature_2m_min": [1.0 + i for i in range(days)],
        "sunrise": [stamp(d + timedelta(hours=7, minutes=30)) for d in day_starts],
        "sunset": [stamp(d + timedelta(hours=18, minutes=10)) for d in day_starts],
        "precipitation_sum": [0.0 for _ in day_starts],
    }
    return body

here = os.path.dirname(os.path.abspath(__file__))
for name, zone, lat, lon, asked, days in CASES:
    for timeformat in ("unixtime", "iso8601"):
        body = build(name, zone, lat, lon, asked, days, timeformat, with_current=True)
        with open(os.path.join(here, f"{name}_{timeformat}.json"), "w") as f:
            json.dump(body, f, ensure_ascii=False, separators=(",", ":"))
body = build(*CASES[0], "unixtime", with_current=False)
with open(os.path.join(here, "dst_berlin_autumn_unixtime_no_current.json"), "w") as f:
    json.dump(body, f, ensure_ascii=False, separators=(",", ":"))
