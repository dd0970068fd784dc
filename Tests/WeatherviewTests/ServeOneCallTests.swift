import Foundation
import TestSupport
import Testing

/// `serve` answering as OpenWeatherMap's One Call 3.0 and Air Pollution APIs, for displays that
/// call OpenWeatherMap themselves (lmarzen/esp32-weather-epd with `OWM_ENDPOINT` and `USE_HTTP`):
/// real HTTP to a real `weatherview serve` fed by retained payloads on a real mosquitto.
@Suite("Serve: One Call 3.0", .serialized)
struct ServeOneCallTests {
    /// esp32-weather-epd's request (`client_utils.cpp`: `getOWMonecall`) for Munich's point.
    static let esp32Request =
        "/data/3.0/onecall?lat=48.1372&lon=11.5756&lang=en&units=standard&exclude=minutely&appid=k"

    /// Every key lmarzen/esp32-weather-epd reads (`src/api_response.cpp`, `deserializeOneCall`, at
    /// b245b760) with what its ArduinoJson `as<…>()` wants: `int` (`as<int>`, `as<int64_t>`),
    /// `number` (`as<float>`) or `string` (`as<const char *>`).
    static let esp32Keys: [(String, String)] = {
        let reading: [(String, String)] = [
            ("temp", "number"), ("feels_like", "number"), ("pressure", "int"), ("humidity", "int"),
            ("dew_point", "number"), ("clouds", "int"), ("uvi", "number"), ("visibility", "int"),
            ("wind_speed", "number"), ("wind_gust", "number"), ("wind_deg", "int"), ("weather[].id", "int"),
            ("weather[].main", "string"), ("weather[].description", "string"), ("weather[].icon", "string"),
        ]
        var keys: [(String, String)] = [
            ("lat", "number"), ("lon", "number"), ("timezone", "string"), ("timezone_offset", "int"),
            ("current.dt", "int"), ("current.sunrise", "int"), ("current.sunset", "int"), ("hourly[].dt", "int"),
            ("hourly[].pop", "number"), ("hourly[].rain.1h", "number"),
        ]
        keys += reading.map { ("current." + $0.0, $0.1) } + reading.map { ("hourly[]." + $0.0, $0.1) }
        keys += [
            ("current.rain.1h", "number"), ("current.snow.1h", "number"), ("hourly[].snow.1h", "number"),
            ("daily[].dt", "int"), ("daily[].sunrise", "int"), ("daily[].sunset", "int"),
            ("daily[].moonrise", "int"), ("daily[].moonset", "int"), ("daily[].dew_point", "number"),
            ("daily[].clouds", "int"), ("daily[].visibility", "int"), ("alerts[].tags[]", "string"),
            ("daily[].moon_phase", "number"), ("daily[].pressure", "int"), ("daily[].humidity", "int"),
            ("daily[].uvi", "number"), ("daily[].wind_speed", "number"), ("daily[].wind_gust", "number"),
            ("daily[].wind_deg", "int"), ("daily[].pop", "number"), ("daily[].rain", "number"),
            ("daily[].snow", "number"), ("alerts[].event", "string"), ("alerts[].start", "int"),
            ("alerts[].end", "int"),
        ]
        keys += ["morn", "day", "eve", "night", "min", "max"].map { ("daily[].temp." + $0, "number") }
        keys += ["morn", "day", "eve", "night"].map { ("daily[].feels_like." + $0, "number") }
        keys += ["id", "main", "description", "icon"].map { ("daily[].weather[]." + $0, $0 == "id" ? "int" : "string") }
        return keys
    }()

    /// What esp32-weather-epd reads that the answer leaves out, and why: OpenWeatherMap too leaves
    /// out `rain`/`snow` while nothing falls (none now, no snow in Munich's hours); the payloads
    /// have no daily dew point, clouds or visibility (OpenWeatherMap has no daily visibility
    /// either); an alert's `tags` is `[]` (no hazard categories in §4).
    static let notGiven: Set<String> = [
        "current.rain.1h", "current.snow.1h", "hourly[].snow.1h", "daily[].dew_point", "daily[].clouds",
        "daily[].visibility", "alerts[].tags[]",
    ]

    @Test("esp32-weather-epd's request: every key its api_response.cpp reads, with the JSON type it converts")
    func esp32Keys() throws {
        let serve = try ServeFixture()
        let answer = try HTTPCall.run(serve.url(Self.esp32Request))
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
        let shape = try OneCallShape.of([answer.text])
        for (path, kind) in Self.esp32Keys where !Self.notGiven.contains(path) {
            let types = shape[path] ?? []
            let fits = kind == "number" ? !types.isEmpty && types.isSubset(of: ["int", "float"]) : types == [kind]
            #expect(fits, "\(path): \(types.sorted()) where esp32-weather-epd reads \(kind)")
        }
        for path in Self.notGiven { #expect(shape[path] == nil, "\(path) is given after all: take it off notGiven") }
        #expect(shape["minutely"] == nil)
        #expect((answer.json["hourly"] as? [Any])?.count == 48)
        #expect((answer.json["daily"] as? [Any])?.count == 7)
        // The expired warning is not repeated; the two others are, most severe first.
        let alerts = answer.json["alerts"] as? [[String: Any]] ?? []
        #expect(alerts.map { $0["event"] as? String } == ["Severe gale gusts", "Frost"])
        #expect(alerts.first?["sender_name"] as? String == "Deutscher Wetterdienst")
        #expect((alerts.first?["tags"] as? [Any])?.isEmpty == true)
        let origin = answer.json["weather2mqtt"] as? [String: Any] ?? [:]
        #expect(origin["location"] as? String == "munich" && origin["provider"] as? String == "open-meteo")
        #expect(origin["attribution"] as? String == "Weather data by Open-Meteo.com (CC BY 4.0)")

        // The bridge blends the user's station into `current`: its next payload is the next answer's now.
        var current =
            (try JSONSerialization.jsonObject(with: Data((RetainedWeather.munich["current"] ?? "").utf8))
                as? [String: Any]) ?? [:]
        current["temperature"] = 9.3
        current["sources"] = ["temperature": "station:roof", "humidity": "open-meteo"]
        current["rain_today"] = 1.2
        let blended = try JSONSerialization.data(withJSONObject: current, options: [.sortedKeys])
        try serve.broker.publish("weather/munich/current", String(decoding: blended, as: UTF8.self), retain: true)
        #expect(
            try waitUntil {
                let next = try HTTPCall.run(serve.url(Self.esp32Request))
                return (next.json["current"] as? [String: Any])?["temp"] as? Double == 282.45
            })
    }

    @Test("a strict reader of One Call 3.0 written from the recordings: every key and JSON type ours has, theirs has")
    func strictShape() throws {
        let serve = try ServeFixture()
        let answer = try HTTPCall.run(serve.url("/data/3.0/onecall?lat=48.14&lon=11.58"))
        #expect(answer.status == 200, "\(answer.text)")
        var recorded = try OneCallShape.of(OneCallShape.recordings)
        // Documented (openweathermap.org/api/one-call-3, "where available") but in no recording,
        // whose current reading was calm and dry: OpenWeatherMap writes them as the hourly ones.
        for key in ["wind_gust", "rain", "rain.1h", "snow", "snow.1h"] {
            recorded["current." + key] = recorded["hourly[]." + key]
        }
        let ours = try OneCallShape.of([answer.text])
        // Ours: nothing OpenWeatherMap does not have, but for our own credit.
        let extras: Set<String> = ["alerts[].attribution"]
        for (path, types) in ours where !path.hasPrefix("weather2mqtt") && !extras.contains(path) {
            let theirs = recorded[path] ?? []
            #expect(!theirs.isEmpty, "\(path) is not in any recorded answer")
            for type in types {
                // An integral value where OpenWeatherMap writes decimals is the same number to every reader.
                let fits = theirs.contains(type) || type == "int" && theirs.contains("float")
                #expect(fits, "\(path) is \(type), recorded \(theirs.sorted())")
            }
        }
        // Theirs: every key is in ours, but for what the payloads cannot fill.
        let cannot: Set<String> = [
            "minutely", "minutely[]", "minutely[].dt", "minutely[].precipitation",
            "daily[].dew_point", "daily[].clouds", "alerts[].tags[]",
            // What falls: nothing in Munich's now, no snow in its hours.
            "current.rain", "current.rain.1h", "current.snow", "current.snow.1h", "hourly[].snow", "hourly[].snow.1h",
        ]
        for path in recorded.keys.sorted() where !cannot.contains(path) {
            #expect(ours[path] != nil, "\(path) of the recordings is missing")
        }
    }

    @Test("values are the bridge's published ones, converted exactly: standard (K, m/s), metric, imperial (°F, mph)")
    func values() throws {
        let serve = try ServeFixture()
        let published = RetainedWeather.munich.mapValues {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:]
        }
        let current = published["current"] ?? [:]
        let hours = published["hourly"]?["hours"] as? [[String: Any]] ?? []
        let days = published["daily"]?["days"] as? [[String: Any]] ?? []
        func unix(_ text: Any?) -> Double? {
            (text as? String).flatMap { ISO8601DateFormatter().date(from: $0) }?.timeIntervalSince1970
        }
        func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }
        func close(_ ours: Any?, _ expected: Double?, _ what: String) {
            guard let ours = number(ours), let expected else {
                Issue.record("\(what): \(String(describing: ours)), expected \(String(describing: expected))")
                return
            }
            // Rounded to two decimals, as OpenWeatherMap writes them.
            #expect(abs(ours - expected) <= 0.005 + 1e-9, "\(what): \(ours), expected \(expected)")
        }
        let conversions: [(String, (Double) -> Double, (Double) -> Double)] = [
            ("standard", { $0 + 273.15 }, { $0 / 3.6 }), ("metric", { $0 }, { $0 / 3.6 }),
            ("imperial", { $0 * 9 / 5 + 32 }, { $0 / 1.609344 }),
        ]
        for (units, temperature, speed) in conversions {
            let answer = try HTTPCall.run(serve.url("/data/3.0/onecall?lat=48.14&lon=11.58&units=\(units)"))
            #expect(answer.status == 200)
            let json = answer.json
            #expect(json["timezone"] as? String == "Europe/Berlin" && number(json["timezone_offset"]) == 3600)
            #expect(number(json["lat"]) == 48.14 && number(json["lon"]) == 11.58)
            let now = json["current"] as? [String: Any] ?? [:]
            #expect(number(now["dt"]) == unix(current["time"]))
            #expect(
                number(now["sunrise"]) == unix(current["sunrise"]) && number(now["sunset"]) == unix(current["sunset"]))
            for (ours, theirs) in [
                ("temp", "temperature"), ("feels_like", "apparent_temperature"), ("dew_point", "dew_point"),
            ] {
                close(now[ours], number(current[theirs]).map(temperature), "\(units) current.\(ours)")
            }
            close(now["wind_speed"], number(current["wind_speed"]).map(speed), "\(units) current.wind_speed")
            close(now["wind_gust"], number(current["wind_gust"]).map(speed), "\(units) current.wind_gust")
            #expect(number(now["pressure"]) == number(current["pressure"])?.rounded())
            #expect(number(now["humidity"]) == number(current["humidity"]) && number(now["clouds"]) == 40)
            #expect(number(now["wind_deg"]) == number(current["wind_bearing"]) && number(now["uvi"]) == 1.2)
            // 24.1 km: OpenWeatherMap's visibility stops at 10 km.
            #expect(number(now["visibility"]) == 10000)
            let weather = (now["weather"] as? [[String: Any]])?.first ?? [:]
            #expect(weather["id"] as? Int == 802 && weather["main"] as? String == "Clouds")
            #expect(weather["icon"] as? String == "03d" && weather["description"] as? String == "scattered clouds")

            let hourly = json["hourly"] as? [[String: Any]] ?? []
            #expect(hourly.count == hours.count)
            for (index, (ours, theirs)) in zip(hourly, hours).enumerated() {
                #expect(number(ours["dt"]) == unix(theirs["time"]))
                close(ours["temp"], number(theirs["temperature"]).map(temperature), "\(units) hourly[\(index)].temp")
                close(ours["wind_speed"], number(theirs["wind_speed"]).map(speed), "\(units) hourly[\(index)].wind")
                close(ours["pop"], number(theirs["precipitation_probability"]).map { $0 / 100 }, "hourly pop")
                let rain = (ours["rain"] as? [String: Any])?["1h"]
                let amount = number(theirs["precipitation"]) ?? 0
                #expect(amount > 0 ? number(rain) == amount : rain == nil, "hourly[\(index)] rain")
            }
            let daily = json["daily"] as? [[String: Any]] ?? []
            #expect(daily.count == days.count)
            for (index, (ours, theirs)) in zip(daily, days).enumerated() {
                let temp = ours["temp"] as? [String: Any] ?? [:]
                close(temp["min"], number(theirs["temperature_min"]).map(temperature), "\(units) daily[\(index)].min")
                close(temp["max"], number(theirs["temperature_max"]).map(temperature), "\(units) daily[\(index)].max")
                #expect(number(ours["sunrise"]) == unix(theirs["sunrise"]))
                #expect(number(ours["moon_phase"]) == number(theirs["moon_phase"]))
                // Computed, on the day (0: none that day, as OpenWeatherMap writes it).
                let midnight = unix("\(theirs["date"] as? String ?? "")T00:00:00+01:00") ?? 0
                for key in ["moonrise", "moonset"] {
                    let time = number(ours[key]) ?? -1
                    #expect(time == 0 || (midnight..<midnight + 86400).contains(time), "daily[\(index)].\(key)")
                }
                // Noon local, as OpenWeatherMap dates its days.
                #expect(number(ours["dt"]) == unix("\(theirs["date"] as? String ?? "")T12:00:00+01:00"))
                let kind = theirs["precipitation_type"] as? String == "snow" ? "snow" : "rain"
                let amount = number(theirs["precipitation"]) ?? 0
                #expect(amount > 0 ? number(ours[kind]) == amount : ours[kind] == nil, "daily[\(index)] \(kind)")
            }
            // Today's noon is over (16:20): its `day` is the day's maximum, as documented.
            close(
                (daily.first?["temp"] as? [String: Any])?["day"],
                number(days.first?["temperature_max"]).map(temperature),
                "\(units) daily[0].temp.day")
            // Today's evening and tomorrow's morning are the hours at 18:00 and 06:00.
            let evening = hours.first { $0["time"] as? String == "2026-02-07T18:00:00+01:00" }
            close(
                (daily.first?["temp"] as? [String: Any])?["eve"], number(evening?["temperature"]).map(temperature),
                "\(units) daily[0].temp.eve")
            let morning = hours.first { $0["time"] as? String == "2026-02-08T06:00:00+01:00" }
            close(
                (daily.dropFirst().first?["temp"] as? [String: Any])?["morn"],
                number(morning?["temperature"]).map(temperature), "\(units) daily[1].temp.morn")
        }
    }

    @Test("exclude= leaves blocks out; lang= gives the descriptions in weatherview's languages, else English")
    func excludeAndLanguage() throws {
        let serve = try ServeFixture()
        let bare = try HTTPCall.run(
            serve.url("/data/3.0/onecall?lat=48.14&lon=11.58&exclude=current,minutely,hourly%2Cdaily,alerts"))
        #expect(bare.status == 200)
        #expect(Set(bare.json.keys) == ["lat", "lon", "timezone", "timezone_offset", "weather2mqtt"])
        func description(_ lang: String) throws -> String? {
            let answer = try HTTPCall.run(serve.url("/data/3.0/onecall?lat=48.14&lon=11.58&lang=\(lang)"))
            let current = answer.json["current"] as? [String: Any]
            return (current?["weather"] as? [[String: Any]])?.first?["description"] as? String
        }
        #expect(try description("de") == "Teilweise bewölkt")
        // OpenWeatherMap's own code for Swedish.
        #expect(try description("se") == "Halvklart")
        #expect(try description("xx") == "scattered clouds")
    }

    @Test("a point beyond onecall.radius, a wrong lat, a wrong appid: OpenWeatherMap's status and JSON body")
    func errors() throws {
        let serve = try ServeFixture(config: "onecall:\n  radius: 5\n  appid: s3cret\n")
        func call(_ query: String) throws -> HTTPCall { try HTTPCall.run(serve.url("/data/3.0/onecall?" + query)) }
        let recorded401 =
            try JSONSerialization.jsonObject(
                with: Data(Fixtures.bytes("openweathermap", "error_401_invalid_api_key.json"))) as? NSDictionary
        for query in ["lat=48.14&lon=11.58", "lat=48.14&lon=11.58&appid=s3creT", "lat=91&appid=x"] {
            let refused = try call(query)
            #expect(refused.status == 401 && refused.json as NSDictionary == recorded401, "\(refused.text)")
        }
        let far = try call("lat=48.2&lon=11.58&appid=s3cret")
        #expect(far.status == 400 && far.json["cod"] as? String == "400")
        let message = far.json["message"] as? String ?? ""
        #expect(message.hasPrefix("no location within 5 km of 48.2,11.58: the nearest, 'munich', is 6.7 km away"))
        let near = try call("lat=48.17&lon=11.58&appid=s3cret")
        #expect(near.status == 200 && (near.json["weather2mqtt"] as? [String: Any])?["distance_km"] as? Double == 3.34)
        let wrong = try call("lat=91&lon=11.58&appid=s3cret")
        let recorded400 =
            try JSONSerialization.jsonObject(
                with: Data(Fixtures.bytes("openweathermap", "error_400_wrong_latitude_2026.json"))) as? NSDictionary
        #expect(wrong.status == 400 && wrong.json as NSDictionary == recorded400, "\(wrong.text)")
        #expect(try call("lon=11.58&lat=x&appid=s3cret").json["message"] as? String == "wrong latitude")
        #expect(try call("lat=48.14&lon=181&appid=s3cret").json["message"] as? String == "wrong longitude")
        #expect(try call("appid=s3cret").json["message"] as? String == "Nothing to geocode")
    }

    @Test("air pollution: now, the forecast and a history range from the air_quality payload, OpenWeatherMap's shape")
    func airPollution() throws {
        let serve = try ServeFixture()
        let point = "lat=48.14&lon=11.58&appid=k"
        // No air_quality payload: an empty list, said why (a 503 would blank esp32-weather-epd's screen).
        let before = try HTTPCall.run(serve.url("/data/2.5/air_pollution?" + point))
        #expect(before.status == 200 && (before.json["list"] as? [Any])?.isEmpty == true)
        let note = (before.json["weather2mqtt"] as? [String: Any])?["note"] as? String
        #expect(note?.contains("air_quality: true") == true)
        try serve.broker.publish("weather/munich/air_quality", RecordedAirQuality.payload, retain: true)
        var now = HTTPCall(status: 0, headers: [:], body: [])
        #expect(
            try waitUntil {
                now = try HTTPCall.run(serve.url("/data/2.5/air_pollution?" + point))
                return now.status == 200
            })
        let schema = try SchemaValidator.repository()
        #expect(schema.validate(RecordedAirQuality.payload, against: "air_quality") == [])
        let origin = now.json["weather2mqtt"] as? [String: Any] ?? [:]
        #expect(origin["attribution"] as? String == "Air quality by Open-Meteo.com (CC BY 4.0)")
        #expect(origin["location"] as? String == "munich" && origin["note"] is NSNull)
        let coord = now.json["coord"] as? [String: Any] ?? [:]
        #expect(coord["lat"] as? Double == 48.14 && coord["lon"] as? Double == 11.58)
        let list = now.json["list"] as? [[String: Any]] ?? []
        #expect(list.count == 1)
        // 16:00 in Munich, Unix seconds.
        #expect(list.first?["dt"] as? Int == 1_770_476_400)
        #expect((list.first?["main"] as? [String: Any])?["aqi"] as? Int == 2)
        let components = list.first?["components"] as? [String: Double] ?? [:]
        #expect(
            components == ["co": 212.4, "no2": 21.7, "o3": 55.1, "so2": 1.9, "pm2_5": 12.3, "pm10": 18.4],
            "no and nh3 are not in the payload: left out")
        // esp32-weather-epd asks the 24 hours up to now (16:20): 17:00 the day before to 16:00,
        // from the payload's past_hours and its first hour.
        let history = try HTTPCall.run(
            serve.url("/data/2.5/air_pollution/history?\(point)&start=1770391201&end=1770477600"))
        let entries = history.json["list"] as? [[String: Any]] ?? []
        #expect(
            entries.compactMap { $0["dt"] as? Int }
                == Array(stride(from: 1_770_393_600, through: 1_770_476_400, by: 3600)))
        // 17:00 the day before is the second hour of past_hours (pm2_5 1), 15:00 today its last (23).
        #expect((entries.first?["components"] as? [String: Double])?["pm2_5"] == 1)
        #expect((entries.dropLast().last?["components"] as? [String: Double])?["pm2_5"] == 23)
        let ahead = try HTTPCall.run(
            serve.url("/data/2.5/air_pollution/history?\(point)&start=1770476400&end=1770483600"))
        let levels = (ahead.json["list"] as? [[String: Any]])?.compactMap {
            ($0["main"] as? [String: Any])?["aqi"] as? Int
        }
        #expect(levels == [2, 2, 3])
        let forecast = try HTTPCall.run(serve.url("/data/2.5/air_pollution/forecast?" + point))
        #expect((forecast.json["list"] as? [Any])?.count == 3)
        // The next hour's payload from a bridge without past_hours (before 0.2.0) no longer has
        // 16:00; the history still does, as it was read.
        let later = RecordedAirQuality.payload(
            RecordedAirQuality.hours.dropFirst()
                + [RecordedAirQuality.sample("2026-02-07T19:00:00+01:00", pm2_5: 80, ozone: 30, carbonMonoxide: 260)])
        try serve.broker.publish("weather/munich/air_quality", later, retain: true)
        var times: [Int] = []
        #expect(
            try waitUntil {
                let answer = try HTTPCall.run(
                    serve.url("/data/2.5/air_pollution/history?\(point)&start=1770476400&end=1770487200"))
                times = (answer.json["list"] as? [[String: Any]])?.compactMap { $0["dt"] as? Int } ?? []
                return times.count == 4
            }, "\(times)")
        #expect(times == [1_770_476_400, 1_770_480_000, 1_770_483_600, 1_770_487_200])
        let missing = try HTTPCall.run(serve.url("/data/2.5/air_pollution/history?\(point)&start=1770391201"))
        #expect(missing.status == 400 && missing.json["message"] as? String == "end: field is required")
    }
}
