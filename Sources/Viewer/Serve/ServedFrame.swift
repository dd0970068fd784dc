import FoundationEssentials
import WeatherModel

/// A frame as `serve` hands it out: its bytes, their hash, when they were first drawn and when
/// what the frame shows next changes (the clock's next change of the drawing, or new data).
struct ServedFrame: Sendable, Equatable {
    var bytes: [UInt8]
    /// SHA-256 of `bytes`, 64 hex digits.
    var hash: String
    /// When these bytes were first drawn (the `Last-Modified`).
    var drawn: Date
    /// When the drawing next changes with the clock alone (the hour rolls over, the data ages
    /// or expires), to the minute; at most an hour ahead.
    var nextChange: Date
    /// Why the data is stale, if it is.
    var stale: String?
    /// The zone of the location shown (the overview: the first location's): a display's quiet
    /// hours are its hours.
    var zone: ZoneInfo = .utc

    /// The strong `ETag`: the hash, quoted.
    var etag: String { "\"" + hash + "\"" }

    /// Whole seconds from `now` to ``nextChange`` (at least 1).
    func secondsToChange(from now: Date) -> Int { max(1, Int(nextChange.timeIntervalSince(now).rounded(.up))) }
}
