/// How much one source address may send: a bucket of `burst` requests (or datagrams) that
/// refills at `perSecond`. The defaults let a gateway that pushes every few seconds through
/// untouched and stop a runaway device or a flood from one address.
public struct RatePolicy: Sendable, Equatable {
    /// Requests a source may send at once after a quiet spell.
    public var burst: Int
    /// Requests a second a source may keep sending.
    public var perSecond: Double

    public init(burst: Int, perSecond: Double) {
        self.burst = max(1, burst)
        self.perSecond = max(0.001, perSecond)
    }
}
