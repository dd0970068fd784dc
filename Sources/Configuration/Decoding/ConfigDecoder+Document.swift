import ProviderFacts
import WeatherModel
import YAML

extension ConfigDecoder {
    static let topLevelKeys = [
        "mqtt", "homeassistant", "units", "forecast", "contact", "state_dir", "log_level", "providers", "locations",
        "language", "stations", "displays", "onecall",
    ]
    static let unitKeys = ["temperature", "wind_speed", "pressure", "precipitation", "distance"]

    /// The whole file.
    func configuration(_ root: YAMLNode) throws(ConfigurationError) -> BridgeConfiguration {
        if root.isNull {
            throw fail(nil as Int?, "the file is empty: it needs at least a locations: list")
        }
        let top = try section(root, path: "", keys: ConfigDecoder.topLevelKeys)
        let mqtt = try mqtt(top.value("mqtt"))

        var homeAssistant = try homeAssistant(top.value("homeassistant"))

        let units = try units(top.value("units"))
        let forecast = try section(top.value("forecast"), path: "forecast", keys: ["hours", "days"])
        let contact = try string(top, "contact")
        let stateDirectory = try path(top, "state_dir") ?? "/var/lib/weather2mqtt"
        var logLevel = LogLevel.info
        if let level = try string(top, "log_level") {
            guard let parsed = LogLevel(rawValue: level) else {
                throw fail(
                    top.value("log_level"),
                    "log_level must be one of \(LogLevel.allCases.map(\.rawValue).joined(separator: ", ")) "
                        + "(got '\(MessageText.shown(level))')")
            }
            logLevel = parsed
        }
        let language = try language(top, "language") ?? .en
        var providers = try providers(top.value("providers"))
        // `stations:` before `locations:`, so that a location's `station:` is checked against it.
        let stations = try stations(top.value("stations"))
        let locations = try locations(top.value("locations"), stations: stations)
        let hours = try int(forecast, "hours", in: 0...384) ?? 48
        let days = try int(forecast, "days", in: 1...16) ?? 7
        (homeAssistant.forecastSlots, homeAssistant.slotsLocation) = try forecastSlots(
            top.value("homeassistant"), hours: hours, days: days, locations: locations.map(\.id))
        try checkFlatSizes(top.value("mqtt"), mqtt.flatTopics, hours: hours, days: days)

        var configuration = BridgeConfiguration(
            mqtt: mqtt, homeAssistant: homeAssistant, units: units, forecastHours: hours, forecastDays: days,
            contact: contact,
            stateDirectory: stateDirectory, logLevel: logLevel, providers: [:], locations: locations, path: file)
        for location in locations {
            for name in location.providers where providers[name] == nil {
                providers[name] = configuration.provider(name)
            }
        }
        configuration.providers = providers
        configuration.language = language
        configuration.stations = stations
        configuration.displays = try displays(top.value("displays"))
        configuration.oneCall = try oneCall(top.value("onecall"))
        configuration.alertSources = try alertSources(top.value("providers"))
        try crossCheck(configuration, top)
        configuration.warnings = warnings
        configuration.secrets = secretValues
        return configuration
    }

    /// `units: metric` or `units: {temperature: °F, …}` (missing quantities from metric).
    private func units(_ node: YAMLNode?) throws(ConfigurationError) -> UnitSettings {
        guard let node else { return .metric }
        let presets = ["metric", "imperial", "si", "uk"]
        if case .scalar = node.kind {
            let name = try text(node, "units")
            guard let preset = UnitSettings.preset(named: name) else {
                throw fail(
                    node,
                    "units must be \(MessageText.alternatives(presets)), or a map of "
                        + "\(ConfigDecoder.unitKeys.joined(separator: ", ")) (got '\(MessageText.shown(name))')")
            }
            return preset
        }
        let section = try section(node, path: "units", keys: ConfigDecoder.unitKeys)
        var units = UnitSettings.metric
        func unit<Unit: RawRepresentable & CaseIterable>(_ key: String, _ parse: (String) -> Unit?)
            throws(ConfigurationError) -> Unit? where Unit.RawValue == String
        {
            guard let value = try string(section, key) else { return nil }
            guard let unit = parse(value) else {
                throw fail(
                    section.value(key),
                    "units.\(key): unknown unit '\(MessageText.shown(value))' (valid: "
                        + Unit.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            return unit
        }
        units.temperature = try unit("temperature", TemperatureUnit.init(parsing:)) ?? units.temperature
        units.windSpeed = try unit("wind_speed", SpeedUnit.init(parsing:)) ?? units.windSpeed
        units.pressure = try unit("pressure", PressureUnit.init(parsing:)) ?? units.pressure
        units.precipitation = try unit("precipitation", PrecipitationUnit.init(parsing:)) ?? units.precipitation
        units.distance = try unit("distance", DistanceUnit.init(parsing:)) ?? units.distance
        return units
    }

    /// What each provider a location uses requires, and timing that cannot work as meant.
    private func crossCheck(_ configuration: BridgeConfiguration, _ top: ConfigSection) throws(ConfigurationError) {
        for (index, location) in configuration.locations.enumerated() {
            for name in location.providers {
                guard let provider = KnownProvider(rawValue: name) else { continue }
                if provider.needsKey, configuration.provider(name)?.apiKey == nil {
                    throw fail(
                        configuration.providers[name]?.line ?? location.line,
                        "location '\(location.id)' uses \(name), which needs an API key: set "
                            + "providers.\(name).api_key (or api_key_file)")
                }
                if provider.needsContact, configuration.contact == nil {
                    throw fail(
                        location.line,
                        "location '\(location.id)' uses \(name), whose terms require an identifying User-Agent: set "
                            + "contact: (your e-mail address or website) at the top level")
                }
                if provider.needsTimezone, location.timezone == nil {
                    throw fail(
                        location.line,
                        "location '\(location.id)' uses \(name), which reports no time zone: set "
                            + "locations[\(index)].timezone (such as Europe/Berlin)")
                }
            }
            try checkWarningSources(location, configuration)
            let expiry = configuration.mqtt.messageExpiry
            if expiry > 0, expiry < location.interval {
                warn(
                    "mqtt.message_expiry (\(MessageText.duration(expiry))) is shorter than the interval of location "
                        + "'\(location.id)' (\(MessageText.duration(location.interval))): its readings will vanish "
                        + "between refreshes")
            }
        }
    }
}

extension ConfigDecoder {
    /// What a location's warning sources require: a `contact` for NWS and MetAlerts, an API
    /// key for openweathermap (`meteoalarm:` regions and unknown names are checked where
    /// `alerts:` is read).
    fileprivate func checkWarningSources(_ location: LocationSettings, _ configuration: BridgeConfiguration)
        throws(ConfigurationError)
    {
        let how = location.alerts == ["auto"] ? " (alerts: auto picks it for these coordinates)" : ""
        for source in location.warningSources.compactMap(WarningSource.init(rawValue:)) {
            if source.needsContact, configuration.contact == nil {
                throw fail(
                    location.line,
                    "location '\(location.id)' gets warnings from \(source.rawValue)\(how), whose terms require an "
                        + "identifying User-Agent: set contact: (your e-mail address or website) at the top level")
            }
            if source.needsKey, configuration.provider(source.rawValue)?.apiKey == nil {
                throw fail(
                    location.line,
                    "location '\(location.id)' lists \(source.rawValue) under alerts (One Call 4.0 alert texts), "
                        + "which needs an API key with the One Call by Call subscription: set "
                        + "providers.\(source.rawValue).api_key (or api_key_file)")
            }
        }
    }
}
