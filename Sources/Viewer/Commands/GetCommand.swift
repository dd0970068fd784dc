import Rendering
import WeatherModel
import WireContract

/// The work of `weatherview get LOC PATH`: one value for scripts. `LOC` is a location id, or
/// `station:<id>` for one of the user's stations (as `current.sources` names it).
public struct GetCommand: Sendable {
    public var location: String
    public var path: String
    public var broker: BrokerOptions

    public init(
        location: String, path: String, broker: BrokerOptions
    ) {
        self.location = location
        self.path = path
        self.broker = broker
    }

    public func run() async throws(Failure) -> Int32 {
        if let station = CurrentOverlay.station(inSource: location) { return try await run(station: station) }
        try LocationID.validate(location)
        let path: PayloadPath<LocationTopic> = try Self.parse(self.path)
        let clock = try ViewClock.fromEnvironment()
        let location = self.location
        let kinds = path.topic == .status ? [LocationTopic.status] : [path.topic, .status]
        let payloads = try await BrokerSession.with(try broker.resolve()) { (session) throws(Failure) in
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
        try Self.print(path, in: payload)
        return stale ? Failure.stale : 0
    }

    /// `get station:<id> PATH`: a value of the station's `status` or `state`. Stale (4) while
    /// the station is `silent` or `never` heard from.
    func run(station: String) async throws(Failure) -> Int32 {
        try LocationID.validate(station, what: "station", example: "roof")
        let path: PayloadPath<StationTopic> = try Self.parse(self.path)
        let payloads = try await BrokerSession.with(try broker.resolve()) { (session) throws(Failure) in
            let payloads = try await session.payloads(ofStation: station)
            guard payloads[path.topic] != nil else { throw session.noData(forStation: station) }
            return payloads
        }
        guard let payload = payloads[path.topic] else { return Failure.noInputCode }
        let report: StationReport?
        do {
            report = try payloads.checked()
        } catch {
            throw Failure.payload(error)
        }
        try Self.print(path, in: payload)
        return report?.isStale == true ? Failure.stale : 0
    }

    static func parse<Topic>(_ text: String) throws(Failure) -> PayloadPath<Topic> {
        do {
            return try PayloadPath(text)
        } catch {
            throw Failure.usage(error.description)
        }
    }

    /// Prints the value at `path` in `payload`; a path that names nothing is a usage error.
    static func print<Topic>(_ path: PayloadPath<Topic>, in payload: TopicPayload) throws(Failure) {
        do {
            Output.line(printable(try path.value(in: payload.json).plainText))
        } catch {
            throw Failure.usage(error.description)
        }
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
