/// A daily span of local time, `start` to `end` in minutes after midnight (across midnight
/// when `end` is not after `start`).
public struct QuietHours: Sendable, Equatable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// `23:00-06:00`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 2, let start = Self.minutes(parts[0]), let end = Self.minutes(parts[1]), start != end
        else { return nil }
        self.init(start: start, end: end)
    }

    /// Minutes from `minute` (after local midnight) to the end of the quiet hours, or `nil`
    /// when `minute` is outside them.
    public func remaining(at minute: Int) -> Int? {
        let inside = start < end ? (start..<end).contains(minute) : (minute >= start || minute < end)
        guard inside else { return nil }
        return (end - minute + 1440) % 1440
    }

    private static func minutes(_ text: Substring) -> Int? {
        let parts = text.trimmingPrefix(" ").split(separator: ":")
        guard parts.count == 2, parts[1].count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
            (0...23).contains(hours), (0...59).contains(minutes)
        else { return nil }
        return hours * 60 + minutes
    }
}
