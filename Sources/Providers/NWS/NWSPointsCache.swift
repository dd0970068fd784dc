/// Where the NWS provider keeps `/points/{lat},{lon}` answers. They map a location to its
/// forecast office and grid and change about never, so one request per location is enough
/// for a long time; the bridge keeps them in `state_dir` so they survive restarts.
///
/// Keys look like `nws-points-38.8894,-77.0352` (letters, digits, `-`, `.`, `,`).
public protocol NWSPointsCache: Sendable {
    /// The stored answer for `key`, or `nil`.
    func load(key: String) async -> [UInt8]?
    /// Stores (or replaces) the answer for `key`.
    func store(key: String, bytes: [UInt8]) async
}

/// A points cache in memory, for tests and for a bridge without a `state_dir`.
public actor InMemoryNWSPointsCache: NWSPointsCache {
    private var entries: [String: [UInt8]]

    public init(_ entries: [String: [UInt8]] = [:]) {
        self.entries = entries
    }

    public func load(key: String) async -> [UInt8]? { entries[key] }

    public func store(key: String, bytes: [UInt8]) async { entries[key] = bytes }

    /// The keys stored so far.
    public var keys: [String] { entries.keys.sorted() }
}
