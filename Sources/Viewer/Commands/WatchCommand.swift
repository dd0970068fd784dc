import MQTTClient
import Rendering
import WeatherModel
import WireContract

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The work of `weatherview watch [LOC]`: a line per update until interrupted.
public struct WatchCommand: Sendable {
    public var location: String?
    public var json: Bool
    public var broker: BrokerOptions

    public init(
        location: String? = nil, json: Bool = false, broker: BrokerOptions
    ) {
        self.location = location
        self.json = json
        self.broker = broker
    }

    public func run() async throws(Failure) -> Int32 {
        if let location { try LocationID.validate(location) }
        let language = try broker.language()
        let clock = try ViewClock.fromEnvironment()
        let settings = try broker.resolve()
        let base = settings.baseTopic
        let names = TopicNames(base: base)
        // The warning events (not retained) first: a retained payload's line then shows that
        // they are subscribed too.
        let filters: [String]
        if let location {
            filters = [names.alertEvent(location)] + LocationTopic.allCases.map { names.name(.location(location, $0)) }
        } else {
            filters = [names.everyAlertEvent] + LocationTopic.allCases.map(names.everyLocation) + [names.bridgeState]
        }
        let json = self.json
        return try await BrokerSession.with(settings, closeTimeout: .seconds(1)) { (session) throws(Failure) in
            session.stopOnSignals()
            try session.subscribe(filters)
            session.start()
            try await session.waitUntilConnected()
            var printer = WatchPrinter(base: base, json: json, clock: clock, language: language)
            var wasConnected = true
            while !session.stopRequested, let event = await session.next(before: .now + .seconds(3600)) {
                switch event {
                case .mqtt(.message(let message)):
                    for output in printer.handle(message) { output.emit() }
                case .mqtt(.disconnected(let reason?)):
                    Output.error("connection lost (\(reason)); reconnecting")
                case .mqtt(.connected) where !wasConnected:
                    Output.error("connected again")
                default:
                    break
                }
                wasConnected = session.connected
            }
            return 0
        }
    }
}
