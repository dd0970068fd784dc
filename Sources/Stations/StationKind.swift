/// What a configured station is (`type:` in `stations:`), and so how its data arrives. Each
/// kind's facts are written once, in ``facts`` (an exhaustive switch): a new kind is its decoder
/// in `Decoders/` and one entry there.
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

    /// Everything that differs between the kinds.
    public var facts: StationKindFacts {
        let senders = ["passkey", "mac", "id"]
        switch self {
        case .ecowitt, .ambient: return StationKindFacts(transport: .httpPush, matchKeys: senders, decode: Read.push)
        case .wunderground:
            return StationKindFacts(transport: .httpPush, matchKeys: senders, decode: Read.wunderground)
        case .tempest:
            return StationKindFacts(transport: .udp, defaultPort: 50222, matchKeys: ["serial"], decode: Read.tempest)
        case .weatherLinkLive:
            return StationKindFacts(
                transport: .polled, pollPath: "/v1/current_conditions", broadcastRequestPath: "/v1/real_time",
                matchKeys: ["serial", "id"], decode: Read.weatherLink)
        case .ecowittAPI:
            return StationKindFacts(transport: .polled, pollPath: "/get_livedata_info", decode: Read.ecowittLiveData)
        case .rtl433:
            return StationKindFacts(transport: .broker, matchKeys: ["model", "id", "channel"], decode: Read.rtl433)
        case .weewx: return StationKindFacts(transport: .broker, decode: Read.weewx)
        case .mqtt: return StationKindFacts(transport: .broker, decode: Read.generic)
        }
    }

    /// Each family's decoder, as ``StationKindFacts/decode`` calls it.
    private enum Read {
        typealias Observations = [StationObservation]

        static func push(_ message: StationMessage) throws(StationDecodeError) -> Observations {
            [try PushDecoder.decode(message.payload)]
        }
        static func wunderground(_ message: StationMessage) throws(StationDecodeError) -> Observations {
            [try WundergroundDecoder.decode(message.payload)]
        }
        static func tempest(_ message: StationMessage) throws(StationDecodeError) -> Observations {
            [try TempestDecoder.decode(message.payload)]
        }
        static func weatherLink(_ message: StationMessage) throws(StationDecodeError) -> Observations {
            try WeatherLinkDecoder.decode(message.payload)
        }
        static func ecowittLiveData(_ message: StationMessage) throws(StationDecodeError) -> Observations {
            [try EcowittLiveDataDecoder.decode(message.payload)]
        }
        /// rtl_433 publishes whole events, or one topic per field below `…/devices/…`.
        static func rtl433(_ message: StationMessage) throws(StationDecodeError) -> Observations {
            if message.origin.split(separator: "/").contains("devices") {
                return [try RTL433Decoder.decodeField(topic: message.origin, payload: message.payload)]
            }
            return try RTL433Decoder.decodeEvent(message.payload).map { [$0] } ?? []
        }
        static func weewx(_ message: StationMessage) throws(StationDecodeError) -> Observations {
            [try WeewxDecoder.decode(message.payload)]
        }
        static func generic(_ message: StationMessage) throws(StationDecodeError) -> Observations {
            [
                try GenericMQTTDecoder.decode(
                    topic: message.origin, payload: message.payload, fields: message.fields,
                    stationTopic: message.stationTopic)
            ]
        }
    }

    public var transport: Transport { facts.transport }
}

/// One station kind's facts (``StationKind/facts``).
public struct StationKindFacts: Sendable {
    /// How its data reaches the bridge.
    public var transport: StationKind.Transport
    /// For a polled kind: the path below its `url` that is asked.
    public var pollPath: String?
    /// For a polled kind that also broadcasts (a WeatherLink Live): the path below its `url` that
    /// asks for the UDP broadcast, which is listened for on its `listen`.
    public var broadcastRequestPath: String?
    /// The UDP port listened on when `listen` is left out.
    public var defaultPort: Int?
    /// The `match:` keys that pick one sender among several on the same input (none: everything
    /// on its input is the station's).
    public var matchKeys: [String] = []
    /// Reads one message into observations (none: a message with nothing of the station's).
    public var decode: @Sendable (StationMessage) throws(StationDecodeError) -> [StationObservation]

    public init(
        transport: StationKind.Transport, pollPath: String? = nil, broadcastRequestPath: String? = nil,
        defaultPort: Int? = nil, matchKeys: [String] = [],
        decode: @escaping @Sendable (StationMessage) throws(StationDecodeError) -> [StationObservation]
    ) {
        self.transport = transport
        self.pollPath = pollPath
        self.broadcastRequestPath = broadcastRequestPath
        self.defaultPort = defaultPort
        self.matchKeys = matchKeys
        self.decode = decode
    }

    /// Whether a station of this kind may have a `listen` address (pushed, broadcast, or polled
    /// and broadcasting).
    public var listens: Bool { transport == .httpPush || transport == .udp || broadcastRequestPath != nil }
}

/// One message as a station kind's decoder reads it.
public struct StationMessage: Sendable {
    /// Where it came from: the topic, the request's path, the polled URL or the sender.
    public var origin: String
    public var payload: [UInt8]
    /// A `type: mqtt` station's fields and its own `topic`.
    public var fields: [GenericField]
    public var stationTopic: String?

    public init(origin: String, payload: [UInt8], fields: [GenericField] = [], stationTopic: String? = nil) {
        self.origin = origin
        self.payload = payload
        self.fields = fields
        self.stationTopic = stationTopic
    }
}
