import FoundationEssentials
import WeatherModel

extension Alert {
    /// The alert as SPEC §4 writes it (every key present, times with the zone's offset): the
    /// form in `<base>/<loc>/alerts`, in `<base>/<loc>/alerts/event` and in the state file.
    public func json(in zone: ZoneInfo) -> JSONObject {
        JSONObject([
            ("id", .string(id)), ("title", .string(title)), ("severity", .string(severity.rawValue)),
            ("description", JSONValue(description)),
            ("onset", JSONValue(onset.map { ISO8601.string($0, in: zone) })),
            ("expires", JSONValue(expires.map { ISO8601.string($0, in: zone) })),
            ("source", JSONValue(source)), ("uri", JSONValue(uri)),
            ("event", JSONValue(event)), ("awareness", JSONValue(awareness)),
            ("instruction", JSONValue(instruction)), ("sender", JSONValue(sender)),
            ("attribution", JSONValue(attribution)),
        ])
    }

    /// Reads back what `json(in:)` wrote (the bridge's state file); `nil` without an `id`
    /// and a `title`. Unknown severities read as `unknown`.
    public init?(json: JSONValue) {
        guard let id = json["id"]?.string, !id.isEmpty, let title = json["title"]?.string else { return nil }
        func time(_ key: String) -> Date? { json[key]?.string.flatMap { ISO8601.date($0) } }
        self.init(
            id: id, title: title, severity: AlertSeverity(rawValue: json["severity"]?.string ?? "") ?? .unknown,
            description: json["description"]?.string, onset: time("onset"), expires: time("expires"),
            source: json["source"]?.string, uri: json["uri"]?.string, event: json["event"]?.string,
            awareness: json["awareness"]?.string, instruction: json["instruction"]?.string,
            sender: json["sender"]?.string, attribution: json["attribution"]?.string)
    }
}
