import YAML

extension ConfigDecoder {
    package static let homeAssistantKeys = ["discovery", "prefix", "forecast_slots"]

    /// The `homeassistant:` section (`forecast_slots` once the locations are read: `Configuration`).
    package func homeAssistant(_ node: YAMLNode?) throws(ConfigurationError) -> HomeAssistantSettings {
        let assistant = try section(node, path: "homeassistant", keys: ConfigDecoder.homeAssistantKeys)
        var homeAssistant = HomeAssistantSettings()
        homeAssistant.discovery = try bool(assistant, "discovery") ?? true
        if let prefix = try string(assistant, "prefix") {
            try checkTopic(prefix, name: "homeassistant.prefix", line: assistant.value("prefix"))
            homeAssistant.prefix = prefix
        }
        return homeAssistant
    }
}
