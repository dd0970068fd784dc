import FoundationEssentials
import WeatherModel
import WireContract

/// What the bridge does with a decoded forecast, so the fuzzers reach past the decoders:
/// build the four payloads (units converted, trimmed to now, day/night-corrected) and write
/// them as JSON, which must parse again.
public enum Publish {
    /// Builds and writes the payloads of `forecast` as of its own current time, in `units`.
    public static func payloads(of forecast: Forecast, units: UnitSettings = .metric) {
        let zone = forecast.timezone.flatMap { ZoneInfo(identifier: $0) } ?? .utc
        let now = forecast.current.time
        let builder = PayloadBuilder(
            location: LocationInfo(
                id: "fuzz", name: "Fuzz", latitude: 52.52, longitude: 13.405, timezone: zone.identifier),
            zone: zone, provider: "fuzz", attribution: nil, fetchedAt: now, expiresAt: now.addingTimeInterval(900),
            units: units)
        let payloads = builder.payloads(for: forecast, now: now)
        for payload in [payloads.current, payloads.hourly, payloads.daily, payloads.alerts] {
            requireValidJSON(payload)
        }
    }

    /// Traps unless `value` written as JSON parses again (a payload no subscriber could read).
    public static func requireValidJSON(_ value: JSONValue) {
        let bytes = value.utf8Bytes
        do {
            _ = try JSONParser.parse(bytes)
        } catch {
            fatalError("written JSON does not parse (\(error)): \(String(decoding: bytes.prefix(300), as: UTF8.self))")
        }
    }
}
