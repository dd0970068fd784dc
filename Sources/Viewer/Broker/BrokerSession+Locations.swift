import MQTTClient
import Rendering
import WireContract

/// Finding locations and reading their retained payloads.
extension BrokerSession {
    var base: String { settings.baseTopic }
    /// The topic names below the base topic.
    var names: TopicNames { TopicNames(base: settings.baseTopic) }

    /// The location ids on the broker: those `<base>/bridge/info` announces and those with a
    /// `<base>/+/status`. Finishes when the info and the status of every announced location
    /// arrived, or after a quiet moment.
    func discoverLocations() async throws(Failure) -> [String] {
        let infoTopic = names.bridgeInfo
        let filters = [infoTopic, names.everyLocation(.status)]
        try subscribe(filters)
        start()
        let decoder = PayloadDecoder()
        let messages = try await collect(filters: filters) { messages in
            guard let bytes = messages[infoTopic],
                let json = try? decoder.object(topic: infoTopic, bytes: bytes),
                let info = try? BridgeInfo(TopicPayload(topic: infoTopic, json: json))
            else { return false }
            return info.locations.allSatisfy { messages[names.status($0)] != nil }
        }
        var ids = Set(statusLocations(in: messages.keys))
        if let bytes = messages[infoTopic] {
            do throws(PayloadError) {
                let info = try BridgeInfo(
                    TopicPayload(topic: infoTopic, json: try decoder.object(topic: infoTopic, bytes: bytes)))
                ids.formUnion(info.locations)
            } catch {
                throw Failure.payload(error)
            }
        }
        return ids.sorted()
    }

    /// The location of `<base>/<loc>/status` topics.
    func statusLocations(in topics: some Sequence<String>) -> [String] {
        let names = names
        return topics.compactMap { topic in
            guard case .location(let id, .status)? = names.parse(topic) else { return nil }
            return id
        }
    }

    /// `named`, else the only location there is.
    func location(_ named: String?, command: String) async throws(Failure) -> String {
        if let named { return named }
        return try await soleLocation(command: command)
    }

    /// The one location to show when none is named: the only one there is.
    func soleLocation(command: String) async throws(Failure) -> String {
        let ids = try await discoverLocations()
        switch ids.count {
        case 0:
            throw Failure.noData(
                "no locations on \(settings.url) within \(BrokerSession.seconds(settings.timeout)) "
                    + "(nothing on \(base)/bridge/info or \(base)/+/status; is weather2mqtt running, is the base topic right?)"
            )
        case 1:
            return ids[0]
        default:
            throw Failure.usage(
                "\(ids.count) locations on the broker (\(ids.joined(separator: ", "))): name one, "
                    + "e.g. weatherview \(command) \(ids[0])")
        }
    }

    /// Subscribes to the topics `kinds` and `optional` of `location` and returns what arrived,
    /// decoded. It waits for every topic of `kinds` (up to `--timeout`); a topic of `optional`
    /// that may never come (a location without `air_quality`) only gets the broker's burst of
    /// retained messages and `quietPeriod` after it, never the whole timeout. With `stations`
    /// it also reads the status of every station `current` names in its `sources`, in the same
    /// burst: a `current` without a station waits for none.
    func payloads(
        of location: String, kinds: [LocationTopic], optional: [LocationTopic] = [], stations: Bool = false
    ) async throws(Failure) -> LocationPayloads {
        let topics = kinds.map { names.name(.location(location, $0)) }
        let extra = optional.map { names.name(.location(location, $0)) }
        let stationFilters = stations ? [names.everyStation(.status)] : []
        try subscribe(topics + extra + stationFilters)
        start()
        let (topicNames, current, decoder) = (names, names.current(location), PayloadDecoder())
        let messages = try await collect(filters: topics + extra + stationFilters) { messages in
            guard (topics + extra).allSatisfy({ messages[$0] != nil }) else { return false }
            guard stations, let bytes = messages[current] else { return true }
            return LocationPayloads.stations(of: try? decoder.object(topic: current, bytes: bytes)).allSatisfy {
                messages[topicNames.station($0, .status)] != nil
            }
        }
        do {
            return try LocationPayloads(base: base, location: location, messages: messages)
        } catch {
            throw Failure.payload(error)
        }
    }

    /// "no data for 'home' on … within 5 s", with what the bridge says if it said something.
    func noData(for location: String, payloads: LocationPayloads) -> Failure {
        var message =
            "no data for '\(location)' on \(settings.url) within \(BrokerSession.seconds(settings.timeout)) "
            + "(\(base)/\(location)/…)"
        if let status = payloads.status, let state = try? BridgeStatus(status) {
            message += "; the bridge reports '\(state.state.rawValue)'"
            if let error = state.lastError { message += ": " + error }
        }
        return Failure.noData(message)
    }
}
