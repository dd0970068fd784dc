import FoundationEssentials
import WeatherModel

/// The JSON of `<base>/stations/<id>/status` and `<base>/stations/<id>/state` (docs/STATIONS.md).
public enum StationPayload {
    /// `{"station", "state", "last_seen", "max_age", "messages", "rejected", "stale"}`.
    public static func status(id: String, state: StationState, maxAge: Double, at now: Date, zone: ZoneInfo)
        -> JSONValue
    {
        [
            "station": .string(id),
            "state": .string(state.status(at: now, maxAge: maxAge).rawValue),
            "last_seen": state.lastSeen.map { .string(ISO8601.string($0, in: zone)) } ?? .null,
            "max_age": .number(maxAge),
            "messages": .number(Double(state.messages)),
            "rejected": .number(Double(state.rejectedCount)),
            "stale": .array(state.staleFields(at: now, maxAge: maxAge).map(JSONValue.string)),
        ]
    }

    /// Every field with its value in `units` and its age in seconds, `rain_today`, batteries,
    /// signal, and the last rejection per field with its rule.
    public static func state(
        id: String, state: StationState, at now: Date, zone: ZoneInfo, units: UnitSettings
    ) -> JSONValue {
        var fields = JSONObject()
        for quantity in state.fields.keys.sorted() {
            guard let field = state.fields[quantity] else { continue }
            fields.appendUnchecked(
                quantity.rawValue,
                [
                    "value": .number(rounded(convert(field.value, quantity, units), decimals: 2)),
                    "age": .number(now.timeIntervalSince(field.time).rounded()),
                ])
        }
        var rejected = JSONObject()
        for name in state.rejections.keys.sorted() {
            guard let recent = state.rejections[name] else { continue }
            rejected.appendUnchecked(
                name,
                [
                    "value": recent.rejection.value.map { .number($0) } ?? .null,
                    "rule": .string(recent.rejection.rule.rawValue),
                    "detail": .string(recent.rejection.detail),
                    "at": .string(ISO8601.string(recent.time, in: zone)),
                ])
        }
        var batteries = JSONObject()
        for name in state.batteries.keys.sorted() {
            batteries.appendUnchecked(name, .number(state.batteries[name]!))
        }
        let rainToday = state.rain.rainToday(at: now, zone: zone).map {
            JSONValue.number(rounded(units.precipitation.fromMillimetres($0), decimals: 2))
        }
        return [
            "station": .string(id),
            "units": units.json,
            "fields": .object(fields),
            "rain_today": rainToday ?? .null,
            "batteries": .object(batteries),
            "signal": state.signal.map { .number($0) } ?? .null,
            "rejected": .object(rejected),
        ]
    }

    /// A canonical value in the payload's unit.
    public static func convert(_ value: Double, _ quantity: StationQuantity, _ units: UnitSettings) -> Double {
        switch quantity {
        case .temperature, .apparentTemperature, .dewPoint: units.temperature.fromCelsius(value)
        case .pressure: units.pressure.fromHectopascal(value)
        case .windSpeed, .windGust: units.windSpeed.fromKilometresPerHour(value)
        case .precipitation: units.precipitation.fromMillimetres(value)
        case .humidity, .windBearing, .uvIndex: value
        }
    }
}
