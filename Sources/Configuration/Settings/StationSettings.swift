import Stations
import SystemIO

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
