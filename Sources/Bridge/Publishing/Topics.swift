/// The topic names of SPEC §3, below `mqtt.base_topic`.
public struct Topics: Sendable {
    public var base: String

    public init(base: String) { self.base = base }

    public var bridgeState: String { base + "/bridge/state" }
    public var bridgeInfo: String { base + "/bridge/info" }
    public func current(_ location: String) -> String { base + "/" + location + "/current" }
    public func hourly(_ location: String) -> String { base + "/" + location + "/hourly" }
    public func daily(_ location: String) -> String { base + "/" + location + "/daily" }
    public func alerts(_ location: String) -> String { base + "/" + location + "/alerts" }
    public func status(_ location: String) -> String { base + "/" + location + "/status" }
    public func currentField(_ location: String, _ field: String) -> String {
        base + "/" + location + "/current/" + field
    }
}
