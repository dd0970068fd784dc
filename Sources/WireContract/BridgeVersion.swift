/// The bridge's version, in `bridge/info`, the User-Agent and Home Assistant's device.
public enum BridgeVersion {
    public static let current = "0.2.0"
    public static let projectURL = "https://github.com/weather2mqtt/weather2mqtt"

    /// `weather2mqtt/<version> (<contact>)`, as SPEC §5 asks of every request.
    public static func userAgent(contact: String?) -> String {
        "weather2mqtt/\(current) (\(contact ?? projectURL))"
    }
}
