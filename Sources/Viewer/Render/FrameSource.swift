import ConfigurationCore
import Dispatch
import FoundationEssentials
import PanelFrames
import Rendering
import WeatherModel
import WireContract

#if canImport(Glibc)
    import Glibc
#endif

/// An encoded frame and what the caller should say about it.
struct RenderedFrame: Sendable {
    var bytes: [UInt8]
    /// The frame before encoding, for a panel weatherview drives.
    var frame: PanelFrame?
    /// Why the data is stale, if it is.
    var stale: String?
    /// Payloads that could not be shown.
    var problems: [String]
}

/// Where a frame's data comes from: one location's topics, or every location's.
struct FrameSource: Sendable {
    let base: String
    /// The location of a `single` frame; `nil` for the overview.
    let location: String?

    /// What a frame would show at a moment, before it is drawn.
    struct Drawn: Sendable {
        var input: DrawnInput?
        var stale: String?
        var problems: [String]
        /// The location's zone (the overview: the first location's), as its payloads say.
        var zone: ZoneInfo = .utc
    }

    enum DrawnInput: Sendable, Equatable {
        case single(FrameInput)
        case overview(OverviewInput)
    }

    /// Finds the location (the only one, when none is named) and subscribes to its topics.
    static func open(_ session: BrokerSession, location: String?, layout: FrameLayout) async throws(Failure)
        -> FrameSource
    {
        let base = session.base
        let names = session.names
        switch layout {
        case .single:
            let id = try await session.location(location, command: "render")
            try session.subscribe(LocationTopic.allCases.map { names.name(.location(id, $0)) })
            session.start()
            return FrameSource(base: base, location: id)
        case .overview:
            try session.subscribe([names.bridgeInfo] + LocationTopic.allCases.map(names.everyLocation))
            session.start()
            return FrameSource(base: base, location: nil)
        }
    }

    /// The retained messages, once every location shown has its weather (or the broker went
    /// quiet, or `--timeout` passed).
    func collect(_ session: BrokerSession) async throws(Failure) -> [String: [UInt8]] {
        let names = TopicNames(base: base)
        if let location {
            let topics = LocationTopic.allCases.map { names.name(.location(location, $0)) }
            let needed = [LocationTopic.current, .hourly, .daily].map { names.name(.location(location, $0)) }
            return try await session.collect(filters: topics) { messages in needed.allSatisfy { messages[$0] != nil } }
        }
        let infoTopic = names.bridgeInfo
        let filters = [infoTopic] + LocationTopic.allCases.map(names.everyLocation)
        let decoder = PayloadDecoder()
        return try await session.collect(filters: filters) { messages in
            guard let bytes = messages[infoTopic], let json = try? decoder.object(topic: infoTopic, bytes: bytes),
                let info = try? BridgeInfo(TopicPayload(topic: infoTopic, json: json)), !info.locations.isEmpty
            else { return false }
            return info.locations.allSatisfy { messages[names.current($0)] != nil }
        }
    }

    /// What the frame shows for `messages` at `now`.
    func drawn(_ messages: [String: [UInt8]], now: Date, job: RenderJob) -> Drawn {
        drawn(messages, now: now, units: job.units, language: job.language)
    }

    /// What the frame shows for `messages` at `now`, in `units` (`nil`: the payloads') and `language`.
    func drawn(_ messages: [String: [UInt8]], now: Date, units: UnitSettings?, language: Language) -> Drawn {
        if let location {
            do throws(PayloadError) {
                let payloads = try LocationPayloads(base: base, location: location, messages: messages)
                guard payloads.hasWeather else { return Drawn(input: nil, stale: nil, problems: []) }
                let model = try WeatherViewModel(payloads: payloads, now: now, units: units, language: language)
                let stale = model.freshness.isStale ? model.freshness.reasons.joined(separator: "; ") : nil
                return Drawn(input: .single(FrameInput(model)), stale: stale, problems: [], zone: model.zone)
            } catch {
                return Drawn(input: nil, stale: nil, problems: [error.description])
            }
        }
        var models: [WeatherViewModel] = []
        var problems: [String] = []
        var stale: [String] = []
        for id in locations(in: messages) {
            do throws(PayloadError) {
                let payloads = try LocationPayloads(base: base, location: id, messages: messages)
                guard payloads.hasWeather else { continue }
                let model = try WeatherViewModel(payloads: payloads, now: now, units: units, language: language)
                if model.freshness.isStale { stale.append(id) }
                models.append(model)
            } catch {
                problems.append(error.description)
            }
        }
        guard !models.isEmpty else { return Drawn(input: nil, stale: nil, problems: problems) }
        return Drawn(
            input: .overview(OverviewInput(models)),
            stale: stale.isEmpty ? nil : "stale data for " + stale.joined(separator: ", "), problems: problems,
            zone: models[0].zone)
    }

    /// The frame of `drawn` and its encoding, which must have an input; warns (once per script
    /// and process) about characters no installed font has.
    func encode(_ drawn: Drawn, job: RenderJob) -> (bytes: [UInt8], frame: PanelFrame?) {
        let frame: PanelFrame? =
            switch drawn.input {
            case .single(let input): job.render.frame(input)
            case .overview(let input): job.render.frame(input)
            case nil: nil
            }
        for warning in FrameFonts.takeMissingScriptWarnings() { Output.error("warning: " + warning) }
        return (frame.map(job.render.format.encode) ?? [], frame)
    }

    /// A one-shot frame for `messages`, or `nil` when there is no weather to draw.
    func frame(_ messages: [String: [UInt8]], now: Date, job: RenderJob) throws(Failure) -> RenderedFrame? {
        let drawn = drawn(messages, now: now, job: job)
        guard drawn.input != nil else {
            // A single location's broken payload is the answer; the overview draws what it can.
            if let problem = drawn.problems.first { throw Failure(Failure.dataCode, problem) }
            return nil
        }
        let (bytes, frame) = encode(drawn, job: job)
        return RenderedFrame(bytes: bytes, frame: frame, stale: drawn.stale, problems: drawn.problems)
    }

    /// The locations in the order the bridge announces them, then any others by id.
    func locations(in messages: [String: [UInt8]]) -> [String] {
        var announced: [String] = []
        let names = TopicNames(base: base)
        let infoTopic = names.bridgeInfo
        if let bytes = messages[infoTopic], let json = try? PayloadDecoder().object(topic: infoTopic, bytes: bytes),
            let info = try? BridgeInfo(TopicPayload(topic: infoTopic, json: json))
        {
            announced = info.locations
        }
        var others: Set<String> = []
        for topic in messages.keys {
            if case .location(let id, _)? = names.parse(topic) { others.insert(id) }
        }
        var seen: Set<String> = []
        return (announced + others.sorted()).filter { seen.insert($0).inserted }
    }

    func describe(_ session: BrokerSession) -> String {
        location.map { "'\($0)' on \(session.settings.url)" } ?? "any location on \(session.settings.url)"
    }

    /// "no data for …", with what the bridge says when it said something.
    func noData(_ session: BrokerSession, messages: [String: [UInt8]]) -> Failure {
        if let location, let payloads = try? LocationPayloads(base: base, location: location, messages: messages) {
            return session.noData(for: location, payloads: payloads)
        }
        return Failure.noData(
            "no weather on \(session.settings.url) within \(BrokerSession.seconds(session.settings.timeout)) "
                + "(\(base)/+/current; is weather2mqtt running, is the base topic right?)")
    }
}
