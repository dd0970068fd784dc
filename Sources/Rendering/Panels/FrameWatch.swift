/// When `render --watch` hands a new frame to the panel: never a frame identical to the
/// last one written, and never sooner than `minInterval` after the last write (e-ink wears,
/// and a refresh takes seconds). A frame that must wait is written once the interval is up,
/// unless a newer one replaces it first.
///
/// Times are seconds on a monotonic clock, so that the policy can be tested with made-up
/// times and a wall-clock jump cannot starve or flood the panel.
public struct FrameWatch: Sendable {
    public enum Decision: Sendable, Equatable {
        /// Write this frame now.
        case write
        /// The panel already shows exactly this frame.
        case identical
        /// Too soon after the last write; offer it again at this time.
        case wait(until: Double)
    }

    public let minInterval: Double
    public private(set) var lastFrame: [UInt8]?
    public private(set) var lastWrite: Double?

    public init(minInterval: Double) {
        self.minInterval = max(0, minInterval)
    }

    /// What to do with `frame` at time `now`; a `.write` decision counts as written.
    public mutating func offer(_ frame: [UInt8], at now: Double) -> Decision {
        if frame == lastFrame { return .identical }
        if let lastWrite, now < lastWrite + minInterval { return .wait(until: lastWrite + minInterval) }
        lastFrame = frame
        lastWrite = now
        return .write
    }
}
