/// One discovery resend per burst of Home Assistant birth messages.
///
/// Home Assistant publishes `online` on `<prefix>/status` when it starts; a flapping instance,
/// several instances on one broker or another client can send many in a row. Every birth that
/// arrives while a resend is already waiting is part of the same burst and is covered by it:
/// only the first one schedules a resend. Pure: the service calls `birth()` per message and
/// `resent()` when the scheduled resend has gone out.
public struct BirthCoalescer: Sendable, Equatable {
    /// A resend is scheduled and has not gone out yet.
    public private(set) var pending = false
    /// Birth messages covered by the pending resend (for the log).
    public private(set) var coalesced = 0

    public init() {}

    /// A birth message arrived; `true` when the caller should schedule a resend.
    public mutating func birth() -> Bool {
        if pending {
            coalesced += 1
            return false
        }
        pending = true
        coalesced = 0
        return true
    }

    /// The scheduled resend went out; returns how many further births it covered.
    @discardableResult
    public mutating func resent() -> Int {
        defer {
            pending = false
            coalesced = 0
        }
        return coalesced
    }
}
