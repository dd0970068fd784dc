import Rendering
import WireContract

/// Reading the retained payloads of one of the user's stations.
extension BrokerSession {
    /// Subscribes to `<base>/stations/<id>/status` and `state` and returns what arrived,
    /// decoded: both, or what the broker held when `--timeout` ran out.
    func payloads(ofStation station: String) async throws(Failure) -> StationPayloads {
        let topics = StationTopic.allCases.map { names.station(station, $0) }
        try subscribe(topics)
        start()
        let messages = try await collect(filters: topics) { messages in topics.allSatisfy { messages[$0] != nil } }
        do {
            return try StationPayloads(base: base, station: station, messages: messages)
        } catch {
            throw Failure.payload(error)
        }
    }

    /// "no data for station 'roof' on … within 5 s", with where it was looked for.
    func noData(forStation station: String) -> Failure {
        Failure.noData(
            "no data for station '\(station)' on \(settings.url) within \(BrokerSession.seconds(settings.timeout)) "
                + "(\(base)/stations/\(station)/…; is it in the bridge's stations:, is weather2mqtt running?)")
    }
}
