import FoundationEssentials
import WeatherModel

extension PayloadBuilder {
    /// How far ahead the nowcast payload looks, in minutes.
    public static let nowcastHorizonMinutes = 120

    /// The `nowcast` payload (SPEC §4): the steps from the one containing `now` to two hours
    /// ahead, when precipitation starts and ends, its peak rate and a sentence. A location with
    /// no nowcast source gets `available: false`, a `reason`, no steps and `null`s.
    public func nowcast(_ nowcast: Nowcast, now: Date) -> JSONValue {
        var object = envelope()
        let outlook = nowcast.outlook(now: now, horizonMinutes: Self.nowcastHorizonMinutes, language: language)
        let available = nowcast.unavailableReason == nil && !outlook.steps.isEmpty
        let reason =
            nowcast.unavailableReason
            ?? (available ? nil : "the \(nowcast.source) answer has no steps within the next 2 hours")
        func time(_ date: Date?) -> JSONValue { JSONValue(date.map { ISO8601.string($0, in: zone) }) }
        func rate(_ mmPerHour: Double?) -> JSONValue {
            JSONValue(units.precipitation(mmPerHour.map { max(0, $0) }))
        }
        object.appendUnchecked("available", .bool(available))
        object.appendUnchecked("source", .string(nowcast.source))
        object.appendUnchecked("reason", JSONValue(reason))
        object.appendUnchecked("interval_minutes", available ? .number(Double(nowcast.stepMinutes)) : .null)
        object.appendUnchecked("window_end", available ? time(outlook.windowEnd) : .null)
        object.appendUnchecked("starts_at", time(outlook.startsAt))
        object.appendUnchecked("ends_at", time(outlook.endsAt))
        object.appendUnchecked(
            "minutes_until_start",
            JSONValue(outlook.startsAt.map { max(0, Int(($0.timeIntervalSince(now) / 60).rounded())) }))
        object.appendUnchecked("precipitation_type", JSONValue(outlook.type?.rawValue))
        object.appendUnchecked("peak_intensity", rate(outlook.peakIntensity))
        object.appendUnchecked(
            "summary", .string(outlook.summary ?? "No nowcast for this location: " + (reason ?? "none")))
        object.appendUnchecked(
            "steps",
            .array(
                outlook.steps.map { step in
                    [
                        "time": time(step.time), "intensity": rate(step.intensity),
                        "probability": JSONValue(percent(step.probability)),
                        "type": JSONValue(step.isWet ? step.type?.rawValue : nil),
                    ]
                }))
        return .object(object)
    }
}
