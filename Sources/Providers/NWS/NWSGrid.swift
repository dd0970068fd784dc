import FoundationEssentials
import WeatherModel

/// The raw grid data of a forecast office (`/gridpoints/{office}/{x},{y}`): layers of values
/// valid for ISO 8601 intervals (`"2022-02-03T21:00:00+00:00/PT3H"`), in `wmoUnit` units.
/// The bridge takes from it what the hourly periods lack.
public struct NWSGrid: Sendable, Equatable {
    /// One value over `start..<end`, in the canonical unit of its layer.
    public struct Value: Sendable, Equatable {
        public var start: Date
        public var end: Date
        public var value: Double
    }

    /// Layer name (`apparentTemperature`, `skyCover`, `windGust`, `quantitativePrecipitation`
    /// (mm per interval), `visibility` (km), `pressure` (hPa), `relativeHumidity`, `dewpoint`)
    /// to its values, in time order.
    public var layers: [String: [Value]]

    static let wanted: [(name: String, kind: NWSText.Quantity)] = [
        ("temperature", .temperature), ("apparentTemperature", .temperature), ("dewpoint", .temperature),
        ("relativeHumidity", .percent), ("skyCover", .percent), ("windGust", .speed),
        ("quantitativePrecipitation", .precipitation), ("visibility", .length), ("pressure", .pressure),
    ]

    /// The value of `layer` at `time`, if an interval covers it.
    public func value(_ layer: String, at time: Date) -> Double? {
        layers[layer]?.first { $0.start <= time && time < $0.end }?.value
    }

    /// `reading` with what it lacks filled from the grid: apparent temperature, dew point,
    /// humidity, cloud coverage (`skyCover`), gust, precipitation (the interval's amount per
    /// hour), visibility and pressure.
    public func filling(_ reading: Reading) -> Reading {
        var reading = reading
        let time = reading.time
        reading.apparentTemperature = reading.apparentTemperature ?? value("apparentTemperature", at: time)
        reading.dewPoint = reading.dewPoint ?? value("dewpoint", at: time)
        reading.humidity = reading.humidity ?? value("relativeHumidity", at: time)
        reading.cloudCoverage = reading.cloudCoverage ?? value("skyCover", at: time)
        reading.windGust = reading.windGust ?? value("windGust", at: time)
        reading.visibility = reading.visibility ?? value("visibility", at: time)
        reading.pressure = reading.pressure ?? value("pressure", at: time)
        if reading.precipitation == nil,
            let interval = layers["quantitativePrecipitation"]?.first(where: { $0.start <= time && time < $0.end })
        {
            let hours = max(1, interval.end.timeIntervalSince(interval.start) / 3600)
            reading.precipitation = max(0, interval.value) / hours
        }
        return reading
    }
}

extension NWS {
    /// Decodes a `forecastGridData` answer; layers in units it cannot read are left out.
    public static func decodeGrid(_ body: [UInt8]) throws(ProviderError) -> NWSGrid {
        let json = try ProviderCatalog.parse(body, provider: "nws")
        guard let properties = json["properties"]?.object else {
            throw .invalidResponse("nws: the grid answer has no properties")
        }
        var layers: [String: [NWSGrid.Value]] = [:]
        for (name, kind) in NWSGrid.wanted {
            guard let layer = properties[name], let values = layer["values"]?.array else { continue }
            let unit = layer["uom"] ?? .null
            var decoded: [NWSGrid.Value] = []
            for entry in values {
                guard let interval = entry["validTime"]?.string.flatMap(Self.interval),
                    let raw = entry["value"]?.double,
                    let value = NWSText.quantity(["unitCode": unit, "value": .number(raw)], as: kind)
                else { continue }
                decoded.append(NWSGrid.Value(start: interval.start, end: interval.end, value: value))
            }
            if !decoded.isEmpty { layers[name] = decoded.sorted { $0.start < $1.start } }
        }
        return NWSGrid(layers: layers)
    }

    /// `"2022-02-03T21:00:00+00:00/P1DT6H"` → its start and end (durations of days, hours
    /// and minutes, at most 31 days).
    static func interval(_ text: String) -> (start: Date, end: Date)? {
        let parts = text.split(separator: "/", maxSplits: 1)
        guard parts.count == 2, let start = JSONValue.string(String(parts[0])).isoTime,
            parts[1].first == "P"
        else { return nil }
        var seconds = 0.0
        var number = ""
        var inTime = false
        for character in parts[1].dropFirst() {
            switch character {
            case "0"..."9", ".": number.append(character)
            case "T": inTime = true
            case "D", "H", "M", "S", "W":
                guard let value = Double(number) else { return nil }
                let unit: Double =
                    switch (character, inTime) {
                    case ("W", _): 604_800
                    case ("D", _): 86400
                    case ("H", true): 3600
                    case ("M", true): 60
                    case ("S", true): 1
                    default: .nan
                    }
                guard unit.isFinite else { return nil }
                seconds += value * unit
                number = ""
            default: return nil
            }
        }
        guard number.isEmpty, seconds > 0, seconds <= 31 * 86400 else { return nil }
        return (start, start.addingTimeInterval(seconds))
    }
}
