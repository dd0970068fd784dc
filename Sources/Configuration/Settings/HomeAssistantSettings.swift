/// The `homeassistant:` section. Keys: `discovery` (default true) and `prefix` (the discovery
/// prefix, default `homeassistant`).
public struct HomeAssistantSettings: Sendable, Equatable {
    public var discovery: Bool
    public var prefix: String

    public init(discovery: Bool = true, prefix: String = "homeassistant") {
        self.discovery = discovery
        self.prefix = prefix
    }
}
