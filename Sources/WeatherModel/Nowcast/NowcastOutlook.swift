import FoundationEssentials

/// What a person or an automation reads from a nowcast as of a given instant: the steps still
/// ahead (the one containing now first), when precipitation starts and ends, how heavy it gets,
/// and one English sentence.
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
    /// "Light rain starting in about 20 min, for 40 min"; `nil` when there is no nowcast.
    public var summary: String?

    init(nowcast: Nowcast, now: Date, horizonMinutes: Int) {
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
            now: now, startsAt: startsAt, endsAt: endsAt, windowEnd: windowEnd, peak: peakIntensity, type: type)
    }

    /// "Light", "Moderate" or "Heavy" for a rate in mm/h (US NWS limits: 2.5 and 7.6 mm/h).
    public static func strength(_ intensity: Double) -> String {
        intensity < 2.5 ? "light" : intensity < 7.6 ? "moderate" : "heavy"
    }

    static func sentence(
        now: Date, startsAt: Date?, endsAt: Date?, windowEnd: Date, peak: Double?, type: PrecipitationType?
    ) -> String {
        let window = max(0, Int((windowEnd.timeIntervalSince(now) / 60).rounded()))
        guard let startsAt else {
            return "No precipitation expected in the next " + span(window)
        }
        let what = type?.rawValue ?? "precipitation"
        let phrase = (peak.map { strength($0) + " " + what } ?? what).capitalisedFirst
        let untilStart = Int((startsAt.timeIntervalSince(now) / 60).rounded())
        if untilStart <= 0 {
            guard let endsAt else { return phrase + " for at least the next " + span(window) }
            return phrase + " now, stopping in about " + about(Int((endsAt.timeIntervalSince(now) / 60).rounded()))
        }
        let lasting = Int(((endsAt ?? windowEnd).timeIntervalSince(startsAt) / 60).rounded())
        return phrase + " starting in about " + about(untilStart) + ", for " + (endsAt == nil ? "at least " : "")
            + duration(lasting)
    }

    /// Minutes rounded to 5 (at least 5): "about 20 min".
    static func about(_ minutes: Int) -> String {
        duration(max(5, Int((Double(minutes) / 5).rounded()) * 5))
    }

    /// "40 min", "1 h", "1 h 15 min".
    static func duration(_ minutes: Int) -> String {
        if minutes < 60 { return "\(minutes) min" }
        let rest = minutes % 60
        return "\(minutes / 60) h" + (rest == 0 ? "" : " \(rest) min")
    }

    /// The window: "hour", "2 hours", "45 min".
    static func span(_ minutes: Int) -> String {
        if minutes == 60 { return "hour" }
        if minutes >= 120, minutes % 60 == 0 { return "\(minutes / 60) hours" }
        return duration(minutes)
    }
}

extension String {
    fileprivate var capitalisedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
