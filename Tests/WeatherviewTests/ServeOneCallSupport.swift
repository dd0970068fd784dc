import Foundation
import TestSupport

/// What the One Call tests compare: JSON documents reduced to their shape, and Munich's payloads.
enum OneCallShape {
    /// Every path of `documents` (`current.weather[].id`, arrays as `[]`) with the JSON types it
    /// has in any of them: `object`, `array`, `string`, `int`, `float`, `bool`, `null`. Python's
    /// `json` tells `1016` (int) from `1016.0` (float), as ArduinoJson does.
    static func of(_ documents: [String]) throws -> [String: Set<String>] {
        let script = """
            import json, sys
            out = {}
            def walk(v, path):
                kind = ('object' if isinstance(v, dict) else 'array' if isinstance(v, list) else 'null' if v is None
                        else 'bool' if isinstance(v, bool) else 'int' if isinstance(v, int)
                        else 'float' if isinstance(v, float) else 'string')
                out.setdefault(path or '$', set()).add(kind)
                if isinstance(v, dict):
                    for k, x in v.items(): walk(x, (path + '.' if path else '') + k)
                elif isinstance(v, list):
                    for x in v: walk(x, path + '[]')
            for document in json.load(sys.stdin): walk(document, '')
            print(json.dumps({k: sorted(v) for k, v in out.items()}))
            """
        let output = try Python.run(script, input: "[" + documents.joined(separator: ",") + "]")
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: [String]] ?? [:]
        return object.mapValues(Set.init)
    }

    /// The recorded One Call 3.0 answers (`Tests/Fixtures/openweathermap`): New York (metric,
    /// 2026, daily summaries), Phoenix (standard, 2023, an alert) and Munich (hourly rain).
    static var recordings: [String] {
        [
            "onecall3_full_newyork_metric.json", "onecall3_full_phoenix_standard_2023.json",
            "onecall_hourly_only_munich.json",
        ]
        .map { String(decoding: Fixtures.bytes("openweathermap", $0), as: UTF8.self) }
    }
}

/// Munich's `air_quality` payload as the bridge publishes it (every key, `null` where Open-Meteo
/// has no value): the hour containing the clock's now and the next two.
enum RecordedAirQuality {
    static let location =
        #"{"id":"munich","name":"Munich","latitude":48.14,"longitude":11.58,"timezone":"Europe/Berlin"}"#

    static func sample(_ time: String, pm2_5: Double, ozone: Double, carbonMonoxide: Double) -> String {
        #"{"time":"\#(time)","european_aqi":38,"us_aqi":51,"pm2_5":\#(pm2_5),"pm10":18.4,"#
            + #""nitrogen_dioxide":21.7,"ozone":\#(ozone),"sulphur_dioxide":1.9,"carbon_monoxide":\#(carbonMonoxide),"#
            + #""dust":0,"uv_index":1.2,"alder_pollen":null,"birch_pollen":null,"grass_pollen":null,"#
            + #""mugwort_pollen":null,"olive_pollen":null,"ragweed_pollen":null,"provider_index":null}"#
    }

    /// The three hours from 16:00.
    static let hours = [
        sample("2026-02-07T16:00:00+01:00", pm2_5: 12.3, ozone: 55.1, carbonMonoxide: 212.4),
        sample("2026-02-07T17:00:00+01:00", pm2_5: 14.8, ozone: 48.0, carbonMonoxide: 230),
        sample("2026-02-07T18:00:00+01:00", pm2_5: 27.5, ozone: 40.2, carbonMonoxide: 251.9),
    ]

    /// The day before: 24 hours from 16:00 on 6 February, as the bridge's `past_hours`.
    static let pastHours = (0..<24).map { hour in
        let day = hour < 8 ? "06" : "07"
        let clock = (16 + hour) % 24
        return sample(
            "2026-02-\(day)T\(clock < 10 ? "0" : "")\(clock):00:00+01:00", pm2_5: Double(hour), ozone: 50,
            carbonMonoxide: 200)
    }

    static var payload: String { payload(hours, past: pastHours) }

    /// A payload of `hours`, the first of them `current`, after `past` (none: a bridge before 0.2.0).
    static func payload(_ hours: [String], past: [String] = []) -> String {
        #"{"schema":1,"location":\#(location),"provider":"open-meteo","#
            + #""attribution":"Air quality by Open-Meteo.com (CC BY 4.0)","fetched_at":"2026-02-07T16:05:00+01:00","#
            + #""expires_at":"2026-02-07T17:05:00+01:00","units":{"temperature":"°C","wind_speed":"km/h","#
            + #""pressure":"hPa","precipitation":"mm","precipitation_intensity":"mm/h","distance":"km"},"#
            + #""source":"open-meteo air-quality","provider_index_scale":null,"current":\#(hours[0]),"#
            + #""past_hours":[\#(past.joined(separator: ","))],"hours":[\#(hours.joined(separator: ","))],"days":[]}"#
    }
}
