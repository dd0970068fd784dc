import WeatherModel
import WireContract

/// Home Assistant discovery of a network display that `weatherview serve` answers (SPEC §8):
/// one device per display on `<prefix>/device/weather2mqtt-display_<id>/config`, its entities
/// reading `<base>/displays/<id>/state` (``DisplayHealth``); and of each frame it publishes as
/// an image (``imagePayload(id:baseTopic:model:)``), on the same kind of topic.
///
/// - Battery voltage (V) and battery (%), with `state_class: measurement`, so Home Assistant
///   keeps their history and its "low battery" blueprints find them by `device_class: battery`.
/// - Signal strength (dBm) and firmware: diagnostics.
/// - Last seen (`device_class: timestamp`): never expires, so a display that stopped asking
///   still shows when it last did.
/// - Expiry: battery voltage, battery and signal strength become unavailable after
///   `expireAfter` seconds without a new state (`expire_after`; serve passes three times the
///   display's `refresh_max` plus its quiet hours): a panel that died or left the network
///   shows as unavailable rather than with a healthy last value. A Home Assistant restart
///   shows the retained values again until the next expiry.
///
/// No `availability`: `weatherview serve` has no will of its own and the display is not reached
/// through the bridge, so no `via_device` either. The bridge's cleanup (``Discovery/shouldRemove(topic:payload:configuredLocations:prefix:baseTopic:)``)
/// removes only devices whose availability is its `bridge/state`: never these.
public enum DisplayDiscovery {
    /// `<prefix>/device/weather2mqtt-display_<id>/config` (the `-` keeps it apart from every
    /// location's `weather2mqtt_<loc>`, as for stations).
    public static func configTopic(prefix: String, display: String) -> String {
        prefix + "/device/weather2mqtt-display_" + display + "/config"
    }

    /// The discovery payload of `health`'s display, whose state is under `baseTopic`.
    public static func payload(for health: DisplayHealth, baseTopic: String, expireAfter: Int) -> JSONValue {
        let stateTopic = TopicNames(base: baseTopic).display(health.id)
        let device = "weather2mqtt_" + HomeAssistantIDs.slug(baseTopic) + "_display_" + health.id
        var components = JSONObject()
        func sensor(
            _ key: String, _ name: String, field: String, deviceClass: String?, unit: String? = nil,
            precision: Int? = nil, diagnostic: Bool = false, expires: Bool = false
        ) {
            var object = JSONObject()
            object.appendUnchecked("platform", "sensor")
            object.appendUnchecked("name", .string(name))
            object.appendUnchecked("unique_id", .string(device + "_" + key))
            object.appendUnchecked("state_topic", .string(stateTopic))
            object.appendUnchecked("value_template", .string(fieldTemplate(field, number: unit != nil)))
            if let deviceClass { object.appendUnchecked("device_class", .string(deviceClass)) }
            if let unit {
                object.appendUnchecked("state_class", "measurement")
                object.appendUnchecked("unit_of_measurement", .string(unit))
            }
            if let precision { object.appendUnchecked("suggested_display_precision", .number(Double(precision))) }
            if diagnostic { object.appendUnchecked("entity_category", "diagnostic") }
            if expires { object.appendUnchecked("expire_after", .number(Double(expireAfter))) }
            components[key] = .object(object)
        }
        sensor(
            "battery_voltage", "Battery voltage", field: "battery_voltage", deviceClass: "voltage", unit: "V",
            precision: 2, expires: true)
        sensor("battery", "Battery", field: "battery_percent", deviceClass: "battery", unit: "%", expires: true)
        sensor(
            "signal_strength", "Signal strength", field: "rssi", deviceClass: "signal_strength", unit: "dBm",
            diagnostic: true, expires: true)
        sensor("last_seen", "Last seen", field: "last_contact", deviceClass: "timestamp")
        sensor("firmware", "Firmware", field: "firmware", deviceClass: nil, diagnostic: true)
        let named = health.id == DisplayHealth.displayID(name: nil, mac: health.mac) ? health.friendlyID : health.id
        var info = JSONObject()
        info.appendUnchecked("identifiers", [.string(device)])
        info.appendUnchecked("connections", [["mac", .string(health.mac.lowercased())]])
        info.appendUnchecked("name", .string("Display " + named))
        info.appendUnchecked("model", .string(health.model.map { "TRMNL protocol (\($0))" } ?? "TRMNL protocol"))
        if let firmware = health.firmware { info.appendUnchecked("sw_version", .string(firmware)) }
        return ["dev": .object(info), "o": origin, "qos": 1, "cmps": .object(components)]
    }

    /// The discovery payload of a frame `serve` publishes as a PNG (`displays.images`): a device
    /// `Frame <id>` with one `image` entity reading `<base>/displays/<id>/image` (raw bytes,
    /// `content_type: image/png`), so a dashboard shows what a panel of the same settings
    /// shows. `model` says what is drawn (`800x480 bw, munich`).
    public static func imagePayload(id: String, baseTopic: String, model: String) -> JSONValue {
        let device = "weather2mqtt_" + HomeAssistantIDs.slug(baseTopic) + "_display_" + id
        let image: JSONValue = [
            "platform": "image",
            "name": "Frame",
            "unique_id": .string(device + "_frame"),
            "image_topic": .string(TopicNames(base: baseTopic).displayImage(id)),
            "content_type": "image/png",
        ]
        let info: JSONValue = [
            "identifiers": [.string(device)], "name": .string("Frame " + id), "model": .string(model),
        ]
        return ["dev": info, "o": origin, "qos": 1, "cmps": ["frame": image]]
    }

    /// Who announced the device.
    static var origin: JSONValue {
        [
            "name": .string(Discovery.originName),
            "sw_version": .string(BridgeVersion.current),
            "support_url": .string(BridgeVersion.projectURL),
        ]
    }

    /// `field` of the state payload: a number (`number`) or a string, else `None` (unknown).
    static func fieldTemplate(_ field: String, number: Bool) -> String {
        "{% set p = value_json if value_json is defined and value_json is mapping else {} %}"
            + "{% set v = p.get('\(field)') %}{{ v if v is \(number ? "number" : "string") else None }}"
    }
}
