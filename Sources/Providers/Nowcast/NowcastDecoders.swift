import FoundationEssentials
import WeatherModel

// Nowcast decoders: bytes in, a `Nowcast` out. Each reads the block its provider puts the
// next hour or two in; an answer without that block is `nil` (the caller says why).

extension OpenMeteo {
    /// The `minutely_15` block of a `/v1/forecast` answer. Its `precipitation` is the amount in
    /// each 15 minutes (mm or inch, from `minutely_15_units`), published as a rate (× 4 per hour).
    public static func decodeNowcast(_ body: [UInt8]) throws(ProviderError) -> Nowcast? {
        decodeNowcast(json: try ResponseCheck.json(body, provider: "open-meteo"))
    }

    /// `decodeNowcast(_:)` of an answer already parsed.
    static func decodeNowcast(json: JSONValue) -> Nowcast? {
        guard let block = json["minutely_15"], let times = block["time"]?.array else { return nil }
        let inches = json["minutely_15_units"]?["precipitation"]?.string?.hasPrefix("inch") == true
        let zone =
            json["timezone"]?.string.flatMap(ZoneInfo.init(identifier:))
            ?? json["utc_offset_seconds"]?.int.map { ZoneInfo(fixed: $0) } ?? .utc
        func column(_ name: String) -> [JSONValue] { block[name]?.array ?? [] }
        let amounts = column("precipitation")
        let probabilities = column("precipitation_probability")
        let codes = column("weather_code")
        let snowfall = column("snowfall")
        var steps: [NowcastStep] = []
        steps.reserveCapacity(times.count)
        for (index, value) in times.enumerated() {
            guard let time = value.unixTime ?? value.string.flatMap({ ISO8601.date($0, zone: zone) }) else { continue }
            let amount = amounts.indices.contains(index) ? amounts[index].double : nil
            let millimetres = amount.map { inches ? $0 * 25.4 : $0 }
            var step = NowcastStep(
                time: time, intensity: millimetres.map { $0 * 4 },
                probability: probabilities.indices.contains(index) ? probabilities[index].double : nil)
            if step.isWet {
                let code = codes.indices.contains(index) ? codes[index].int : nil
                let snow = snowfall.indices.contains(index) ? snowfall[index].double : nil
                step.type = code.flatMap(WMOCode.precipitationType) ?? ((snow ?? 0) > 0 ? .snow : .rain)
            }
            steps.append(step)
        }
        return steps.isEmpty ? nil : Nowcast(source: "open-meteo minutely_15", stepMinutes: 15, steps: steps)
    }
}

extension PirateWeather {
    /// The `minutely` block (61 one-minute points): `precipIntensity` in the answer's units per
    /// hour, `precipProbability` 0–1, `precipType` (`none` when dry).
    public static func decodeNowcast(_ body: [UInt8], requestedUnits: String = "us") throws(ProviderError) -> Nowcast? {
        try decodeNowcast(
            json: try ProviderCatalog.parse(body, provider: "pirate-weather"), requestedUnits: requestedUnits)
    }

    /// `decodeNowcast(_:requestedUnits:)` of an answer already parsed.
    static func decodeNowcast(json: JSONValue, requestedUnits: String) throws(ProviderError) -> Nowcast? {
        guard let points = json["minutely"]?["data"]?.array, !points.isEmpty else { return nil }
        let flag = json["flags"]?["units"]?.text ?? requestedUnits
        guard let units = Units(flag: flag) else {
            throw .invalidResponse("pirate-weather: unknown units `\(flag)` (expected us, si, ca, uk or uk2)")
        }
        let steps = points.compactMap { point -> NowcastStep? in
            guard let time = point["time"]?.unixTime else { return nil }
            var step = NowcastStep(
                time: time, intensity: point["precipIntensity"]?.double.map(units.intensity.toMillimetres),
                probability: point["precipProbability"]?.double.map { $0 * 100 })
            if step.isWet { step.type = PirateIcon.precipitationType(point["precipType"]?.string) ?? .rain }
            return step
        }
        return steps.isEmpty ? nil : Nowcast(source: "pirate-weather minutely", stepMinutes: 1, steps: steps)
    }
}

extension OpenWeatherMap {
    /// One Call 3.0 `minutely` (`{dt, precipitation}` in mm/h, whatever `units`), or a One Call
    /// 4.0 `timeline/1min` or `timeline/15min` page (`data`). `15min` records carry no amount:
    /// their type comes from `weather[0].id` and their chance from `pop`.
    public static func decodeNowcast(_ body: [UInt8]) throws(ProviderError) -> Nowcast? {
        let json = try ProviderCatalog.parse(body, provider: "openweathermap")
        if let minutes = json["minutely"]?.array, !minutes.isEmpty {
            let steps = minutes.compactMap(minuteStep)
            return steps.isEmpty ? nil : Nowcast(source: "openweathermap minutely", stepMinutes: 1, steps: steps)
        }
        guard let records = json["data"]?.array, !records.isEmpty else { return nil }
        if records.allSatisfy({ $0["weather"] == nil && $0["precipitation"] != nil }) {
            let steps = records.compactMap(minuteStep)
            return steps.isEmpty ? nil : Nowcast(source: "openweathermap timeline/1min", stepMinutes: 1, steps: steps)
        }
        let steps = records.compactMap { record -> NowcastStep? in
            guard let time = record["dt"]?.unixTime else { return nil }
            let id = record["weather"]?[0]?["id"]?.int
            return NowcastStep(
                time: time, intensity: nil, probability: record["pop"]?.double.map { $0 * 100 },
                type: id.flatMap(OWMConditionCode.precipitationType))
        }
        let step = steps.count > 1 ? Int(steps[1].time.timeIntervalSince(steps[0].time) / 60) : 15
        return steps.isEmpty ? nil : Nowcast(source: "openweathermap timeline/15min", stepMinutes: step, steps: steps)
    }

    static func minuteStep(_ record: JSONValue) -> NowcastStep? {
        guard let time = record["dt"]?.unixTime else { return nil }
        var step = NowcastStep(time: time, intensity: record["precipitation"]?.double)
        if step.isWet { step.type = .rain }
        return step
    }
}
