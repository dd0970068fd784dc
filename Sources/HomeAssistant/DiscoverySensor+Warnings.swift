import WeatherModel

/// The warnings' components of a location's Home Assistant device (SPEC §6), for every
/// location, as the count always was: a location without warning sources has an empty list.
extension DiscoverySensor {
    /// The characters of an alert's `description` and `instruction` the event entity keeps.
    static let warningTextLimit = 2000

    /// The states of the highest-severity sensor: `none`, then the levels from the lowest up.
    /// An alert of `unknown` severity ranks below them all and is no level.
    static var severityOptions: [String] {
        ["none"] + levels.reversed()
    }

    /// The severity levels, highest first (`AlertSeverity` without `unknown`).
    private static var levels: [String] {
        AlertSeverity.allCases.filter { $0 != .unknown }.sorted { $0.rank > $1.rank }.map(\.rawValue)
    }

    /// From `<base>/<loc>/alerts`: the number of alerts; a `safety` binary sensor, on while
    /// there is one; an `enum` sensor with the highest severity among them (`none` without
    /// alerts, unknown when all are of unknown severity). From `<base>/<loc>/alerts/event`: an
    /// event entity whose `event_type` is the message's `event` (`new`, `updated`, `ended`),
    /// with the alert's fields as attributes, available while the bridge is online.
    static var warnings: [DiscoverySensor] {
        [
            DiscoverySensor(
                key: "alerts", name: "Active alerts", source: .alerts, valueTemplate: Jinja.count("alerts"),
                stateClass: "measurement", precision: 0, icon: "mdi:alert-outline"),
            DiscoverySensor(
                key: "warning_active", name: "Warning active", source: .alerts, platform: .binarySensor,
                valueTemplate: Jinja.anyAlert, deviceClass: "safety", icon: "mdi:alert"),
            DiscoverySensor(
                key: "warning_severity", name: "Highest warning severity", source: .alerts,
                valueTemplate: Jinja.highestSeverity(levels: levels, none: "none"), deviceClass: "enum",
                icon: "mdi:alert-octagon-outline", options: severityOptions),
            DiscoverySensor(
                key: "warning", name: "Warning", source: .alertEvent, platform: .event,
                valueTemplate: Jinja.alertEvent(
                    types: AlertChange.allCases.map(\.rawValue), textLimit: warningTextLimit),
                icon: "mdi:alert-decagram-outline", eventTypes: AlertChange.allCases.map(\.rawValue),
                followsBridgeOnly: true),
        ]
    }
}
