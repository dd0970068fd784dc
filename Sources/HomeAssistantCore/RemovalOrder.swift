/// The order in which a removed location's retained topics are cleared, for Home Assistant: its
/// device first (an empty discovery config), then, `stateDelay` later, the topics its entities
/// read. Cleared the other way round, the entities still existed when their topics turned empty,
/// and Home Assistant logged `Erroneous JSON` for each entity that parses its topic as JSON.
/// Home Assistant removes the entities as soon as it handles the empty config; the delay leaves
/// room for a busy machine.
public enum RemovalOrder {
    /// Between clearing the discovery config and clearing the location's own topics.
    public static let stateDelay: Duration = .seconds(2)
}
