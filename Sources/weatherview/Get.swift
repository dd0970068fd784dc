import ArgumentParser
import Viewer

/// `weatherview get LOC PATH`: one value for scripts.
struct Get: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print one value of a location's or a station's payloads, for scripts.",
        discussion: """
            PATH starts with the topic (current, hourly, daily, alerts, status) and goes on with \
            keys and array indices: current.temperature, daily.days.0.temperature_max, \
            hourly.hours.3.precipitation_probability, status.state, current (the whole payload).

            Numbers print as JSON numbers, strings as they are, true/false/null as such, objects \
            and arrays as compact JSON. Values are as published, in the bridge's units. Exit code \
            4: the value was printed but the data is stale; 64: the path names nothing.

            One of your stations: station:ID (as current.sources names it) with a PATH into its \
            status or state: station:roof status.state, station:roof state.fields.temperature.value \
            (exit code 4 while the station is silent or never heard from).
            """)

    @Argument(help: "Location id (e.g. home), or station:ID (e.g. station:roof).")
    var location: String

    @Argument(help: "What to print, e.g. current.temperature.")
    var path: String

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let command = GetCommand(location: location, path: path, broker: global.brokerOptions)
        try await runCommand { () throws(Failure) -> Int32 in try await command.run() }
    }
}
