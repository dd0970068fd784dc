/// The one line the bridge logs when the broker did not accept MQTT 5 and the connection fell
/// back to 3.1.1 (`MQTTConnectOptions.protocolFallback`): what to set, and what changes.
enum ProtocolNotice {
    /// With `messageExpiry` (seconds, `mqtt.message_expiry`) > 0 it also says expiry is off.
    static func fellBack(messageExpiry: Int) -> String {
        "the MQTT broker does not speak MQTT 5: connected with MQTT 3.1.1 (set mqtt.protocol: 3.1.1 to skip the"
            + " MQTT 5 attempt); without MQTT 5 the bridge's own messages come back to it and are ignored"
            + (messageExpiry > 0 ? ", and mqtt.message_expiry is off: retained readings do not expire" : "")
    }
}
