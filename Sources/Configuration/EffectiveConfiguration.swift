import WeatherModel

/// `weather2mqtt check --print-config`: the configuration as the bridge will use it, after
/// merge keys, `${NAME}`, `!secret` and defaults, as YAML that loads again.
///
/// Secrets are masked: the MQTT password, API keys, and every value that holds a `!secret`;
/// each shows as `<secret>`.
public enum EffectiveConfiguration {
    public static let mask = "<secret>"

    public static func yaml(_ configuration: BridgeConfiguration) -> String {
        var secrets = configuration.secrets
        secrets += [configuration.mqtt.password].compactMap { $0 }
        secrets += configuration.providers.values.compactMap(\.apiKey)
        let writer = Writer(secrets: secrets.filter { !$0.isEmpty })
        var lines = [
            "# effective configuration of \(configuration.path)",
            "# (merge keys, ${NAME}, !secret and defaults applied; secrets shown as \(mask))",
        ]
        let mqtt = configuration.mqtt
        lines.append("mqtt:")
        lines.append("  url: " + writer.text(mqtt.url))
        lines.append("  client_id: " + writer.text(mqtt.clientID))
        if let username = mqtt.username { lines.append("  username: " + writer.text(username)) }
        if mqtt.password != nil { lines.append("  password: " + writer.text(mask)) }
        lines.append("  base_topic: " + writer.text(mqtt.baseTopic))
        lines.append("  qos: \(mqtt.qos)")
        lines.append("  retain: \(mqtt.retain)")
        lines.append("  protocol: " + writer.text(mqtt.protocolVersion.rawValue))
        lines.append("  keepalive: " + MessageText.duration(mqtt.keepAlive))
        lines.append("  message_expiry: " + MessageText.duration(mqtt.messageExpiry))
        let flat = mqtt.flatTopics
        lines.append(
            "  flat_topics: { current: \(flat.current), hourly: \(flat.hourly), daily: \(flat.daily), "
                + "outlook: \(flat.outlook), nowcast: \(flat.nowcast), air_quality: \(flat.airQuality) }")
        if let tls = mqtt.tls {
            lines.append("  tls:")
            if let file = tls.caFile { lines.append("    ca_file: " + writer.text(file)) }
            if let file = tls.certFile { lines.append("    cert_file: " + writer.text(file)) }
            if let file = tls.keyFile { lines.append("    key_file: " + writer.text(file)) }
            lines.append("    insecure: \(tls.insecure)")
        }
        lines.append("homeassistant:")
        lines.append("  discovery: \(configuration.homeAssistant.discovery)")
        lines.append("  prefix: " + writer.text(configuration.homeAssistant.prefix))
        let slots = configuration.homeAssistant.forecastSlots
        if !slots.isEmpty {
            lines.append(
                "  forecast_slots: { days: \(slots.days), hours: \(slots.hours), clock_hours: \(slots.clockHours), "
                    + "default_location: " + writer.text(configuration.homeAssistant.slotsLocation ?? "") + " }")
        }
        let units = configuration.units
        lines.append("units:")
        lines.append("  temperature: " + writer.text(units.temperature.rawValue))
        lines.append("  wind_speed: " + writer.text(units.windSpeed.rawValue))
        lines.append("  pressure: " + writer.text(units.pressure.rawValue))
        lines.append("  precipitation: " + writer.text(units.precipitation.rawValue))
        lines.append("  distance: " + writer.text(units.distance.rawValue))
        lines.append("forecast:")
        lines.append("  hours: \(configuration.forecastHours)")
        lines.append("  days: \(configuration.forecastDays)")
        if let contact = configuration.contact { lines.append("contact: " + writer.text(contact)) }
        lines.append("state_dir: " + writer.text(configuration.stateDirectory))
        lines.append("log_level: " + configuration.logLevel.rawValue)
        lines.append("providers:")
        for (name, provider) in configuration.providers.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(name):")
            lines.append("    base_url: " + writer.text(provider.baseURL))
            if provider.apiKey != nil { lines.append("    api_key: " + writer.text(mask)) }
            if let budget = provider.dailyBudget { lines.append("    daily_budget: \(budget)") }
            if let api = provider.api { lines.append("    api: " + writer.text(api)) }
            if let url = provider.geocodingURL { lines.append("    geocoding_url: " + writer.text(url)) }
        }
        lines.append("locations:")
        for location in configuration.locations {
            lines.append("  - id: " + writer.text(location.id))
            lines.append("    name: " + writer.text(location.name))
            lines.append("    latitude: \(location.latitude)")
            lines.append("    longitude: \(location.longitude)")
            if let zone = location.timezone { lines.append("    timezone: " + writer.text(zone)) }
            lines.append("    providers: [" + location.providers.map(writer.text).joined(separator: ", ") + "]")
            lines.append("    interval: " + MessageText.duration(location.interval))
            if location.airQuality { lines.append("    air_quality: true") }
            if location.nowcastInterval != 900 {
                lines.append("    nowcast_interval: " + (location.nowcastInterval.map(MessageText.duration) ?? "false"))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Double-quoted YAML scalars, secrets replaced.
    private struct Writer {
        let secrets: [String]

        func text(_ value: String) -> String {
            let secret = secrets.contains { value == $0 || ($0.count >= 4 && value.contains($0)) }
            let shown = secret ? EffectiveConfiguration.mask : value
            return shown.yamlDoubleQuoted
        }
    }
}
