#!/usr/bin/env python3
"""Writes the Open-Meteo answers the benchmarks serve: exactly the variables weather2mqtt asks
for (14 current, 15 hourly for 8 days, 13 daily, 3 minutely_15 for the nowcast's 9
quarter-hours with rain starting in the second hour), unixtime, Europe/Berlin, starting at
local midnight of 2026-01-15 (the benchmarks run with WEATHER2MQTT_NOW=2026-01-15T12:00:00Z);
and, beside it (OUT with -air-quality before .json), the Air Quality API's answer: the 16
hourly variables for 7 days.

The recorded fixtures in Tests/Fixtures hold fewer variables than the bridge requests, so
this deterministic, full-size answer stands in for a real one. Values follow a smooth daily
cycle; nothing random, so every run serves the same bytes.

Usage: make_openmeteo_answer.py OUT.json   (writes OUT.json and OUT-air-quality.json)
"""

import json
import math
import sys

START = 1768431600  # 2026-01-15T00:00:00+01:00
HOURS = 8 * 24
CODES = [0, 1, 2, 3, 45, 61, 63, 71, 80, 95]


def hour_values(i):
    t = START + i * 3600
    phase = 2 * math.pi * ((i % 24) - 15) / 24
    temp = round(2.0 + 5.0 * math.cos(phase) + (i // 24) * 0.3, 1)
    code = CODES[(i * 7) % len(CODES)]
    rain = round(max(0.0, math.sin(i / 5.0)) * 1.4, 1) if code >= 61 else 0.0
    return {
        "time": t,
        "temperature_2m": temp,
        "relative_humidity_2m": 60 + (i * 13) % 35,
        "apparent_temperature": round(temp - 2.7, 1),
        "dew_point_2m": round(temp - 4.2, 1),
        "is_day": 1 if 8 <= (i % 24) < 17 else 0,
        "precipitation_probability": (i * 11) % 100,
        "precipitation": rain,
        "weather_code": code,
        "cloud_cover": (i * 17) % 101,
        "pressure_msl": round(1013.2 + 6 * math.sin(i / 30.0), 1),
        "wind_speed_10m": round(8 + 6 * abs(math.sin(i / 7.0)), 1),
        "wind_direction_10m": (i * 29) % 360,
        "wind_gusts_10m": round(18 + 9 * abs(math.sin(i / 6.0)), 1),
        "visibility": 24140.0 - (i * 130) % 9000,
        "uv_index": round(max(0.0, 2.5 * math.sin(math.pi * ((i % 24) - 8) / 9)), 2) if 8 <= (i % 24) < 17 else 0.0,
    }


def main():
    rows = [hour_values(i) for i in range(HOURS)]
    hourly_keys = [k for k in rows[0] if k != "time"]
    hourly = {"time": [r["time"] for r in rows]}
    for key in hourly_keys:
        hourly[key] = [r[key] for r in rows]
    days = []
    for d in range(8):
        day_rows = rows[d * 24:(d + 1) * 24]
        days.append({
            "time": START + d * 86400,
            "weather_code": max(r["weather_code"] for r in day_rows),
            "temperature_2m_max": max(r["temperature_2m"] for r in day_rows),
            "temperature_2m_min": min(r["temperature_2m"] for r in day_rows),
            "apparent_temperature_max": max(r["apparent_temperature"] for r in day_rows),
            "apparent_temperature_min": min(r["apparent_temperature"] for r in day_rows),
            "sunrise": START + d * 86400 + 8 * 3600 + 5 * 60 - d * 60,
            "sunset": START + d * 86400 + 16 * 3600 + 23 * 60 + d * 90,
            "uv_index_max": max(r["uv_index"] for r in day_rows),
            "precipitation_sum": round(sum(r["precipitation"] for r in day_rows), 1),
            "precipitation_probability_max": max(r["precipitation_probability"] for r in day_rows),
            "wind_speed_10m_max": max(r["wind_speed_10m"] for r in day_rows),
            "wind_gusts_10m_max": max(r["wind_gusts_10m"] for r in day_rows),
            "wind_direction_10m_dominant": day_rows[12]["wind_direction_10m"],
        })
    daily = {"time": [d["time"] for d in days]}
    for key in [k for k in days[0] if k != "time"]:
        daily[key] = [d[key] for d in days]
    now = rows[12]
    current = {"time": START + 13 * 3600, "interval": 900}
    for key in ["temperature_2m", "relative_humidity_2m", "apparent_temperature", "dew_point_2m", "is_day",
                "precipitation", "weather_code", "cloud_cover", "pressure_msl", "wind_speed_10m",
                "wind_direction_10m", "wind_gusts_10m", "visibility", "uv_index"]:
        current[key] = now[key]
    units = {"time": "unixtime", "interval": "seconds", "temperature_2m": "°C", "relative_humidity_2m": "%",
             "apparent_temperature": "°C", "dew_point_2m": "°C", "is_day": "", "precipitation_probability": "%",
             "precipitation": "mm", "weather_code": "wmo code", "cloud_cover": "%", "pressure_msl": "hPa",
             "wind_speed_10m": "km/h", "wind_direction_10m": "°", "wind_gusts_10m": "km/h", "visibility": "m",
             "uv_index": ""}
    daily_units = {"time": "unixtime", "weather_code": "wmo code", "temperature_2m_max": "°C",
                   "temperature_2m_min": "°C", "apparent_temperature_max": "°C",
                   "apparent_temperature_min": "°C", "sunrise": "unixtime", "sunset": "unixtime",
                   "uv_index_max": "", "precipitation_sum": "mm", "precipitation_probability_max": "%",
                   "wind_speed_10m_max": "km/h", "wind_gusts_10m_max": "km/h", "wind_direction_10m_dominant": "°"}
    # the nowcast: from 12:00Z (13:00 local) on, dry for 45 minutes, then light to moderate rain
    quarter = START + 13 * 3600
    minutely = {"time": [quarter + 900 * q for q in range(9)],
                "precipitation": [0.0, 0.0, 0.0, 0.1, 0.3, 0.6, 0.4, 0.2, 0.1],
                "precipitation_probability": [5, 10, 20, 45, 70, 80, 75, 60, 40],
                "weather_code": [3, 3, 3, 61, 61, 63, 61, 61, 61]}
    minutely_units = {"time": "unixtime", "precipitation": "mm", "precipitation_probability": "%",
                      "weather_code": "wmo code"}
    answer = {
        "latitude": 52.52, "longitude": 13.419998, "generationtime_ms": 0.42, "utc_offset_seconds": 3600,
        "timezone": "Europe/Berlin", "timezone_abbreviation": "GMT+1", "elevation": 38.0,
        "current_units": {k: units[k] for k in current}, "current": current,
        "hourly_units": {k: units[k] for k in hourly}, "hourly": hourly,
        "daily_units": daily_units, "daily": daily,
        "minutely_15_units": minutely_units, "minutely_15": minutely,
    }
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        json.dump(answer, out, ensure_ascii=False, separators=(",", ":"))
    with open(sys.argv[1].replace(".json", "-air-quality.json"), "w", encoding="utf-8") as out:
        json.dump(air_quality(), out, ensure_ascii=False, separators=(",", ":"))


AIR_UNITS = {"european_aqi": "EAQI", "us_aqi": "USAQI", "pm2_5": "μg/m³", "pm10": "μg/m³",
             "nitrogen_dioxide": "μg/m³", "ozone": "μg/m³", "sulphur_dioxide": "μg/m³",
             "carbon_monoxide": "μg/m³", "dust": "μg/m³", "uv_index": "", "alder_pollen": "grains/m³",
             "birch_pollen": "grains/m³", "grass_pollen": "grains/m³", "mugwort_pollen": "grains/m³",
             "olive_pollen": "grains/m³", "ragweed_pollen": "grains/m³"}


def air_quality():
    """The Air Quality API's answer for 7 days of hours (what weather2mqtt asks for)."""
    hours = 7 * 24
    hourly = {"time": [START + i * 3600 for i in range(hours)]}
    for n, key in enumerate(AIR_UNITS):
        scale = 4 + n * 3
        hourly[key] = [round(scale * (1.2 + math.sin(i / 9.0 + n)), 1) for i in range(hours)]
    hourly["european_aqi"] = [int(v) for v in hourly["european_aqi"]]
    hourly["us_aqi"] = [int(v) for v in hourly["us_aqi"]]
    return {"latitude": 52.5, "longitude": 13.4, "generationtime_ms": 0.31, "utc_offset_seconds": 3600,
            "timezone": "Europe/Berlin", "timezone_abbreviation": "GMT+1", "elevation": 38.0,
            "hourly_units": dict({"time": "unixtime"}, **AIR_UNITS), "hourly": hourly}


if __name__ == "__main__":
    main()
