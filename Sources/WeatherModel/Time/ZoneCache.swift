import Synchronization

/// IANA zones by name, each read from the tz database once per process: the bridge, the
/// provider decoders, the configuration check and the renderer all look zones up here.
///
/// Every payload and status payload of a location is written in its zone; reading and parsing
/// the TZif file each time cost five file reads per location and refresh. A tzdata update is
/// seen after a restart, as with any long-running process that caches zones.
public enum ZoneCache {
    /// More distinct zones than any configuration has; names a provider made up are not kept.
    static let limit = 512
    private static let zones = Mutex<[String: ZoneInfo]>([:])

    /// The zone called `identifier`, or `nil` when the tz database has none.
    public static func zone(_ identifier: String) -> ZoneInfo? {
        if let zone = zones.withLock({ $0[identifier] }) { return zone }
        guard let zone = ZoneInfo(loading: identifier) else { return nil }
        zones.withLock { if $0.count < limit { $0[identifier] = zone } }
        return zone
    }
}
