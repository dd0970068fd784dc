import FoundationEssentials
import WeatherModel

/// Rain today in the location's own day, and a rate, from whatever running amount a station
/// sends. A plain value that can be saved and restored (`json`); `revision` changes only when
/// something worth saving changed (rain fell, a day began, a counter reset), so the bridge need
/// not rewrite it on every message: a restored baseline plus a later counter still counts all
/// rain in between.
///
/// Rules (docs/STATIONS.md): a counter's or a daily total's increases are rain; a drop is a
/// reset (battery change, the device's midnight) and the new value is the rain since it, or a
/// wrap where the counter's width is known; increments are added as they come (a datagram seen
/// twice counts once). A change larger than any rain can make (`maximumRate` over the time since
/// the previous report, at least `minimumJump`) or a daily total above `maximumDay` is rejected
/// and becomes the new baseline. Today is "whole" only when the bridge was listening when the
/// day began; rain across a gap longer than `gap` that spans midnight cannot be split between
/// the days, and makes today partial. A device's own daily total is today's only where its
/// reset was seen within `gap` after the location's midnight.
public struct RainAccumulator: Sendable, Equatable {
    /// The location's day `total` belongs to.
    public internal(set) var day: String?
    /// Rain counted in `day`, mm.
    public internal(set) var total = 0.0
    /// Whether `total` covers the whole of `day`.
    public internal(set) var coversDay = false
    /// Changes whenever the value should be saved.
    public internal(set) var revision = 0
    /// The gauge followed: `<sensor>|<name>` of the first running amount seen.
    var gauge: String?
    var kind: RainReport.Kind?
    var last: Double?
    var lastTime: Date?
    var lastDeviceTime: Date?
    var deviceMidnightMatches = false
    var deviceResetDay: String?
    var recent: [Tip] = []

    struct Tip: Sendable, Equatable {
        var time: Date
        var millimetres: Double
    }

    /// Gaps up to this long between two reports are ordinary (seconds).
    public static let gap: Double = 900
    public static let maximumRate = 300.0
    public static let minimumJump = 25.0
    public static let maximumDay = 500.0

    public init() {}

    /// Takes one report that arrived at `now`; returns the rejection when it was not believable.
    @discardableResult
    public mutating func apply(
        _ report: RainReport, sensor: String, deviceTime: Date? = nil, at now: Date, zone: ZoneInfo
    ) -> Rejection? {
        let key = sensor + "|" + report.name
        if gauge == nil { gauge = key }
        if gauge != key {
            // Another gauge takes over only once the followed one has been silent for a gap (a
            // new `match`, a sensor replaced): its rain in between is unknown, so today is partial.
            guard let lastTime, now.timeIntervalSince(lastTime) > RainAccumulator.gap else { return nil }
            gauge = key
            last = nil
            kind = nil
            coversDay = false
            revision += 1
        }
        let today = zone.localDate(now).description
        roll(to: today)
        let previous = lastTime
        let gapSeconds = previous.map { now.timeIntervalSince($0) } ?? 0
        let crossedMidnight = previous.map { zone.localDate($0).description != today } ?? false
        var rejection: Rejection?
        var amount: Double?
        let value = report.millimetres
        if report.kind == .dailyTotal, value > RainAccumulator.maximumDay {
            return reject(value, "a day's rain of \(value) mm is more than any station has measured")
        }
        switch report.kind {
        case .increment:
            if let time = deviceTime, let seen = lastDeviceTime, time <= seen { return nil }
            lastDeviceTime = deviceTime
            amount = value
        case .counter, .dailyTotal:
            if let last, kind == report.kind {
                amount = increase(from: last, to: value, wrap: report.wrap)
                if report.kind == .dailyTotal, value < last - 0.001 { noteDeviceReset(now, today: today, zone: zone) }
            }
            last = value
        }
        kind = report.kind
        lastTime = now
        if previous == nil { coversDay = false }
        guard var amount else { return nil }
        let limit = max(RainAccumulator.minimumJump, RainAccumulator.maximumRate * gapSeconds / 3600)
        if amount < 0 || amount > limit {
            rejection = reject(amount, "\(report.name) moved by \(amount) mm in \(Int(gapSeconds)) s")
            amount = 0
        }
        if gapSeconds > RainAccumulator.gap, crossedMidnight || report.kind == .increment {
            if crossedMidnight, amount > 0 || report.kind == .increment {
                coversDay = false
                revision += 1
                return rejection
            }
            if report.kind == .increment { coversDay = false }
        }
        if amount > 0 {
            total += amount
            recent.append(Tip(time: now, millimetres: amount))
            recent.removeAll { now.timeIntervalSince($0.time) > 3600 }
            revision += 1
        }
        return rejection
    }

    /// Rain in the location's day at `now`, mm; `nil` when the day is not wholly known.
    public func rainToday(at now: Date, zone: ZoneInfo) -> Double? {
        let today = zone.localDate(now).description
        if day != today { return lastTime != nil && coversDayAfterRoll ? 0 : nil }
        if coversDay { return total }
        if kind == .dailyTotal, deviceMidnightMatches, deviceResetDay == today { return last }
        return nil
    }

    /// The rate from the increases, mm/h: what fell in the last 15 minutes, four times over; a
    /// lone increase (nothing in the hour before it) spread over an hour; 0 once 15 minutes pass
    /// without rain. `nil` before any report.
    public func rate(at now: Date) -> Double? {
        guard lastTime != nil else { return nil }
        let window = recent.filter { now.timeIntervalSince($0.time) < 900 && $0.time <= now }
        guard let first = window.first else { return 0 }
        let sum = window.reduce(0) { $0 + $1.millimetres }
        let before = recent.contains { $0.time < first.time && first.time.timeIntervalSince($0.time) < 3600 }
        return window.count == 1 && !before ? sum : sum * 4
    }

    /// When the last report came.
    public var lastReport: Date? { lastTime }

    /// Whether the day that began after the last report will be whole (a baseline existed).
    private var coversDayAfterRoll: Bool { last != nil || kind == .increment }

    private mutating func roll(to today: String) {
        guard day != today else { return }
        coversDay = day != nil && lastTime != nil
        day = today
        total = 0
        revision += 1
    }

    private func increase(from last: Double, to value: Double, wrap: Double?) -> Double {
        let change = value - last
        if change > -0.001 { return max(0, change) }
        if let wrap, last > wrap / 2, value < wrap / 2 { return wrap - last + value }
        return value  // a reset: the counter started again from 0
    }

    private mutating func noteDeviceReset(_ now: Date, today: String, zone: ZoneInfo) {
        let sinceMidnight = now.timeIntervalSince(zone.startOfDay(zone.localDate(now)))
        deviceMidnightMatches = sinceMidnight <= RainAccumulator.gap
        deviceResetDay = today
    }

    private mutating func reject(_ value: Double, _ detail: String) -> Rejection {
        revision += 1
        return Rejection(field: "rain", value: value, rule: .rainJump, detail: detail)
    }
}
