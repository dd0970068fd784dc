#!/usr/bin/env python3
"""Partial and wrong-zone Open-Meteo answers, derived from dst_berlin_autumn_unixtime.json
(SOURCES.md): run from this folder. Deterministic."""
import json

src = json.load(open("dst_berlin_autumn_unixtime.json"))

# Daily values only: what /v1/forecast answers when only `daily=` is asked (or a model has no
# hourly data): no `current`, no `hourly`.
daily = {k: v for k, v in src.items() if k not in ("current", "current_units", "hourly", "hourly_units")}
json.dump(daily, open("daily_only_berlin_autumn_unixtime.json", "w"), indent=1)

# The same location answered in GMT (the request's `timezone=` dropped by a proxy): hours start
# at GMT midnight, days are GMT dates with GMT-day aggregates; sunrise/sunset are instants.
gmt = json.loads(json.dumps(src))
gmt["timezone"], gmt["timezone_abbreviation"], gmt["utc_offset_seconds"] = "GMT", "GMT", 0
hourly = gmt["hourly"]
first = next(i for i, t in enumerate(hourly["time"]) if t % 86400 == 0)
count = (len(hourly["time"]) - first) // 24 * 24
for key in hourly:
    hourly[key] = hourly[key][first:first + count]
days = sorted({t - t % 86400 for t in hourly["time"]})
d = gmt["daily"]
def day_values(day, key):
    return [v for t, v in zip(hourly["time"], hourly[key]) if day <= t < day + 86400 and v is not None]
new = {"time": days}
new["weather_code"] = [max(day_values(x, "weather_code")) for x in days]
new["temperature_2m_max"] = [max(day_values(x, "temperature_2m")) for x in days]
new["temperature_2m_min"] = [min(day_values(x, "temperature_2m")) for x in days]
new["precipitation_sum"] = [round(sum(day_values(x, "precipitation")), 1) for x in days]
new["sunrise"] = [next((s for s in d["sunrise"] if x <= s < x + 86400), None) for x in days]
new["sunset"] = [next((s for s in d["sunset"] if x <= s < x + 86400), None) for x in days]
gmt["daily"] = new
json.dump(gmt, open("gmt_answer_berlin_autumn_unixtime.json", "w"), indent=1)
