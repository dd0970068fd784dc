import Rendering
import WireContract

/// The work of `weatherview locations`: what the bridge announces, and how fresh each location is.
public struct LocationsCommand: Sendable {
    public var broker: BrokerOptions

    public init(
        broker: BrokerOptions
    ) {
        self.broker = broker
    }

    public func run() async throws(Failure) -> Int32 {
        let clock = try ViewClock.fromEnvironment()
        let settings = try broker.resolve()
        let base = settings.baseTopic
        let names = TopicNames(base: base)
        let infoTopic = names.bridgeInfo
        let filters = [infoTopic, names.everyLocation(.status), names.everyLocation(.current)]
        let messages = try await BrokerSession.with(settings) { (session) throws(Failure) in
            try session.subscribe(filters)
            session.start()
            let decoder = PayloadDecoder()
            return try await session.collect(filters: filters) { messages in
                guard let bytes = messages[infoTopic], let json = try? decoder.object(topic: infoTopic, bytes: bytes),
                    let info = try? BridgeInfo(TopicPayload(topic: infoTopic, json: json))
                else { return false }
                return info.locations.allSatisfy { id in
                    messages[names.status(id)] != nil && messages[names.current(id)] != nil
                }
            }
        }
        let decoder = PayloadDecoder()
        var info: TopicPayload?
        var broken: [PayloadError] = []
        if let bytes = messages[infoTopic] {
            do throws(PayloadError) {
                info = TopicPayload(topic: infoTopic, json: try decoder.object(topic: infoTopic, bytes: bytes))
            } catch {
                broken.append(error)
            }
        }
        // Group `<base>/<loc>/status|current` by location.
        var payloads: [String: LocationPayloads] = [:]
        for (topic, bytes) in messages where topic != infoTopic {
            guard case .location(let id, let kind)? = names.parse(topic) else { continue }
            var location = payloads[id] ?? LocationPayloads(location: id)
            do throws(PayloadError) {
                location[kind] = TopicPayload(topic: topic, json: try decoder.object(topic: topic, bytes: bytes))
            } catch {
                broken.append(error)
            }
            payloads[id] = location
        }
        let summaries: [LocationSummary]
        do {
            summaries = try LocationSummary.list(info: info, payloads: payloads, now: clock.now())
        } catch {
            throw Failure.payload(error)
        }
        guard !summaries.isEmpty || !broken.isEmpty else {
            throw Failure.noData(
                "no locations on \(settings.url) within \(BrokerSession.seconds(settings.timeout)) "
                    + "(nothing on \(infoTopic) or \(base)/+/status; is weather2mqtt running, is the base topic right?)"
            )
        }
        let environment = TerminalEnvironment.current
        let colour = TerminalOptions.wantsColor(isTerminal: Output.isTerminal, environment: environment)
        let ascii = !TerminalOptions.isUTF8Locale(environment: environment)
        Output.write(LocationsTable.render(summaries, color: colour, asciiOnly: ascii))
        broken.append(contentsOf: summaries.compactMap(\.problem))
        for problem in broken { Output.error(problem.description) }
        if !broken.isEmpty { return Failure.dataCode }
        if summaries.contains(where: { $0.freshness?.isStale == true }) { return Failure.stale }
        return 0
    }
}
