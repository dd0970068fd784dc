import ProviderFacts
import WeatherModel

/// One item of `locations:`.
///
/// Keys: `id` (required, `^[a-z0-9][a-z0-9_-]{0,63}$`, a topic segment), `name` (default: the
/// id), `latitude` (−90…90) and `longitude` (−180…180) (required numbers), `timezone` (an IANA
/// name; required for met-no), `providers` (first = primary, the rest fallbacks; default
/// `[open-meteo]`), `interval` (≥ 1m, default 15m), `elevation` (metres above sea level,
/// −500…9000, optional: passed to met.no as `altitude` and to Open-Meteo as `elevation`),
/// `air_quality` (default false), `nowcast_interval` (≥ 5m, default 15m, or `false`),
/// `language` (default: the top-level `language`), `alerts`
/// (warning sources) and `meteoalarm` (`{country, region}`).
public struct LocationSettings: Sendable, Equatable {
    public var id: String
    public var name: String
    public var latitude: Double
    public var longitude: Double
    public var timezone: String?
    /// `KnownProvider` raw values, primary first, no duplicates.
    public var providers: [String]
    /// Seconds between refreshes.
    public var interval: Int
    /// Metres above sea level, if configured.
    public var elevation: Double?
    /// `air_quality: true`: also ask Open-Meteo's Air Quality API (hourly, counted in the
    /// open-meteo budget) and publish `<base>/<loc>/air_quality`. Off by default.
    public var airQuality = false
    /// `nowcast_interval`: seconds between two nowcasts where the forecast requests come less
    /// often (an own, nowcast-only request in between; SPEC §4), `nil` for `false` (only what
    /// the forecast requests carry). Default 15 min, the Open-Meteo `minutely_15` step.
    public var nowcastInterval: Int? = 900
    /// `language`: this location's summaries in another language than the top-level one.
    public var language: Language?
    /// The line of the item, `nil` when built in code.
    public var line: Int?
    /// `alerts:`: `WarningSource` raw values, in order of preference, or `["auto"]` (the
    /// source the coordinates make obvious); `nil` when not configured (the forecast
    /// provider's alerts only).
    public var alerts: [String]? = nil
    /// `meteoalarm: { country, region }`.
    public var meteoAlarm: MeteoAlarmRegion? = nil
    /// `station:`: the stations whose fresh values replace the provider's in `current`, in
    /// priority order (an id, a list of ids, or `{id, fields}` items).
    public var stations: [StationReference] = []

    public init(
        id: String, name: String? = nil, latitude: Double, longitude: Double, timezone: String? = nil,
        providers: [String] = [KnownProvider.openMeteo.rawValue], interval: Int = 900, line: Int? = nil
    ) {
        self.id = id
        self.name = name ?? id
        self.latitude = latitude
        self.longitude = longitude
        self.timezone = timezone
        self.providers = providers
        self.interval = interval
        self.line = line
    }
}

extension LocationSettings {
    /// The warning sources the location asks: its `alerts:` list; for `alerts: auto` the one
    /// its coordinates make obvious (`WarningArea`: NWS in the US, Bright Sky in Germany,
    /// MetAlerts in Norway), none elsewhere. Without `alerts:` none (no request the user did
    /// not ask for).
    public var warningSources: [String] {
        guard let list = alerts else { return [] }
        if list != ["auto"] { return list }
        return WarningArea.defaultSource(latitude: latitude, longitude: longitude).map { [$0] } ?? []
    }
}
