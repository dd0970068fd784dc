extension TemplateWeather {
    /// `json_attributes_template` of the daily forecast sensor: `{"forecast": [item…]}` with one
    /// item per entry of `days`, in Home Assistant's forecast shape (`datetime`, `condition`,
    /// `temperature` = maximum, `templow` = minimum, …). Null values are left out rather than
    /// passed on as `None`; a key Home Assistant does not know would make it reject the whole
    /// forecast, so there is none.
    ///
    /// `datetime` is local noon of the day with the day's own UTC offset (from its sunrise, else
    /// the payload's `fetched_at`): a date alone would be read as UTC midnight, the previous day
    /// west of Greenwich, and noon stays on the right day across a daylight-saving change.
    static let dailyForecastTemplate: [String] = [
        "{%- set p = value_json if value_json is defined and value_json is mapping else {} -%}",
        "{%- set days = p.get('days') -%}",
        "{%- set fallback = (p.get('fetched_at') or '')[19:] -%}",
        "{%- set ns = namespace(forecast=[]) -%}",
        "{%- for d in (days if days is sequence and days is not string else []) if d is mapping and d.get('date') -%}",
        "{%- set item = {",
        "'datetime': d.get('date') ~ 'T12:00:00' ~ ((d.get('sunrise') or '')[19:] or fallback),",
        "'condition': d.get('condition'),",
        "'temperature': d.get('temperature_max'),",
        "'templow': d.get('temperature_min'),",
        "'apparent_temperature': d.get('apparent_temperature_max'),",
        "'precipitation': d.get('precipitation'),",
        "'precipitation_probability': d.get('precipitation_probability'),",
        "'wind_speed': d.get('wind_speed'),",
        "'wind_gust_speed': d.get('wind_gust'),",
        "'wind_bearing': d.get('wind_bearing'),",
        "'humidity': d.get('humidity'),",
        "'pressure': d.get('pressure'),",
        "'uv_index': d.get('uv_index')",
        "} -%}",
        "{%- set ns.forecast = ns.forecast + [dict(item | dictsort | rejectattr(1, 'none'))] -%}",
        "{%- endfor -%}",
        "{{ {'forecast': ns.forecast} | tojson }}",
    ]

    /// `json_attributes_template` of one hourly forecast sensor: one item per entry of `hours`
    /// in `part`'s range (`HourlyChunks`), so no sensor's attributes reach the recorder's limit.
    /// Our `precipitation` is an intensity (per hour); a forecast item holds the amount that
    /// falls in its interval, so it is multiplied by `interval_minutes / 60`.
    static func hourlyForecastTemplate(_ part: HourlyChunks.Part) -> [String] {
        [
            "{%- set p = value_json if value_json is defined and value_json is mapping else {} -%}",
            "{%- set listed = p.get('hours') -%}",
            "{%- set hours = listed[\(part.start):\(part.end)] if listed is sequence and listed is not string else [] -%}",
            "{%- set span = (p.get('interval_minutes') if p.get('interval_minutes') is number else 60) / 60 -%}",
            "{%- set ns = namespace(forecast=[]) -%}",
            "{%- for h in (hours if hours is sequence and hours is not string else []) if h is mapping and h.get('time') -%}",
            "{%- set rain = h.get('precipitation') -%}",
            "{%- set item = {",
            "'datetime': h.get('time'),",
            "'is_daytime': h.get('is_day'),",
            "'condition': h.get('condition'),",
            "'temperature': h.get('temperature'),",
            "'apparent_temperature': h.get('apparent_temperature'),",
            "'dew_point': h.get('dew_point'),",
            "'humidity': h.get('humidity'),",
            "'cloud_coverage': h.get('cloud_coverage'),",
            "'precipitation': (rain * span) | round(2) if rain is number else none,",
            "'precipitation_probability': h.get('precipitation_probability'),",
            "'pressure': h.get('pressure'),",
            "'wind_speed': h.get('wind_speed'),",
            "'wind_gust_speed': h.get('wind_gust'),",
            "'wind_bearing': h.get('wind_bearing'),",
            "'uv_index': h.get('uv_index')",
            "} -%}",
            "{%- set ns.forecast = ns.forecast + [dict(item | dictsort | rejectattr(1, 'none'))] -%}",
            "{%- endfor -%}",
            "{{ {'forecast': ns.forecast} | tojson }}",
        ]
    }
}
