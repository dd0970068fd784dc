import FoundationEssentials

/// What a person or an automation reads from a nowcast as of a given instant: the steps still
/// ahead (the one containing now first), when precipitation starts and ends, how heavy it gets,
/// and one sentence in the payload's language.
public struct NowcastOutlook: Sendable, Equatable {
    /// The steps from the one containing now to the end of the horizon.
    public var steps: [NowcastStep]
    /// Start of the first wet step (at or before now when it is already falling), or `nil`.
    public var startsAt: Date?
    /// Start of the first dry step after `startsAt`; `nil` when it does not end within the window.
    public var endsAt: Date?
    /// The highest rate in the first wet spell (mm/h), `nil` when dry or the provider gives no rates.
    public var peakIntensity: Double?
    /// What falls in the first wet spell (the type of its heaviest step).
    public var type: PrecipitationType?
    /// The end of the window the steps cover.
    public var windowEnd: Date
    /// "Light rain starting in about 20 min, for 40 min" (in `language`); `nil` when there is no nowcast.
    public var summary: String?

    init(nowcast: Nowcast, now: Date, horizonMinutes: Int, language: Language = .en) {
        let step = Double(nowcast.stepMinutes * 60)
        let limit = now.addingTimeInterval(Double(max(1, horizonMinutes)) * 60)
        steps = nowcast.steps.filter { $0.time.addingTimeInterval(step) > now && $0.time < limit }
        windowEnd = min(limit, steps.last.map { $0.time.addingTimeInterval(step) } ?? now)
        guard nowcast.unavailableReason == nil, !steps.isEmpty else {
            startsAt = nil
            endsAt = nil
            peakIntensity = nil
            type = nil
            summary = nil
            return
        }
        let first = steps.firstIndex(where: \.isWet)
        let end = first.flatMap { start in steps[start...].firstIndex(where: { !$0.isWet }) }
        startsAt = first.map { steps[$0].time }
        endsAt = end.map { steps[$0].time }
        let spell = first.map { Array(steps[$0..<(end ?? steps.endIndex)]) } ?? []
        let heaviest = spell.max { ($0.intensity ?? -1) < ($1.intensity ?? -1) }
        peakIntensity = spell.compactMap(\.intensity).max()
        type = heaviest?.type ?? spell.lazy.compactMap(\.type).first
        summary = Self.sentence(
            now: now, startsAt: startsAt, endsAt: endsAt, windowEnd: windowEnd, peak: peakIntensity, type: type,
            words: language.messages)
    }

    /// The strength of a rate in mm/h (US NWS limits: 2.5 and 7.6 mm/h) in `words`.
    static func strength(_ intensity: Double, _ words: Messages) -> String {
        intensity < 2.5 ? words.nowcastLight : intensity < 7.6 ? words.nowcastModerate : words.nowcastHeavy
    }

    /// The sentence of a nowcast as of `now` in `words`' language: the payload's `summary`, and
    /// what weatherview says again in its own language from the payload's fields. `peak` in mm/h.
    public static func sentence(
        now: Date, startsAt: Date?, endsAt: Date?, windowEnd: Date, peak: Double?, type: PrecipitationType?,
        words: Messages
    ) -> String {
        let window = max(0, Int((windowEnd.timeIntervalSince(now) / 60).rounded()))
        guard let startsAt else {
            return Messages.fill(words.nowcastDry, [("span", span(window, words))])
        }
        let kind = type.map(words.precipitation) ?? words.nowcastPrecipitation
        let what =
            peak.map { Messages.fill(words.nowcastWhat, [("strength", strength($0, words)), ("type", kind)]) } ?? kind
        let phrase = what.capitalisedFirst
        let untilStart = Int((startsAt.timeIntervalSince(now) / 60).rounded())
        if untilStart <= 0 {
            guard let endsAt else {
                return Messages.fill(words.nowcastContinuing, [("what", phrase), ("span", span(window, words))])
            }
            let left = Int((endsAt.timeIntervalSince(now) / 60).rounded())
            return Messages.fill(words.nowcastStopping, [("what", phrase), ("minutes", about(left, words))])
        }
        let lasting = Int(((endsAt ?? windowEnd).timeIntervalSince(startsAt) / 60).rounded())
        return Messages.fill(
            endsAt == nil ? words.nowcastStartingAtLeast : words.nowcastStarting,
            [("what", phrase), ("minutes", about(untilStart, words)), ("duration", duration(lasting, words))])
    }

    /// Minutes rounded to 5 (at least 5): "about 20 min".
    static func about(_ minutes: Int, _ words: Messages) -> String {
        duration(max(5, Int((Double(minutes) / 5).rounded()) * 5), words)
    }

    /// "40 min", "1 h", "1 h 15 min".
    static func duration(_ minutes: Int, _ words: Messages) -> String {
        let rest = Messages.fill(words.minutes, [("n", String(minutes % 60))])
        if minutes < 60 { return rest }
        let hours = Messages.fill(words.hours, [("n", String(minutes / 60))])
        return minutes % 60 == 0 ? hours : hours + " " + rest
    }

    /// The window: "hour", "2 hours", "45 min".
    static func span(_ minutes: Int, _ words: Messages) -> String {
        if minutes == 60 { return words.nowcastOneHour }
        if minutes >= 120, minutes % 60 == 0 { return Messages.fill(words.hourCount, [("n", String(minutes / 60))]) }
        return duration(minutes, words)
    }
}

extension String {
    fileprivate var capitalisedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
