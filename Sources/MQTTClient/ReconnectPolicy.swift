/// How long the network thread waits before the next connection attempt. Pure: values in,
/// values out.
///
/// A broker that was just there (a restart, a blip) is usually back within a second or two, so
/// the first `quickRetries` attempts after a lost connection come `quickDelay`
/// apart: the retained topics are whole again within seconds. After those, the wait doubles from
/// `reconnectDelayMin` up to `reconnectDelayMax`, so a broker that stays away is asked about
/// once per `reconnectDelayMax`, never hammered.
public struct ReconnectPolicy: Sendable, Equatable {
    /// Attempts made `quickDelay` apart before the backoff starts.
    public var quickRetries: Int
    public var quickDelay: Duration
    /// The first backoff delay, seconds; doubled per further failure.
    public var minimum: Int
    /// The longest delay between attempts, seconds.
    public var maximum: Int

    public init(quickRetries: Int = 5, quickDelay: Duration = .milliseconds(250), minimum: Int = 1, maximum: Int = 30) {
        self.quickRetries = quickRetries
        self.quickDelay = quickDelay
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The policy of `options` (their minimum and maximum, the default quick retries).
    public init(_ options: MQTTConnectOptions) {
        self.init(minimum: options.reconnectDelayMin, maximum: options.reconnectDelayMax)
    }

    /// The wait before the next attempt after `failures` consecutive failed attempts (0: the
    /// connection was just lost, or the first attempt failed). `afterLoss`: the broker accepted
    /// a connection before these failures — it was just there, so the first retries are quick.
    /// A broker never reached (or refusing from the start) gets the plain backoff.
    public func delay(failures: Int, afterLoss: Bool = true) -> Duration {
        let quick = afterLoss ? quickRetries : 0
        if failures < quick { return quickDelay }
        let shift = min(failures - quick, 20)
        return .seconds(min(maximum, minimum << shift))
    }
}
