import Rendering
import WeatherModel
import WireContract

/// The work of `weatherview get LOC PATH`: one value for scripts.
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
