import FoundationEssentials
import WeatherModel

extension AlertEvents {
    /// The `<base>/<loc>/alerts/event` payload: `{schema, location, event, at, alert}`.
    public static func payload(
        _ event: AlertEvent, location: LocationInfo, zone: ZoneInfo, at time: Date
    ) -> JSONValue {
        .object(
            JSONObject([
                ("schema", .number(Double(PayloadSchema.version))), ("location", location.json),
                ("event", .string(event.change.rawValue)), ("at", .string(ISO8601.string(time, in: zone))),
                ("alert", .object(event.alert.json(in: zone))),
            ]))
    }
}
