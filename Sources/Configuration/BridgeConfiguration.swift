import WeatherModel

/// A validated configuration file (SPEC §2), defaults filled in.
///
/// Top-level keys: `mqtt` (`MQTTSettings`), `homeassistant` (`HomeAssistantSettings`), `units`
/// (`metric`, `imperial`, `si`, `uk`, or a map of `temperature`, `wind_speed`, `pressure`,
/// `precipitation`, `distance`; missing keys from metric), `forecast` (`hours` 0…384, default 48;
/// `days` 1…16, default 7), `contact` (goes into the User-Agent; met-no and nws require it),
/// `state_dir` (default `/var/lib/weather2mqtt`), `log_level` (default `info`), `providers`
/// (`ProviderSettings`), `locations` (`LocationSettings`, at least one), `language` (the
/// payloads' `summary` texts: one of `Language`'s codes, default `en`), `stations`
/// (`StationSettings`, optional).
public struct BridgeConfiguration: Sendable, Equatable {
    public var mqtt: MQTTSettings
    public var homeAssistant: HomeAssistantSettings
    public var units: UnitSettings
    public var forecastHours: Int
    public var forecastDays: Int
    public var contact: String?
    public var stateDirectory: String
    public var logLevel: LogLevel
    /// `language`: the language of the payloads' `summary` texts (default `en`); a location's
    /// own `language` overrides it.
    public var language: Language
    /// Every provider a location uses or the file configures, keyed by name, defaults filled.
    public var providers: [String: ProviderSettings]
    /// `providers.brightsky|metalerts|meteoalarm` (warning sources only), by name.
    public var alertSources: [String: AlertSourceSettings] = [:]
    public var locations: [LocationSettings]
    /// `stations:` (`StationSettings`): the user's own weather stations, none by default.
    public var stations: [StationSettings] = []
    /// `displays:`: what `weatherview serve` shows each network display.
    public var displays = DisplaysSettings()
    /// `onecall:`: what `weatherview serve` answers as OpenWeatherMap (checked, not used by the bridge).
    public var oneCall = OneCallSettings()
    /// The file it was read from.
    public var path: String
    /// What is allowed but probably not meant (a world-readable secret, `tls.insecure`, …).
    public var warnings: [String]
    /// Values that came from `secrets.yaml` (`!secret`), to be masked wherever text is shown.
    public var secrets: [String] = []

    public init(
        mqtt: MQTTSettings = MQTTSettings(), homeAssistant: HomeAssistantSettings = HomeAssistantSettings(),
        units: UnitSettings = .metric, forecastHours: Int = 48, forecastDays: Int = 7, contact: String? = nil,
        stateDirectory: String = "/var/lib/weather2mqtt", logLevel: LogLevel = .info,
        providers: [String: ProviderSettings] = [:], locations: [LocationSettings], path: String = "",
        warnings: [String] = [], language: Language = .en
    ) {
        self.mqtt = mqtt
        self.homeAssistant = homeAssistant
        self.units = units
        self.forecastHours = forecastHours
        self.forecastDays = forecastDays
        self.contact = contact
        self.stateDirectory = stateDirectory
        self.logLevel = logLevel
        self.providers = providers
        self.locations = locations
        self.path = path
        self.warnings = warnings
        self.language = language
    }

    /// The settings of provider `name`: its configured ones, or the defaults of a known
    /// provider without a section; `nil` for an unknown name.
    public func provider(_ name: String) -> ProviderSettings? {
        if let settings = providers[name] { return settings }
        return KnownProvider(rawValue: name).map(ProviderSettings.init(defaultsFor:))
    }

    /// The location called `id`.
    public func location(_ id: String) -> LocationSettings? {
        locations.first(where: { $0.id == id })
    }
}
