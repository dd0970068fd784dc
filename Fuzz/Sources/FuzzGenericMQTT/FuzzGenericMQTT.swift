import FuzzBody
import FuzzSupport
import Stations

/// A `type: mqtt` station's message (a DIY receiver's JSON, or a bare number), read by fields at
/// JSON paths and as the whole payload.
@_cdecl("FuzzGenericMQTT_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzBody.run(argc, argv) { input in
        let station = "home/weather/#"
        Observe.station(
            try? GenericMQTTDecoder.decode(
                topic: "home/weather/outdoor", payload: input, fields: fields, stationTopic: station))
        Observe.station(
            try? GenericMQTTDecoder.decode(
                topic: "home/weather/temperature", payload: input, fields: bare, stationTopic: nil))
    }
}

/// Fields at JSON paths, with units to convert and a rain counter, as a DIY receiver's configuration has them.
let fields = [
    GenericField(target: .quantity(.temperature), path: ["temperature"], unit: "°F"),
    GenericField(target: .quantity(.humidity), path: ["sensors", "0", "humidity"]),
    GenericField(target: .quantity(.windSpeed), path: ["wind", "speed"], unit: "mph"),
    GenericField(target: .stationPressure, path: ["pressure"], unit: "inHg"),
    GenericField(target: .rain(.counter), path: ["rain"], unit: "in"),
]

/// A field whose topic holds the bare number.
let bare = [GenericField(target: .quantity(.temperature), topic: "home/weather/temperature", unit: "°C")]
