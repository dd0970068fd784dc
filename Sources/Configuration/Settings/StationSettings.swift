import Stations

/// One item of `stations:`: the user's own weather station as an input.
///
/// Keys: `id` (required, the location-id pattern: it becomes `<base>/stations/<id>`), `type`
/// (required: `ecowitt`, `ambient`, `wunderground`, `tempest`, `weatherlink-live`,
/// `ecowitt-api`, `rtl_433`, `weewx`, `mqtt`), `listen` (`address:port`; required for the pushed
/// types, optional for `tempest`, default `0.0.0.0:50222`, and `weatherlink-live`, its UDP
/// broadcast, usually port 22222), `path` (pushed types: only this HTTP path; default any),
/// `url` (required for `weatherlink-live` and `ecowitt-api`: the device's base URL), `topic`
/// (required for `rtl_433`, `weewx` and `mqtt`: a topic filter on the bridge's broker),
/// `match` (`passkey`/`mac`, `serial`, `model`, `id`, `channel`: which messages on the input
/// belong to this station; none: all), `elevation` (metres, −500…9000: reduces station pressure
/// to sea level), `max_age` (a field older than this falls back to the provider; default 10m),
/// and for `type: mqtt` `fields` (see `GenericField`).
public struct StationSettings: Sendable, Equatable {
    public var id: String
    public var kind: StationKind
    public var listen: ListenAddress?
    public var path: String?
    public var url: String?
    public var topic: String?
    public var match: StationMatch
    public var elevation: Double?
    /// Seconds.
    public var maxAge: Int
    public var fields: [GenericField]
    /// The line of the item, `nil` when built in code.
    public var line: Int?

    public init(
        id: String, kind: StationKind, listen: ListenAddress? = nil, path: String? = nil, url: String? = nil,
        topic: String? = nil, match: StationMatch = .any, elevation: Double? = nil, maxAge: Int = 600,
        fields: [GenericField] = [], line: Int? = nil
    ) {
        self.id = id
        self.kind = kind
        self.listen = listen
        self.path = path
        self.url = url
        self.topic = topic
        self.match = match
        self.elevation = elevation
        self.maxAge = maxAge
        self.fields = fields
        self.line = line
    }
}

/// `listen: address:port` (`127.0.0.1:8080`, `0.0.0.0:50222`, `[::1]:8080`).
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `address:port`; `nil` for anything else.
    public init?(parsing text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (1...65535).contains(port)
        else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let isIPv4 =
            host.split(separator: ".", omittingEmptySubsequences: false).count == 4
            && host.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
                UInt8($0) != nil && ($0.count == 1 || !$0.hasPrefix("0"))
            }
        let isIPv6 = host.contains(":") && host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        guard isIPv4 || isIPv6 else { return nil }
        self.host = host
        self.port = port
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// One entry of a location's `station:`: the station's id and the fields it may supply.
public struct StationReference: Sendable, Equatable {
    public var id: String
    /// `nil`: every field the station has.
    public var fields: Set<StationQuantity>?

    public init(id: String, fields: Set<StationQuantity>? = nil) {
        self.id = id
        self.fields = fields
    }
}
