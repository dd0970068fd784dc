/// What a configured station is (`type:` in `stations:`), and so how its data arrives.
public enum StationKind: String, Sendable, CaseIterable {
    /// Ecowitt protocol: a form POST from a gateway or console ("customized server").
    case ecowitt
    /// Ambient Weather protocol: a GET whose query holds the values (imperial units).
    case ambient
    /// Wunderground protocol: a GET to `/weatherstation/updateweatherstation.php` or any path.
    case wunderground
    /// WeatherFlow Tempest UDP broadcasts (port 50222).
    case tempest
    /// Davis WeatherLink Live: `/v1/current_conditions` polled, and its UDP real-time broadcast.
    case weatherLinkLive = "weatherlink-live"
    /// An Ecowitt gateway's local `get_livedata_info`, polled.
    case ecowittAPI = "ecowitt-api"
    /// rtl_433's MQTT output: events JSON or per-field `devices/...` topics.
    case rtl433 = "rtl_433"
    /// weewx-mqtt loop packets.
    case weewx
    /// Any topic: declared fields with a JSON path, a unit and a kind (ESPHome, DIY receivers).
    case mqtt

    /// How the data reaches the bridge.
    public enum Transport: Sendable {
        case httpPush, udp, polled, broker
    }

    public var transport: Transport {
        switch self {
        case .ecowitt, .ambient, .wunderground: .httpPush
        case .tempest: .udp
        case .weatherLinkLive, .ecowittAPI: .polled
        case .rtl433, .weewx, .mqtt: .broker
        }
    }
}
