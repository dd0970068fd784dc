/// The bridge's own topics, and the rule for correcting what another client writes there.
///
/// The bridge subscribes to `<base>/#` (with MQTT 5's "no local", so its own publications do
/// not come back). Whatever then arrives on a topic it holds was written by someone else:
/// - `<base>/bridge/state` is the bridge's to say: while connected it is `online`, so anything
///   else is replaced at once (a spoofed `offline` would make every Home Assistant device
///   unavailable).
/// - A reading, flat, status or info topic whose copy differs from the one the bridge holds gets
///   the bridge's copy again at once (unchanged values are otherwise never re-sent).
/// - Topics the bridge does not hold are left alone.
/// This repairs, it does not prevent: the broker's ACL (see `deploy/mosquitto/`) is the real
/// guard. With MQTT 3.1.1 the bridge's own publications come back too; they match what it
/// holds and need nothing.
public enum OwnTopics {
    /// `<base>/#`.
    public static func filter(base: String) -> String { base + "/#" }

    public static func isOwn(_ topic: String, base: String) -> Bool { topic.hasPrefix(base + "/") }

    /// Whether a message carrying `received` on a topic whose value is `held` must be corrected.
    public static func needsCorrection(received: [UInt8], held: [UInt8]) -> Bool { received != held }
}
