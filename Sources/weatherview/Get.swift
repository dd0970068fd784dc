import ArgumentParser
import Rendering
import WeatherModel
import WireContract

/// `weatherview get LOC PATH`: one value for scripts.
struct Get: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print one value of a location's payloads, for scripts.",
        discussion: """
            PATH starts with the topic (current, hourly, daily, alerts, status) and goes on with \
            keys and array indices: current.temperature, daily.days.0.temperature_max, \
            hourly.hours.3.precipitation_probability, status.state, current (the whole payload).

            Numbers print as JSON numbers, strings as they are, true/false/null as such, objects \
            and arrays as compact JSON. Values are as published, in the bridge's units. Exit code \
            4: the value was printed but the data is stale; 64: the path names nothing.
            """)

    @Argument(help: "Location id (e.g. home).")
    var location: String

    @Argument(help: "What to print, e.g. current.temperature.")
    var path: String

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await runCommand { () throws(Failure) -> Int32 in try await get() }
    }

    func get() async throws(Failure) -> Int32 {
        try LocationID.validate(location)
        let path: PayloadPath
        do {
            path = try PayloadPath(self.path)
        } catch {
            throw Failure.usage(error.description)
        }
        let clock = try ViewClock.fromEnvironment()
        let location = self.location
        let kinds = path.topic == .status ? [LocationTopic.status] : [path.topic, .status]
        let payloads = try await BrokerSession.with(try global.resolve()) { (session) throws(Failure) in
            let payloads = try await session.payloads(of: location, kinds: kinds)
            guard payloads[path.topic] != nil else { throw session.noData(for: location, payloads: payloads) }
            return payloads
        }
        guard let payload = payloads[path.topic] else { return Failure.noInputCode }
        // The whole payload must match the schema, not only the value asked for.
        let stale: Bool
        do {
            let model = try WeatherViewModel(payloads: payloads, now: clock.now())
            stale = model.freshness.isStale
        } catch {
            throw Failure.payload(error)
        }
        let value: JSONValue
        do {
            value = try path.value(in: payload.json)
        } catch {
            throw Failure.usage(error.description)
        }
        Output.line(Self.printable(PayloadPath.plainText(value)))
        return stale ? Failure.stale : 0
    }

    /// The value without control characters other than tab and line feed (a publisher's text
    /// must not drive the terminal).
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (value < 0x20 && value != 0x09 && value != 0x0A) || (0x7F..<0xA0).contains(value) { continue }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
